/**
 * Text messages: the outbox or a Twilio-compatible provider, sent as jobs with retries, and the daily
 * budget of list texts (decisions 030, 034).
 */
import type { AppContext } from "../providers/app-context.server";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { outbox } from "#db/schema";
import { londonToday } from "~/domain/core/dates";
import { queryRows, type Database } from "../platform/db.server";
import { defineJob, enqueue } from "./jobs.server";
import { type OutboxDelivery, queuedOutboxRow, recordFailedAttempt } from "./mail.server";
import type { SmsProviderConfig } from "../providers/sms-provider.server";

export type SmsMessage = { to: string; text: string; meta?: Record<string, unknown> };

/** An inbound text's webhook is a dozen short fields; anything near this is not from the provider. */
export const SMS_INBOUND_MAX_BYTES = 16 * 1024;

/**
 * Inbound webhook calls one address may make a minute. Generous: a wave of STOP replies to one send
 * comes from the provider's few addresses, and Twilio itself stops texting a number that sent STOP.
 */
export const SMS_INBOUND_LIMIT = { hits: 600, windowSeconds: 60 } as const;

/** How long the provider has to accept a text before the request gives up. */
export const SMS_PROVIDER_TIMEOUT_MS = 10_000;

/** The outbox's copy of a text sent for real never holds its one-time code: the phone has it. */
function auditCopy(message: SmsMessage): SmsMessage {
  const { code, ...meta } = message.meta ?? {};
  return typeof code === "string" && code !== ""
    ? { ...message, text: message.text.replaceAll(code, "••••••"), meta }
    : message;
}

/** Posts one text to the provider; answers the provider's message id. A refusal throws with its own message. */
async function postText(config: SmsProviderConfig, message: SmsMessage, timeoutMs: number): Promise<string | null> {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ To: message.to, From: config.from, Body: message.text }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const answer = (await response.json().catch(() => null)) as { sid?: unknown; message?: unknown } | null;
  if (!response.ok) {
    const reason = typeof answer?.message === "string" ? answer.message : response.statusText;
    throw new Error(`The SMS provider refused the text to ${message.to} (${response.status}): ${reason}`);
  }
  return typeof answer?.sid === "string" ? answer.sid : null;
}

/**
 * Whether an inbound request carries Twilio's signature: X-Twilio-Signature is the base64 HMAC-SHA1,
 * keyed with the auth token, of the full URL Twilio called followed by each POST parameter's name
 * and value, sorted by name.
 */
export function isTwilioSigned(input: {
  authToken: string;
  url: string;
  params: URLSearchParams;
  signature: string | null;
}): boolean {
  if (!input.signature) return false;
  const pairs = [...input.params].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
  const payload = input.url + pairs.map(([name, value]) => name + value).join("");
  const expected = createHmac("sha1", input.authToken).update(payload).digest();
  const given = Buffer.from(input.signature, "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The job that sends one queued text (job-handlers.server.ts). A text carries a code that lasts
 * minutes: four quick attempts, then it is given up.
 */
export const SMS_JOB = defineJob("sms", z.object({ outboxId: z.number().int().positive() }), { maxAttempts: 4 });

/**
 * Puts a text in the outbox with the job that sends it (decision 030), in the caller's transaction
 * when `db` is one. The job sends it through the provider with retries, its code blanked from the row
 * once it is sent; without a provider it is kept there.
 */
export async function sendSms(db: Database, message: SmsMessage): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({
        status: "queued",
        to: message.to,
        subject: "SMS",
        text: message.text,
        meta: { channel: "sms", ...message.meta },
      })
      .returning({ id: outbox.id });
    await enqueue(tx, { job: SMS_JOB, payload: { outboxId: row!.id } });
  });
}

/** The outbox row of a text as it stays once its job is over: the code blanked, the provider's id kept. */
function finishedText(row: { text: string; meta: unknown }, extra: Record<string, unknown>) {
  const meta = (row.meta ?? {}) as Record<string, unknown>;
  const copy = auditCopy({ to: "", text: row.text, meta });
  return { text: copy.text, meta: { ...copy.meta, ...extra } };
}

/**
 * The SMS job: sends one queued text through the provider and marks it sent. A refusal counts the
 * attempt and throws, so the queue retries; the last one marks it failed. Either way the code leaves
 * the row when it is over. Without a provider the text is kept in the outbox; the log shows it only
 * on a machine without a mail server either (a developer's), where reading a code there is the
 * point: a deployment's log never holds a code.
 */
export async function deliverOutboxSms(
  context: Pick<AppContext, "db" | "sms" | "mailer" | "log">,
  { id, last }: OutboxDelivery,
): Promise<void> {
  const { db, sms: config } = context;
  const row = await queuedOutboxRow(db, id);
  if (!row) return;
  if (!config) {
    await db.update(outbox).set({ status: "kept" }).where(eq(outbox.id, id));
    context.log.info(
      context.mailer ? `[outbox] SMS to ${row.to} kept in the outbox` : `[outbox] SMS to ${row.to}: ${row.text}`,
    );
    return;
  }
  const meta = (row.meta ?? {}) as Record<string, unknown>;
  let providerId: string | null;
  try {
    providerId = await postText(config, { to: row.to, text: row.text, meta }, SMS_PROVIDER_TIMEOUT_MS);
  } catch (error) {
    await recordFailedAttempt(db, { id, error, last });
    if (last) await db.update(outbox).set(finishedText(row, {})).where(eq(outbox.id, id));
    throw error;
  }
  await db
    .update(outbox)
    .set({
      ...finishedText(row, { provider: "twilio", providerId }),
      status: "sent",
      sentAt: new Date(),
      attempts: sql`${outbox.attempts} + 1`,
      lastError: null,
    })
    .where(eq(outbox.id, id));
}

/**
 * The shop's budget of list texts (docs/decisions/034-sms-double-opt-in.md): everything sent to
 * the SMS list, or to a number asking to join it, is counted here per Europe/London day. Sign-in
 * and verification codes are not: they are bounded per account and per number by their own limits,
 * and a budget spent by strangers' sign-ups must never lock a customer out of their account.
 */
export const SMS_LIST_BUDGET = "list";

/**
 * Takes one text from `budget` for the day of `now` when fewer than `limit` were taken; answers
 * whether it did. One conditional upsert, so concurrent callers in any number of processes never
 * take more than `limit` between them: a row at the limit is not updated and returns nothing.
 */
export async function takeSmsBudget(
  db: Database,
  input: { budget: string; limit: number; now?: Date },
): Promise<boolean> {
  if (input.limit <= 0) return false;
  const day = londonToday(input.now ?? new Date());
  const rows = await queryRows<{ count: number }>(
    db,
    sql`insert into sms_daily_counts (day, budget, count) values (${day}, ${input.budget}, 1)
        on conflict (day, budget) do update set count = sms_daily_counts.count + 1
        where sms_daily_counts.count < ${input.limit}
        returning count`,
  );
  return rows.length > 0;
}

/** How many texts `budget` has given out on the day of `now`. */
export async function smsBudgetUsed(db: Database, input: { budget: string; now?: Date }): Promise<number> {
  const day = londonToday(input.now ?? new Date());
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count from sms_daily_counts where day = ${day} and budget = ${input.budget}`,
  );
  return row?.count ?? 0;
}

/**
 * Sends a text to the SMS list (or to a number asking to join it) if today's list budget (`limit`,
 * SMS_DAILY_LIMIT) has one left; answers whether it was sent. Every list text goes through here.
 */
export async function sendListSms(
  db: Database,
  input: { message: SmsMessage; limit: number; now?: Date },
): Promise<boolean> {
  if (!(await takeSmsBudget(db, { budget: SMS_LIST_BUDGET, limit: input.limit, now: input.now }))) return false;
  await sendSms(db, input.message);
  return true;
}
