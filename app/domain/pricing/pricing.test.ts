import { describe, expect, it } from "vitest";
import {
  bandLabel,
  agreedMinimum,
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
  priceBreakHint,
  type PricingTier,
  savingsMessage,
  savingsPercent,
  tierFor,
  unitPricePence,
} from "./pricing";
import { formatPence } from "../core/money";
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

describe("tierFor (R-CALC-04, decision 049: lower-bound inclusive)", () => {
  it.each([
    [SHORTS_TABLE, 49, "50–99"], // below the first band → first band
    [SHORTS_TABLE, 50, "50–99"],
    [SHORTS_TABLE, 99, "50–99"],
    [SHORTS_TABLE, 100, "100–199"],
    [SHORTS_TABLE, 199, "100–199"],
    [SHORTS_TABLE, 200, "200–299"],
    [SHORTS_TABLE, 250, "200–299"],
    [SHORTS_TABLE, 299, "200–299"],
    [SHORTS_TABLE, 300, "300–399"],
    [SHORTS_TABLE, 399, "300–399"],
    [SHORTS_TABLE, 400, "400+"],
    [SHORTS_TABLE, 10000, "400+"],
    [CAP_TABLE, 1, "50–399"],
    [CAP_TABLE, 50, "50–399"],
    [CAP_TABLE, 99, "50–399"],
    [CAP_TABLE, 100, "50–399"],
    [CAP_TABLE, 398, "50–399"],
    // The row '50-399' excludes its upper bound, so 399 falls in the gap before 400+; the band below
    // applies, and its label says so.
    [CAP_TABLE, 399, "50–399"],
    [CAP_TABLE, 400, "400+"],
    [DIARY_TABLE, 999, "50–999"],
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
  it("reads each row's band and price in pence, labelled with the quantities it really prices", () => {
    expect(parseTiers(SHORTS_TABLE)).toEqual([
      { label: "50–99", min: 50, max: 100, unitPence: 920 },
      { label: "100–199", min: 100, max: 200, unitPence: 1040 },
      { label: "200–299", min: 200, max: 300, unitPence: 1000 },
      { label: "300–399", min: 300, max: 400, unitPence: 900 },
      { label: "400+", min: 400, max: null, unitPence: 800 },
    ]);
  });

  it.each([
    ["cap", CAP_TABLE, ["50–399", "400+"]],
    ["shorts", SHORTS_TABLE, ["50–99", "100–199", "200–299", "300–399", "400+"]],
    ["diary", DIARY_TABLE, ["50–999", "1000+"]],
    ["mat", MAT_TABLE, ["50–399", "400+"]],
  ])("labels the %s's bands without overlaps, with an en dash", (_name, table, labels) => {
    expect(parseTiers(table).map((tier) => tier.label)).toEqual(labels);
  });

  it.each([
    ["cap", CAP_TABLE],
    ["shorts", SHORTS_TABLE],
    ["diary", DIARY_TABLE],
    ["mat", MAT_TABLE],
  ])("%s: every quantity from the MOQ to the top band is priced by the band its label names", (_name, table) => {
    const tiers = parseTiers(table);
    const within = (label: string, quantity: number) => {
      const [low, high] = label.replace("+", "").split("–").map(Number);
      return quantity >= (low ?? 0) && (label.endsWith("+") || quantity <= (high ?? low ?? 0));
    };
    for (let quantity = 50; quantity <= (tiers.at(-1)?.min ?? 0) + 1; quantity += 1) {
      expect(within(tierFor(tiers, quantity).label, quantity), `${quantity}`).toBe(true);
      expect(tiers.filter((tier) => within(tier.label, quantity))).toHaveLength(1);
    }
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

describe("agreedMinimum (decision 087)", () => {
  it.each([
    [undefined, 50],
    [30, 30],
    [1, 1],
    [49, 49],
    [50, 50],
    [400, 50],
    [0, 50],
    [-3, 50],
    [12.5, 50],
    [Number.NaN, 50],
  ])("a cap with %s agreed may hold %i at the fewest", (agreed, expected) => {
    expect(agreedMinimum({ moq: 50 }, agreed)).toBe(expected);
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
    [CAP_TABLE, 400, "You're saving 29.5% per unit vs 50–399"],
    [MAT_TABLE, 400, "You're saving 30.9% per unit vs 50–399"],
    [DIARY_TABLE, 1000, "You're saving 26.3% per unit vs 50–999"],
    [SHORTS_TABLE, 1000, "You're saving 13.0% per unit vs 50–99"],
    [SHORTS_TABLE, 300, "You're saving 2.2% per unit vs 50–99"],
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

describe("bandLabel: the quantities a band really prices", () => {
  it.each([
    [{ min: 50, max: 100 }, { min: 100, max: 200 }, "50–99"],
    [{ min: 50, max: 399 }, { min: 400, max: null }, "50–399"],
    [{ min: 400, max: null }, undefined, "400+"],
    // A bounded last band sells up to its upper bound (maxQuantity), so the label includes it.
    [{ min: 100, max: 750 }, undefined, "100–750"],
    // A band one quantity wide is that quantity alone.
    [{ min: 50, max: 51 }, { min: 51, max: null }, "50"],
  ])("%j before %j → %s", (range, next, label) => {
    expect(bandLabel(range, next)).toBe(label);
  });
});

describe("priceBreakHint: a larger quantity in the next tier that costs less in total", () => {
  const hint = (table: readonly PricingTier[], quantity: number) => priceBreakHint(parseTiers(table), quantity);

  it("399 caps cost £2,194.50 and 400 cost £1,552.00: add 1 more and pay £642.50 less", () => {
    expect(hint(CAP_TABLE, 399)).toEqual({
      quantity: 400,
      addUnits: 1,
      savingPence: 64250,
      message: "Add 1 more and pay £642.50 less",
    });
  });

  it.each([
    // Cap: 283 × £5.50 = £1,556.50 > 400 × £3.88 = £1,552.00; 282 × £5.50 = £1,551.00 is less.
    ["cap", CAP_TABLE, 283, "Add 117 more and pay £4.50 less"],
    ["cap", CAP_TABLE, 398, "Add 2 more and pay £637.00 less"],
    // Shorts (A-7's rising prices): 199 × £10.40 = £2,069.60 > 200 × £10.00.
    ["shorts", SHORTS_TABLE, 193, "Add 7 more and pay £7.20 less"],
    ["shorts", SHORTS_TABLE, 199, "Add 1 more and pay £69.60 less"],
    ["shorts", SHORTS_TABLE, 271, "Add 29 more and pay £10.00 less"],
    ["shorts", SHORTS_TABLE, 299, "Add 1 more and pay £290.00 less"],
    ["shorts", SHORTS_TABLE, 356, "Add 44 more and pay £4.00 less"],
    ["shorts", SHORTS_TABLE, 374, "Add 26 more and pay £166.00 less"],
    ["shorts", SHORTS_TABLE, 399, "Add 1 more and pay £391.00 less"],
    ["diary", DIARY_TABLE, 737, "Add 263 more and pay £0.88 less"],
    ["diary", DIARY_TABLE, 999, "Add 1 more and pay £587.76 less"],
    ["mat", MAT_TABLE, 277, "Add 123 more and pay £3.50 less"],
    ["mat", MAT_TABLE, 399, "Add 1 more and pay £674.50 less"],
  ])("%s at %i: %s", (_name, table, quantity, message) => {
    expect(hint(table, quantity)?.message).toBe(message);
  });

  it.each([
    ["cap at the MOQ", CAP_TABLE, 50],
    ["cap at 282 (£1,551.00 < £1,552.00)", CAP_TABLE, 282],
    ["cap in the last tier", CAP_TABLE, 400],
    ["cap at the maximum", CAP_TABLE, 10000],
    ["shorts at the MOQ", SHORTS_TABLE, 50],
    ["shorts at 99 (100 cost £1,040.00 > £910.80)", SHORTS_TABLE, 99],
    ["shorts at 100", SHORTS_TABLE, 100],
    ["shorts at 192 (£1,996.80 < £2,000.00)", SHORTS_TABLE, 192],
    ["shorts at 270 (£2,700.00, the same as 300)", SHORTS_TABLE, 270],
    ["shorts at 300", SHORTS_TABLE, 300],
    ["shorts at 355 (£3,195.00 < £3,200.00)", SHORTS_TABLE, 355],
    ["shorts in the last tier", SHORTS_TABLE, 400],
    ["diary at 736 (£1,648.64 < £1,650.00)", DIARY_TABLE, 736],
    ["diary in the last tier", DIARY_TABLE, 1000],
    ["diary at the maximum", DIARY_TABLE, 25000],
    ["mat at 276 (£1,518.00 < £1,520.00)", MAT_TABLE, 276],
    ["mat in the last tier", MAT_TABLE, 400],
  ])("no hint for %s", (_name, table, quantity) => {
    expect(hint(table, quantity)).toBeNull();
  });

  it("groups thousands in the units and the saving", () => {
    const table: PricingTier[] = [
      { quantity: "1-5000", price: "£1.00" },
      { quantity: "5000+", price: "£0.10" },
    ];
    expect(hint(table, 1000)?.message).toBe("Add 4,000 more and pay £500.00 less");
    expect(
      hint(
        [
          { quantity: "1-3000", price: "£1.00" },
          { quantity: "3000+", price: "£0.10" },
        ],
        2999,
      )?.message,
    ).toBe("Add 1 more and pay £2,699.00 less");
  });

  it("has no next tier to offer with a single tier", () => {
    expect(hint([{ quantity: "50+", price: "£1.00" }], 60)).toBeNull();
  });

  it.each([
    ["cap", CAP_TABLE],
    ["shorts", SHORTS_TABLE],
    ["diary", DIARY_TABLE],
    ["mat", MAT_TABLE],
  ])(
    "%s: at every quantity from the MOQ to the maximum, the hint is exactly the next band's cheaper total",
    (_name, table) => {
      const tiers = parseTiers(table);
      const starts = tiers.map((tier) => tier.min);
      for (let quantity = 50; quantity <= maxQuantity(tiers); quantity += 1) {
        const next = starts.find((start) => start > quantity);
        const saving =
          next === undefined ? 0 : unitPricePence(tiers, quantity) * quantity - unitPricePence(tiers, next) * next;
        const expected =
          next !== undefined && saving > 0 ? { quantity: next, addUnits: next - quantity, savingPence: saving } : null;
        const actual = priceBreakHint(tiers, quantity);
        expect(
          actual && { quantity: actual.quantity, addUnits: actual.addUnits, savingPence: actual.savingPence },
        ).toEqual(expected);
      }
    },
  );
});
