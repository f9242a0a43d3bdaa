import { describe, expect, it } from "vitest";
import { formatDateRange } from "../core/dates";
import { DEFAULT_DELIVERY_TIME, deliveryOffsetDays, estimateDelivery, parseDays } from "./delivery";
import { CAP_TIMES, DIARY_TIMES, MAT_TIMES, SHORTS_TIMES } from "../pricing/spec-fixtures";

// Fri 20 Nov 2026, mid-morning in London (GMT): the date REQUIREMENTS Part 2 C uses.
const NOV_20 = new Date("2026-11-20T10:00:00Z");

describe("parseDays (R-CALC-09, in working days)", () => {
  it.each([
    ["9 days", "upper", 9],
    ["10 days", "upper", 10],
    ["1 day", "upper", 1],
    ["2 weeks", "upper", 10],
    ["1 week", "upper", 5],
    ["3.5 weeks", "upper", 17.5],
    ["3.5 weeks", "lower", 17.5],
    ["5-7 days", "upper", 7],
    ["5-7 days", "lower", 5],
    ["2-3 weeks", "upper", 15],
    ["2-3 weeks", "lower", 10],
    ["2 - 3 Weeks", "upper", 15],
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

describe("deliveryOffsetDays (R-CALC-10, in working days)", () => {
  it.each([
    ["cap", CAP_TIMES, 25, 23],
    ["shorts", SHORTS_TIMES, 19, 19],
    ["diary", DIARY_TIMES, 22, 15],
    ["mat", MAT_TIMES, 17, 15],
  ])("%s → %i upper / %i lower", (_name, times, upper, lower) => {
    expect(deliveryOffsetDays(times.leadTime, times.deliveryTime)).toBe(upper);
    expect(deliveryOffsetDays(times.leadTime, times.deliveryTime, "upper")).toBe(upper);
    expect(deliveryOffsetDays(times.leadTime, times.deliveryTime, "lower")).toBe(lower);
  });

  it("defaults a missing delivery time to 5-7 days", () => {
    expect(deliveryOffsetDays("2 weeks", "")).toBe(17);
    expect(deliveryOffsetDays("2 weeks", undefined, "lower")).toBe(15);
  });

  it("does not add a day for floating-point noise (0.56 weeks + 0.2 days = 3)", () => {
    expect(0.56 * 5 + 0.2).not.toBe(3);
    expect(deliveryOffsetDays("0.56 weeks", "0.2 days")).toBe(3);
  });

  it("rounds a fractional total up", () => {
    expect(deliveryOffsetDays("0.1 weeks", "1 day")).toBe(2);
  });
});

const estimate = (
  products: Parameters<typeof estimateDelivery>[0]["products"],
  method: "standard" | "express",
  now = NOV_20,
) => estimateDelivery({ products, method, now });

describe("estimateDelivery (working days, weekends and bank holidays skipped)", () => {
  it.each([
    // Cap, express: 23 to 25 working days from Fri 20 Nov. Christmas Day and Monday 28 December
    // (Boxing Day's substitute) are skipped, so 25 lands on Tue 29 Dec, never on Fri 25 Dec.
    ["cap", CAP_TIMES, "express", "2026-12-23", "2026-12-29"],
    // Standard adds 5 working days: 28 to 30 → Mon 4 Jan to Wed 6 Jan 2027 (New Year's Day skipped).
    ["cap", CAP_TIMES, "standard", "2027-01-04", "2027-01-06"],
    ["shorts", SHORTS_TIMES, "express", "2026-12-17", "2026-12-17"],
    ["diary", DIARY_TIMES, "express", "2026-12-11", "2026-12-22"],
    ["mat", MAT_TIMES, "express", "2026-12-11", "2026-12-15"],
  ] as const)("%s, %s → %s to %s", (_name, times, method, start, end) => {
    expect(estimate([times], method)).toEqual({ start, end });
  });

  it("never lands on a weekend or a bank holiday", () => {
    for (let day = 0; day < 800; day++) {
      const now = new Date(Date.UTC(2025, 0, 1, 12) + day * 86_400_000);
      for (const method of ["standard", "express"] as const) {
        const { start, end } = estimate([CAP_TIMES, SHORTS_TIMES], method, now);
        for (const iso of [start, end]) {
          const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
          expect([iso, weekday !== 0 && weekday !== 6]).toEqual([iso, true]);
          expect(["2025-12-25", "2025-12-26", "2026-12-25", "2026-12-28", "2027-12-27", "2027-12-28"]).not.toContain(
            iso,
          );
        }
      }
    }
  });

  it("skips Easter", () => {
    // Approved Thu 26 Mar 2026: shorts take 19 working days; Good Friday (3 Apr) and Easter Monday
    // (6 Apr) push the end from Wed 22 Apr to Fri 24 Apr.
    expect(estimate([SHORTS_TIMES], "express", new Date("2026-03-26T12:00:00Z"))).toEqual({
      start: "2026-04-24",
      end: "2026-04-24",
    });
  });

  it("starts production on the next working day when approved at the weekend", () => {
    const saturday = estimate([MAT_TIMES], "express", new Date("2026-11-21T12:00:00Z"));
    const monday = estimate([MAT_TIMES], "express", new Date("2026-11-23T12:00:00Z"));
    expect(saturday).toEqual(monday);
    expect(estimate([MAT_TIMES], "express", new Date("2026-11-22T12:00:00Z"))).toEqual(monday);
  });

  it("counts from the London date, not the UTC date, late on a summer evening", () => {
    // 23:30 UTC on Tue 14 Jul 2026 is already Wed 15 Jul in London (BST).
    const late = estimate([SHORTS_TIMES], "express", new Date("2026-07-14T23:30:00Z"));
    const wednesday = estimate([SHORTS_TIMES], "express", new Date("2026-07-15T09:00:00Z"));
    expect(late).toEqual(wednesday);
    expect(estimate([SHORTS_TIMES], "express", new Date("2026-07-14T22:30:00Z"))).not.toEqual(wednesday);
  });

  it("takes both ends from the slowest product (R-CALC-13)", () => {
    // shorts 19/19, diary 15/22 → 19 to 22 working days.
    expect(estimate([SHORTS_TIMES, DIARY_TIMES], "express")).toEqual({ start: "2026-12-17", end: "2026-12-22" });
    expect(estimate([DIARY_TIMES, SHORTS_TIMES], "express")).toEqual(estimate([SHORTS_TIMES, DIARY_TIMES], "express"));
  });

  it("for a single product equals that product's window", () => {
    expect(estimate([MAT_TIMES, MAT_TIMES], "standard")).toEqual(estimate([MAT_TIMES], "standard"));
  });

  it("prints a one-day window once", () => {
    const { start, end } = estimate([SHORTS_TIMES], "express");
    expect(formatDateRange(start, end)).toBe("Thu, Dec 17, 2026");
  });

  it("never returns the spec's fixed 2025 dates (R-SHIP-05)", () => {
    expect(estimate([CAP_TIMES], "standard").start.startsWith("2025")).toBe(false);
  });

  it("refuses an order without products", () => {
    expect(() => estimate([], "standard")).toThrow(RangeError);
  });
});
