import { describe, expect, it } from "vitest";
import { maxQuantity, parseTiers } from "./pricing";
import { commitQuantityInput, isTransientQuantityInput, stepQuantity } from "./quantity";
import { CAP_TABLE, DIARY_TABLE } from "./spec-fixtures";

const DIARY_MAX = maxQuantity(parseTiers(DIARY_TABLE)); // 25000
const CAP_MAX = maxQuantity(parseTiers(CAP_TABLE)); // 10000

describe("isTransientQuantityInput (R-PDP-06)", () => {
  it.each(["", " ", "   ", "0", "00", " 0 "])("%j leaves state unchanged", (text) => {
    expect(isTransientQuantityInput(text)).toBe(true);
  });

  it.each(["5", "50", "10", "abc", "-5", "0.5", "05"])("%j is not transient", (text) => {
    expect(isTransientQuantityInput(text)).toBe(false);
  });
});

describe("commitQuantityInput", () => {
  it.each([
    ["", 120],
    ["0", 120],
    ["   ", 120],
    ["000", 120],
  ])("empty/zero %j keeps the current quantity (R-PDP-06)", (text, current) => {
    expect(commitQuantityInput(text, current, 50, DIARY_MAX)).toBe(current);
  });

  it.each(["abc", "12.5", "1e3", "-5", "5 0", "50abc", "+50", "0x20", "½"])(
    "non-numeric %j reverts to the current quantity (R-PDP-07)",
    (text) => {
      expect(commitQuantityInput(text, 75, 50, DIARY_MAX)).toBe(75);
    },
  );

  it.each([
    ["20", 50], // REQUIREMENTS C.5: diary 20 → 50
    ["30000", 25000], // diary 30000 → 25000
    ["49", 50],
    ["50", 50],
    ["51", 51],
    ["24999", 24999],
    ["25000", 25000],
    ["25001", 25000],
    [" 300 ", 300],
    ["0300", 300],
    ["99999999999999999999999", 25000],
  ])("diary %j → %i", (text, expected) => {
    expect(commitQuantityInput(text, 120, 50, DIARY_MAX)).toBe(expected);
  });

  it.each([
    ["20", 50], // R-PDP-05: id 8, 20 → 50
    ["999999", 10000], // id 8, 999999 → 10000
  ])("cap %j → %i", (text, expected) => {
    expect(commitQuantityInput(text, 50, 50, CAP_MAX)).toBe(expected);
  });
});

describe("stepQuantity (R-PDP-08)", () => {
  it.each([
    [50, -1, 50], // minus at the MOQ stays put
    [51, -1, 50],
    [50, 1, 51],
    [9999, 1, 10000],
    [10000, 1, 10000], // plus at the max stays put
  ])("%i %+i → %i", (current, delta, expected) => {
    expect(stepQuantity(current, delta, 50, CAP_MAX)).toBe(expected);
  });
});
