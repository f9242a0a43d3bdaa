/**
 * What each kind of job does (decision 030), and which run on a clock. A handler may run more than
 * once for one job (a worker killed after the work but before completing it leaves it to its
 * lease), so each is idempotent: a message is sent only while its outbox row is queued, the bank
 * transfer tasks take their rows with `skip locked` and re-check them, a purge deletes only what is
 * past its cutoff, and a reconciled payment is one claimed event per intent.
 */
import type { BusinessProfile } from "~/domain/people/business-profile";
import { purgeSummary } from "~/domain/people/retention";
import { runBankTransferTasks } from "../admin/bank-transfer-tasks.server";
import type { Database } from "../platform/db.server";
import { deleteFinishedJobs, type Job } from "../messages/jobs.server";
import { deliverOutboxMail, MAIL_JOB } from "../messages/mail.server";
import type { PaymentProvider } from "../providers/payment-provider.server";
import { reconcilePayments } from "../payments/payment-reconciliation.server";
import { markExpiredQuotes } from "../checkout/quotes.server";
import { purgeExpiredRecords } from "./retention-purges.server";
import { deliverOutboxSms, SMS_JOB } from "../messages/sms.server";

export type JobContext = {
  db: Database;
  payments: PaymentProvider | null;
  retention: BusinessProfile["retention"];
  now: Date;
};

export type JobHandler = (context: JobContext, job: Job) => Promise<void>;

/** A job enqueued once per period of `everyMs` (job-worker.server.ts keys it by the period). */
export type RecurringJob = { kind: string; everyMs: number; maxAttempts?: number };

/** Finished jobs are kept this long, long enough to see what ran and what died. */
export const FINISHED_JOBS_KEPT_MS = 7 * 24 * 60 * 60_000;

const outboxId = (job: Job) => Number(job.payload.outboxId);
const isLastAttempt = (job: Job) => job.attempts >= job.maxAttempts;

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [MAIL_JOB]: ({ db }, job) => deliverOutboxMail(db, outboxId(job), { last: isLastAttempt(job) }),
  [SMS_JOB]: ({ db }, job) => deliverOutboxSms(db, outboxId(job), { last: isLastAttempt(job) }),
  // Reminders and expiries of bank transfers (decision 022): a reminder or an expiry is at most a period late.
  "bank-transfers": async ({ db, now }) => {
    const { reminded, expired } = await runBankTransferTasks(db, now);
    if (reminded + expired > 0) console.log(`[jobs] bank transfers: ${reminded} reminded, ${expired} expired`);
  },
  // The retention the Privacy Policy promises (B-17, R-POL-05): a record outlives its period by at most a period.
  "retention-purge": async ({ db, now, retention }) => {
    const counts = await purgeExpiredRecords(db, { retention, now });
    const jobs = await deleteFinishedJobs(db, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS));
    console.log(`[jobs] purged ${purgeSummary(counts)}; ${jobs} finished jobs`);
  },
  "quote-expiry": async ({ db, now }) => {
    const expired = await markExpiredQuotes(db, now);
    if (expired > 0) console.log(`[jobs] ${expired} quotes expired`);
  },
  "payment-reconciliation": async ({ db, payments, now }) => {
    await reconcilePayments({ db, payments }, now);
  },
};

export const RECURRING_JOBS: readonly RecurringJob[] = [
  { kind: "bank-transfers", everyMs: 15 * 60_000 },
  { kind: "retention-purge", everyMs: 60 * 60_000 },
  { kind: "quote-expiry", everyMs: 60 * 60_000 },
  // A payment is asked about from 15 minutes old, so it is settled by at most 20.
  { kind: "payment-reconciliation", everyMs: 5 * 60_000 },
];
