import { createHmac, timingSafeEqual } from "node:crypto";
import { outbox } from "#db/schema";
import type { Database } from "./db.server";
import { type Env, getEnv } from "./env.server";

export type SmsMessage = { to: string; text: string; meta?: Record<string, unknown> };

/** Anything that can deliver a text message: the outbox alone, or a real SMS provider. */
export interface SmsSender {
  send(message: SmsMessage, db: Database): Promise<void>;
}

/** Writes a text to the outbox table: where a machine without a provider keeps it, and the audit copy otherwise. */
async function recordText(db: Database, message: SmsMessage, meta: Record<string, unknown> = {}) {
  await db.insert(outbox).values({
    to: message.to,
    subject: "SMS",
    text: message.text,
    meta: { channel: "sms", ...message.meta, ...meta },
  });
}

/**
 * Without a provider: texts go to the outbox table. The log shows them only on a machine without
 * SMTP_URL (a developer's), where reading a code there is the point; a deployment's log never holds a code.
 */
export const outboxSmsSender: SmsSender = {
  async send(message, db) {
    await recordText(db, message);
    console.log(
      getEnv().SMTP_URL
        ? `[outbox] SMS to ${message.to} kept in the outbox`
        : `[outbox] SMS to ${message.to}: ${message.text}`,
    );
  },
};

/** A Twilio-compatible provider's settings (issue 18 item 5): all from the environment. */
export type SmsProviderConfig = { accountSid: string; authToken: string; from: string; apiBase: string };

/** The provider the environment configures, or null when texts stay in the outbox. */
export function smsProviderConfig(env: Env): SmsProviderConfig | null {
  const { SMS_TWILIO_ACCOUNT_SID: accountSid, SMS_TWILIO_AUTH_TOKEN: authToken, SMS_FROM: from } = env;
  if (!accountSid || !authToken || !from) return null;
  // Trailing slashes trimmed by hand: /\/+$/ is slow on a long run of slashes (tests/regexes.test.ts).
  let apiBase = env.SMS_API_BASE;
  while (apiBase.endsWith("/")) apiBase = apiBase.slice(0, -1);
  return { accountSid, authToken, from, apiBase };
}

/** Whether texts really reach phones: only then are phone sign-up and phone codes offered. */
export function smsAvailable(): boolean {
  return smsProviderConfig(getEnv()) !== null;
}

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

/**
 * Sends through Twilio's Messages API, or any server that speaks it: POST
 * {base}/2010-04-01/Accounts/{sid}/Messages.json with Basic auth and the form fields To, From and
 * Body. A refusal throws with the provider's own message; a sent text is recorded in the outbox
 * with the provider's message id.
 */
export function createTwilioSender(config: SmsProviderConfig, timeoutMs = SMS_PROVIDER_TIMEOUT_MS): SmsSender {
  const url = `${config.apiBase}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString("base64")}`;
  return {
    async send(message, db) {
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
      await recordText(db, auditCopy(message), {
        provider: "twilio",
        providerId: typeof answer?.sid === "string" ? answer.sid : null,
      });
    },
  };
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

let sender: SmsSender | undefined;

/** Sends a text through the configured provider, or keeps it in the outbox when there is none. */
export function sendSms(db: Database, message: SmsMessage) {
  if (!sender) {
    const config = smsProviderConfig(getEnv());
    sender = config ? createTwilioSender(config) : outboxSmsSender;
  }
  return sender.send(message, db);
}
