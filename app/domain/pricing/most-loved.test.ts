import { describe, expect, it } from "vitest";
import { choosePicks, PICKS_LIMIT } from "./most-loved";

const CATALOGUE = [
  { id: "8", tags: ["Hot", "Low MOQ"] },
  { id: "15", tags: ["Hot", "Sporty"] },
  { id: "16", tags: ["New"] },
  { id: "17", tags: ["Hot"] },
  { id: "20", tags: ["Hot"] },
  { id: "21", tags: ["Hot"] },
];
const row = (productId: string, orders: number, units = orders * 100) => ({ productId, orders, units });

describe("choosePicks", () => {
  it("before any paid order, features the first Hot products in catalogue order", () => {
    expect(choosePicks([], CATALOGUE)).toEqual({ kind: "featured", productIds: ["8", "15", "17", "20"] });
    expect(PICKS_LIMIT).toBe(4);
  });

  it("ranks ordered products by orders, then units, then catalogue order", () => {
    expect(
      choosePicks([row("17", 2, 100), row("16", 5), row("8", 2, 300), row("15", 2, 100), row("20", 1)], CATALOGUE),
    ).toEqual({ kind: "mostLoved", productIds: ["16", "8", "15", "17"] });
  });

  it("shows only products that were ordered, even fewer than the limit, Hot or not", () => {
    expect(choosePicks([row("16", 1)], CATALOGUE)).toEqual({ kind: "mostLoved", productIds: ["16"] });
  });

  it("skips products no longer in the catalogue and rows with no orders", () => {
    expect(choosePicks([row("99", 50), row("15", 0)], CATALOGUE)).toEqual({
      kind: "featured",
      productIds: ["8", "15", "17", "20"],
    });
    expect(choosePicks([row("99", 50), row("21", 1)], CATALOGUE)).toEqual({ kind: "mostLoved", productIds: ["21"] });
  });

  it("keeps to the limit it is given", () => {
    const ordered = CATALOGUE.map((product, index) => row(product.id, 10 - index));
    expect(choosePicks(ordered, CATALOGUE, 2)).toEqual({ kind: "mostLoved", productIds: ["8", "15"] });
    expect(choosePicks([], CATALOGUE, 1)).toEqual({ kind: "featured", productIds: ["8"] });
  });

  it("features nothing when no product is Hot and none was ordered", () => {
    expect(choosePicks([], [{ id: "16", tags: ["New"] }])).toEqual({ kind: "featured", productIds: [] });
  });

  it("does not reorder the rows it is given", () => {
    const ordered = [row("8", 1), row("16", 3)];
    choosePicks(ordered, CATALOGUE);
    expect(ordered.map((r) => r.productId)).toEqual(["8", "16"]);
  });
});
