/**
 * What went wrong and waits for a person (docs/decisions/075-needs-attention.md): jobs that gave up
 * after their last attempt (an e-mail that would not send, a document that would not render, an
 * import that failed), card refunds the provider has not answered, and payments taken that made no
 * order. Staff retry a dead job from `/admin/attention`: it runs again with a fresh set of attempts,
 * and a message it sends is queued again.
 */
import { and, asc, desc, eq, gt, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { bankTransfers, jobs, orders, outbox, refunds } from "#db/schema";
import { londonToday } from "~/domain/core/dates";
import type { PaymentNeedingAttention } from "~/domain/orders/admin-orders";
import type { StaffMember } from "../accounts/admin-access.server";
import { MAIL_JOB } from "../messages/mail.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { listPaymentsNeedingAttention } from "./payments-attention.server";
import { recordAudit } from "../platform/audit-log.server";

/** How often one member of staff may load the page a minute: it reads the job queue. */
export const ATTENTION_PAGE_LIMIT = { hits: 60, windowSeconds: 60 } as const;
/** How many retries one member of staff may ask for an hour. */
export const RETRY_LIMIT = { limit: 60, windowSeconds: 3600 } as const;
/** A card refund pending longer than this has lost its provider's answer (a live one takes seconds). */
export const REFUND_STUCK_MS = 5 * 60_000;
/** How many of each the page lists, newest first. */
const LISTED = 50;

export const ATTENTION_MESSAGES = {
  notDead: "That job no longer waits for a retry. Reload the page to see it.",
  tooMany: "You have retried many jobs in the last hour: try again later.",
  retried: (kind: string) => `The ${kind} job is queued again; it runs within a minute.`,
} as const;

export type DeadJob = {
  id: number;
  kind: string;
  /** For a mail job, the message it was sending. */
  mail: { to: string; subject: string } | null;
  attempts: number;
  lastError: string | null;
  finishedAt: Date | null;
};

export type StuckRefund = { id: string; orderId: string; orderNumber: string; grossPence: number; createdAt: Date };

/**
 * Bank transfers part paid that wait for a person (decision 079): past their due date, for staff to
 * accept the shortfall or cancel; or cancelled, for the part payments to be sent back.
 */
export type PartPaidTransfer = {
  orderId: string;
  orderNumber: string;
  partPaidPence: number;
  duePence: number;
  dueOn: string;
  why: "overdue" | "send_back";
};

/** An invoice on account past its due date and not paid (decision 085): its organisation cannot order on account. */
export type OverdueAccountInvoice = {
  orderId: string;
  orderNumber: string;
  organisationId: string;
  duePence: number;
  partPaidPence: number;
  dueOn: string;
  overdueReminders: number;
};

export type NeedsAttention = {
  deadJobs: DeadJob[];
  stuckRefunds: StuckRefund[];
  payments: PaymentNeedingAttention[];
  partPaid: PartPaidTransfer[];
  overdueOnAccount: OverdueAccountInvoice[];
};

export async function needsAttention(db: Database, now: Date): Promise<NeedsAttention> {
  const [dead, stuck, payments, partPaid, overdueOnAccount] = await Promise.all([
    db
      .select({
        id: jobs.id,
        kind: jobs.kind,
        attempts: jobs.attempts,
        lastError: jobs.lastError,
        finishedAt: jobs.finishedAt,
        to: outbox.to,
        subject: outbox.subject,
      })
      .from(jobs)
      .leftJoin(outbox, and(eq(jobs.kind, MAIL_JOB.kind), eq(outbox.id, sql`(${jobs.payload} ->> 'outboxId')::int`)))
      .where(eq(jobs.status, "dead"))
      .orderBy(desc(jobs.finishedAt), desc(jobs.id))
      .limit(LISTED),
    db
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        orderNumber: orders.number,
        grossPence: refunds.grossPence,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, new Date(now.getTime() - REFUND_STUCK_MS))))
      .orderBy(desc(refunds.createdAt))
      .limit(LISTED),
    listPaymentsNeedingAttention(db),
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.number,
        partPaidPence: bankTransfers.partPaidPence,
        duePence: bankTransfers.amountPence,
        dueOn: bankTransfers.dueOn,
        status: orders.status,
      })
      .from(bankTransfers)
      .innerJoin(orders, eq(orders.id, bankTransfers.orderId))
      .where(
        and(
          gt(bankTransfers.partPaidPence, 0),
          isNull(bankTransfers.receivedAt),
          isNull(bankTransfers.returnedPence),
          // An invoice on account past due is listed below; cancelled, its part payments go back like every other.
          or(
            eq(orders.status, "cancelled"),
            and(isNull(bankTransfers.termsDays), lt(bankTransfers.dueOn, londonToday(now))),
          ),
        ),
      )
      .orderBy(asc(bankTransfers.dueOn))
      .limit(LISTED),
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.number,
        organisationId: orders.accountId,
        duePence: bankTransfers.amountPence,
        partPaidPence: bankTransfers.partPaidPence,
        dueOn: bankTransfers.dueOn,
        overdueReminders: bankTransfers.overdueReminders,
      })
      .from(bankTransfers)
      .innerJoin(orders, eq(orders.id, bankTransfers.orderId))
      .where(
        and(
          eq(orders.onAccount, true),
          isNull(bankTransfers.receivedAt),
          lt(bankTransfers.dueOn, londonToday(now)),
          notInArray(orders.status, ["cancelled", "refunded"]),
        ),
      )
      .orderBy(asc(bankTransfers.dueOn))
      .limit(LISTED),
  ]);
  return {
    deadJobs: dead.map(({ to, subject, ...job }) => ({
      ...job,
      mail: to !== null && subject !== null ? { to, subject } : null,
    })),
    stuckRefunds: stuck,
    payments,
    overdueOnAccount,
    partPaid: partPaid.map(({ status, ...transfer }) => ({
      ...transfer,
      why: status === "cancelled" ? ("send_back" as const) : ("overdue" as const),
    })),
  };
}

/**
 * A dead job queued again with a fresh set of attempts; a mail job's message is queued again with
 * it, so the job sends it. Refused when the job is not dead (retried already, or never was).
 */
export async function retryDeadJob(
  db: Database,
  input: { staff: StaffMember; jobId: number },
): Promise<{ ok: true; message: string } | Failure> {
  const hit = await hitRateLimit(db, { key: `job-retry:${input.staff.id}`, ...RETRY_LIMIT });
  if (!hit.allowed)
    return failure(429, "TOO_MANY_RETRIES", ATTENTION_MESSAGES.tooMany, { retryAfterSeconds: hit.retryAfterSeconds });
  return db.transaction(async (tx) => {
    const [job] = await tx
      .update(jobs)
      .set({ status: "queued", attempts: 0, runAt: sql`now()`, lockedUntil: null, lockedBy: null, finishedAt: null })
      .where(and(eq(jobs.id, input.jobId), eq(jobs.status, "dead")))
      .returning({ kind: jobs.kind, payload: jobs.payload });
    if (!job) return failure(409, "JOB_NOT_DEAD", ATTENTION_MESSAGES.notDead);
    await recordAudit(tx, input.staff, {
      action: "job.retry",
      subject: { kind: "job", id: String(input.jobId) },
      summary: `The ${job.kind} job #${input.jobId} queued again`,
      before: { status: "dead" },
      after: { status: "queued" },
    });
    const parsed = job.kind === MAIL_JOB.kind ? MAIL_JOB.payload.safeParse(job.payload) : null;
    if (parsed?.success)
      await tx
        .update(outbox)
        .set({ status: "queued" })
        .where(and(eq(outbox.id, parsed.data.outboxId), eq(outbox.status, "failed")));
    return { ok: true as const, message: ATTENTION_MESSAGES.retried(job.kind) };
  });
}
