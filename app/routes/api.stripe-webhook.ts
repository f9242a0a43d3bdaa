import type { Route } from "./+types/api.stripe-webhook";
import { applyPaymentEvent, failureResponse } from "~/server/orders.server";
import { WebhookSignatureError, getPaymentProvider, type WebhookResult } from "~/server/payments.server";

/** Stripe's payment_intent events are a few kB; anything near this is not from Stripe. */
const MAX_BODY = 256 * 1024;

/**
 * Stripe's webhook (issue 8 item 5; REQUIREMENTS B-4; STYLE "the Stripe webhook as a thin route
 * that verifies, allow-lists and delegates"). The signature is checked on the raw bytes; a bad
 * one is 400 and changes nothing. Allow-listed and ignored events alike answer 200 {received:
 * true}, so Stripe stops retrying; a database fault is a 500, so Stripe retries (the event id
 * makes the retry safe). 404 while the test-mode provider is active.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json(
      { error: { code: "METHOD_NOT_ALLOWED", message: "Use POST." } },
      { status: 405, headers: { Allow: "POST" } },
    );
  const provider = await getPaymentProvider();
  if (provider?.kind !== "stripe")
    return failureResponse({
      ok: false,
      status: 404,
      code: "NOT_FOUND",
      message: "Stripe webhooks are not configured.",
    });
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY)
    return failureResponse({ ok: false, status: 400, code: "VALIDATION_FAILED", message: "Payload too large." });
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > MAX_BODY)
    return failureResponse({ ok: false, status: 400, code: "VALIDATION_FAILED", message: "Payload too large." });

  let verified: WebhookResult;
  try {
    verified = provider.verifyWebhook(body, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      console.warn(`[payments] webhook refused: ${error.message}`);
      return failureResponse({
        ok: false,
        status: 400,
        code: "INVALID_SIGNATURE",
        message: "Webhook signature verification failed.",
      });
    }
    throw error;
  }
  if (verified.kind === "ignored") return Response.json({ received: true, ignored: verified.type });
  const result = await applyPaymentEvent(verified.event);
  return Response.json({ received: true, outcome: result.outcome });
}
