/**
 * What each kind of job does (decision 030), and which run on a clock. A handler may run more than
 * once for one job (a worker killed after the work but before completing it leaves it to its
 * lease), so each is idempotent: a message is sent only while its outbox row is queued, the bank
 * transfer tasks take their rows with `skip locked` and re-check them, a purge deletes only what is
 * past its cutoff, and a reconciled payment is one claimed event per intent.
 */
import { sendStaffDigest } from "../admin/staff-digest.server";
import { purgeSummary } from "~/domain/people/retention";
import { runBankTransferTasks } from "../admin/bank-transfer-tasks.server";
import { runAccountReminders } from "../payments/credit-accounts.server";
import { defineJob, deleteFinishedJobs, type Job, type JobDefinition, NO_PAYLOAD } from "../messages/jobs.server";
import { deliverOutboxMail, MAIL_JOB } from "../messages/mail.server";
import type { AppContext } from "../providers/app-context.server";
import { reconcilePayments } from "../payments/payment-reconciliation.server";
import { markExpiredQuotes } from "../checkout/quotes.server";
import { ORDER_PAID_JOB, sendPaidOrderMessages } from "../payments/order-mail.server";
import { DOCUMENT_MAIL_JOB, sendDocumentMail } from "../documents/invoices.server";
import { sendTransferPlacedMessages, TRANSFER_PLACED_JOB } from "../payments/bank-transfers.server";
import { purgeExpiredRecords } from "./retention-purges.server";
import { deliverOutboxSms, SMS_JOB } from "../messages/sms.server";
import {
  applyStoredImport,
  CATALOGUE_IMPORT_APPLY_JOB,
  CATALOGUE_IMPORT_PLAN_JOB,
  planStoredImport,
} from "../admin/catalogue-import.server";
import { PICTURE_RELEASE_JOB, releasePictureFiles } from "../catalogue/catalogue-pictures.server";
import { type BackupMade, makeBackup, runNightlyBackup } from "../providers/backup-runs.server";
import { BACKUP_NOW_JOB } from "../admin/backup-now.server";
import { DATA_EXPORT_JOB, prepareDataExport } from "../admin/data-exports.server";

/** What a handler is given: the app context the process opened at boot, and the time it runs at. */
export type JobContext = AppContext & { now: Date };

export type JobHandler = (context: JobContext, job: Job) => Promise<void>;

/** A job enqueued once per period of `everyMs` (job-worker.server.ts keys it by the period). */
export type RecurringJob = { job: JobDefinition<Record<string, never>>; everyMs: number };

/** Finished jobs are kept this long, long enough to see what ran and what died. */
export const FINISHED_JOBS_KEPT_MS = 7 * 24 * 60 * 60_000;

const isLastAttempt = (job: Job) => job.attempts >= job.maxAttempts;

function logBackup({ log }: JobContext, made: BackupMade | null) {
  if (made?.ok) log.info(`[jobs] backup ${made.name}: ${made.sizeBytes} bytes, ${made.rows} rows, ${made.files} files`);
}

/** A handler of one kind of job, given the payload as the kind's definition reads it. */
function handle<P>(
  definition: JobDefinition<P>,
  run: (context: JobContext, payload: P, job: Job) => Promise<void>,
): [string, JobHandler] {
  return [definition.kind, (context, job) => run(context, definition.payload.parse(job.payload), job)];
}

// The recurring jobs: each carries nothing and does whatever is due when it runs.
const BANK_TRANSFER_TASKS_JOB = defineJob("bank-transfers", NO_PAYLOAD, { maxAttempts: 3 });
const RETENTION_PURGE_JOB = defineJob("retention-purge", NO_PAYLOAD, { maxAttempts: 3 });
const QUOTE_EXPIRY_JOB = defineJob("quote-expiry", NO_PAYLOAD, { maxAttempts: 3 });
const PAYMENT_RECONCILIATION_JOB = defineJob("payment-reconciliation", NO_PAYLOAD, { maxAttempts: 3 });
const STAFF_DIGEST_JOB = defineJob("staff-digest", NO_PAYLOAD, { maxAttempts: 3 });
const NIGHTLY_BACKUP_JOB = defineJob("nightly-backup", NO_PAYLOAD, { maxAttempts: 3 });

export const JOB_HANDLERS: Record<string, JobHandler> = Object.fromEntries([
  handle(MAIL_JOB, (context, { outboxId }, job) =>
    deliverOutboxMail(context, { id: outboxId, last: isLastAttempt(job) }),
  ),
  handle(SMS_JOB, (context, { outboxId }, job) =>
    deliverOutboxSms(context, { id: outboxId, last: isLastAttempt(job) }),
  ),
  handle(ORDER_PAID_JOB, (context, payload) => sendPaidOrderMessages(context, payload)),
  handle(TRANSFER_PLACED_JOB, (context, payload) => sendTransferPlacedMessages(context, payload)),
  handle(DOCUMENT_MAIL_JOB, (context, payload) => sendDocumentMail(context, payload)),
  // A catalogue import's dry run, and applying it once staff confirm (docs/decisions/066).
  handle(CATALOGUE_IMPORT_PLAN_JOB, ({ db }, { importId }) => planStoredImport(db, importId)),
  handle(CATALOGUE_IMPORT_APPLY_JOB, ({ db }, { importId }) => applyStoredImport(db, importId)),
  // A person's copy of their data (docs/decisions/084), prepared once; its last failed attempt marks it failed.
  handle(DATA_EXPORT_JOB, (context, { exportId }, job) =>
    prepareDataExport(context, { exportId, now: context.now, last: isLastAttempt(job) }),
  ),
  handle(PICTURE_RELEASE_JOB, async (context, payload) => {
    await releasePictureFiles(context, payload);
  }),
  // Reminders and expiries of bank transfers (decision 022), and the reminders of invoices on account
  // (decision 085): each at most a period late.
  handle(BANK_TRANSFER_TASKS_JOB, async (context) => {
    const { reminded, expired } = await runBankTransferTasks(context, context.now);
    if (reminded + expired > 0) context.log.info(`[jobs] bank transfers: ${reminded} reminded, ${expired} expired`);
    const account = await runAccountReminders(context, context.now);
    if (account.reminded > 0) context.log.info(`[jobs] invoices on account: ${account.reminded} reminded`);
  }),
  // The retention the Privacy Policy promises (B-17, R-POL-05): a record outlives its period by at most a period.
  handle(RETENTION_PURGE_JOB, async ({ db, now, business, storage, log }) => {
    const counts = await purgeExpiredRecords(db, { retention: business.retention, now, storage });
    const jobs = await deleteFinishedJobs(db, new Date(now.getTime() - FINISHED_JOBS_KEPT_MS));
    log.info(`[jobs] purged ${purgeSummary(counts)}; ${jobs} finished jobs`);
  }),
  handle(QUOTE_EXPIRY_JOB, async ({ db, now, log }) => {
    const expired = await markExpiredQuotes(db, now);
    if (expired > 0) log.info(`[jobs] ${expired} quotes expired`);
  }),
  handle(PAYMENT_RECONCILIATION_JOB, async (context) => {
    await reconcilePayments(context, context.now);
  }),
  // The staff's 8:00 digest (docs/decisions/077): each run from 8:00 finds it sent already, by its key.
  handle(STAFF_DIGEST_JOB, async (context) => {
    await sendStaffDigest(context, context.now);
  }),
  // The nightly backup (docs/decisions/083): each run from 02:00 London finds whether today's is made.
  handle(NIGHTLY_BACKUP_JOB, async (context) => {
    if (context.backups)
      logBackup(context, await runNightlyBackup({ ...context, backups: context.backups }, context.now));
  }),
  // One staff asked for on /admin, made by the process that holds the database.
  handle(BACKUP_NOW_JOB, async (context) => {
    if (context.backups) logBackup(context, await makeBackup({ ...context, backups: context.backups }, context.now));
  }),
]);

export const RECURRING_JOBS: readonly RecurringJob[] = [
  { job: BANK_TRANSFER_TASKS_JOB, everyMs: 15 * 60_000 },
  { job: RETENTION_PURGE_JOB, everyMs: 60 * 60_000 },
  { job: QUOTE_EXPIRY_JOB, everyMs: 60 * 60_000 },
  // A payment is asked about from 15 minutes old, so it is settled by at most 20.
  { job: PAYMENT_RECONCILIATION_JOB, everyMs: 5 * 60_000 },
  { job: STAFF_DIGEST_JOB, everyMs: 15 * 60_000 },
  { job: NIGHTLY_BACKUP_JOB, everyMs: 15 * 60_000 },
];
