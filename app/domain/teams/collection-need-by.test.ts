import { describe, expect, it } from "vitest";
import { planNeedBy } from "../fulfilment/need-by";
import { needByAdvice } from "./collection-need-by";

describe("the cart's need-by date on the tally", () => {
  // Thursday 26 November 2026; two weeks' making and 5–7 days' delivery.
  const now = new Date("2026-11-26T12:00:00Z");
  const plan = (needBy: string) =>
    planNeedBy({ products: [{ leadTime: "2 weeks", deliveryTime: "5-7 days" }], needBy, now });

  it("says the last day to close and pay for each delivery that makes the date", () => {
    expect(needByAdvice(plan("2027-01-21"), "2026-12-03")).toEqual({
      tone: "info",
      text: "Your cart needs these by Thu, Jan 21, 2027: close and pay by Tue, Dec 15, 2026 for Standard Shipping, or by Tue, Dec 22, 2026 for Express Air Freight.",
    });
    // The link may run to the last of them.
    expect(needByAdvice(plan("2027-01-21"), "2026-12-22").tone).toBe("info");
  });

  it("warns when the link takes answers past the last of those days", () => {
    expect(needByAdvice(plan("2027-01-21"), "2026-12-23")).toEqual({
      tone: "warning",
      text: "Your cart needs these by Thu, Jan 21, 2027: close and pay by Tue, Dec 15, 2026 for Standard Shipping, or by Tue, Dec 22, 2026 for Express Air Freight. Your link takes answers until Wed, Dec 23, 2026, after the last of those days: close it sooner.",
    });
    // Only Express makes 23 December, and only if paid today.
    expect(needByAdvice(plan("2026-12-23"), "2026-12-03")).toEqual({
      tone: "warning",
      text: "Your cart needs these by Wed, Dec 23, 2026: close and pay by Thu, Nov 26, 2026 for Express Air Freight. Your link takes answers until Thu, Dec 3, 2026, after the last of those days: close it sooner.",
    });
  });

  it("says when no delivery makes the date", () => {
    expect(needByAdvice(plan("2026-12-10"), "2026-12-03")).toEqual({
      tone: "warning",
      text: "Your cart needs these by Thu, Dec 10, 2026. Too tight: the earliest we can deliver is Wed, Dec 23, 2026.",
    });
  });
});
