import { describe, expect, it } from "vitest";
import {
  type Delivery,
  deliveredOnTime,
  happyTeamsValue,
  METRIC_MIN_SAMPLE,
  metricTiles,
  onTimeValue,
  ratingValue,
} from "./shop-metrics";

/** A delivery marked delivered at `at` (an instant) against a promise for `promisedOn`. */
const delivery = (promisedOn: string, at: string): Delivery => ({ promisedOn, deliveredAt: new Date(at) });
const onTime = delivery("2026-11-20", "2026-11-19T12:00:00Z");
const late = delivery("2026-11-20", "2026-11-21T12:00:00Z");
const times = <T>(n: number, item: T): T[] => Array.from({ length: n }, () => item);

describe("happyTeamsValue", () => {
  it.each([
    [0, null],
    [1, null],
    [9, null],
    [10, "10"],
    [11, "10+"],
    [19, "10+"],
    [20, "20"],
    [23, "20+"],
    [100, "100"],
    [1234, "1230+"],
  ])("%d teams → %j", (teams, value) => {
    expect(happyTeamsValue(teams)).toBe(value);
  });

  it("needs a whole number of teams", () => {
    expect(happyTeamsValue(12.5)).toBeNull();
    expect(happyTeamsValue(Number.NaN)).toBeNull();
  });
});

describe("ratingValue", () => {
  it("is hidden with no reviews, or fewer than the minimum", () => {
    expect(ratingValue(null)).toBeNull();
    expect(ratingValue({ average: 5, count: 0 })).toBeNull();
    expect(ratingValue({ average: 4.8, count: METRIC_MIN_SAMPLE - 1 })).toBeNull();
  });

  it.each([
    [4.7, "4.7/5"],
    [4.65, "4.7/5"],
    [4.6499, "4.6/5"],
    [4.75, "4.8/5"],
    [4.05, "4.1/5"],
    [4.95, "5.0/5"],
    [5, "5.0/5"],
    [1, "1.0/5"],
    [47 / 10, "4.7/5"],
    [(5 + 5 + 4) / 3, "4.7/5"],
  ])("an average of %d → %s", (average, value) => {
    expect(ratingValue({ average, count: METRIC_MIN_SAMPLE })).toBe(value);
  });

  it("refuses an average outside 1–5", () => {
    expect(() => ratingValue({ average: 5.1, count: 20 })).toThrow(RangeError);
    expect(() => ratingValue({ average: 0, count: 20 })).toThrow(RangeError);
    expect(() => ratingValue({ average: Number.NaN, count: 20 })).toThrow(RangeError);
  });
});

describe("deliveredOnTime", () => {
  it("counts the promised day itself as on time, by the London calendar", () => {
    expect(deliveredOnTime(delivery("2026-11-20", "2026-11-20T23:59:00Z"))).toBe(true);
    expect(deliveredOnTime(delivery("2026-11-20", "2026-11-21T00:00:00Z"))).toBe(false);
    // 23:30 UTC on 19 June is 00:30 on 20 June in London (BST): a day late for a promise of the 19th.
    expect(deliveredOnTime(delivery("2026-06-19", "2026-06-19T23:30:00Z"))).toBe(false);
    expect(deliveredOnTime(delivery("2026-06-20", "2026-06-19T23:30:00Z"))).toBe(true);
  });

  it("counts an early delivery as on time", () => {
    expect(deliveredOnTime(onTime)).toBe(true);
    expect(deliveredOnTime(late)).toBe(false);
  });
});

describe("onTimeValue", () => {
  it("is hidden below the minimum number of deliveries", () => {
    expect(onTimeValue([])).toBeNull();
    expect(onTimeValue(times(METRIC_MIN_SAMPLE - 1, onTime))).toBeNull();
  });

  it.each([
    [10, 0, "100%"],
    [9, 1, "90%"],
    [0, 10, "0%"],
    [24, 1, "96%"],
    [199, 1, "99%"], // 99.5% rounds down: never "100%" while one delivery was late
    [2, 1, "66%"],
  ])("%d on time and %d late → %s", (good, bad, value) => {
    const deliveries = [...times(good, onTime), ...times(bad, late)];
    expect(onTimeValue(deliveries)).toBe(deliveries.length < METRIC_MIN_SAMPLE ? null : value);
  });
});

describe("metricTiles", () => {
  it("shows nothing for a fresh shop", () => {
    expect(metricTiles({ happyTeams: 0, deliveries: [], reviews: null })).toEqual([]);
  });

  it("shows each tile once its own sample is reached, in the page's order", () => {
    expect(
      metricTiles({ happyTeams: 23, deliveries: [...times(24, onTime), late], reviews: { average: 4.72, count: 31 } }),
    ).toEqual([
      { id: "happyTeams", value: "20+" },
      { id: "rating", value: "4.7/5" },
      { id: "onTime", value: "96%" },
    ]);
  });

  it("leaves out only the tiles below their minimum", () => {
    expect(metricTiles({ happyTeams: 9, deliveries: times(12, onTime), reviews: { average: 4.9, count: 3 } })).toEqual([
      { id: "onTime", value: "100%" },
    ]);
    expect(metricTiles({ happyTeams: 10, deliveries: times(9, onTime), reviews: null })).toEqual([
      { id: "happyTeams", value: "10" },
    ]);
  });
});
