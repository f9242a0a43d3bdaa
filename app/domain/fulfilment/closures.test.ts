import { describe, expect, it } from "vitest";
import {
  CLOSURE_MESSAGES,
  CLOSURES_AHEAD_MAX,
  formatClosureDays,
  readClosureForm,
  upcomingClosedDays,
} from "./closures";

const today = "2026-11-30";
const shutdown = { from: "2026-12-21", to: "2026-12-24", reason: "Christmas shutdown" };
const read = (fields: Record<string, string>, closures = [shutdown]) => readClosureForm(fields, { today, closures });

describe("readClosureForm", () => {
  it("takes a closure of one day when the last day is left empty", () => {
    expect(read({ from: " 2027-05-10 ", to: "", reason: "  Stock   take " })).toEqual({
      ok: true,
      closure: { from: "2027-05-10", to: "2027-05-10", reason: "Stock take" },
    });
  });

  it("takes a closure of 31 days and today as its first day", () => {
    expect(read({ from: "2027-07-01", to: "2027-07-31", reason: "Move" }).ok).toBe(true);
    expect(read({ from: today, to: today, reason: "Power cut" }).ok).toBe(true);
  });

  it.each([
    [{ from: "", reason: "x" }, "from", CLOSURE_MESSAGES.fromMissing],
    [{ from: "2027-02-30", reason: "x" }, "from", CLOSURE_MESSAGES.fromMissing],
    [{ from: "2027-02-01", to: "1 March", reason: "x" }, "to", CLOSURE_MESSAGES.toMissing],
    [{ from: "2026-11-29", reason: "x" }, "from", CLOSURE_MESSAGES.past],
    [{ from: "2027-02-10", to: "2027-02-09", reason: "x" }, "to", CLOSURE_MESSAGES.backwards],
    [{ from: "2027-07-01", to: "2027-08-01", reason: "x" }, "to", CLOSURE_MESSAGES.tooLong],
    [{ from: "2027-02-01", reason: "   " }, "reason", CLOSURE_MESSAGES.reasonMissing],
    [{ from: "2027-02-01", reason: "r".repeat(81) }, "reason", CLOSURE_MESSAGES.reasonTooLong],
  ])("refuses %o on %s", (fields, field, message) => {
    expect(read(fields)).toEqual({ ok: false, field, message });
  });

  it("refuses a start more than two years ahead, naming the latest day", () => {
    // 2026-11-30 + 731 days: 365 to 2027-11-30, then 366 (2028 is a leap year) to 2028-11-30.
    expect(read({ from: "2028-11-30", reason: "x" }).ok).toBe(true);
    expect(read({ from: "2028-12-01", reason: "x" })).toEqual({
      ok: false,
      field: "from",
      message: "A closure starts within two years, by Thu, Nov 30, 2028 at the latest.",
    });
  });

  it("refuses days that overlap a closure at either end, and takes the days beside it", () => {
    const overlap = {
      ok: false,
      field: "from",
      message:
        'These days overlap the closure "Christmas shutdown" (Mon, Dec 21, 2026 to Thu, Dec 24, 2026): change or remove that one instead.',
    };
    expect(read({ from: "2026-12-18", to: "2026-12-21", reason: "x" })).toEqual(overlap);
    expect(read({ from: "2026-12-24", to: "2026-12-30", reason: "x" })).toEqual(overlap);
    expect(read({ from: "2026-12-22", reason: "x" })).toEqual(overlap);
    expect(read({ from: "2026-12-18", to: "2026-12-20", reason: "x" }).ok).toBe(true);
    expect(read({ from: "2026-12-25", to: "2026-12-31", reason: "x" }).ok).toBe(true);
  });

  it("counts only closures still to come against the limit", () => {
    const ahead = Array.from({ length: CLOSURES_AHEAD_MAX }, (_, i) => {
      const day = `2027-03-${String((i % 28) + 1).padStart(2, "0")}`;
      return {
        from: i < 28 ? day : day.replace("2027-03", "2027-04"),
        to: i < 28 ? day : day.replace("2027-03", "2027-04"),
        reason: "x",
      };
    });
    expect(read({ from: "2027-06-01", reason: "x" }, ahead)).toEqual({
      ok: false,
      field: "from",
      message: CLOSURE_MESSAGES.tooMany,
    });
    const past = ahead.map((closure) => ({ ...closure, from: "2025-01-01", to: "2025-01-01" }));
    expect(read({ from: "2027-06-01", reason: "x" }, past).ok).toBe(true);
  });
});

describe("formatClosureDays", () => {
  it("names one day, or the first and last", () => {
    expect(formatClosureDays({ from: "2027-05-10", to: "2027-05-10" })).toBe("Mon, May 10, 2027");
    expect(formatClosureDays(shutdown)).toBe("Mon, Dec 21, 2026 to Thu, Dec 24, 2026");
  });
});

describe("upcomingClosedDays", () => {
  it("lists the bank holidays to the end of next year and the closures to come, in date order", () => {
    const days = upcomingClosedDays(today, [
      { ...shutdown, id: "c1" },
      { from: "2026-11-02", to: "2026-11-03", reason: "Past", id: "c2" },
      { from: "2026-11-30", to: "2026-12-01", reason: "Under way", id: "c3" },
    ]);
    expect(days[0]).toEqual({ from: "2026-11-30", to: "2026-12-01", reason: "Under way", id: "c3" });
    expect(days[2]).toEqual({ from: "2026-12-25", to: "2026-12-25", reason: "Bank holiday", id: null });
    expect(days.map((day) => `${day.from} ${day.reason}`)).toEqual([
      "2026-11-30 Under way",
      "2026-12-21 Christmas shutdown",
      "2026-12-25 Bank holiday",
      "2026-12-28 Bank holiday",
      "2027-01-01 Bank holiday",
      "2027-03-26 Bank holiday",
      "2027-03-29 Bank holiday",
      "2027-05-03 Bank holiday",
      "2027-05-31 Bank holiday",
      "2027-08-30 Bank holiday",
      "2027-12-27 Bank holiday",
      "2027-12-28 Bank holiday",
    ]);
  });
});
