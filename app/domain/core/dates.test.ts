import { describe, expect, it } from "vitest";
import {
  formatLondonTime,
  secondsToLondonMidnight,
  addDays,
  dayOfWeek,
  formatDateRange,
  formatDisplayDate,
  formatDisplayDay,
  formatLondonDateTime,
  londonToday,
  londonWallTimeToInstant,
} from "./dates";

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

describe("dayOfWeek", () => {
  it("counts from Sunday", () => {
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(dayOfWeek("2026-11-28")).toBe(6);
    expect(dayOfWeek("2027-01-05")).toBe(2);
  });
});

describe("formatDateRange (a range never names the same day twice)", () => {
  it("prints both ends in the one date format", () => {
    expect(formatDateRange("2026-12-23", "2026-12-29")).toBe("Wed, Dec 23, 2026 – Tue, Dec 29, 2026");
  });

  it("prints a one-day window as that day", () => {
    expect(formatDateRange("2026-12-12", "2026-12-12")).toBe("Sat, Dec 12, 2026");
  });
});

describe("formatDisplayDay (an instant's London day)", () => {
  it("prints the London day, not the UTC day", () => {
    expect(formatDisplayDay("2026-07-15T23:30:00Z")).toBe("Thu, Jul 16, 2026");
    expect(formatDisplayDay(new Date("2027-01-05T12:00:00Z"))).toBe("Tue, Jan 5, 2027");
  });
});

describe("formatLondonDateTime", () => {
  it("adds the London time, 24-hour, to the date format", () => {
    expect(formatLondonDateTime(new Date("2027-01-05T14:03:00Z"))).toBe("Tue, Jan 5, 2027, 14:03");
    expect(formatLondonDateTime(new Date("2026-07-15T23:30:00Z"))).toBe("Thu, Jul 16, 2026, 00:30");
  });
});

describe("the London clock", () => {
  it("reads the time in Europe/London, summer and winter", () => {
    expect(formatLondonTime(new Date("2026-01-05T14:03:59Z"))).toBe("14:03");
    expect(formatLondonTime(new Date("2026-07-01T13:03:00Z"))).toBe("14:03");
    expect(formatLondonTime(new Date("2026-07-01T23:30:00Z"))).toBe("00:30");
  });

  it("counts the seconds to the next London midnight, at least one", () => {
    expect(secondsToLondonMidnight(new Date("2026-01-05T23:59:00Z"))).toBe(60);
    expect(secondsToLondonMidnight(new Date("2026-07-01T22:00:00Z"))).toBe(3600);
    expect(secondsToLondonMidnight(new Date("2026-01-05T00:00:00Z"))).toBe(86_400);
  });
});

describe("londonWallTimeToInstant (a time staff type, read in Europe/London)", () => {
  it("reads winter times as GMT and summer times as BST", () => {
    expect(londonWallTimeToInstant("2026-12-01", "14:30")?.toISOString()).toBe("2026-12-01T14:30:00.000Z");
    expect(londonWallTimeToInstant("2026-07-01", "14:30")?.toISOString()).toBe("2026-07-01T13:30:00.000Z");
  });

  it("refuses the hour skipped when the clocks go forward and takes the first of the repeated hour", () => {
    expect(londonWallTimeToInstant("2026-03-29", "01:30")).toBeNull();
    expect(londonWallTimeToInstant("2026-10-25", "01:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });

  it("refuses malformed dates and times", () => {
    expect(londonWallTimeToInstant("2026-02-30", "10:00")).toBeNull();
    expect(londonWallTimeToInstant("2026-12-01", "24:00")).toBeNull();
    expect(londonWallTimeToInstant("1 Dec", "10:00")).toBeNull();
  });
});
