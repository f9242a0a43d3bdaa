import { describe, expect, it } from "vitest";
import { orderTotals } from "./checkout";
import {
  apportion,
  documentLines,
  documentNumber,
  documentPence,
  documentTotals,
  goodsWithCharges,
  ZERO_RATED_EXPORT,
} from "./documents";

const goods = (unitPence: number, quantity: number, description = "Caps") => ({
  description,
  details: [],
  quantity,
  unitPence,
  netPence: unitPence * quantity,
});

describe("goodsWithCharges (decision 088)", () => {
  it("prints a line's units, then each charge as a line of its own naming the product and when it applies", () => {
    const charges = [
      { name: "Set-up fee", pence: 2500, per: "order" as const, when: "" },
      { name: "Back print", pence: 30, per: "unit" as const, when: "Back print" },
    ];
    // 200 × £3.88 = £776.00; £25.00 once; 200 × £0.30 = £60.00.
    expect(
      goodsWithCharges({
        description: "Custom Embroidered Cap",
        details: ["Navy"],
        quantity: 200,
        unitPence: 388,
        charges,
      }),
    ).toEqual([
      { description: "Custom Embroidered Cap", details: ["Navy"], quantity: 200, unitPence: 388, netPence: 77_600 },
      {
        description: "Set-up fee",
        details: ["For Custom Embroidered Cap"],
        quantity: 1,
        unitPence: 2500,
        netPence: 2500,
      },
      {
        description: "Back print",
        details: ["For Custom Embroidered Cap", "with Back print"],
        quantity: 200,
        unitPence: 30,
        netPence: 6000,
      },
    ]);
  });
});

describe("apportion", () => {
  it("splits whole pence that add up to the total, in proportion", () => {
    expect(apportion([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(apportion([1, 1], 1)).toEqual([1, 0]);
    expect(apportion([500, 250, 250], 200)).toEqual([100, 50, 50]);
  });
  it("takes a negative weight (a discount) and still adds up", () => {
    const shares = apportion([27500, -2750, 1500], 5250);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(5250);
    expect(shares).toEqual([5500, -550, 300]);
  });
  it("gives nothing when the weights add to nothing", () => {
    expect(apportion([0, 0], 0)).toEqual([0, 0]);
    expect(apportion([], 0)).toEqual([]);
  });
  it("adds up for many awkward splits", () => {
    for (let total = 0; total < 400; total += 7) {
      const weights = [333, 667, 1001, -90, 45];
      const shares = apportion(weights, total);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
      shares.forEach((share, i) => {
        const exact = ((weights[i] ?? 0) * total) / 1956;
        expect(Math.abs(share - exact)).toBeLessThan(1);
      });
    }
  });
});

describe("documentLines", () => {
  it("lists goods, the discount and shipping, each with its share of the order's VAT", () => {
    const items = [goods(550, 50), goods(1299, 25, "Hoodies")];
    const totals = orderTotals({
      lines: items,
      shippingMethod: "standard",
      country: "GB",
      firstOrderDiscount: true,
    });
    const lines = documentLines({ goods: items, totals, shippingMethod: "standard" });
    expect(lines.map((line) => line.description)).toEqual([
      "Caps",
      "Hoodies",
      "First order discount (10%)",
      "Standard Shipping",
    ]);
    expect(lines[2]).toMatchObject({ quantity: 1, unitPence: -totals.discount, netPence: -totals.discount });
    expect(documentTotals(lines)).toEqual({
      netPence: totals.subtotal - totals.discount + totals.shipping,
      vatPence: totals.vat,
      grossPence: totals.total,
    });
    expect(lines.every((line) => line.vatRate === 20)).toBe(true);
  });
  it("marks every line of an export zero-rated", () => {
    const items = [goods(550, 50)];
    const totals = orderTotals({ lines: items, shippingMethod: "express", country: "FR" });
    const lines = documentLines({ goods: items, totals, shippingMethod: "express" });
    expect(lines.map((line) => [line.vatRate, line.vatPence, line.details])).toEqual([
      [0, 0, [ZERO_RATED_EXPORT]],
      [0, 0, [ZERO_RATED_EXPORT]],
    ]);
    expect(documentTotals(lines).grossPence).toBe(totals.total);
  });
  it("has no shipping line before a method is chosen (a quote from a cart)", () => {
    const items = [goods(550, 50)];
    const totals = orderTotals({ lines: items, country: "GB" });
    const lines = documentLines({ goods: items, totals, shippingMethod: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.vatPence).toBe(totals.vat);
  });
});

describe("document numbers", () => {
  it("print a prefix, the year and six digits", () => {
    expect(documentNumber("invoice", 2026, 7)).toBe("INV-2026-000007");
    expect(documentNumber("quote", 2026, 123)).toBe("Q-2026-000123");
    expect(documentNumber("credit_note", 2027, 1)).toBe("CN-2027-000001");
    expect(documentNumber("proforma", 2026, 1234567)).toBe("PF-2026-1234567");
  });
  it("start at 1", () => {
    expect(() => documentNumber("invoice", 2026, 0)).toThrow(RangeError);
    expect(() => documentNumber("invoice", 2026, 1.5)).toThrow(RangeError);
  });
  it("print negative amounts with a minus sign", () => {
    expect(documentPence(-2750)).toBe("-£27.50");
    expect(documentPence(2750)).toBe("£27.50");
  });
});
