import { describe, expect, it } from "vitest";
import { lookupIn } from "~/catalogue/lookup";
import { tierRowsOf } from "../pricing/tier-table";
import { specProducts } from "../../../tests/setup/spec-catalogue";
import { priceChangeNotices, priceChangeText } from "./price-changes";

const cap = specProducts("8")!;
/** The cap as it was when the buyer added it: £5.50 for 50–399, £3.88 from 400. */
const seen = tierRowsOf(cap.tiers);
/** The cap after staff cut the first band to £5.20. */
const cheaper = lookupIn([{ ...cap, tiers: cap.tiers.map((t) => (t.min === 50 ? { ...t, unitPence: 520 } : t)) }]);

describe("a price changed since the buyer put the line in the cart", () => {
  it("is named with the price before and the price now, in the words of the catalogue issue", () => {
    expect(priceChangeText("Custom Embroidered Cap", 550, 520)).toBe(
      "The price of Custom Embroidered Cap changed from £5.50 to £5.20 each",
    );
    expect(priceChangeNotices([{ productId: "8", quantity: 250, seenTiers: seen }], cheaper)).toEqual([
      "The price of Custom Embroidered Cap changed from £5.50 to £5.20 each",
    ]);
  });

  it("says nothing when the line's own band did not change, or nothing changed", () => {
    expect(priceChangeNotices([{ productId: "8", quantity: 400, seenTiers: seen }], cheaper)).toEqual([]);
    expect(priceChangeNotices([{ productId: "8", quantity: 250, seenTiers: seen }], specProducts)).toEqual([]);
  });

  it("prices a quantity outside the product's range as the checkout does, clamped", () => {
    expect(priceChangeNotices([{ productId: "8", quantity: 10, seenTiers: seen }], cheaper)).toHaveLength(1);
  });

  it("says nothing for a quoted line, a line with no bands recorded, or a product not on sale", () => {
    const line = { productId: "8", quantity: 250, seenTiers: seen };
    expect(priceChangeNotices([{ ...line, quotedUnitPence: 450 }], cheaper)).toEqual([]);
    expect(priceChangeNotices([{ ...line, seenTiers: null }], cheaper)).toEqual([]);
    expect(priceChangeNotices([{ ...line, seenTiers: [] }], cheaper)).toEqual([]);
    expect(priceChangeNotices([line], () => undefined)).toEqual([]);
  });
});
