import { z } from "zod";
import type { Route } from "./+types/api.payment-intent";
import { appContextOf, sessionOf } from "~/server/accounts/request-context.server";
import { onlyPost, readJson, signInRequired, toResponse } from "~/server/platform/http.server";
import { PAYMENT_MESSAGES } from "~/domain/checkout/payment-readiness";
import { startPayment } from "~/server/payments/payment-start.server";

const SEND_JSON = "Send JSON {draft_id, product_id}.";
const bodySchema = z.object({
  draft_id: z.string(SEND_JSON).min(1, SEND_JSON).max(64, SEND_JSON),
  product_id: z.string(SEND_JSON).min(1, SEND_JSON).max(32, SEND_JSON),
});

/**
 * POST {draft_id, product_id} → 200 {client_secret, amount_pence, currency, provider,
 * publishable_key, totals} (SPEC.md §7 "create-payment-intent", REQUIREMENTS B-2; the amount is
 * the server's, decision 056). Errors: {error: {code, message}} with 400 VALIDATION_FAILED,
 * 401 UNAUTHENTICATED, 404 DRAFT_NOT_FOUND, 409 DRAFT_INCOMPLETE | ALREADY_PAID |
 * PAYMENT_PROCESSING, 422 PRODUCT_MISMATCH, 429 RATE_LIMITED, 502 PAYMENT_PROVIDER_ERROR, and the
 * request edge's 400/413/415 for a body that is not small JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return onlyPost();
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired(PAYMENT_MESSAGES.signIn));
  const body = await readJson(request, bodySchema, { maxBytes: 2048 });
  if (!body.ok) return toResponse(body);
  const result = await startPayment(appContextOf(context), {
    session,
    draftId: body.value.draft_id,
    productId: body.value.product_id,
  });
  if (!result.ok) return toResponse(result);
  return Response.json(
    {
      client_secret: result.clientSecret,
      amount_pence: result.amountPence,
      currency: result.currency,
      provider: result.provider,
      publishable_key: result.publishableKey,
      totals: result.totals,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
