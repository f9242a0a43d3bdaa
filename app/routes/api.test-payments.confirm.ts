import { z } from "zod";
import type { Route } from "./+types/api.test-payments.confirm";
import { PAYMENT_MESSAGES, confirmTestPayment, failureResponse } from "~/server/orders.server";
import { getPaymentProvider } from "~/server/payments.server";
import { getSessionInfo } from "~/server/session.server";

const MAX_BODY = 2048;
const bodySchema = z.object({
  client_secret: z.string().min(1).max(200),
  number: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
  name: z.string().max(200).optional(),
});

/**
 * The built-in test-mode provider's card form submit (issue 8 item 3; only while no Stripe keys
 * are set, else 404). POST {client_secret, number, expiry, cvc, name} → 200 {status: 'succeeded',
 * order_id, order_number}; 402 {error: {code: CARD_INVALID (with fieldErrors number/expiry/cvc) |
 * CARD_DECLINED, message}}; 401, 404 PAYMENT_NOT_FOUND, 409 PAYMENT_REPLACED. The card number is
 * never stored or logged.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json(
      { error: { code: "METHOD_NOT_ALLOWED", message: "Use POST." } },
      { status: 405, headers: { Allow: "POST" } },
    );
  // With Stripe keys set this door does not exist: only Stripe can take a payment then.
  if ((await getPaymentProvider())?.kind !== "test")
    return failureResponse({
      ok: false,
      status: 404,
      code: "NOT_FOUND",
      message: "Test-mode payments are not enabled.",
    });
  const session = await getSessionInfo(request);
  if (!session)
    return failureResponse({ ok: false, status: 401, code: "UNAUTHENTICATED", message: PAYMENT_MESSAGES.signIn });
  const text = await request.text();
  let json: unknown = null;
  try {
    json = text.length <= MAX_BODY ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) {
    return failureResponse({
      ok: false,
      status: 400,
      code: "VALIDATION_FAILED",
      message: "Send JSON {client_secret, number, expiry, cvc, name}.",
    });
  }
  const { client_secret, ...card } = parsed.data;
  const result = await confirmTestPayment({ clientSecret: client_secret, card, userId: session.user.id });
  if (!result.ok) return failureResponse(result);
  return Response.json(
    { status: result.status, order_id: result.orderId ?? null, order_number: result.orderNumber ?? null },
    { headers: { "Cache-Control": "no-store" } },
  );
}
