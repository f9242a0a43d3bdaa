/**
 * The SMS marketing list: double opt-in sign-ups with recorded consent, confirmation by reply or link,
 * STOP, START and unsubscribe (decision 034; A-21, B-14).
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { hashToken } from "../platform/token-hash.server";
import { and, eq, gt, isNotNull, isNull, or, sql } from "drizzle-orm";
import { smsSignups } from "#db/schema";
import { SMS_CONSENT_TEXT } from "~/content/sms-prompt";
import { SITE } from "~/content/links";
import { secondsToLondonMidnight } from "~/domain/core/dates";
import { maskedPhone } from "~/domain/people/sms-keywords";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { type Failure, failure, type Parsed } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { SMS_LIST_BUDGET, sendListSms, sendSms, smsBudgetUsed, takeSmsBudget } from "../messages/sms.server";

/** Sign-ups one address may make per hour (B-14, B-22). */
export const SMS_SIGNUP_LIMIT_PER_HOUR = 10;
/**
 * Sign-up requests one number may get per day, whatever state it is in, so the answer says nothing
 * about the number (docs/decisions/034-sms-double-opt-in.md); it bounds the texts asking it for YES.
 */
export const SMS_SIGNUPS_PER_NUMBER_PER_DAY = 3;
/** How long a sign-up waits for its YES or its link before it must be asked again. */
export const SMS_CONFIRM_HOURS = 48;

export const SMS_SIGNUP_MESSAGES = {
  tooManyFromHere: "Too many sign-ups. Please try again later.",
  tooManyForNumber: `This number has been signed up ${SMS_SIGNUPS_PER_NUMBER_PER_DAY} times today. Please try again tomorrow.`,
  dailyLimit: "We can't send any more sign-up texts today. Please try again tomorrow.",
} as const;

export type SmsSignupOutcome =
  | { status: "saved"; id: string }
  | { status: "refused"; message: string; retryAfterSeconds: number };

/** What the SMS list's texts need: the database, the origin and secret of their links, and the day's budget. */
type SmsListContext = Pick<AppContext, "db" | "baseUrl" | "authSecret" | "smsDailyLimit" | "log" | "clock">;

/** A number a text or a link acts on, and when (by default, now). */
type NumberAt = { phoneE164: string; now?: Date };

const DAY_SECONDS = 24 * 60 * 60;

/**
 * A web sign-up for the SMS list: double opt-in (docs/decisions/034-sms-double-opt-in.md). The
 * consent wording shown and the time are recorded (A-21, PECR; the server's own copy, never the
 * request's) and the number gets ONE text asking it to reply YES or open a single-use link; nothing
 * else is sent to it until it does. A number already confirmed, or one that replied STOP, is sent
 * nothing and left as it is (only START from the phone brings a stopped number back), and the answer
 * is the same 201 in every case, so the form tells nobody which numbers are on the list.
 * Refused with a reason: past SMS_SIGNUP_LIMIT_PER_HOUR from one address, past
 * SMS_SIGNUPS_PER_NUMBER_PER_DAY for one number (counted for every number alike), and once the
 * day's list budget (SMS_DAILY_LIMIT) is spent (checked for every number alike, too).
 */
export async function saveSmsSignup(
  ctx: SmsListContext,
  {
    now = ctx.clock(),
    ...input
  }: { phoneE164: string; sourcePage?: string; userId?: string | null; ip: string; now?: Date },
): Promise<SmsSignupOutcome> {
  const { db } = ctx;
  const fromHere = await hitRateLimit(db, {
    key: `sms:${input.ip}`,
    limit: SMS_SIGNUP_LIMIT_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!fromHere.allowed) {
    return {
      status: "refused",
      message: SMS_SIGNUP_MESSAGES.tooManyFromHere,
      retryAfterSeconds: fromHere.retryAfterSeconds,
    };
  }
  const forNumber = await hitRateLimit(db, {
    key: `sms-signup-number:${input.phoneE164}`,
    limit: SMS_SIGNUPS_PER_NUMBER_PER_DAY,
    windowSeconds: DAY_SECONDS,
  });
  if (!forNumber.allowed) {
    return {
      status: "refused",
      message: SMS_SIGNUP_MESSAGES.tooManyForNumber,
      retryAfterSeconds: forNumber.retryAfterSeconds,
    };
  }
  const spent = { status: "refused", message: SMS_SIGNUP_MESSAGES.dailyLimit } as const;
  const limit = ctx.smsDailyLimit;
  if ((await smsBudgetUsed(db, { budget: SMS_LIST_BUDGET, now })) >= limit) {
    return { ...spent, retryAfterSeconds: secondsToLondonMidnight(now) };
  }

  const [listed] = await db
    .select({ id: smsSignups.id, optedOutAt: smsSignups.optedOutAt, confirmedAt: smsSignups.confirmedAt })
    .from(smsSignups)
    .where(eq(smsSignups.phoneE164, input.phoneE164));
  if (listed && (listed.optedOutAt !== null || listed.confirmedAt !== null)) return { status: "saved", id: listed.id };

  if (!(await takeSmsBudget(db, { budget: SMS_LIST_BUDGET, limit, now }))) {
    return { ...spent, retryAfterSeconds: secondsToLondonMidnight(now) };
  }
  const token = randomBytes(32).toString("base64url");
  const pending = {
    consentText: SMS_CONSENT_TEXT,
    consentAt: now,
    sourcePage: input.sourcePage ?? null,
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: new Date(now.getTime() + SMS_CONFIRM_HOURS * 3600 * 1000),
  };
  const [row] = await db
    .insert(smsSignups)
    .values({ phoneE164: input.phoneE164, userId: input.userId ?? null, ...pending })
    .onConflictDoUpdate({
      target: smsSignups.phoneE164,
      set: { ...pending, userId: sql`coalesce(excluded.user_id, ${smsSignups.userId})` },
      // A number that confirmed or said STOP meanwhile keeps its state.
      setWhere: sql`${smsSignups.confirmedAt} is null and ${smsSignups.optedOutAt} is null`,
    })
    .returning({ id: smsSignups.id });
  if (!row) {
    const [current] = await db
      .select({ id: smsSignups.id })
      .from(smsSignups)
      .where(eq(smsSignups.phoneE164, input.phoneE164));
    if (!current) throw new Error("Saving the SMS sign-up found no row");
    return { status: "saved", id: current.id };
  }
  // The consent is recorded either way; a provider that is down costs the text, not the sign-up.
  await sendSms(db, {
    to: input.phoneE164,
    text: `${SITE.name}: reply YES to get our monthly product updates by text, or confirm at ${smsConfirmUrl(ctx.baseUrl, token)} (valid ${SMS_CONFIRM_HOURS} hours). Not you? Ignore this, or reply STOP and we won't text this number again.`,
    meta: { kind: "sms-list-confirm" },
  }).catch((error: unknown) => {
    ctx.log.error(`[sms] the confirmation request to ${input.phoneE164} was not sent`, error);
  });
  return { status: "saved", id: row.id };
}

export function smsConfirmUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/sms/confirm?t=${token}`;
}

/** The text a number gets once it has confirmed: how to leave, by STOP or by its signed link. */
async function sendWelcome(ctx: SmsListContext, phoneE164: string, now: Date): Promise<void> {
  const sent = await sendListSms(ctx.db, {
    message: {
      to: phoneE164,
      text: `You're signed up for monthly product updates from ${SITE.name}. Reply STOP to opt out, or open ${smsUnsubscribeUrl(ctx, phoneE164)}`,
      meta: { kind: "sms-list-welcome" },
    },
    limit: ctx.smsDailyLimit,
    now,
  }).catch((error: unknown) => {
    ctx.log.error(`[sms] the welcome text to ${phoneE164} was not sent`, error);
    return true;
  });
  if (!sent) ctx.log.warn(`[sms] no welcome text to ${phoneE164}: today's SMS_DAILY_LIMIT is spent`);
}

/**
 * YES from the phone: confirms its pending sign-up while the request is live (SMS_CONFIRM_HOURS).
 * A number that said STOP needs START; one never asked, or asked too long ago, must sign up again.
 */
export async function confirmSmsByReply(ctx: SmsListContext, { phoneE164, now = ctx.clock() }: NumberAt) {
  const rows = await ctx.db
    .update(smsSignups)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(smsSignups.phoneE164, phoneE164),
        isNull(smsSignups.confirmedAt),
        isNull(smsSignups.optedOutAt),
        gt(smsSignups.confirmExpiresAt, now),
      ),
    )
    .returning({ id: smsSignups.id });
  if (rows.length === 0) return false;
  await sendWelcome(ctx, phoneE164, now);
  return true;
}

/** Links to the confirmation page one address may open or press per hour. */
export const SMS_CONFIRM_LIMIT_PER_HOUR = 20;

export const SMS_CONFIRM_MESSAGES = {
  badLink:
    "This confirmation link has expired, has already been used or is incomplete. Sign up again on our site for a new one, or reply YES to our text if it came in the last 48 hours.",
  tooMany: "Too many confirmation requests from this connection. Please try again later, or reply YES to our text.",
} as const;

const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Counts an opening or a press of a confirmation link from `ip`: 429 past the hour's limit. */
async function confirmLimited(db: Database, ip: string): Promise<Failure | null> {
  const limit = await hitRateLimit(db, {
    key: `sms-confirm:${ip}`,
    limit: SMS_CONFIRM_LIMIT_PER_HOUR,
    windowSeconds: 3600,
  });
  return limit.allowed
    ? null
    : failure(429, "RATE_LIMITED", SMS_CONFIRM_MESSAGES.tooMany, { retryAfterSeconds: limit.retryAfterSeconds });
}

/** The live pending sign-up a confirmation token names, or null. */
async function pendingOfToken(db: Database, token: string, now: Date) {
  if (!CONFIRM_TOKEN.test(token)) return null;
  const [row] = await db
    .select({ id: smsSignups.id, phone: smsSignups.phoneE164 })
    .from(smsSignups)
    .where(
      and(
        eq(smsSignups.confirmTokenHash, hashToken(token)),
        isNull(smsSignups.confirmedAt),
        isNull(smsSignups.optedOutAt),
        gt(smsSignups.confirmExpiresAt, now),
      ),
    );
  return row ?? null;
}

/** The confirmation page's view of a link: the masked number it confirms. Opening it changes nothing. */
export async function confirmationLink(
  db: Database,
  { now = new Date(), ...input }: { token: string; ip: string; now?: Date },
): Promise<Parsed<{ phone: string }>> {
  const limited = await confirmLimited(db, input.ip);
  if (limited) return limited;
  const row = await pendingOfToken(db, input.token, now);
  if (!row) return failure(400, "BAD_LINK", SMS_CONFIRM_MESSAGES.badLink);
  return { ok: true, value: { phone: maskedPhone(row.phone) } };
}

/** The confirmation page's button: confirms the link's number, once; the link is spent by it. */
export async function confirmSmsByLink(
  ctx: SmsListContext,
  { now = ctx.clock(), ...input }: { token: string; ip: string; now?: Date },
): Promise<Parsed<{ phone: string }>> {
  const { db } = ctx;
  const limited = await confirmLimited(db, input.ip);
  if (limited) return limited;
  if (!CONFIRM_TOKEN.test(input.token)) return failure(400, "BAD_LINK", SMS_CONFIRM_MESSAGES.badLink);
  const [row] = await db
    .update(smsSignups)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(
      and(
        eq(smsSignups.confirmTokenHash, hashToken(input.token)),
        isNull(smsSignups.confirmedAt),
        isNull(smsSignups.optedOutAt),
        gt(smsSignups.confirmExpiresAt, now),
      ),
    )
    .returning({ phone: smsSignups.phoneE164 });
  if (!row) return failure(400, "BAD_LINK", SMS_CONFIRM_MESSAGES.badLink);
  await sendWelcome(ctx, row.phone, now);
  return { ok: true, value: { phone: maskedPhone(row.phone) } };
}

/**
 * Opts a number out (a STOP text or the unsubscribe link), pending or confirmed; a pending sign-up's
 * link dies with it. The first opt-out's time is kept, so a repeated STOP neither moves the purge
 * date nor fails. Answers whether the number is on the list.
 */
export async function optOutSms(db: Database, { phoneE164, now = new Date() }: NumberAt): Promise<boolean> {
  const rows = await db
    .update(smsSignups)
    .set({
      optedOutAt: sql`coalesce(${smsSignups.optedOutAt}, ${now.toISOString()}::timestamptz)`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(eq(smsSignups.phoneE164, phoneE164))
    .returning({ id: smsSignups.id });
  return rows.length > 0;
}

/**
 * START from the phone: the only way back for a number that said STOP. It is the phone's own
 * consent, so it also confirms a sign-up that never was. A number that never signed up, or whose
 * record was purged, is not added: the web form and its YES are the way on.
 */
export async function resumeSms(db: Database, { phoneE164, now = new Date() }: NumberAt): Promise<boolean> {
  const rows = await db
    .update(smsSignups)
    .set({
      optedOutAt: null,
      confirmedAt: sql`coalesce(${smsSignups.confirmedAt}, ${now.toISOString()}::timestamptz)`,
      confirmTokenHash: null,
      confirmExpiresAt: null,
    })
    .where(
      and(eq(smsSignups.phoneE164, phoneE164), or(isNotNull(smsSignups.optedOutAt), isNull(smsSignups.confirmedAt))),
    )
    .returning({ id: smsSignups.id });
  return rows.length > 0;
}

/** Where a number stands: confirmed and not opted out, waiting for its YES, opted out, or null when unknown. */
export async function smsListStatus(
  db: Database,
  phoneE164: string,
): Promise<"subscribed" | "pending" | "opted_out" | null> {
  const [row] = await db
    .select({ optedOutAt: smsSignups.optedOutAt, confirmedAt: smsSignups.confirmedAt })
    .from(smsSignups)
    .where(eq(smsSignups.phoneE164, phoneE164));
  if (!row) return null;
  if (row.optedOutAt !== null) return "opted_out";
  return row.confirmedAt === null ? "pending" : "subscribed";
}

/** What an unsubscribe link is signed with: the server's secret, the one better-auth signs with. */
type Signer = Pick<AppContext, "authSecret">;

/** The unsubscribe link's signature: HMAC-SHA256 of the number with the server's secret. */
function signature({ authSecret }: Signer, phoneE164: string): Buffer {
  return createHmac("sha256", authSecret).update(`sms-unsubscribe:${phoneE164}`).digest();
}

/** The token in a number's unsubscribe link: the number and its signature, both base64url. It does not expire. */
export function smsUnsubscribeToken(ctx: Signer, phoneE164: string): string {
  return `${Buffer.from(phoneE164).toString("base64url")}.${signature(ctx, phoneE164).toString("base64url")}`;
}

export function smsUnsubscribeUrl(ctx: Signer & Pick<AppContext, "baseUrl">, phoneE164: string): string {
  return `${ctx.baseUrl}/sms/unsubscribe?t=${smsUnsubscribeToken(ctx, phoneE164)}`;
}

const TOKEN = /^([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{43})$/;

/** The number a token was made for, or null when it is malformed or its signature does not match. */
export function phoneOfUnsubscribeToken(ctx: Signer, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const phone = Buffer.from(match[1], "base64url").toString("utf8");
  if (!/^\+[1-9]\d{7,14}$/.test(phone)) return null;
  // Compared as written, not as decoded: the last character of a base64url string carries bits that
  // decoding drops, so a link changed only there would otherwise still be read.
  if (Buffer.from(phone).toString("base64url") !== match[1]) return null;
  const given = Buffer.from(match[2]);
  const expected = Buffer.from(signature(ctx, phone).toString("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? phone : null;
}

/** Unsubscribe presses one address may make per hour. */
export const SMS_UNSUBSCRIBE_LIMIT_PER_HOUR = 20;

export const SMS_UNSUBSCRIBE_MESSAGES = {
  badLink:
    "This unsubscribe link is incomplete or has been changed. Open the whole link from our text message, or reply STOP to any of our texts.",
  tooMany: "Too many unsubscribe requests from this connection. Please try again later, or reply STOP to our texts.",
} as const;

/** The unsubscribe page's view of a link: the masked number and whether it is still on the list. */
export async function unsubscribeLink(
  ctx: Signer & Pick<AppContext, "db">,
  token: string,
): Promise<Parsed<{ phone: string; subscribed: boolean }>> {
  const { db } = ctx;
  const phone = phoneOfUnsubscribeToken(ctx, token);
  if (!phone) return failure(400, "BAD_LINK", SMS_UNSUBSCRIBE_MESSAGES.badLink);
  return {
    ok: true,
    value: { phone: maskedPhone(phone), subscribed: (await smsListStatus(db, phone)) === "subscribed" },
  };
}

/** The unsubscribe page's button: opts the link's number out, as often as it is pressed. */
export async function unsubscribeByLink(
  ctx: Signer & Pick<AppContext, "db">,
  input: { token: string; ip: string },
): Promise<Parsed<{ phone: string }>> {
  const { db } = ctx;
  const limit = await hitRateLimit(db, {
    key: `sms-unsubscribe:${input.ip}`,
    limit: SMS_UNSUBSCRIBE_LIMIT_PER_HOUR,
    windowSeconds: 3600,
  });
  if (!limit.allowed) {
    return failure(429, "RATE_LIMITED", SMS_UNSUBSCRIBE_MESSAGES.tooMany, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const phone = phoneOfUnsubscribeToken(ctx, input.token);
  if (!phone) return failure(400, "BAD_LINK", SMS_UNSUBSCRIBE_MESSAGES.badLink);
  await optOutSms(db, { phoneE164: phone });
  return { ok: true, value: { phone: maskedPhone(phone) } };
}
