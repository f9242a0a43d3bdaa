import { describe, expect, it } from "vitest";
import { addDays } from "./dates";
import { addWorkingDays, BANK_HOLIDAYS, isWorkingDay, subtractWorkingDays } from "./working-days";

describe("BANK_HOLIDAYS", () => {
  it("has the eight England and Wales bank holidays of each year, 2025 to 2028", () => {
    for (const year of ["2025", "2026", "2027", "2028"]) {
      expect([...BANK_HOLIDAYS].filter((d) => d.startsWith(year))).toHaveLength(8);
    }
  });

  it("puts every holiday on a weekday (weekend holidays move to their substitute day)", () => {
    for (const day of BANK_HOLIDAYS) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      expect([day, weekday !== 0 && weekday !== 6]).toEqual([day, true]);
    }
  });

  it("has Good Friday and Easter Monday around each year's Easter Sunday", () => {
    const easter = { 2025: "04-20", 2026: "04-05", 2027: "03-28", 2028: "04-16" };
    for (const [year, day] of Object.entries(easter)) {
      const sunday = Date.parse(`${year}-${day}T00:00:00Z`);
      const friday = new Date(sunday - 2 * 86_400_000).toISOString().slice(0, 10);
      const monday = new Date(sunday + 86_400_000).toISOString().slice(0, 10);
      expect(BANK_HOLIDAYS.has(friday)).toBe(true);
      expect(BANK_HOLIDAYS.has(monday)).toBe(true);
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

  it("skips only weekends in a year the table does not cover", () => {
    expect(isWorkingDay("2029-01-01")).toBe(true); // a Monday
    expect(isWorkingDay("2029-01-06")).toBe(false); // a Saturday
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
