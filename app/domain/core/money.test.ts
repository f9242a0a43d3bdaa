import { describe, expect, it } from "vitest";
import { formatPence, formatPounds, percentOfPence, plainPounds, poundsToPence } from "./money";

describe("formatPence", () => {
  it.each([
    [188400, "£1,884.00"],
    [550, "£5.50"],
    [0, "£0.00"],
    [1, "£0.01"],
    [99, "£0.99"],
    [3880000, "£38,800.00"],
    [9602160, "£96,021.60"],
    [-550, "-£5.50"],
  ])("%i pence → %s", (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it("rejects non-finite amounts instead of printing '£NaN'", () => {
    expect(() => formatPence(Number.NaN)).toThrow(RangeError);
    expect(() => formatPence(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("formatPounds (R-CALC-03)", () => {
  it.each([
    [5.5, "£5.50"],
    [10, "£10.00"],
    [4.689, "£4.69"],
    [3.88, "£3.88"],
    [0, "£0.00"],
    [1.945, "£1.95"], // diary range midpoint, REQUIREMENTS C.5
    [1.005, "£1.01"], // 1.005 * 100 is 100.49999999999999 in floating point
    [0.285, "£0.29"],
    [4.684, "£4.68"],
  ])("%d → %s", (pounds, text) => {
    expect(formatPounds(pounds)).toBe(text);
  });
});

describe("poundsToPence", () => {
  it.each([
    [5.5, 550],
    [3.88, 388],
    [1.65, 165],
    [2.24, 224],
    [10.4, 1040],
    [4.35, 435], // 434.99999999999994 before rounding
    [1.005, 101], // half-up despite the float product being just below .5
    [0.285, 29],
    [2.675, 268],
    [8.675, 868],
    [0.004, 0],
    [0.005, 1],
    [38800, 3880000],
    [-1.005, -101],
    [-0.004, 0],
  ])("%d → %i", (pounds, pence) => {
    expect(poundsToPence(pounds)).toBe(pence);
  });

  it("never returns negative zero", () => {
    expect(Object.is(poundsToPence(-0.001), 0)).toBe(true);
  });

  it("rejects non-finite input", () => {
    expect(() => poundsToPence(Number.NaN)).toThrow(RangeError);
  });
});

describe("percentOfPence", () => {
  it.each([
    [29300, 20, 5860], // cap 50 + standard shipping, REQUIREMENTS C.1
    [29302, 20, 5860], // 5860.4 rounds down
    [29303, 20, 5861], // 5860.6 rounds up
    [1005, 10, 101], // exactly 100.5 rounds half-up
    [1004, 10, 100],
    [15, 10, 2], // 1.5 → 2
    [25, 10, 3], // 2.5 → 3 (half-up, not banker's)
    [3881800, 20, 776360],
    [12345, 0, 0],
    [-1005, 10, -101],
  ])("%i × %i%% → %i", (pence, percent, expected) => {
    expect(percentOfPence(pence, percent)).toBe(expected);
  });

  it("refuses fractional pence, which would mean float money leaked in", () => {
    expect(() => percentOfPence(10.5, 20)).toThrow(RangeError);
    expect(() => percentOfPence(100, 17.5)).toThrow(RangeError);
  });
});

describe("plainPounds", () => {
  it("gives a bank's amount field digits and a point only", () => {
    expect(plainPounds(188400)).toBe("1884.00");
    expect(plainPounds(550)).toBe("5.50");
    expect(plainPounds(1)).toBe("0.01");
    expect(() => plainPounds(Number.NaN)).toThrow(RangeError);
  });
});
