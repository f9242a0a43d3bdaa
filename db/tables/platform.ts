import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/** A file sent with a message, kept until the message is sent so a retry can attach it again. */
export type OutboxAttachment = { filename: string; contentType: string; base64: string };

/**
 * Every e-mail and text the shop sends (decision 028). Without SMTP_URL (or an SMS provider) a
 * message stays here as `kept`, so a local user can read their codes (DESIGN.md "e-mail");
 * otherwise it is `queued` with a job that sends it and marks it `sent`, or `failed` once the job
 * gives up.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    meta: jsonb("meta"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").notNull().default("kept"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
    /** Dropped once sent: the outbox keeps the file names (meta.attachments) for its whole period. */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>(),
    /**
     * Set on a message that must go once whatever retries its job (an order's confirmation, a staff
     * alert): a second message with the same key is not written (decision 030).
     */
    key: text("key"),
  },
  (t) => [
    index("outbox_to_idx").on(t.to, t.createdAt.desc()),
    uniqueIndex("outbox_key_idx").on(t.key),
    check("outbox_status_check", sql`status in ('kept', 'queued', 'sent', 'failed')`),
  ],
);

/**
 * The durable job queue (decision 030): claimed with `for update skip locked`
 * under a lease (`locked_until`), so each job runs in one process at a time and a worker that dies
 * mid-job leaves it to be taken again when the lease runs out. `key` makes an enqueue happen once
 * across processes (a recurring job's key names its period).
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    key: text("key"),
    status: text("status").notNull().default("queued"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("jobs_key_idx").on(t.key),
    index("jobs_due_idx").on(t.runAt).where(sql`status in ('queued', 'running')`),
    index("jobs_finished_idx").on(t.finishedAt).where(sql`finished_at is not null`),
    check("jobs_status_check", sql`status in ('queued', 'running', 'done', 'dead')`),
  ],
);

/** Fixed-window counters shared by every process on the database (abuse limits, B-22). */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
});

/**
 * The one queue of artwork checks across processes (decision 033): a row per check asked for,
 * claimed fairly between accounts and at most one running per account (the unique partial index),
 * under a lease a dead process's successor takes over. Rows of the last hour also count each
 * account's checks against its hourly limit; finished ones older than that are deleted at the next
 * enqueue, so the table holds about an hour's checks.
 */
export const preflightChecks = pgTable(
  "preflight_checks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    storedName: text("stored_name").notNull(),
    size: integer("size").notNull(),
    status: text("status").notNull().default("queued"),
    result: jsonb("result"),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("preflight_checks_one_running_idx").on(t.userId).where(sql`status = 'running'`),
    index("preflight_checks_user_idx").on(t.userId, t.createdAt),
    index("preflight_checks_waiting_idx").on(t.id).where(sql`status in ('queued', 'running')`),
    index("preflight_checks_finished_idx").on(t.createdAt).where(sql`status in ('done', 'abandoned')`),
    check("preflight_checks_status_check", sql`status in ('queued', 'running', 'done', 'abandoned')`),
  ],
);

/**
 * The shop's backups (docs/decisions/083-backups-that-restore.md), made by the nightly job or
 * `npm run backup`: `running` while one is made (at most one at a time, however many processes),
 * then `done` with where it went and its size, or `failed` with why. /admin shows the last one.
 */
export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    status: text("status", { enum: ["running", "done", "failed"] })
      .notNull()
      .default("running"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The archive's name (swag-backup-….tar) and where it was put: a directory or s3://bucket/key. */
    name: text("name").notNull(),
    location: text("location"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    error: text("error"),
  },
  (t) => [
    check("backups_status", sql`${t.status} in ('running', 'done', 'failed')`),
    uniqueIndex("backups_one_running").on(t.status).where(sql`${t.status} = 'running'`),
    index("backups_started").on(t.startedAt),
  ],
);

/**
 * A person's data prepared as a download (docs/decisions/084-data-export-and-account-deletion.md):
 * asked for by the person (`requested_by_staff` null; they download it from /account) or by staff
 * for a person who wrote in (staff download it to send). `preparing` until the job has written the
 * ZIP to the uploads store, then `ready` until `expires_at`, when the retention purge deletes the
 * row and the file; `failed` with the reason otherwise.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    requestedByStaff: text("requested_by_staff"),
    status: text("status", { enum: ["preparing", "ready", "failed"] })
      .notNull()
      .default("preparing"),
    storedName: text("stored_name"),
    sizeBytes: integer("size_bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    error: text("error"),
  },
  (t) => [
    check("data_exports_status", sql`${t.status} in ('preparing', 'ready', 'failed')`),
    index("data_exports_user").on(t.userId, t.createdAt),
  ],
);
