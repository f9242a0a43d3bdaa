import { describe, expect, it } from "vitest";
import { calendarDaysAfter, guaranteeEligibility, remedyCredit } from "./guarantee";

const delivered = (overrides: Partial<Parameters<typeof guaranteeEligibility>[0]> = {}) =>
  guaranteeEligibility({
    status: "delivered",
    promised: "2026-11-16",
    deliveredOn: "2026-11-21",
    today: "2026-11-21",
    claimed: false,
    ...overrides,
  });

describe("calendarDaysAfter", () => {
  it("counts calendar days, weekends and bank holidays included", () => {
    expect(calendarDaysAfter("2026-11-16", "2026-11-21")).toBe(5);
    expect(calendarDaysAfter("2026-12-24", "2026-12-29")).toBe(5);
    expect(calendarDaysAfter("2026-11-21", "2026-11-16")).toBe(-5);
    // Across the clocks going back (Oct 25, 2026).
    expect(calendarDaysAfter("2026-10-22", "2026-10-27")).toBe(5);
  });
});

describe("guaranteeEligibility", () => {
  it("5 days late is eligible, 4 is not", () => {
    expect(delivered()).toEqual({ eligible: true, daysLate: 5, claimBy: "2026-11-28" });
    expect(delivered({ deliveredOn: "2026-11-20", today: "2026-11-20" })).toEqual({
      eligible: false,
      reason: "not_late_enough",
    });
    expect(delivered({ deliveredOn: "2026-11-30", today: "2026-11-30" })).toMatchObject({
      eligible: true,
      daysLate: 14,
    });
  });

  it("on time or early is not eligible", () => {
    expect(delivered({ deliveredOn: "2026-11-16" })).toEqual({ eligible: false, reason: "not_late_enough" });
    expect(delivered({ deliveredOn: "2026-11-10", today: "2026-11-10" })).toEqual({
      eligible: false,
      reason: "not_late_enough",
    });
  });

  it("may be claimed up to the 7th day after delivery, not the 8th", () => {
    expect(delivered({ today: "2026-11-28" })).toMatchObject({ eligible: true });
    expect(delivered({ today: "2026-11-29" })).toEqual({ eligible: false, reason: "window_closed" });
  });

  it("not delivered: any other status, or no delivery date", () => {
    for (const status of ["shipped", "in_production", "proof_approved", "refunded", "cancelled"] as const) {
      expect(delivered({ status })).toEqual({ eligible: false, reason: "not_delivered" });
    }
    expect(delivered({ deliveredOn: null })).toEqual({ eligible: false, reason: "not_delivered" });
  });

  it("no promised date: the guarantee does not apply", () => {
    expect(delivered({ promised: null })).toEqual({ eligible: false, reason: "no_promise" });
  });

  it("already claimed wins over everything else", () => {
    expect(delivered({ claimed: true })).toEqual({ eligible: false, reason: "already_claimed" });
    expect(delivered({ claimed: true, today: "2027-01-01" })).toEqual({ eligible: false, reason: "already_claimed" });
  });
});

describe("remedyCredit", () => {
  const order = { subtotalPence: 100_000, discountPence: 10_000, vatRate: 20, totalPence: 108_000 + 1_000 };

  it("a percentage of the goods price, net of the discount, with VAT at the order's rate", () => {
    expect(
      remedyCredit(
        "A refund of 10% of the goods price of the late order, or the same amount as credit (sample).",
        order,
      ),
    ).toEqual({
      kind: "credit",
      netPence: 9_000,
      vatPence: 1_800,
      totalPence: 10_800,
      basis: "10% of the goods price",
    });
    expect(remedyCredit("12.5% off", { ...order, vatRate: 0 })).toMatchObject({
      netPence: 11_250,
      vatPence: 0,
      totalPence: 11_250,
    });
  });

  it("a pound amount is credited including VAT", () => {
    expect(remedyCredit("A £25 credit on the order.", order)).toEqual({
      kind: "credit",
      netPence: 2_083,
      vatPence: 417,
      totalPence: 2_500,
      basis: "£25",
    });
  });

  it("never more than the order's total", () => {
    expect(remedyCredit("£5000 back", order)).toMatchObject({ totalPence: 109_000 });
  });

  it("words without an amount are recorded, not credited", () => {
    expect(remedyCredit("Free express shipping on your next order, whatever its size.", order)).toEqual({
      kind: "recorded",
    });
    expect(remedyCredit("0% of nothing", order)).toEqual({ kind: "recorded" });
    expect(remedyCredit("150% back", order)).toEqual({ kind: "recorded" });
  });
});
