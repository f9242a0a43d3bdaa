import type { Route } from "./+types/api.stripe-webhook";
import { failure, toResponse, onlyPost } from "~/server/platform/http.server";
import { applyPaymentEvent } from "~/server/payments/payment-events.server";
import { WebhookSignatureError, type WebhookResult } from "~/server/providers/payment-provider.server";
import { appContextOf } from "~/server/accounts/request-context.server";

/** Stripe's payment_intent events are a few kB; anything near this is not from Stripe. */
const MAX_BODY = 256 * 1024;

/**
 * Stripe's webhook (decision 006; REQUIREMENTS B-4; STYLE "the Stripe webhook as a thin route
 * that verifies, allow-lists and delegates"). The signature is checked on the raw bytes; a bad
 * one is 400 and changes nothing. Allow-listed and ignored events alike answer 200 {received:
 * true}, so Stripe stops retrying; a database fault is a 500, so Stripe retries (the event id
 * makes the retry safe). 404 while the test-mode provider is active.
 *
 * The body is read here as raw bytes, not with readJson: the signature covers the exact bytes
 * Stripe sent, and the provider parses the event only once they are verified.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const ctx = appContextOf(context);
  const provider = ctx.payments;
  if (provider?.kind !== "stripe") return toResponse(failure(404, "NOT_FOUND", "Stripe webhooks are not configured."));
  const tooLarge = failure(400, "VALIDATION_FAILED", "Payload too large.");
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY) return toResponse(tooLarge);
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.byteLength > MAX_BODY) return toResponse(tooLarge);

  let verified: WebhookResult;
  try {
    verified = provider.verifyWebhook(body, request.headers.get("stripe-signature"));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      console.warn(`[payments] webhook refused: ${error.message}`);
      return toResponse(failure(400, "INVALID_SIGNATURE", "Webhook signature verification failed."));
    }
    throw error;
  }
  if (verified.kind === "ignored") return Response.json({ received: true, ignored: verified.type });
  const result = await applyPaymentEvent(ctx, { event: verified.event });
  return Response.json({ received: true, outcome: result.outcome });
}
