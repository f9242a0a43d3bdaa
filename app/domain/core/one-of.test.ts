import { describe, expect, it } from "vitest";
import { keysOf, oneOf } from "./one-of";

describe("oneOf", () => {
  const isSize = oneOf(["s", "m", "l"] as const);

  it("accepts exactly the listed strings", () => {
    expect(["s", "m", "l"].every(isSize)).toBe(true);
  });

  it("refuses other strings, other cases and other kinds of value", () => {
    for (const value of ["xl", "S", "", " s", null, undefined, 1, ["s"], { s: true }]) {
      expect(isSize(value)).toBe(false);
    }
  });

  it("does not take inherited names for members", () => {
    expect(isSize("toString")).toBe(false);
  });
});

describe("keysOf", () => {
  it("gives a table's keys in the order they are written", () => {
    expect(keysOf({ b: 1, a: 2, c: 3 })).toEqual(["b", "a", "c"]);
  });
});
