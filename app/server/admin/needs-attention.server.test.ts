/**
 * What needs attention (docs/decisions/075): dead jobs listed with the message a mail job was
 * sending, retried once each with a fresh set of attempts; card refunds the provider never answered.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { jobs, outbox, rateLimits, refunds } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testFileDatabase } from "../../../tests/setup/test-db";
import type { StaffMember } from "../accounts/admin-access.server";
import { needsAttention, REFUND_STUCK_MS, RETRY_LIMIT, retryDeadJob } from "./needs-attention.server";

const handle = testFileDatabase();
const staff: StaffMember = { id: "staff-attention", name: "Olive Ops", email: "ops@swag.example" };
const NOW = new Date("2026-11-30T12:00:00Z");

afterEach(async () => {
  await handle.db.delete(jobs);
  await handle.db.delete(rateLimits);
});

/** A message whose job gave up: the outbox row failed, its job dead. */
async function deadMail() {
  const [message] = await handle.db
    .insert(outbox)
    .values({
      to: "ada@analytical.example",
      subject: "Credit note CN-2026-000001",
      text: "…",
      status: "failed",
      attempts: 8,
    })
    .returning({ id: outbox.id });
  const [job] = await handle.db
    .insert(jobs)
    .values({
      kind: "mail",
      payload: { outboxId: message!.id },
      status: "dead",
      attempts: 8,
      lastError: "connect ECONNREFUSED",
      finishedAt: NOW,
    })
    .returning({ id: jobs.id });
  return { outboxId: message!.id, jobId: job!.id };
}

describe("jobs that gave up", () => {
  it("are listed with the message a mail job was sending, and a retry queues both again, once", async () => {
    const { outboxId, jobId } = await deadMail();
    await handle.db.insert(jobs).values({ kind: "document-mail", payload: {}, status: "done", finishedAt: NOW });
    const seen = await needsAttention(handle.db, NOW);
    expect(seen.deadJobs).toEqual([
      {
        id: jobId,
        kind: "mail",
        mail: { to: "ada@analytical.example", subject: "Credit note CN-2026-000001" },
        attempts: 8,
        lastError: "connect ECONNREFUSED",
        finishedAt: NOW,
      },
    ]);
    expect(await retryDeadJob(handle.db, { staff, jobId })).toEqual({
      ok: true,
      message: "The mail job is queued again; it runs within a minute.",
    });
    const [job] = await handle.db.select().from(jobs).where(eq(jobs.id, jobId));
    expect(job).toMatchObject({ status: "queued", attempts: 0, finishedAt: null });
    const [message] = await handle.db.select().from(outbox).where(eq(outbox.id, outboxId));
    expect(message?.status).toBe("queued");
    expect(await retryDeadJob(handle.db, { staff, jobId })).toMatchObject({ ok: false, status: 409 });
    expect((await needsAttention(handle.db, NOW)).deadJobs).toEqual([]);
  });

  it("limits how many retries one member of staff asks for an hour", async () => {
    for (let i = 0; i < RETRY_LIMIT.limit; i += 1)
      expect(await retryDeadJob(handle.db, { staff, jobId: 999_999 })).toMatchObject({ status: 409 });
    expect(await retryDeadJob(handle.db, { staff, jobId: 999_999 })).toMatchObject({ ok: false, status: 429 });
  });
});

describe("card refunds the provider has not answered", () => {
  it("are listed once pending longer than a live refund takes", async () => {
    const order = await insertPaidOrder(handle.db, { userId: "attention-buyer", email: "a@b.example", company: "B" });
    const refund = (createdAt: Date) => ({
      orderId: order.id,
      status: "pending",
      method: "card",
      netPence: 1_000,
      vatPence: 200,
      grossPence: 1_200,
      reason: "Damaged",
      staffId: staff.id,
      createdAt,
    });
    await handle.db.insert(refunds).values(refund(new Date(NOW.getTime() - REFUND_STUCK_MS - 1_000)));
    await handle.db.insert(refunds).values(refund(new Date(NOW.getTime() - 10_000)));
    const { stuckRefunds } = await needsAttention(handle.db, NOW);
    expect(stuckRefunds).toHaveLength(1);
    expect(stuckRefunds[0]).toMatchObject({ orderNumber: order.number, grossPence: 1_200 });
  });
});
