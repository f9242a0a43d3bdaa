import { describe, expect, it } from "vitest";
import {
  clampQuantity,
  DEFAULT_MAX_QUANTITY,
  effectiveUnitPrice,
  formatUnitPrice,
  lineTotalPence,
  maxQuantity,
  midpoint,
  parsePrice,
  parseTierRange,
  parseTiers,
  type PricingTier,
  savingsMessage,
  savingsPercent,
  tierFor,
  unitPricePence,
} from "./pricing";
import { formatPence } from "./money";
import { CAP_TABLE, DIARY_TABLE, MAT_TABLE, SHORTS_TABLE } from "./spec-fixtures";

describe("parsePrice (R-CALC-02)", () => {
  it.each([
    ["£5.50", 5.5],
    ["£3.88", 3.88],
    ["£10.00", 10],
    ["£ 9.20", 9.2],
    [" £8 ", 8],
    ["1.65", 1.65],
  ])("%s → %d", (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });

  it.each(["", "£", "abc", "£5.50.1", "£-5.50", "$5.50", "£5,50", "£.50", "5.5p"])("throws on %j", (text) => {
    expect(() => parsePrice(text)).toThrow(/Unparsable price/);
  });
});

describe("parseTierRange", () => {
  it.each([
    ["50-100", { min: 50, max: 100 }],
    ["50-399", { min: 50, max: 399 }],
    ["50 - 399", { min: 50, max: 399 }],
    ["100–200", { min: 100, max: 200 }],
    ["400+", { min: 400, max: null }],
    [" 1000 + ", { min: 1000, max: null }],
  ])("%s", (text, range) => {
    expect(parseTierRange(text)).toEqual(range);
  });

  it.each(["", "400", "+400", "abc", "50-", "-100", "1.5-3", "400++"])("throws on %j", (text) => {
    expect(() => parseTierRange(text)).toThrow(/Unparsable tier range/);
  });

  it("throws on an empty or inverted band", () => {
    expect(() => parseTierRange("100-100")).toThrow(/empty/);
    expect(() => parseTierRange("200-100")).toThrow(/empty/);
  });
});

describe("tierFor (R-CALC-04, DESIGN decision 2: lower-bound inclusive)", () => {
  it.each([
    [SHORTS_TABLE, 49, "50-100"], // below the first band → first band
    [SHORTS_TABLE, 50, "50-100"],
    [SHORTS_TABLE, 99, "50-100"],
    [SHORTS_TABLE, 100, "100-200"],
    [SHORTS_TABLE, 199, "100-200"],
    [SHORTS_TABLE, 200, "200-300"],
    [SHORTS_TABLE, 250, "200-300"],
    [SHORTS_TABLE, 299, "200-300"],
    [SHORTS_TABLE, 300, "300-400"],
    [SHORTS_TABLE, 399, "300-400"],
    [SHORTS_TABLE, 400, "400+"],
    [SHORTS_TABLE, 10000, "400+"],
    [CAP_TABLE, 1, "50-399"],
    [CAP_TABLE, 50, "50-399"],
    [CAP_TABLE, 99, "50-399"],
    [CAP_TABLE, 100, "50-399"],
    [CAP_TABLE, 398, "50-399"],
    // '50-399' excludes its upper bound, so 399 falls in the gap before 400+; the band below applies.
    [CAP_TABLE, 399, "50-399"],
    [CAP_TABLE, 400, "400+"],
    [DIARY_TABLE, 999, "50-999"],
    [DIARY_TABLE, 1000, "1000+"],
  ])("%#: quantity %i → band %s", (table, quantity, band) => {
    expect(tierFor(parseTiers(table), quantity).label).toBe(band);
  });

  it("uses the highest band at or below the quantity past a bounded last band", () => {
    const bounded: PricingTier[] = [
      { quantity: "10-20", price: "£2.00" },
      { quantity: "20-30", price: "£1.50" },
    ];
    const tiers = parseTiers(bounded);
    expect(tierFor(tiers, 30).unitPence).toBe(150);
    expect(tierFor(tiers, 500).unitPence).toBe(150);
    expect(tierFor(tiers, 5).unitPence).toBe(200);
  });

  it("throws on an empty table", () => {
    expect(() => tierFor([], 50)).toThrow(/empty/);
  });
});

describe("parseTiers: the catalogue's rows as numbers, once", () => {
  it("keeps each row's label and reads its band and price in pence", () => {
    expect(parseTiers(SHORTS_TABLE)).toEqual([
      { label: "50-100", min: 50, max: 100, unitPence: 920 },
      { label: "100-200", min: 100, max: 200, unitPence: 1040 },
      { label: "200-300", min: 200, max: 300, unitPence: 1000 },
      { label: "300-400", min: 300, max: 400, unitPence: 900 },
      { label: "400+", min: 400, max: null, unitPence: 800 },
    ]);
  });

  it("throws on a band or a price it cannot read", () => {
    expect(() => parseTiers([{ quantity: "lots", price: "£1.00" }])).toThrow(/Unparsable tier range/);
    expect(() => parseTiers([{ quantity: "50+", price: "ask us" }])).toThrow(/Unparsable price/);
  });
});

describe("unitPricePence", () => {
  it.each([
    ["shorts", SHORTS_TABLE, 49, 920],
    ["shorts", SHORTS_TABLE, 50, 920],
    ["shorts", SHORTS_TABLE, 99, 920],
    ["shorts", SHORTS_TABLE, 100, 1040],
    ["shorts", SHORTS_TABLE, 250, 1000], // R-PDP-09: '£10.00' at 250
    ["shorts", SHORTS_TABLE, 399, 900],
    ["shorts", SHORTS_TABLE, 400, 800],
    ["shorts", SHORTS_TABLE, 1000, 800],
    ["cap", CAP_TABLE, 50, 550],
    ["cap", CAP_TABLE, 399, 550],
    ["cap", CAP_TABLE, 400, 388],
    ["cap", CAP_TABLE, 10000, 388],
    ["diary", DIARY_TABLE, 50, 224],
    ["diary", DIARY_TABLE, 999, 224],
    ["diary", DIARY_TABLE, 1000, 165],
    ["diary", DIARY_TABLE, 25000, 165],
    ["mat", MAT_TABLE, 50, 550],
    ["mat", MAT_TABLE, 400, 380],
  ])("%s × %i → %i pence", (_name, table, quantity, pence) => {
    expect(unitPricePence(parseTiers(table), quantity)).toBe(pence);
  });
});

describe("maxQuantity (R-CALC-01)", () => {
  it("is 10000 with no table or an empty one", () => {
    expect(maxQuantity(undefined)).toBe(10000);
    expect(maxQuantity(null)).toBe(10000);
    expect(maxQuantity([])).toBe(DEFAULT_MAX_QUANTITY);
  });

  it.each([
    ["cap 400+", CAP_TABLE, 10000],
    ["shorts 400+", SHORTS_TABLE, 10000],
    ["mat 400+", MAT_TABLE, 10000],
    ["diary 1000+", DIARY_TABLE, 25000],
    [
      "bounded last tier",
      [
        { quantity: "50-100", price: "£1.00" },
        { quantity: "100-750", price: "£0.90" },
      ],
      750,
    ],
    ["single open tier 10+", [{ quantity: "10+", price: "£1.00" }], 250],
  ])("%s → %i", (_name, table, max) => {
    expect(maxQuantity(parseTiers(table))).toBe(max);
  });
});

describe("clampQuantity (R-PDP-05)", () => {
  it.each([
    [20, 50, 10000, 50], // id 8: 20 → 50
    [999999, 50, 10000, 10000], // id 8: 999999 → 10000
    [20, 50, 25000, 50], // diary
    [30000, 50, 25000, 25000],
    [49, 50, 10000, 50],
    [50, 50, 10000, 50],
    [51, 50, 10000, 51],
    [9999, 50, 10000, 9999],
    [10000, 50, 10000, 10000],
    [10001, 50, 10000, 10000],
    [0, 50, 10000, 50],
    [-5, 50, 10000, 50],
    [75.9, 50, 10000, 75],
    [Number.NaN, 50, 10000, 50],
    [Number.POSITIVE_INFINITY, 50, 10000, 10000],
    [100, 50, 40, 50], // max below MOQ: the MOQ wins
  ])("clamp(%d, %i, %i) → %i", (q, moq, max, expected) => {
    expect(clampQuantity(q, moq, max)).toBe(expected);
  });
});

describe("midpoint / formatUnitPrice / effectiveUnitPrice (R-CALC-05, R-CAT-03)", () => {
  it.each([
    [[3.88, 5.5] as const, 4.69],
    [[3.8, 5.5] as const, 4.65],
    [[1.65, 2.24] as const, 1.95], // 1.945 rounds half-up
    [[5.5, 5.5] as const, 5.5],
  ])("midpoint(%j) → %d", (range, mid) => {
    expect(midpoint(range)).toBe(mid);
  });

  it.each([
    [5.5, "£5.50"],
    [10, "£10.00"],
    [[3.88, 5.5] as const, "£3.88 - £5.50"],
    [[5.5, 3.88] as const, "£3.88 - £5.50"],
    [[1.65, 2.24] as const, "£1.65 - £2.24"],
  ])("formatUnitPrice(%j) → %s", (price, text) => {
    expect(formatUnitPrice(price)).toBe(text);
  });

  it("sorts a range by its midpoint and a single price by itself", () => {
    expect(effectiveUnitPrice([3.88, 5.5])).toBe(4.69);
    expect(effectiveUnitPrice(9.2)).toBe(9.2);
  });
});

describe("savingsPercent (R-CALC-07, A-8: against the first tier)", () => {
  it.each([
    ["cap", CAP_TABLE, 400, 29.5],
    ["cap", CAP_TABLE, 1000, 29.5],
    ["cap", CAP_TABLE, 10000, 29.5],
    ["cap", CAP_TABLE, 50, 0],
    ["mat", MAT_TABLE, 400, 30.9],
    ["mat", MAT_TABLE, 10000, 30.9],
    ["diary", DIARY_TABLE, 1000, 26.3],
    ["diary", DIARY_TABLE, 25000, 26.3],
    ["diary", DIARY_TABLE, 999, 0],
    ["shorts", SHORTS_TABLE, 1000, 13],
    ["shorts", SHORTS_TABLE, 400, 13],
    ["shorts", SHORTS_TABLE, 250, -8.7],
    ["shorts", SHORTS_TABLE, 100, -13],
    ["shorts", SHORTS_TABLE, 300, 2.2],
    ["shorts", SHORTS_TABLE, 99, 0],
  ])("%s at %i → %d", (_name, table, quantity, percent) => {
    expect(savingsPercent(parseTiers(table), quantity)).toBe(percent);
  });

  it("rounds an exact .x5 half-up: £4.00 → £3.99 is 0.25% → 0.3", () => {
    const table: PricingTier[] = [
      { quantity: "50-100", price: "£4.00" },
      { quantity: "100+", price: "£3.99" },
    ];
    expect(savingsPercent(parseTiers(table), 100)).toBe(0.3);
  });

  it("is 0 for an empty table", () => {
    expect(savingsPercent([], 100)).toBe(0);
  });
});

describe("savingsMessage (R-PDP-10, R-CALC-08)", () => {
  it.each([
    [CAP_TABLE, 400, "You're saving 29.5% per unit vs 50-399"],
    [MAT_TABLE, 400, "You're saving 30.9% per unit vs 50-399"],
    [DIARY_TABLE, 1000, "You're saving 26.3% per unit vs 50-999"],
    [SHORTS_TABLE, 1000, "You're saving 13.0% per unit vs 50-100"],
    [SHORTS_TABLE, 300, "You're saving 2.2% per unit vs 50-100"],
  ])("%#: %i units", (table, quantity, message) => {
    expect(savingsMessage(parseTiers(table), quantity)).toBe(message);
  });

  it.each([
    ["cap at 50", CAP_TABLE, 50],
    ["diary at 50", DIARY_TABLE, 50],
    ["mat at 50", MAT_TABLE, 50],
    ["shorts at 50", SHORTS_TABLE, 50],
    ["shorts at 99", SHORTS_TABLE, 99],
    ["shorts at 100 (−13.0)", SHORTS_TABLE, 100],
    ["shorts at 250 (−8.7)", SHORTS_TABLE, 250],
  ])("no message for %s", (_name, table, quantity) => {
    expect(savingsMessage(parseTiers(table), quantity)).toBeNull();
  });

  it("is null for an empty table", () => {
    expect(savingsMessage([], 400)).toBeNull();
  });
});

describe("lineTotalPence (R-CALC-06, R-CALC-18)", () => {
  it("99 × £9.20 = £910.80", () => {
    expect(lineTotalPence(920, 99)).toBe(91080);
  });

  it("10000 × £3.88 is exactly £38,800.00 (no float drift)", () => {
    const total = lineTotalPence(unitPricePence(parseTiers(CAP_TABLE), 10000), 10000);
    expect(total).toBe(3880000);
    expect(formatPence(total)).toBe("£38,800.00");
  });

  it("25000 × £1.65 is exactly £41,250.00", () => {
    expect(lineTotalPence(unitPricePence(parseTiers(DIARY_TABLE), 25000), 25000)).toBe(4125000);
  });

  it("refuses pounds or fractional quantities", () => {
    expect(() => lineTotalPence(3.88, 10)).toThrow(RangeError);
    expect(() => lineTotalPence(388, 1.5)).toThrow(RangeError);
  });
});
