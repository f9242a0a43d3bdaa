/**
 * E-mail: written to the outbox with its job in the caller's transaction, then sent over SMTP by the job
 * queue with retries (decision 030).
 */
import type { AppContext } from "../providers/app-context.server";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type OutboxAttachment, outbox } from "#db/schema";
import { escapeHtml } from "~/domain/core/html";
import type { Database } from "../platform/db.server";
import { defineJob, enqueue } from "./jobs.server";

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Kept with outbox rows (e.g. { kind: 'sign-in-code' }); never sent. */
  meta?: Record<string, unknown>;
  /** Files sent with the message (a document's PDF); kept in the outbox until it is sent. */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
  /** Sent once: a second message with the same key is not written (a job that ran twice). */
  key?: string;
};

/**
 * The job that sends one queued outbox row over SMTP (job-handlers.server.ts). Eight attempts: with
 * the queue's backoff, about two hours before a message is given up as failed.
 */
export const MAIL_JOB = defineJob("mail", z.object({ outboxId: z.number().int().positive() }), { maxAttempts: 8 });
/**
 * The files of one message, at most: a document PDF is tens of kilobytes, so this only stops a
 * mistake from filling the outbox (decision 030 says why bytes are kept rather than rebuilt).
 */
export const MAIL_ATTACHMENTS_MAX_BYTES = 5 * 1024 * 1024;

function storedAttachments(mail: Mail): OutboxAttachment[] | null {
  if (!mail.attachments?.length) return null;
  const bytes = mail.attachments.reduce((total, file) => total + file.content.length, 0);
  if (bytes > MAIL_ATTACHMENTS_MAX_BYTES) {
    throw new Error(`The files of "${mail.subject}" are ${bytes} bytes, over ${MAIL_ATTACHMENTS_MAX_BYTES}`);
  }
  return mail.attachments.map((file) => ({
    filename: file.filename,
    contentType: file.contentType,
    base64: file.content.toString("base64"),
  }));
}

/**
 * Puts the message in the outbox with the job that sends it (decision 030): the row and its job are
 * written in one transaction, inside the caller's when `db` is one, so a change rolled back sends
 * nothing. The job sends it over SMTP with retries, or, on a machine without a mail server, keeps it
 * and logs it, so a local user can read their sign-in code. A message with a key that was written
 * before is not written again.
 */
export async function sendMail(db: Database, mail: Mail): Promise<void> {
  const meta = mail.attachments?.length
    ? { ...mail.meta, attachments: mail.attachments.map((file) => file.filename) }
    : (mail.meta ?? null);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        meta,
        key: mail.key ?? null,
        status: "queued",
        attachments: storedAttachments(mail),
      })
      .onConflictDoNothing()
      .returning({ id: outbox.id });
    if (row) await enqueue(tx, { job: MAIL_JOB, payload: { outboxId: row.id } });
  });
}

type OutboxRow = typeof outbox.$inferSelect;

/** Records an attempt that failed; on the last one the message is marked failed for good. */
export async function recordFailedAttempt(
  db: Database,
  { id, error, last }: { id: number; error: unknown; last: boolean },
) {
  await db
    .update(outbox)
    .set({
      attempts: sql`${outbox.attempts} + 1`,
      lastError: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
      ...(last ? { status: "failed" } : {}),
    })
    .where(eq(outbox.id, id));
}

/** What stands in a sent message's row for its code or link. */
export const BLANKED_SECRET = "••••••";

/**
 * The outbox row of a message as it stays once its job is over: its one-time code and its link
 * (meta.code, meta.url: a sign-in or verification code, a reset or invitation link) blanked from
 * subject, text and HTML and dropped from meta. The recipient has them; the table, read by staff
 * and kept for weeks, must not be a second way in. A message kept without SMTP stays readable.
 */
export function finishedMail(row: Pick<OutboxRow, "subject" | "text" | "html" | "meta">) {
  const { code, url, ...meta } = (row.meta ?? {}) as Record<string, unknown>;
  const secrets = [code, url].filter((secret): secret is string => typeof secret === "string" && secret !== "");
  // The longest first, so a code inside a link does not leave the rest of the link behind.
  secrets.sort((a, b) => b.length - a.length);
  const blank = (text: string) =>
    secrets.reduce(
      (blanked, secret) => blanked.replaceAll(secret, BLANKED_SECRET).replaceAll(escapeHtml(secret), BLANKED_SECRET),
      text,
    );
  return {
    subject: blank(row.subject),
    text: blank(row.text),
    html: row.html === null ? null : blank(row.html),
    meta: row.meta === null ? null : meta,
  };
}

/** One attempt at sending outbox row `id`; `last` when the queue gives it no more. */
export type OutboxDelivery = { id: number; last: boolean };

/** A queued outbox row, or null when it was sent already (a retried job) or purged. */
export async function queuedOutboxRow(db: Database, id: number): Promise<OutboxRow | null> {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row?.status === "queued" ? row : null;
}

/**
 * The mail job: sends one queued outbox row through the mailer and marks it sent, dropping its
 * files' bytes and blanking its code or link (finishedMail).
 * A send that fails throws after counting the attempt, and the queue retries it; the message was
 * last attempt's when `last` is true. Without a mailer (no SMTP_URL) the message is kept and logged.
 */
export async function deliverOutboxMail(
  context: Pick<AppContext, "db" | "mailer" | "log">,
  { id, last }: OutboxDelivery,
): Promise<void> {
  const { db, mailer } = context;
  const row = await queuedOutboxRow(db, id);
  if (!row) return;
  if (!mailer) {
    await db.update(outbox).set({ status: "kept", attachments: null }).where(eq(outbox.id, id));
    context.log.info(`[outbox] to ${row.to}: ${row.subject}\n${row.text}\n`);
    return;
  }
  try {
    await mailer.send({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
      attachments: row.attachments?.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        content: Buffer.from(file.base64, "base64"),
      })),
    });
  } catch (error) {
    await recordFailedAttempt(db, { id, error, last });
    if (last) await db.update(outbox).set(finishedMail(row)).where(eq(outbox.id, id));
    throw error;
  }
  await db
    .update(outbox)
    .set({
      ...finishedMail(row),
      status: "sent",
      sentAt: new Date(),
      attempts: sql`${outbox.attempts} + 1`,
      lastError: null,
      attachments: null,
    })
    .where(eq(outbox.id, id));
}
