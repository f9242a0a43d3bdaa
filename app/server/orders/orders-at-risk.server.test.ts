import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testFileDatabase } from "../../../tests/setup/test-db";
import type { OrderStatus } from "~/domain/fulfilment/orders";
import { addWorkingDays } from "~/domain/core/working-days";
import { getOrder } from "./buyer-orders.server";
import { listOrdersAtRisk, orderNeedByForStaff } from "./orders-at-risk.server";

const handle = testFileDatabase();
const BUYER = "user-need-by";
// Thursday 26 November 2026.
const NOW = new Date("2026-11-26T12:00:00Z");
// The test orders are a cap sent by standard shipping: 25 + 5 working days from approval.
const CAP_STANDARD_DAYS = 30;

/** An order whose approve-by date is `approveBy`, i.e. need-by that many working days later. */
async function orderApprovedBy(approveBy: string | null, status: OrderStatus = "proof_sent") {
  const order = await insertPaidOrder(handle.db, {
    userId: BUYER,
    email: "jane@acme.example",
    company: "Acme",
    status,
  });
  const needBy = approveBy ? addWorkingDays(approveBy, CAP_STANDARD_DAYS) : null;
  await handle.db.update(orders).set({ needBy }).where(eq(orders.id, order.id));
  return { id: order.id, number: order.number, needBy };
}

describe("listOrdersAtRisk", () => {
  it("lists orders whose proof waits and whose approve-by date is passed, today or within 2 working days, earliest first", async () => {
    const soon = await orderApprovedBy("2026-11-30"); // Friday, then Monday: 2 working days
    const later = await orderApprovedBy("2026-12-10");
    const passed = await orderApprovedBy("2026-11-20", "paid");
    await orderApprovedBy("2026-11-20", "proof_approved");
    await orderApprovedBy("2026-11-20", "in_production");
    await orderApprovedBy(null);
    const today = await orderApprovedBy("2026-11-26", "changes_requested");

    const atRisk = await listOrdersAtRisk(handle.db, NOW);
    expect(atRisk).toEqual([
      { id: passed.id, number: passed.number, statusLabel: "Paid", needBy: passed.needBy, approveBy: "2026-11-20" },
      {
        id: today.id,
        number: today.number,
        statusLabel: "Changes requested",
        needBy: today.needBy,
        approveBy: "2026-11-26",
      },
      {
        id: soon.id,
        number: soon.number,
        statusLabel: "Proof ready for you",
        needBy: soon.needBy,
        approveBy: "2026-11-30",
      },
    ]);
    expect(atRisk.map((order) => order.id)).not.toContain(later.id);
  });

  it("is empty when no order has a need-by date", async () => {
    await orderApprovedBy(null);
    expect(await listOrdersAtRisk(handle.db, NOW)).toEqual([]);
  });
});

describe("orderNeedByForStaff", () => {
  it("gives one order's need-by and approve-by dates, or null without a need-by date", async () => {
    const later = await orderApprovedBy("2026-12-10");
    expect(await orderNeedByForStaff(handle.db, { orderId: later.id, now: NOW })).toEqual({
      needBy: later.needBy,
      approveBy: "2026-12-10",
      atRisk: false,
    });
    const none = await orderApprovedBy(null);
    expect(await orderNeedByForStaff(handle.db, { orderId: none.id, now: NOW })).toBeNull();
  });

  it("shows the buyer the order's need-by date", async () => {
    const later = await orderApprovedBy("2026-12-10");
    const order = await getOrder(handle.db, { userId: BUYER, accountId: BUYER, orderId: later.id, now: NOW });
    expect(order?.needBy).toBe(later.needBy);
  });
});
