import { describe, expect, it } from "vitest";
import {
  addressLines,
  BRANDING_METHOD_IDS,
  BRANDING_METHODS,
  COUNTRIES,
  COUNTRY_NAMES,
  DEFAULT_BRANDING_METHOD,
  DEFAULT_COUNTRY,
  DEFAULT_PROOF_PREFERENCE,
  isBrandingMethod,
  isCountryCode,
  isProofPreference,
  isShippingMethod,
  orderTotals,
  PROOF_PREFERENCE_IDS,
  PROOF_PREFERENCES,
  SHIPPING_METHOD_IDS,
  SHIPPING_METHODS,
  type ShippingMethod,
  summariseTags,
} from "./checkout";
import { VAT_RATE_GB, vatFor } from "./vat";
import { formatPence, poundsToPence } from "../core/money";
import { parsePrice, parseTiers, type PricingTier, unitPricePence } from "./pricing";
import { CAP_TABLE, DIARY_TABLE, MAT_TABLE, SHORTS_TABLE } from "./spec-fixtures";

const TABLES: Record<string, readonly PricingTier[]> = {
  cap: CAP_TABLE,
  shorts: SHORTS_TABLE,
  diary: DIARY_TABLE,
  mat: MAT_TABLE,
};

const NON_GB = COUNTRIES.filter((c) => c !== "GB");

/**
 * Every row of REQUIREMENTS Part 2 C.1–C.4's totals tables, copied verbatim:
 * product, quantity, unit price, spec-literal first-match row?, method, subtotal, shipping,
 * GB VAT, GB total, non-GB total.
 */
const WORKED_ROWS: [string, number, string, boolean, ShippingMethod, string, string, string, string, string][] = [
  ["cap", 50, "£5.50", false, "standard", "£275.00", "£18.00", "£58.60", "£351.60", "£293.00"],
  ["cap", 50, "£5.50", false, "express", "£275.00", "£35.00", "£62.00", "£372.00", "£310.00"],
  ["cap", 400, "£3.88", false, "standard", "£1,552.00", "£18.00", "£314.00", "£1,884.00", "£1,570.00"],
  ["cap", 400, "£3.88", false, "express", "£1,552.00", "£35.00", "£317.40", "£1,904.40", "£1,587.00"],
  ["cap", 1000, "£3.88", false, "standard", "£3,880.00", "£18.00", "£779.60", "£4,677.60", "£3,898.00"],
  ["cap", 1000, "£3.88", false, "express", "£3,880.00", "£35.00", "£783.00", "£4,698.00", "£3,915.00"],
  ["cap", 10000, "£3.88", false, "standard", "£38,800.00", "£18.00", "£7,763.60", "£46,581.60", "£38,818.00"],
  ["cap", 10000, "£3.88", false, "express", "£38,800.00", "£35.00", "£7,767.00", "£46,602.00", "£38,835.00"],
  ["shorts", 50, "£9.20", false, "standard", "£460.00", "£18.00", "£95.60", "£573.60", "£478.00"],
  ["shorts", 50, "£9.20", false, "express", "£460.00", "£35.00", "£99.00", "£594.00", "£495.00"],
  ["shorts", 99, "£9.20", false, "standard", "£910.80", "£18.00", "£185.76", "£1,114.56", "£928.80"],
  ["shorts", 99, "£9.20", false, "express", "£910.80", "£35.00", "£189.16", "£1,134.96", "£945.80"],
  ["shorts", 100, "£10.40", false, "standard", "£1,040.00", "£18.00", "£211.60", "£1,269.60", "£1,058.00"],
  ["shorts", 100, "£10.40", false, "express", "£1,040.00", "£35.00", "£215.00", "£1,290.00", "£1,075.00"],
  ["shorts", 100, "£9.20", true, "standard", "£920.00", "£18.00", "£187.60", "£1,125.60", "£938.00"],
  ["shorts", 100, "£9.20", true, "express", "£920.00", "£35.00", "£191.00", "£1,146.00", "£955.00"],
  ["shorts", 250, "£10.00", false, "standard", "£2,500.00", "£18.00", "£503.60", "£3,021.60", "£2,518.00"],
  ["shorts", 250, "£10.00", false, "express", "£2,500.00", "£35.00", "£507.00", "£3,042.00", "£2,535.00"],
  ["shorts", 400, "£8.00", false, "standard", "£3,200.00", "£18.00", "£643.60", "£3,861.60", "£3,218.00"],
  ["shorts", 400, "£8.00", false, "express", "£3,200.00", "£35.00", "£647.00", "£3,882.00", "£3,235.00"],
  ["shorts", 400, "£9.00", true, "standard", "£3,600.00", "£18.00", "£723.60", "£4,341.60", "£3,618.00"],
  ["shorts", 400, "£9.00", true, "express", "£3,600.00", "£35.00", "£727.00", "£4,362.00", "£3,635.00"],
  ["shorts", 1000, "£8.00", false, "standard", "£8,000.00", "£18.00", "£1,603.60", "£9,621.60", "£8,018.00"],
  ["shorts", 1000, "£8.00", false, "express", "£8,000.00", "£35.00", "£1,607.00", "£9,642.00", "£8,035.00"],
  ["shorts", 10000, "£8.00", false, "standard", "£80,000.00", "£18.00", "£16,003.60", "£96,021.60", "£80,018.00"],
  ["shorts", 10000, "£8.00", false, "express", "£80,000.00", "£35.00", "£16,007.00", "£96,042.00", "£80,035.00"],
  ["diary", 50, "£2.24", false, "standard", "£112.00", "£18.00", "£26.00", "£156.00", "£130.00"],
  ["diary", 50, "£2.24", false, "express", "£112.00", "£35.00", "£29.40", "£176.40", "£147.00"],
  ["diary", 1000, "£1.65", false, "standard", "£1,650.00", "£18.00", "£333.60", "£2,001.60", "£1,668.00"],
  ["diary", 1000, "£1.65", false, "express", "£1,650.00", "£35.00", "£337.00", "£2,022.00", "£1,685.00"],
  ["diary", 25000, "£1.65", false, "standard", "£41,250.00", "£18.00", "£8,253.60", "£49,521.60", "£41,268.00"],
  ["diary", 25000, "£1.65", false, "express", "£41,250.00", "£35.00", "£8,257.00", "£49,542.00", "£41,285.00"],
  ["mat", 50, "£5.50", false, "standard", "£275.00", "£18.00", "£58.60", "£351.60", "£293.00"],
  ["mat", 50, "£5.50", false, "express", "£275.00", "£35.00", "£62.00", "£372.00", "£310.00"],
  ["mat", 400, "£3.80", false, "standard", "£1,520.00", "£18.00", "£307.60", "£1,845.60", "£1,538.00"],
  ["mat", 400, "£3.80", false, "express", "£1,520.00", "£35.00", "£311.00", "£1,866.00", "£1,555.00"],
  ["mat", 1000, "£3.80", false, "standard", "£3,800.00", "£18.00", "£763.60", "£4,581.60", "£3,818.00"],
  ["mat", 1000, "£3.80", false, "express", "£3,800.00", "£35.00", "£767.00", "£4,602.00", "£3,835.00"],
  ["mat", 10000, "£3.80", false, "standard", "£38,000.00", "£18.00", "£7,603.60", "£45,621.60", "£38,018.00"],
  ["mat", 10000, "£3.80", false, "express", "£38,000.00", "£35.00", "£7,607.00", "£45,642.00", "£38,035.00"],
];

describe("constants (R-CONST-11..14)", () => {
  it("VAT is 20% in GB", () => {
    expect(VAT_RATE_GB).toBe(20);
  });

  it("lists the countries in the spec's order with GB as default", () => {
    expect([...COUNTRIES]).toEqual(["GB", "IE", "US", "DE", "FR", "ES", "IT", "NL"]);
    expect(DEFAULT_COUNTRY).toBe("GB");
    expect(Object.keys(COUNTRY_NAMES)).toEqual([...COUNTRIES]);
    expect(COUNTRY_NAMES.GB).toBe("United Kingdom");
    expect(COUNTRY_NAMES.IE).toBe("Ireland");
  });

  it("has the two flat shipping rates", () => {
    expect(SHIPPING_METHODS.standard).toEqual({ label: "Standard Shipping", pence: 1800 });
    expect(SHIPPING_METHODS.express).toEqual({ label: "Express Air Freight", pence: 3500 });
    expect([...SHIPPING_METHOD_IDS]).toEqual(["standard", "express"]);
  });

  it("has the branding methods and proof preferences in order, each labelled", () => {
    expect([...BRANDING_METHOD_IDS]).toEqual(["embroidery", "screen_print", "dtf", "laser", "deboss", "none"]);
    expect(Object.keys(BRANDING_METHODS)).toEqual([...BRANDING_METHOD_IDS]);
    expect([...PROOF_PREFERENCE_IDS]).toEqual(["ai_mockup", "manufacturer_mockup", "skip_proof"]);
    expect(Object.keys(PROOF_PREFERENCES)).toEqual([...PROOF_PREFERENCE_IDS]);
    for (const label of [...Object.values(BRANDING_METHODS), ...Object.values(PROOF_PREFERENCES)]) {
      expect(label.trim()).not.toBe("");
    }
    expect(DEFAULT_BRANDING_METHOD).toBe("none");
    expect(DEFAULT_PROOF_PREFERENCE).toBe("ai_mockup");
  });

  it("type guards accept only the listed ids", () => {
    expect(isCountryCode("NL")).toBe(true);
    expect(isCountryCode("gb")).toBe(false);
    expect(isCountryCode("XX")).toBe(false);
    expect(isCountryCode(undefined)).toBe(false);
    expect(isShippingMethod("express")).toBe(true);
    expect(isShippingMethod("overnight")).toBe(false);
    expect(isBrandingMethod("screen_print")).toBe(true);
    expect(isBrandingMethod("screen print")).toBe(false);
    expect(isProofPreference("skip_proof")).toBe(true);
    expect(isProofPreference("toString")).toBe(false);
  });
});

describe("addressLines", () => {
  it("keeps the non-blank parts, trimmed, and ends with the country's name", () => {
    expect(addressLines([" 1 Engine Street ", "", undefined, "London", "N1 9GU"], "GB")).toEqual([
      "1 Engine Street",
      "London",
      "N1 9GU",
      "United Kingdom",
    ]);
  });

  it("prints an unknown country code as given, and no line for no country", () => {
    expect(addressLines(["Main St"], "ZZ")).toEqual(["Main St", "ZZ"]);
    expect(addressLines(["Main St"], "")).toEqual(["Main St"]);
  });
});

describe("vatFor (decision 052, A-5)", () => {
  it.each([
    ["GB", 20],
    ["gb", 20],
    [" GB ", 20],
    ["IE", 0],
    ["US", 0],
    ["DE", 0],
    ["FR", 0],
    ["ES", 0],
    ["IT", 0],
    ["NL", 0],
    ["XX", 0],
    ["", 0],
    [null, 0],
    [undefined, 0],
  ])("%j → %i", (country, rate) => {
    expect(vatFor({ country }).rate).toBe(rate);
  });

  it.each([
    ["SW1A 1AA", 20, null],
    ["JE2 3AB", 0, "Jersey is outside the UK for VAT"],
    ["je1 1aa", 0, "Jersey is outside the UK for VAT"],
    ["GY1 1AA", 0, "Guernsey is outside the UK for VAT"],
    ["GY9 3UF", 0, "Guernsey is outside the UK for VAT"], // Alderney
    ["IM1 1AD", 20, "The Isle of Man is in the UK for VAT"],
    ["", 20, null],
  ])("a UK address at %s pays %i%% VAT", (postcode, rate, note) => {
    const vat = vatFor({ country: "GB", postcode });
    expect(vat.rate).toBe(rate);
    if (note) expect(vat.note).toContain(note);
    else expect(vat.note).toBeNull();
  });

  it("prices a Channel Islands order as an export and says why", () => {
    // 50 caps at £5.50 (£275.00) + standard shipping £18.00 = £293.00; no VAT to Jersey, £58.60 to London.
    const lines = [{ unitPence: 550, quantity: 50 }];
    const jersey = orderTotals({ lines, shippingMethod: "standard", country: "GB", postcode: "JE2 3AB" });
    expect(jersey).toMatchObject({ vat: 0, total: 29300, vatRate: 0 });
    expect(jersey.vatNote).toMatch(/^Jersey is outside the UK for VAT/);
    const london = orderTotals({ lines, shippingMethod: "standard", country: "GB", postcode: "EC1A 1BB" });
    expect(london).toEqual({ subtotal: 27500, discount: 0, shipping: 1800, vat: 5860, total: 35160, vatRate: 20 });
  });
});

describe("orderTotals: REQUIREMENTS Part 2 C.1–C.4 worked rows", () => {
  it.each(WORKED_ROWS)(
    "%s %i @ %s (first-match %s), %s, GB",
    (_product, quantity, unit, _firstMatch, method, subtotal, shipping, vat, gbTotal) => {
      const totals = orderTotals({
        lines: [{ unitPence: poundsToPence(parsePrice(unit)), quantity }],
        shippingMethod: method,
        country: "GB",
      });
      expect(formatPence(totals.subtotal)).toBe(subtotal);
      expect(formatPence(totals.shipping)).toBe(shipping);
      expect(formatPence(totals.vat)).toBe(vat);
      expect(formatPence(totals.total)).toBe(gbTotal);
      expect(totals.discount).toBe(0);
      expect(totals.vatRate).toBe(20);
      expect(totals.total).toBe(totals.subtotal + totals.shipping + totals.vat);
    },
  );

  it.each(WORKED_ROWS)(
    "%s %i @ %s (first-match %s), %s, every non-GB country",
    (_product, quantity, unit, _firstMatch, method, subtotal, shipping, _vat, _gbTotal, nonGbTotal) => {
      for (const country of NON_GB) {
        const totals = orderTotals({
          lines: [{ unitPence: poundsToPence(parsePrice(unit)), quantity }],
          shippingMethod: method,
          country,
        });
        expect(formatPence(totals.subtotal)).toBe(subtotal);
        expect(formatPence(totals.shipping)).toBe(shipping);
        expect(totals.vat).toBe(0);
        expect(totals.vatRate).toBe(0);
        expect(formatPence(totals.total)).toBe(nonGbTotal);
      }
    },
  );

  it.each(WORKED_ROWS)(
    "%s %i: the tier table prices it at %s unless it is a first-match row (%s)",
    (product, quantity, unit, firstMatch) => {
      const table = TABLES[product];
      if (table === undefined) throw new Error(`No table for ${product}`);
      const stated = poundsToPence(parsePrice(unit));
      // Decision 049 rejects the spec-literal first-match reading, so those rows must differ.
      if (firstMatch) expect(unitPricePence(parseTiers(table), quantity)).not.toBe(stated);
      else expect(unitPricePence(parseTiers(table), quantity)).toBe(stated);
    },
  );
});

describe("orderTotals: other rules", () => {
  it("charges no shipping when no method is chosen yet (A-38)", () => {
    for (const shippingMethod of [null, undefined]) {
      const totals = orderTotals({ lines: [{ unitPence: 550, quantity: 50 }], shippingMethod, country: "GB" });
      expect(totals).toEqual({ subtotal: 27500, discount: 0, shipping: 0, vat: 5500, total: 33000, vatRate: 20 });
    }
  });

  it("takes the first-order discount off goods only, before VAT (A-20)", () => {
    const totals = orderTotals({
      lines: [{ unitPence: 388, quantity: 400 }],
      shippingMethod: "standard",
      country: "GB",
      firstOrderDiscount: true,
    });
    // 155200 − 15520 + 1800 = 141480; VAT 20% = 28296.
    expect(totals).toEqual({
      subtotal: 155200,
      discount: 15520,
      shipping: 1800,
      vat: 28296,
      total: 169776,
      vatRate: 20,
    });
  });

  it("applies the discount without VAT outside GB", () => {
    const totals = orderTotals({
      lines: [{ unitPence: 550, quantity: 50 }],
      shippingMethod: "express",
      country: "FR",
      firstOrderDiscount: true,
    });
    expect(totals).toEqual({ subtotal: 27500, discount: 2750, shipping: 3500, vat: 0, total: 28250, vatRate: 0 });
  });

  it("rounds a discount of exactly half a penny up", () => {
    // 201 × 5 = 1005; 10% = 100.5 → 101.
    const totals = orderTotals({ lines: [{ unitPence: 201, quantity: 5 }], country: "IE", firstOrderDiscount: true });
    expect(totals.discount).toBe(101);
    expect(totals.total).toBe(904);
  });

  it("rounds VAT half-up to the penny: 20% of 29303 is 5860.6 → 5861, of 29302 is 5860.4 → 5860", () => {
    expect(
      orderTotals({ lines: [{ unitPence: 27503, quantity: 1 }], shippingMethod: "standard", country: "GB" }).vat,
    ).toBe(5861);
    expect(
      orderTotals({ lines: [{ unitPence: 27502, quantity: 1 }], shippingMethod: "standard", country: "GB" }).vat,
    ).toBe(5860);
  });

  it("VAT on a discounted odd amount rounds on the discounted base", () => {
    // 1005 − 101 = 904 goods, no shipping: 20% = 180.8 → 181.
    const totals = orderTotals({ lines: [{ unitPence: 201, quantity: 5 }], country: "GB", firstOrderDiscount: true });
    expect(totals).toEqual({ subtotal: 1005, discount: 101, shipping: 0, vat: 181, total: 1085, vatRate: 20 });
  });

  it("10000 × £3.88 with express to GB has no float drift", () => {
    const totals = orderTotals({
      lines: [{ unitPence: 388, quantity: 10000 }],
      shippingMethod: "express",
      country: "GB",
    });
    expect(totals.subtotal).toBe(3880000);
    expect(totals.total).toBe(4660200);
  });

  it("prices a cart of two products as one order: goods summed, shipping once, VAT on the whole", () => {
    // 250 caps at £5.50 and 100 shorts at £11.00, Standard Shipping to GB.
    const lines = [
      { unitPence: 550, quantity: 250 },
      { unitPence: 1100, quantity: 100 },
    ];
    expect(orderTotals({ lines, shippingMethod: "standard", country: "GB" })).toEqual({
      subtotal: 247500,
      discount: 0,
      shipping: 1800,
      vat: 49860,
      total: 299160,
      vatRate: 20,
    });
    // The first-order discount is 10% of the whole order's goods, never of shipping.
    const first = orderTotals({ lines, shippingMethod: "express", country: "GB", firstOrderDiscount: true });
    expect(first).toMatchObject({ subtotal: 247500, discount: 24750, shipping: 3500, vat: 45250 });
    expect(first.total).toBe(247500 - 24750 + 3500 + 45250);
  });

  it("an order without lines has no goods", () => {
    expect(orderTotals({ lines: [], shippingMethod: "standard", country: "GB" }).subtotal).toBe(0);
  });

  it("refuses pounds passed where pence are expected", () => {
    expect(() => orderTotals({ lines: [{ unitPence: 5.5, quantity: 50 }], country: "GB" })).toThrow(RangeError);
  });
});

describe("summariseTags", () => {
  it.each([
    [["Logo", "Sleeve", "Back"], 2, ["Logo", "Sleeve"], 1],
    [["Logo", "Sleeve"], 2, ["Logo", "Sleeve"], 0],
    [["Logo"], 2, ["Logo"], 0],
    [[], 2, [], 0],
    [["a", "b", "c", "d", "e"], 3, ["a", "b", "c"], 2],
    [["a", "b"], 0, [], 2],
  ])("%j with max %i", (list, max, shown, more) => {
    expect(summariseTags(list, max)).toEqual({ shown, more });
  });

  it("defaults to showing two", () => {
    expect(summariseTags(["a", "b", "c", "d"])).toEqual({ shown: ["a", "b"], more: 2 });
  });

  it("does not mutate its input", () => {
    const list = ["a", "b", "c"];
    summariseTags(list).shown.push("x");
    expect(list).toEqual(["a", "b", "c"]);
  });
});
