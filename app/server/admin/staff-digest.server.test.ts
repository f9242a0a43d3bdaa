/** The staff's morning digest (docs/decisions/077): nothing before 8:00 London, then once a day to each recipient. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, outbox } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { sendStaffDigest } from "./staff-digest.server";

const handle = testFileDatabase();

describe("the staff digest", () => {
  it("waits for 8:00 London, then goes once a day to each recipient, naming the late order", async () => {
    const ctx = { ...testContext(handle), staffAlertEmails: ["ops@swag.example", "owner@swag.example"] };
    const late = await insertPaidOrder(handle.db, {
      userId: "digest-buyer",
      email: "d@b.example",
      company: "Digest Ltd",
      status: "in_production",
    });
    // Promised Tue 1 Dec 2026: its ship-by day, the courier's working days before that, has passed by Mon 30 Nov.
    await handle.db.update(orders).set({ promisedDeliveryDate: "2026-12-01" }).where(eq(orders.id, late.id));
    const digests = () =>
      handle.db.select().from(outbox).where(eq(outbox.subject, "Today, Mon, Nov 30, 2026: 1 late order, 0 at risk"));
    expect(await sendStaffDigest(ctx, new Date("2026-11-30T07:45:00Z"))).toBe(false);
    expect(await handle.db.select().from(outbox)).toEqual([]);
    expect(await sendStaffDigest(ctx, new Date("2026-11-30T08:00:00Z"))).toBe(true);
    expect(await sendStaffDigest(ctx, new Date("2026-11-30T08:15:00Z"))).toBe(true);
    const sent = await digests();
    expect(sent.map((mail) => mail.to).sort()).toEqual(["ops@swag.example", "owner@swag.example"]);
    expect(sent[0]?.text).toContain(`- ${late.number}, Digest Ltd: ship by`);
  });
});
