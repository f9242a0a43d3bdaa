/** The SMS provider's inbound webhook: STOP, START and YES texts acted on (decision 034). */
import { smsKeyword } from "~/domain/people/sms-keywords";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Parsed } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { confirmSmsByReply, optOutSms, resumeSms } from "./sms-signups.server";
import { isTwilioSigned, SMS_INBOUND_LIMIT, SMS_INBOUND_MAX_BYTES } from "../messages/sms.server";

/** What the provider's webhook did with a text: the answer is empty TwiML whatever it was. */
export type InboundOutcome = "opted_out" | "resumed" | "confirmed" | "ignored";

/**
 * A text the provider received for us (docs/decisions/034-sms-double-opt-in.md), as its webhook posts it. Refused: 404
 * while no provider is configured; 429 past SMS_INBOUND_LIMIT from one address, counted before the
 * body is read; 415 for anything but a form; 413 past SMS_INBOUND_MAX_BYTES; 403 without the
 * provider's signature. Heard: STOP and its synonyms opt the sender out, START brings back an
 * earlier consent, YES confirms a pending sign-up (docs/decisions/034-sms-double-opt-in.md), any
 * other text changes nothing.
 */
export async function receiveInboundText(
  ctx: Pick<AppContext, "db" | "baseUrl" | "authSecret" | "smsDailyLimit" | "sms" | "log" | "clock">,
  input: { request: Request; ip: string },
): Promise<Parsed<{ from: string; outcome: InboundOutcome }>> {
  const { request } = input;
  const { db, sms: config } = ctx;
  if (!config) return failure(404, "NOT_FOUND", "No SMS provider is configured.");
  const limit = await hitRateLimit(db, {
    key: `sms-inbound:${input.ip}`,
    limit: SMS_INBOUND_LIMIT.hits,
    windowSeconds: SMS_INBOUND_LIMIT.windowSeconds,
  });
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
    url: `${ctx.baseUrl}${pathname}${search}`,
    params,
    signature: request.headers.get("x-twilio-signature"),
  });
  if (!signed) return failure(403, "INVALID_SIGNATURE", "The request is not signed by the SMS provider.");
  const from = params.get("From") ?? "";
  const keyword = smsKeyword(params.get("Body") ?? "");
  let outcome: InboundOutcome = "ignored";
  if (keyword === "stop" && (await optOutSms(db, { phoneE164: from }))) outcome = "opted_out";
  if (keyword === "start" && (await resumeSms(db, { phoneE164: from }))) outcome = "resumed";
  if (keyword === "yes" && (await confirmSmsByReply(ctx, { phoneE164: from }))) outcome = "confirmed";
  return { ok: true, value: { from, outcome } };
}
