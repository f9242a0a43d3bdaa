import type { Route } from "./+types/api.sms.inbound";
import { onlyPost, toResponse } from "~/server/platform/http.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { appContextOf } from "~/server/accounts/request-context.server";
import { receiveInboundText } from "~/server/shop/sms-inbound.server";

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * The SMS provider's webhook for texts sent to our number (decision 034): what it hears and what
 * it refuses is receiveInboundText's (sms-inbound.server.ts). The answer is empty TwiML, so the
 * provider sends no reply of ours (it answers STOP itself).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const received = await receiveInboundText(appContextOf(context), { request, ip: clientIp(request) });
  if (!received.ok) return toResponse(received);
  const { from, outcome } = received.value;
  if (outcome !== "ignored") console.log(`[sms] ${from}: ${outcome.replace("_", " ")}`);
  return new Response(EMPTY_TWIML, {
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}
