import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { smsSignups } from "#db/schema";
import { SMS_CONSENT_TEXT } from "~/content/contact";
import { SITE } from "~/content/links";
import { maskedPhone, smsKeyword } from "~/domain/sms-keywords";
import { authFor } from "./auth.server";
import type { Database } from "./db.server";
import { getEnv } from "./env.server";
import { failure, type Parsed } from "./http.server";
import { hitRateLimit } from "./rate-limit.server";
import { isTwilioSigned, SMS_INBOUND_LIMIT, SMS_INBOUND_MAX_BYTES, sendSms, smsProviderConfig } from "./sms.server";

/** Sign-ups one address may make per hour (B-14, B-22). */
export const SMS_SIGNUP_LIMIT_PER_HOUR = 10;

export type SmsSignupOutcome = { status: "saved"; id: string } | { status: "rate_limited"; retryAfterSeconds: number };

/**
 * Records an SMS opt-in with the wording shown and the time (A-21, PECR). The consent text is the
 * server's own copy, never the request's. Signing up again refreshes the consent on the same row and
 * clears an opt-out (issue 18 item 5). A number whose consent is new (never on the list, or back after
 * opting out) is sent one text saying how to leave: reply STOP or open its unsubscribe link.
 */
export async function saveSmsSignup(
  db: Database,
  input: {
    phoneE164: string;
    sourcePage?: string;
    userId?: string | null;
    ip: string;
  },
): Promise<SmsSignupOutcome> {
  const limit = await hitRateLimit(db, `sms:${input.ip}`, SMS_SIGNUP_LIMIT_PER_HOUR, 3600);
  if (!limit.allowed) return { status: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const [listed] = await db
    .select({ optedOutAt: smsSignups.optedOutAt })
    .from(smsSignups)
    .where(eq(smsSignups.phoneE164, input.phoneE164));
  const now = new Date();
  const [row] = await db
    .insert(smsSignups)
    .values({
      phoneE164: input.phoneE164,
      consentText: SMS_CONSENT_TEXT,
      consentAt: now,
      sourcePage: input.sourcePage ?? null,
      userId: input.userId ?? null,
    })
    .onConflictDoUpdate({
      target: smsSignups.phoneE164,
      set: {
        consentText: SMS_CONSENT_TEXT,
        consentAt: now,
        sourcePage: input.sourcePage ?? null,
        userId: sql`coalesce(excluded.user_id, ${smsSignups.userId})`,
        optedOutAt: null,
      },
    })
    .returning({ id: smsSignups.id });
  if (!row) throw new Error("Saving the SMS sign-up returned no row");
  if (!listed || listed.optedOutAt !== null) {
    // The consent is recorded either way; a provider that is down costs the welcome text, not the sign-up.
    await sendSms(db, {
      to: input.phoneE164,
      text: `You're signed up for monthly product updates from ${SITE.name}. Reply STOP to opt out, or open ${await smsUnsubscribeUrl(db, input.phoneE164)}`,
      meta: { kind: "sms-list-welcome" },
    }).catch((error: unknown) => {
      console.error(`[sms] the welcome text to ${input.phoneE164} was not sent:`, error);
    });
  }
  return { status: "saved", id: row.id };
}

/**
 * Opts a number out (a STOP text or the unsubscribe link). The first opt-out's time is kept, so
 * a repeated STOP neither moves the purge date nor fails. Answers whether the number is on the list.
 */
export async function optOutSms(db: Database, phoneE164: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(smsSignups)
    .set({ optedOutAt: sql`coalesce(${smsSignups.optedOutAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(smsSignups.phoneE164, phoneE164))
    .returning({ id: smsSignups.id });
  return rows.length > 0;
}

/**
 * START: a number that opted out comes back on its earlier consent (its wording and time are kept).
 * A number that never signed up, or whose record was purged, is not added: a text is no consent.
 */
export async function resumeSms(db: Database, phoneE164: string): Promise<boolean> {
  const rows = await db
    .update(smsSignups)
    .set({ optedOutAt: null })
    .where(and(eq(smsSignups.phoneE164, phoneE164), isNotNull(smsSignups.optedOutAt)))
    .returning({ id: smsSignups.id });
  return rows.length > 0;
}

/** Whether a number is on the list and has not opted out; null when it is not on the list. */
export async function smsListStatus(db: Database, phoneE164: string): Promise<"subscribed" | "opted_out" | null> {
  const [row] = await db
    .select({ optedOutAt: smsSignups.optedOutAt })
    .from(smsSignups)
    .where(eq(smsSignups.phoneE164, phoneE164));
  if (!row) return null;
  return row.optedOutAt === null ? "subscribed" : "opted_out";
}

/** The unsubscribe link's signature: HMAC-SHA256 of the number with the server's secret. */
async function signature(db: Database, phoneE164: string): Promise<Buffer> {
  const { secret } = await authFor(db).$context;
  return createHmac("sha256", secret).update(`sms-unsubscribe:${phoneE164}`).digest();
}

/** The token in a number's unsubscribe link: the number and its signature, both base64url. It does not expire. */
export async function smsUnsubscribeToken(db: Database, phoneE164: string): Promise<string> {
  return `${Buffer.from(phoneE164).toString("base64url")}.${(await signature(db, phoneE164)).toString("base64url")}`;
}

export async function smsUnsubscribeUrl(db: Database, phoneE164: string): Promise<string> {
  return `${getEnv().BASE_URL}/sms/unsubscribe?t=${await smsUnsubscribeToken(db, phoneE164)}`;
}

const TOKEN = /^([A-Za-z0-9_-]{1,40})\.([A-Za-z0-9_-]{43})$/;

/** The number a token was made for, or null when it is malformed or its signature does not match. */
export async function phoneOfUnsubscribeToken(db: Database, token: string): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const phone = Buffer.from(match[1], "base64url").toString("utf8");
  if (!/^\+[1-9]\d{7,14}$/.test(phone)) return null;
  const given = Buffer.from(match[2], "base64url");
  const expected = await signature(db, phone);
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
  db: Database,
  token: string,
): Promise<Parsed<{ phone: string; subscribed: boolean }>> {
  const phone = await phoneOfUnsubscribeToken(db, token);
  if (!phone) return failure(400, "BAD_LINK", SMS_UNSUBSCRIBE_MESSAGES.badLink);
  return {
    ok: true,
    value: { phone: maskedPhone(phone), subscribed: (await smsListStatus(db, phone)) === "subscribed" },
  };
}

/** The unsubscribe page's button: opts the link's number out, as often as it is pressed. */
export async function unsubscribeByLink(
  db: Database,
  input: { token: string; ip: string },
): Promise<Parsed<{ phone: string }>> {
  const limit = await hitRateLimit(db, `sms-unsubscribe:${input.ip}`, SMS_UNSUBSCRIBE_LIMIT_PER_HOUR, 3600);
  if (!limit.allowed) {
    return failure(429, "RATE_LIMITED", SMS_UNSUBSCRIBE_MESSAGES.tooMany, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const phone = await phoneOfUnsubscribeToken(db, input.token);
  if (!phone) return failure(400, "BAD_LINK", SMS_UNSUBSCRIBE_MESSAGES.badLink);
  await optOutSms(db, phone);
  return { ok: true, value: { phone: maskedPhone(phone) } };
}

/** What the provider's webhook did with a text: the answer is empty TwiML whatever it was. */
export type InboundOutcome = "opted_out" | "resumed" | "ignored";

/**
 * A text the provider received for us (issue 18 item 5), as its webhook posts it. Refused: 404
 * while no provider is configured; 429 past SMS_INBOUND_LIMIT from one address, counted before the
 * body is read; 415 for anything but a form; 413 past SMS_INBOUND_MAX_BYTES; 403 without the
 * provider's signature. Heard: STOP and its synonyms opt the sender out, START brings back an
 * earlier consent, any other text changes nothing.
 */
export async function receiveInboundText(
  db: Database,
  input: { request: Request; ip: string },
): Promise<Parsed<{ from: string; outcome: InboundOutcome }>> {
  const { request } = input;
  const env = getEnv();
  const config = smsProviderConfig(env);
  if (!config) return failure(404, "NOT_FOUND", "No SMS provider is configured.");
  const limit = await hitRateLimit(
    db,
    `sms-inbound:${input.ip}`,
    SMS_INBOUND_LIMIT.hits,
    SMS_INBOUND_LIMIT.windowSeconds,
  );
  if (!limit.allowed) {
    return failure(429, "RATE_LIMITED", "Too many texts from this address. Try again shortly.", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  if (!/^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
    return failure(415, "UNSUPPORTED_MEDIA_TYPE", "Send the text as application/x-www-form-urlencoded.");
  }
  const tooLarge = failure(413, "PAYLOAD_TOO_LARGE", "The request is too large.");
  if (Number(request.headers.get("content-length") ?? "0") > SMS_INBOUND_MAX_BYTES) return tooLarge;
  const body = await request.text();
  if (Buffer.byteLength(body) > SMS_INBOUND_MAX_BYTES) return tooLarge;
  const params = new URLSearchParams(body);
  // The URL the provider called: the public origin, as configured there, not the Host header.
  const { pathname, search } = new URL(request.url);
  const signed = isTwilioSigned({
    authToken: config.authToken,
    url: `${env.BASE_URL}${pathname}${search}`,
    params,
    signature: request.headers.get("x-twilio-signature"),
  });
  if (!signed) return failure(403, "INVALID_SIGNATURE", "The request is not signed by the SMS provider.");
  const from = params.get("From") ?? "";
  const keyword = smsKeyword(params.get("Body") ?? "");
  let outcome: InboundOutcome = "ignored";
  if (keyword === "stop" && (await optOutSms(db, from))) outcome = "opted_out";
  if (keyword === "start" && (await resumeSms(db, from))) outcome = "resumed";
  return { ok: true, value: { from, outcome } };
}
