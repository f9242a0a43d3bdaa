import { afterEach, describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "./dates";
import {
  addWorkingDays,
  bankHolidaysOf,
  easterSunday,
  isWorkingDay,
  setClosures,
  subtractWorkingDays,
} from "./working-days";

/** gov.uk/bank-holidays as published for England and Wales, with their substitute days. */
const PUBLISHED: Record<number, string[]> = {
  2025: ["01-01", "04-18", "04-21", "05-05", "05-26", "08-25", "12-25", "12-26"],
  // Boxing Day is a Saturday: Monday 28 December is the substitute.
  2026: ["01-01", "04-03", "04-06", "05-04", "05-25", "08-31", "12-25", "12-28"],
  // Christmas Day and Boxing Day fall on the weekend: Monday 27 and Tuesday 28 December.
  2027: ["01-01", "03-26", "03-29", "05-03", "05-31", "08-30", "12-27", "12-28"],
  // New Year's Day is a Saturday: Monday 3 January.
  2028: ["01-03", "04-14", "04-17", "05-01", "05-29", "08-28", "12-25", "12-26"],
};

/**
 * The rules worked by hand for years gov.uk has not published yet. Easter Sundays from the
 * Gregorian tables: 2029-04-01, 2030-04-21, 2031-04-13, 2032-03-28, 2033-04-17, 2034-04-09,
 * 2035-03-25 (Good Friday two days before, Easter Monday the day after).
 */
const BY_THE_RULES: Record<number, string[]> = {
  // 1 January a Monday; May's Mondays 7…28; August's last Monday the 27th; Christmas a Tuesday.
  2029: ["01-01", "03-30", "04-02", "05-07", "05-28", "08-27", "12-25", "12-26"],
  // 1 May a Wednesday: Mondays 6 and 27 May; 26 August; Christmas a Wednesday.
  2030: ["01-01", "04-19", "04-22", "05-06", "05-27", "08-26", "12-25", "12-26"],
  // 1 May a Thursday: 5 and 26 May; 25 August; Christmas a Thursday.
  2031: ["01-01", "04-11", "04-14", "05-05", "05-26", "08-25", "12-25", "12-26"],
  // Christmas a Saturday and Boxing Day a Sunday: Monday 27 and Tuesday 28 December.
  2032: ["01-01", "03-26", "03-29", "05-03", "05-31", "08-30", "12-27", "12-28"],
  // New Year's Day a Saturday: Monday 3 January. Christmas a Sunday: Boxing Day Monday 26, the
  // substitute for Christmas Tuesday 27.
  2033: ["01-03", "04-15", "04-18", "05-02", "05-30", "08-29", "12-26", "12-27"],
  // New Year's Day a Sunday: Monday 2 January.
  2034: ["01-02", "04-07", "04-10", "05-01", "05-29", "08-28", "12-25", "12-26"],
  // 1 May a Tuesday: Mondays 7 and 28 May; 27 August; Christmas a Tuesday.
  2035: ["01-01", "03-23", "03-26", "05-07", "05-28", "08-27", "12-25", "12-26"],
};

describe("bankHolidaysOf", () => {
  it.each(Object.entries(PUBLISHED))("gives %s as gov.uk published it", (year, days) => {
    expect(bankHolidaysOf(Number(year))).toEqual(days.map((day) => `${year}-${day}`));
  });

  it.each(Object.entries(BY_THE_RULES))("gives %s by the published rules", (year, days) => {
    expect(bankHolidaysOf(Number(year))).toEqual(days.map((day) => `${year}-${day}`));
  });

  it("keeps the days proclaimed apart from the rules", () => {
    // VE Day's 75th anniversary moved the early May holiday to Friday 8 May.
    expect(bankHolidaysOf(2020)).toContain("2020-05-08");
    expect(bankHolidaysOf(2020)).not.toContain("2020-05-04");
    // The Platinum Jubilee: the spring holiday on Thursday 2 June, an extra day on Friday 3 June;
    // the Queen's funeral on 19 September.
    expect(bankHolidaysOf(2022)).toEqual([
      "2022-01-03",
      "2022-04-15",
      "2022-04-18",
      "2022-05-02",
      "2022-06-02",
      "2022-06-03",
      "2022-08-29",
      "2022-09-19",
      "2022-12-26",
      "2022-12-27",
    ]);
    // The Coronation, Monday 8 May 2023.
    expect(bankHolidaysOf(2023)).toContain("2023-05-08");
  });

  it("finds Easter Sunday for any year", () => {
    for (const [year, sunday] of [
      [1961, "1961-04-02"],
      [2000, "2000-04-23"],
      [2038, "2038-04-25"], // the latest possible
      [2285, "2285-03-22"], // the earliest possible
    ] as const) {
      expect(easterSunday(year)).toBe(sunday);
    }
  });

  it("never puts a holiday on a weekend, in any year", () => {
    for (let year = 2020; year <= 2100; year++) {
      for (const day of bankHolidaysOf(year)) expect([day, [0, 6].includes(dayOfWeek(day))]).toEqual([day, false]);
    }
  });
});

describe("isWorkingDay", () => {
  it.each([
    ["2026-11-25", true], // a Wednesday
    ["2026-11-28", false], // Saturday
    ["2026-11-29", false], // Sunday
    ["2026-12-25", false], // Christmas Day
    ["2026-12-28", false], // the substitute for Boxing Day
    ["2026-12-29", true],
    ["2027-12-27", false],
    ["2028-01-03", false],
  ])("%s is a working day: %s", (day, expected) => {
    expect(isWorkingDay(day)).toBe(expected);
  });

  it("skips the bank holidays of years gov.uk has not published yet", () => {
    expect(isWorkingDay("2029-01-01")).toBe(false); // New Year's Day, a Monday
    expect(isWorkingDay("2029-01-02")).toBe(true);
    expect(isWorkingDay("2035-03-23")).toBe(false); // Good Friday
  });
});

describe("addWorkingDays", () => {
  it("skips weekends", () => {
    expect(addWorkingDays("2026-11-27", 1)).toBe("2026-11-30"); // Friday → Monday
    expect(addWorkingDays("2026-11-25", 5)).toBe("2026-12-02");
  });

  it("skips Christmas, Boxing Day's substitute and New Year over the year end", () => {
    // Thu 24 Dec 2026 + 1: Fri 25 holiday, weekend, Mon 28 substitute → Tue 29.
    expect(addWorkingDays("2026-12-24", 1)).toBe("2026-12-29");
    // Wed 30 Dec + 2: Thu 31, Fri 1 Jan holiday, weekend → Mon 4 Jan 2027.
    expect(addWorkingDays("2026-12-30", 2)).toBe("2027-01-04");
  });

  it("skips Easter", () => {
    // Thu 2 Apr 2026 + 1: Good Friday, weekend, Easter Monday → Tue 7 Apr.
    expect(addWorkingDays("2026-04-02", 1)).toBe("2026-04-07");
  });

  it("starts work that begins on a weekend or holiday on the next working day", () => {
    expect(addWorkingDays("2026-11-28", 0)).toBe("2026-11-30");
    expect(addWorkingDays("2026-12-25", 0)).toBe("2026-12-29");
    expect(addWorkingDays("2026-11-25", 0)).toBe("2026-11-25");
  });

  it("refuses fractional and negative counts", () => {
    expect(() => addWorkingDays("2026-11-25", 1.5)).toThrow(RangeError);
    expect(() => addWorkingDays("2026-11-25", -1)).toThrow(RangeError);
  });
});

describe("subtractWorkingDays", () => {
  it("skips weekends going back", () => {
    expect(subtractWorkingDays("2026-11-30", 1)).toBe("2026-11-27"); // Monday → Friday
    expect(subtractWorkingDays("2026-12-02", 5)).toBe("2026-11-25");
  });

  it("counts a weekend or holiday target from the working day before it", () => {
    expect(subtractWorkingDays("2026-11-29", 0)).toBe("2026-11-27"); // Sunday → Friday
    expect(subtractWorkingDays("2026-12-28", 0)).toBe("2026-12-24"); // substitute holiday → Thursday
    expect(subtractWorkingDays("2026-11-25", 0)).toBe("2026-11-25");
  });

  it("skips Christmas and New Year backwards", () => {
    expect(subtractWorkingDays("2026-12-29", 1)).toBe("2026-12-24");
    expect(subtractWorkingDays("2027-01-04", 2)).toBe("2026-12-30");
  });

  it("skips Easter 2027 backwards (Good Friday 26 March, Easter Monday 29 March)", () => {
    expect(subtractWorkingDays("2027-03-30", 1)).toBe("2027-03-25");
  });

  it("is the inverse of addWorkingDays: the latest working day that still arrives by the target", () => {
    for (let offset = 0; offset < 400; offset++) {
      const to = addDays("2026-11-01", offset);
      for (const days of [0, 1, 2, 7, 15]) {
        const from = subtractWorkingDays(to, days);
        expect(isWorkingDay(from)).toBe(true);
        expect(addWorkingDays(from, days) <= to).toBe(true);
        expect(addWorkingDays(addDays(from, 1), days) > to).toBe(true);
      }
    }
  });

  it("refuses fractional and negative counts", () => {
    expect(() => subtractWorkingDays("2026-11-25", 1.5)).toThrow(RangeError);
    expect(() => subtractWorkingDays("2026-11-25", -1)).toThrow(RangeError);
  });
});

describe("the operator's closures", () => {
  afterEach(() => setClosures([]));
  const shutdown = { from: "2027-08-16", to: "2027-08-20", reason: "Summer shutdown" }; // Monday to Friday

  it("are not working days, and the days around them still are", () => {
    setClosures([shutdown]);
    expect(["2027-08-16", "2027-08-18", "2027-08-20"].map(isWorkingDay)).toEqual([false, false, false]);
    expect(isWorkingDay("2027-08-13")).toBe(true); // the Friday before
    expect(isWorkingDay("2027-08-23")).toBe(true); // the Monday after
  });

  it("move dates forwards and backwards past them", () => {
    // Fri 13 Aug + 1: the shutdown week and its weekends → Mon 23 Aug (without it: Mon 16).
    expect(addWorkingDays("2027-08-13", 1)).toBe("2027-08-16");
    setClosures([shutdown]);
    expect(addWorkingDays("2027-08-13", 1)).toBe("2027-08-23");
    expect(addWorkingDays("2027-08-17", 0)).toBe("2027-08-23"); // work that starts inside waits
    // Five working days back from Tue 24 Aug: Mon 23, then the shutdown, then Fri 13 … Wed 11 Aug.
    expect(subtractWorkingDays("2027-08-24", 5)).toBe("2027-08-10");
  });

  it("count a closure on a bank holiday once: the Coronation's day as a closure changes nothing", () => {
    setClosures([{ from: "2027-08-30", to: "2027-08-30", reason: "Bank holiday again" }]);
    expect(addWorkingDays("2027-08-27", 1)).toBe("2027-08-31"); // Fri → Tue, as without it
  });

  it("are replaced, not added to, by the next set", () => {
    setClosures([shutdown]);
    setClosures([{ from: "2027-08-18", to: "2027-08-18", reason: "Stocktake" }]);
    expect(isWorkingDay("2027-08-16")).toBe(true);
    expect(isWorkingDay("2027-08-18")).toBe(false);
    setClosures([]);
    expect(isWorkingDay("2027-08-18")).toBe(true);
  });
});
