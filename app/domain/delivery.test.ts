import { describe, expect, it } from "vitest";
import {
  addDays,
  cartDeliveryWindow,
  DEFAULT_DELIVERY_TIME,
  deliveryDate,
  deliveryOffsetDays,
  deliveryWindow,
  formatDisplayDate,
  londonToday,
  parseDays,
} from "./delivery";
import { CAP_TIMES, DIARY_TIMES, MAT_TIMES, SHORTS_TIMES } from "./spec-fixtures";

// Fri 20 Nov 2026, mid-morning in London (GMT): the date REQUIREMENTS Part 2 C uses.
const NOV_20 = new Date("2026-11-20T10:00:00Z");

describe("parseDays (R-CALC-09)", () => {
  it.each([
    ["9 days", "upper", 9],
    ["10 days", "upper", 10],
    ["1 day", "upper", 1],
    ["2 weeks", "upper", 14],
    ["1 week", "upper", 7],
    ["3.5 weeks", "upper", 24.5],
    ["3.5 weeks", "lower", 24.5],
    ["5-7 days", "upper", 7],
    ["5-7 days", "lower", 5],
    ["2-3 weeks", "upper", 21],
    ["2-3 weeks", "lower", 14],
    ["2 - 3 Weeks", "upper", 21],
    ["5–7 days", "upper", 7],
    ["7-5 days", "lower", 5], // reversed bounds still give the smaller as lower
    ["1.5-2.5 days", "upper", 2.5],
    [" 10 DAYS ", "upper", 10],
  ] as const)("%j (%s) → %d", (text, bound, days) => {
    expect(parseDays(text, bound)).toBe(days);
  });

  it("uses the upper bound by default", () => {
    expect(parseDays("5-7 days")).toBe(7);
  });

  it.each(["", "   ", "soon", "weeks", "5-7", "about 5 days", "5 months"])("treats %j as '5-7 days'", (text) => {
    expect(parseDays(text, "upper")).toBe(7);
    expect(parseDays(text, "lower")).toBe(5);
  });

  it("treats null and undefined as '5-7 days'", () => {
    expect(parseDays(null)).toBe(7);
    expect(parseDays(undefined, "lower")).toBe(5);
    expect(DEFAULT_DELIVERY_TIME).toBe("5-7 days");
  });
});

describe("deliveryOffsetDays (R-CALC-10)", () => {
  it.each([
    ["cap", CAP_TIMES, 32, 30],
    ["shorts", SHORTS_TIMES, 19, 19],
    ["diary", DIARY_TIMES, 28, 19],
    ["mat", MAT_TIMES, 21, 19],
  ])("%s → %i upper / %i lower", (_name, times, upper, lower) => {
    expect(deliveryOffsetDays(times.leadTime, times.deliveryTime)).toBe(upper);
    expect(deliveryOffsetDays(times.leadTime, times.deliveryTime, "upper")).toBe(upper);
    expect(deliveryOffsetDays(times.leadTime, times.deliveryTime, "lower")).toBe(lower);
  });

  it("defaults a missing delivery time to 5-7 days", () => {
    expect(deliveryOffsetDays("2 weeks", "")).toBe(21);
    expect(deliveryOffsetDays("2 weeks", undefined, "lower")).toBe(19);
  });

  it("does not add a day for floating-point noise (2.1 weeks + 0.3 days = 15)", () => {
    expect(deliveryOffsetDays("2.1 weeks", "0.3 days")).toBe(15);
  });

  it("rounds a fractional total up", () => {
    expect(deliveryOffsetDays("0.1 weeks", "1 day")).toBe(2);
  });
});

describe("londonToday (A-63: Europe/London)", () => {
  it.each([
    // Winter (GMT): London equals UTC.
    ["2026-01-15T23:30:00Z", "2026-01-15"],
    ["2026-01-16T00:00:00Z", "2026-01-16"],
    // BST starts 2026-03-29 01:00 UTC.
    ["2026-03-28T23:30:00Z", "2026-03-28"], // still GMT
    ["2026-03-29T00:30:00Z", "2026-03-29"],
    ["2026-03-29T22:59:00Z", "2026-03-29"], // 23:59 BST
    ["2026-03-29T23:30:00Z", "2026-03-30"], // 00:30 BST, already tomorrow
    // Summer, 23:30 UTC is 00:30 the next day in London.
    ["2026-07-15T22:59:59Z", "2026-07-15"],
    ["2026-07-15T23:00:00Z", "2026-07-16"],
    ["2026-07-15T23:30:00Z", "2026-07-16"],
    // BST ends 2026-10-25 01:00 UTC.
    ["2026-10-24T23:30:00Z", "2026-10-25"], // 00:30 BST on the 25th
    ["2026-10-25T00:59:00Z", "2026-10-25"], // 01:59 BST
    ["2026-10-25T01:30:00Z", "2026-10-25"], // 01:30 GMT
    ["2026-10-25T23:30:00Z", "2026-10-25"], // GMT again: still the 25th
    ["2026-12-31T23:59:59Z", "2026-12-31"],
    ["2026-06-30T23:30:00Z", "2026-07-01"], // summer month rollover
    ["2025-12-31T23:30:00Z", "2025-12-31"],
  ])("%s → %s", (instant, iso) => {
    expect(londonToday(new Date(instant))).toBe(iso);
  });

  it("throws on an invalid clock", () => {
    expect(() => londonToday(new Date("nonsense"))).toThrow();
  });
});

describe("addDays", () => {
  it.each([
    ["2026-11-20", 32, "2026-12-22"],
    ["2026-11-20", 0, "2026-11-20"],
    ["2026-03-28", 1, "2026-03-29"], // across the spring DST change
    ["2026-03-28", 2, "2026-03-30"],
    ["2026-10-24", 1, "2026-10-25"], // across the autumn DST change
    ["2026-10-24", 2, "2026-10-26"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-01-01", 365, "2027-01-01"],
  ])("%s + %i → %s", (iso, days, expected) => {
    expect(addDays(iso, days)).toBe(expected);
  });

  it.each(["2026-02-30", "2026-13-01", "26-11-20", "2026-11-20T00:00:00Z", ""])("rejects %j", (iso) => {
    expect(() => addDays(iso, 1)).toThrow(RangeError);
  });

  it("rejects fractional days", () => {
    expect(() => addDays("2026-11-20", 1.5)).toThrow(RangeError);
  });
});

describe("formatDisplayDate (R-CALC-12, A-27)", () => {
  it.each([
    ["2026-12-22", "Tue, Dec 22, 2026"],
    ["2025-01-05", "Sun, Jan 5, 2025"],
    ["2026-12-20", "Sun, Dec 20, 2026"],
    ["2026-12-18", "Fri, Dec 18, 2026"],
    ["2026-12-11", "Fri, Dec 11, 2026"],
    ["2026-12-09", "Wed, Dec 9, 2026"],
    ["2028-02-29", "Tue, Feb 29, 2028"],
    ["2026-04-30", "Thu, Apr 30, 2026"],
    ["2026-11-20", "Fri, Nov 20, 2026"],
  ])("%s → %s", (iso, text) => {
    expect(formatDisplayDate(iso)).toBe(text);
  });

  it("rejects an impossible date", () => {
    expect(() => formatDisplayDate("2025-02-29")).toThrow(RangeError);
  });
});

describe("deliveryDate (R-CALC-11, R-PDP-15)", () => {
  it.each([
    ["cap", CAP_TIMES, "2026-12-22", "Tue, Dec 22, 2026"],
    ["shorts", SHORTS_TIMES, "2026-12-09", "Wed, Dec 9, 2026"],
    ["diary", DIARY_TIMES, "2026-12-18", "Fri, Dec 18, 2026"],
    ["mat", MAT_TIMES, "2026-12-11", "Fri, Dec 11, 2026"],
  ])("%s ordered on 2026-11-20 → %s", (_name, times, iso, text) => {
    const date = deliveryDate(times, NOV_20);
    expect(date).toBe(iso);
    expect(formatDisplayDate(date)).toBe(text);
  });

  it("uses lower bounds when asked", () => {
    expect(deliveryDate(CAP_TIMES, NOV_20, "lower")).toBe("2026-12-20");
  });

  it("counts from the London date, not the UTC date, late on a summer evening", () => {
    // 23:30 UTC on 29 Mar 2026 is already 30 Mar in London (BST).
    expect(deliveryDate(MAT_TIMES, new Date("2026-03-29T23:30:00Z"))).toBe("2026-04-20");
    // An hour earlier London is still on the 29th.
    expect(deliveryDate(MAT_TIMES, new Date("2026-03-29T22:30:00Z"))).toBe("2026-04-19");
  });

  it("counts from the London date in winter, when 23:30 UTC is the same day", () => {
    expect(deliveryDate(SHORTS_TIMES, new Date("2026-10-25T23:30:00Z"))).toBe("2026-11-13");
    expect(deliveryDate(SHORTS_TIMES, new Date("2026-10-24T23:30:00Z"))).toBe("2026-11-13");
  });

  it("falls back to 5-7 days when the delivery time is missing", () => {
    expect(deliveryDate({ leadTime: "2 weeks" }, NOV_20)).toBe("2026-12-11");
    expect(deliveryDate({ leadTime: "2 weeks", deliveryTime: null }, NOV_20)).toBe("2026-12-11");
  });
});

describe("deliveryWindow", () => {
  it("spans lower to upper bounds for one product", () => {
    expect(deliveryWindow(DIARY_TIMES, NOV_20)).toEqual({ earliest: "2026-12-09", latest: "2026-12-18" });
    expect(deliveryWindow(SHORTS_TIMES, NOV_20)).toEqual({ earliest: "2026-12-09", latest: "2026-12-09" });
  });
});

describe("cartDeliveryWindow (R-CALC-13, A-29)", () => {
  it("is null for an empty cart", () => {
    expect(cartDeliveryWindow([], NOV_20)).toBeNull();
  });

  it("cap + shorts on 2026-11-20 → Sun, Dec 20 to Tue, Dec 22, 2026", () => {
    const window = cartDeliveryWindow([CAP_TIMES, SHORTS_TIMES], NOV_20);
    expect(window).toEqual({ earliest: "2026-12-20", latest: "2026-12-22" });
    expect(window && formatDisplayDate(window.earliest)).toBe("Sun, Dec 20, 2026");
    expect(window && formatDisplayDate(window.latest)).toBe("Tue, Dec 22, 2026");
  });

  it("does not depend on item order", () => {
    expect(cartDeliveryWindow([SHORTS_TIMES, CAP_TIMES], NOV_20)).toEqual({
      earliest: "2026-12-20",
      latest: "2026-12-22",
    });
  });

  it("takes each end's maximum from different items", () => {
    // shorts: 19/19; diary: 19/28; a fixed 25-day item: 25/25 → earliest 25, latest 28.
    const window = cartDeliveryWindow(
      [SHORTS_TIMES, DIARY_TIMES, { leadTime: "15 days", deliveryTime: "10 days" }],
      NOV_20,
    );
    expect(window).toEqual({ earliest: "2026-12-15", latest: "2026-12-18" });
  });

  it("for a single item equals that item's window", () => {
    expect(cartDeliveryWindow([MAT_TIMES], NOV_20)).toEqual(deliveryWindow(MAT_TIMES, NOV_20));
  });
});
