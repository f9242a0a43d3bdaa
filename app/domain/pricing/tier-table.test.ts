import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/catalogue/catalogue";
import { maxQuantity, unitPricePence } from "./pricing";
import {
  checkTierTable,
  MAX_TIER_ROWS,
  priceTiersOf,
  type TierRow,
  tierRowLabel,
  tierRowsOf,
  unitPriceRange,
} from "./tier-table";

const band = (from: number, to: number | null, unitPence: number): TierRow => ({ from, to, unitPence });

describe("tierRowLabel", () => {
  it("labels a band as the product page does", () => {
    expect(tierRowLabel(band(50, 399, 550))).toBe("50–399");
    expect(tierRowLabel(band(400, null, 388))).toBe("400+");
    expect(tierRowLabel(band(50, 50, 550))).toBe("50");
  });
});

describe("checkTierTable: the spec's own tables", () => {
  it("takes the cap's 50–399 at £5.50 and 400+ at £3.88 with nothing to say", () => {
    expect(checkTierTable([band(50, 399, 550), band(400, null, 388)], 50)).toEqual({ problems: [], warnings: [] });
  });

  it("takes the shorts' five bands, and warns that 100–199 costs more per unit than 50–99", () => {
    const shorts = [
      band(50, 99, 920),
      band(100, 199, 1040),
      band(200, 299, 1000),
      band(300, 399, 900),
      band(400, null, 800),
    ];
    expect(checkTierTable(shorts, 50)).toEqual({
      problems: [],
      warnings: ["100–199 costs more per unit than 50–99 (£10.40 against £9.20)."],
    });
  });

  it("takes a table whose last band is bounded (the most the product sells)", () => {
    expect(checkTierTable([band(50, 99, 550), band(100, 500, 520)], 50).problems).toEqual([]);
  });

  it("takes one open band starting at the MOQ", () => {
    expect(checkTierTable([band(25, null, 1200)], 25)).toEqual({ problems: [], warnings: [] });
  });
});

describe("checkTierTable: the table as a whole", () => {
  it("refuses an empty table", () => {
    expect(checkTierTable([], 50).problems).toEqual([
      { row: null, field: null, message: "Add at least one price band." },
    ]);
  });

  it(`refuses more than ${MAX_TIER_ROWS} bands`, () => {
    const rows = Array.from({ length: MAX_TIER_ROWS + 1 }, (_, i) => band(50 + i * 10, 59 + i * 10, 500 - i));
    expect(checkTierTable(rows, 50).problems).toEqual([
      { row: null, field: null, message: `A product can have at most ${MAX_TIER_ROWS} price bands.` },
    ]);
    expect(checkTierTable(rows.slice(0, MAX_TIER_ROWS), 50).problems).toEqual([]);
  });

  it("says the first band must start at the MOQ, above it or below it", () => {
    const message = (from: number) => `Band 1 starts at ${from}, but the minimum order is 50: start it at 50.`;
    expect(checkTierTable([band(40, 99, 550), band(100, null, 500)], 50).problems).toEqual([
      { row: 1, field: "from", message: message(40) },
    ]);
    expect(checkTierTable([band(60, null, 550)], 50).problems).toEqual([
      { row: 1, field: "from", message: message(60) },
    ]);
  });
});

describe("checkTierTable: each row on its own", () => {
  it.each([
    ["zero", 0],
    ["negative", -5],
    ["fractional", 50.5],
    ["not a number", Number.NaN],
    ["infinite", Number.POSITIVE_INFINITY],
  ])("refuses a %s 'from'", (_, from) => {
    expect(checkTierTable([band(from, null, 550)], 50).problems).toEqual([
      { row: 1, field: "from", message: 'Band 1: "from" must be a whole number of units, 1 or more.' },
    ]);
  });

  it.each([
    ["zero", 0],
    ["fractional", 99.5],
    ["not a number", Number.NaN],
  ])("refuses a %s 'to'", (_, to) => {
    expect(checkTierTable([band(50, to, 550)], 50).problems).toEqual([
      { row: 1, field: "to", message: 'Band 1: "to" must be a whole number of units, or empty for an open band.' },
    ]);
  });

  it("refuses a 'to' below its 'from', and takes a band of a single quantity", () => {
    expect(checkTierTable([band(50, 49, 550)], 50).problems).toEqual([
      { row: 1, field: "to", message: 'Band 1: "to" (49) is below "from" (50).' },
    ]);
    expect(checkTierTable([band(50, 50, 550), band(51, null, 500)], 50).problems).toEqual([]);
  });

  it.each([
    ["free", 0],
    ["negative", -100],
    ["a fraction of a penny", 550.5],
    ["not a number", Number.NaN],
  ])("refuses a unit price that is %s", (_, unitPence) => {
    expect(checkTierTable([band(50, null, unitPence)], 50).problems).toEqual([
      { row: 1, field: "unitPence", message: "Band 1: the unit price must be more than £0.00." },
    ]);
  });

  it("reports every broken row at once, before comparing rows", () => {
    const rows = [band(0, 99, 550), band(100, 90, 0)];
    expect(checkTierTable(rows, 50).problems.map((p) => [p.row, p.field])).toEqual([
      [1, "from"],
      [2, "to"],
      [2, "unitPence"],
    ]);
  });
});

describe("checkTierTable: rows against their neighbours", () => {
  it("refuses an open band that is not the last", () => {
    expect(checkTierTable([band(50, null, 550), band(400, null, 388)], 50).problems).toEqual([
      { row: 1, field: "to", message: "Band 1: only the last band can be open-ended." },
    ]);
  });

  it("refuses bands out of order", () => {
    expect(checkTierTable([band(50, 99, 550), band(400, null, 388), band(100, 399, 520)], 50).problems).toEqual([
      { row: 2, field: "to", message: "Band 2: only the last band can be open-ended." },
    ]);
    expect(checkTierTable([band(50, 399, 550), band(50, null, 388)], 50).problems).toEqual([
      {
        row: 2,
        field: "from",
        message: "Band 2 starts at 50, not above band 1 (50–399): bands go from small quantities to large.",
      },
    ]);
  });

  it("refuses overlapping bands and says where the next should start", () => {
    // The spec's own catalogue text ('50-100', '100-200') overlaps; as rows the operator edits, it may not.
    expect(checkTierTable([band(50, 100, 920), band(100, 200, 1040)], 50).problems).toEqual([
      { row: 2, field: "from", message: "Band 2 (100–200) overlaps band 1 (50–100): start it at 101." },
    ]);
  });

  it("warns about quantities no band prices, and says what they are charged", () => {
    expect(checkTierTable([band(50, 99, 550), band(200, null, 500)], 50)).toEqual({
      problems: [],
      warnings: ["No band prices 100–199 units: they are charged at 50–99's price."],
    });
    expect(checkTierTable([band(50, 98, 550), band(100, null, 500)], 50).warnings).toEqual([
      "No band prices 99 units: they are charged at 50–98's price.",
    ]);
  });

  it("warns about each band dearer than the one before it, and not about an equal price", () => {
    const rows = [band(50, 99, 500), band(100, 399, 500), band(400, 999, 520), band(1000, null, 530)];
    expect(checkTierTable(rows, 50)).toEqual({
      problems: [],
      warnings: [
        "400–999 costs more per unit than 100–399 (£5.20 against £5.00).",
        "1000+ costs more per unit than 400–999 (£5.30 against £5.20).",
      ],
    });
  });
});

describe("priceTiersOf: the bands as the pages and the server price them", () => {
  const shorts: TierRow[] = [
    { from: 50, to: 99, unitPence: 920 },
    { from: 100, to: 199, unitPence: 1040 },
    { from: 400, to: null, unitPence: 800 },
  ];

  it("runs each band until the next one starts, and leaves the last one open", () => {
    expect(priceTiersOf(shorts)).toEqual([
      { label: "50–99", min: 50, max: 100, unitPence: 920 },
      { label: "100–399", min: 100, max: 400, unitPence: 1040 },
      { label: "400+", min: 400, max: null, unitPence: 800 },
    ]);
  });

  it("prices quantities between two bands at the band before, as the table's warning says", () => {
    const tiers = priceTiersOf(shorts);
    expect([199, 200, 399, 400].map((quantity) => unitPricePence(tiers, quantity))).toEqual([1040, 1040, 1040, 800]);
  });

  it("ends a bounded last band at its 'to', the most a buyer may order", () => {
    const tiers = priceTiersOf([
      { from: 25, to: 49, unitPence: 300 },
      { from: 50, to: 500, unitPence: 250 },
    ]);
    expect(tiers.at(-1)).toEqual({ label: "50–500", min: 50, max: 500, unitPence: 250 });
    expect(maxQuantity(tiers)).toBe(500);
    expect(unitPricePence(tiers, 500)).toBe(250);
  });

  it("keeps a band of one quantity and a table of one band", () => {
    expect(priceTiersOf([{ from: 10, to: 10, unitPence: 99 }])).toEqual([
      { label: "10", min: 10, max: 10, unitPence: 99 },
    ]);
    expect(priceTiersOf([{ from: 1, to: null, unitPence: 5 }])).toEqual([
      { label: "1+", min: 1, max: null, unitPence: 5 },
    ]);
  });
});

describe("tierRowsOf: the bands as rows again", () => {
  it("gives the rows priceTiersOf reads, for every product of the spec", () => {
    for (const product of PRODUCTS) {
      const rows = tierRowsOf(product.tiers);
      expect(checkTierTable(rows, product.moq).problems).toEqual([]);
      expect(priceTiersOf(rows).map((tier) => tier.label)).toEqual(product.tiers.map((tier) => tier.label));
      expect(tierRowsOf(priceTiersOf(rows))).toEqual(rows);
    }
    expect(tierRowsOf(PRODUCTS.find((product) => product.id === "15")!.tiers)).toEqual([
      { from: 50, to: 99, unitPence: 920 },
      { from: 100, to: 199, unitPence: 1040 },
      { from: 200, to: 299, unitPence: 1000 },
      { from: 300, to: 399, unitPence: 900 },
      { from: 400, to: null, unitPence: 800 },
    ]);
  });
});

describe("unitPriceRange", () => {
  it("gives the lowest and highest unit price of the bands, whatever their order", () => {
    expect(unitPriceRange(PRODUCTS.find((product) => product.id === "15")!.tiers)).toEqual({ low: 800, high: 1040 });
    expect(unitPriceRange([{ unitPence: 224 }])).toEqual({ low: 224, high: 224 });
  });
});
