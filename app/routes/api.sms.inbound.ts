import type { Route } from "./+types/api.sms.inbound";
import { failure, onlyPost, toResponse } from "~/server/http.server";
import { getEnv } from "~/server/env.server";
import { dbOf } from "~/server/request-context.server";
import { applyInboundText } from "~/server/sms-signups.server";
import { clientIp, hitRateLimit } from "~/server/rate-limit.server";
import { isTwilioSigned, SMS_INBOUND_LIMIT, SMS_INBOUND_MAX_BYTES, smsProviderConfig } from "~/server/sms.server";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The SMS provider's webhook for texts sent to our number (issue 18 item 5): STOP and its synonyms
 * opt the number out of the SMS list, START brings it back (sms-signups.server.ts). Only requests
 * signed with the provider's auth token are heard (403 otherwise); 404 while no provider is configured;
 * 429 past SMS_INBOUND_LIMIT from one address.
 * The answer is empty TwiML, so the provider sends no reply of ours (it answers STOP itself).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const env = getEnv();
  const config = smsProviderConfig(env);
  if (!config) return toResponse(failure(404, "NOT_FOUND", "No SMS provider is configured."));
  // Counted before the body is read or the signature computed: a flood costs one counter each.
  const db = dbOf(context);
  const limit = await hitRateLimit(
    db,
    `sms-inbound:${clientIp(request)}`,
    SMS_INBOUND_LIMIT.hits,
    SMS_INBOUND_LIMIT.windowSeconds,
  );
  if (!limit.allowed) {
    return toResponse(
      failure(429, "RATE_LIMITED", "Too many texts from this address. Try again shortly.", {
        retryAfterSeconds: limit.retryAfterSeconds,
      }),
    );
  }
  if (!/^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(request.headers.get("content-type") ?? "")) {
    return toResponse(failure(415, "UNSUPPORTED_MEDIA_TYPE", "Send the text as application/x-www-form-urlencoded."));
  }
  const tooLarge = failure(413, "PAYLOAD_TOO_LARGE", "The request is too large.");
  if (Number(request.headers.get("content-length") ?? "0") > SMS_INBOUND_MAX_BYTES) return toResponse(tooLarge);
  const body = await request.text();
  if (Buffer.byteLength(body) > SMS_INBOUND_MAX_BYTES) return toResponse(tooLarge);
  const params = new URLSearchParams(body);
  // The URL the provider called: the public origin, as configured there, not the Host header.
  const { pathname, search } = new URL(request.url);
  const signed = isTwilioSigned({
    authToken: config.authToken,
    url: `${env.BASE_URL}${pathname}${search}`,
    params,
    signature: request.headers.get("x-twilio-signature"),
  });
  if (!signed) return toResponse(failure(403, "INVALID_SIGNATURE", "The request is not signed by the SMS provider."));
  const from = params.get("From") ?? "";
  const outcome = await applyInboundText(db, { from, body: params.get("Body") ?? "" });
  if (outcome !== "ignored") console.log(`[sms] ${from}: ${outcome.replace("_", " ")}`);
  return new Response(EMPTY_TWIML, {
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}
