import { describe, expect, it } from "vitest";
import { catalogueTurnaround, formatWeeks, lowestMoq } from "./claims";
import { STANDARD_EXTRA_TRANSIT_DAYS } from "./delivery";
import { CAP_TIMES, DIARY_TIMES, MAT_TIMES, SHORTS_TIMES } from "../pricing/spec-fixtures";

describe("catalogueTurnaround", () => {
  it("runs from the fastest product by express to the slowest by standard shipping, in working days", () => {
    // Diary and mat: 10 + 5 working days at their lower bounds; cap: 17.5 + 7 → 25, plus standard's 5.
    expect(catalogueTurnaround([CAP_TIMES, SHORTS_TIMES, DIARY_TIMES, MAT_TIMES])).toEqual({
      fastestDays: 15,
      slowestDays: 25 + STANDARD_EXTRA_TRANSIT_DAYS,
      fromWeeks: 3,
      toWeeks: 6,
    });
  });

  it("reads one product's own bounds at both ends", () => {
    // Shorts: 9 + 10 = 19 working days either way; 19 + 5 = 24 by standard.
    expect(catalogueTurnaround([SHORTS_TIMES])).toEqual({ fastestDays: 19, slowestDays: 24, fromWeeks: 4, toWeeks: 5 });
  });

  it("rounds both ends up to whole weeks, so no claim is faster than a product page", () => {
    expect(catalogueTurnaround([{ leadTime: "1 day", deliveryTime: "1 day" }])).toMatchObject({
      fastestDays: 2,
      slowestDays: 7,
      fromWeeks: 1,
      toWeeks: 2,
    });
    expect(catalogueTurnaround([{ leadTime: "20 days", deliveryTime: "0 days" }])).toMatchObject({
      fastestDays: 20,
      slowestDays: 25,
      fromWeeks: 4,
      toWeeks: 5,
    });
    expect(catalogueTurnaround([{ leadTime: "20.2 days", deliveryTime: "0 days" }])).toMatchObject({
      fastestDays: 21,
      fromWeeks: 5,
    });
  });

  it("reads an unreadable delivery text as the date engine does ('5-7 days')", () => {
    expect(catalogueTurnaround([{ leadTime: "2 weeks", deliveryTime: "soon" }])).toMatchObject({
      fastestDays: 15,
      slowestDays: 22,
    });
  });

  it("refuses an empty catalogue", () => {
    expect(() => catalogueTurnaround([])).toThrow(RangeError);
  });
});

describe("formatWeeks", () => {
  it.each([
    [3, 6, "3–6 weeks"],
    [4, 4, "4 weeks"],
    [1, 1, "1 week"],
    [1, 2, "1–2 weeks"],
  ])("%d to %d → %s", (fromWeeks, toWeeks, text) => {
    expect(formatWeeks({ fromWeeks, toWeeks })).toBe(text);
  });
});

describe("lowestMoq", () => {
  it("is the smallest minimum in the catalogue", () => {
    expect(lowestMoq([{ moq: 100 }, { moq: 50 }, { moq: 75 }])).toBe(50);
    expect(lowestMoq([{ moq: 25 }])).toBe(25);
  });

  it("refuses an empty catalogue", () => {
    expect(() => lowestMoq([])).toThrow(RangeError);
  });
});
