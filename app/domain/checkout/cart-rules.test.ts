import { describe, expect, it } from "vitest";
import { canAddToCart } from "./cart-rules";

describe("canAddToCart", () => {
  it.each([
    [null, [], 3, false],
    [null, ["Front embroidery"], 3, false],
    ["#000000", [], 3, false],
    ["#000000", ["Front embroidery"], 3, true],
    ["#000000", ["Front embroidery", "Side logo"], 3, true],
    ["#000000", [], 0, true],
    [null, [], 0, false],
  ] as const)("colour %s, selections %j of %i options → %s", (colour, selections, optionCount, expected) => {
    expect(canAddToCart({ colour, selections, optionCount })).toBe(expected);
  });
});
