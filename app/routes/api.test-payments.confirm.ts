import { z } from "zod";
import type { Route } from "./+types/api.test-payments.confirm";
import { appContextOf, sessionOf } from "~/server/accounts/request-context.server";
import { failure, readJson, signInRequired, toResponse } from "~/server/platform/http.server";
import { PAYMENT_MESSAGES } from "~/domain/checkout/payment-readiness";
import { confirmTestPayment } from "~/server/payments/payment-start.server";

const SEND_JSON = "Send JSON {client_secret, number, expiry, cvc, name}.";
const bodySchema = z.object({
  client_secret: z.string(SEND_JSON).min(1, SEND_JSON).max(200, SEND_JSON),
  number: z.string(SEND_JSON).max(40, SEND_JSON),
  expiry: z.string(SEND_JSON).max(10, SEND_JSON),
  cvc: z.string(SEND_JSON).max(8, SEND_JSON),
  name: z.string(SEND_JSON).max(200, SEND_JSON).optional(),
});

/**
 * The built-in test-mode provider's card form submit (decision 007; only while no Stripe keys
 * are set, else 404). POST {client_secret, number, expiry, cvc, name} → 200 {status: 'succeeded',
 * order_id, order_number}; 402 {error: {code: CARD_INVALID (with fieldErrors number/expiry/cvc) |
 * CARD_DECLINED, message}}; 401, 404 PAYMENT_NOT_FOUND, 409 PAYMENT_REPLACED, and the request
 * edge's 400/413/415 for a body that is not small JSON. The card number is never stored or logged.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return toResponse(failure(405, "METHOD_NOT_ALLOWED", "Use POST."), undefined, { headers: { Allow: "POST" } });
  // With Stripe keys set this door does not exist: only Stripe can take a payment then.
  const ctx = appContextOf(context);
  if (ctx.payments?.kind !== "test")
    return toResponse(failure(404, "NOT_FOUND", "Test-mode payments are not enabled."));
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired(PAYMENT_MESSAGES.signIn));
  const body = await readJson(request, bodySchema, { maxBytes: 2048 });
  if (!body.ok) return toResponse(body);
  const { client_secret, ...card } = body.value;
  const result = await confirmTestPayment(ctx, { clientSecret: client_secret, card, userId: session.user.id });
  if (!result.ok) return toResponse(result);
  return Response.json(
    { status: result.status, order_id: result.orderId ?? null, order_number: result.orderNumber ?? null },
    { headers: { "Cache-Control": "no-store" } },
  );
}
