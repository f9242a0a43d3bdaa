import { z } from "zod";
import type { Route } from "./+types/api.payment-intent";
import { PAYMENT_MESSAGES, failureResponse, startPayment } from "~/server/orders.server";
import { getSessionInfo } from "~/server/session.server";

const MAX_BODY = 2048;
const bodySchema = z.object({ draft_id: z.string().min(1).max(64), product_id: z.string().min(1).max(32) });

const invalid = (message: string) => failureResponse({ ok: false, status: 400, code: "VALIDATION_FAILED", message });

/**
 * POST {draft_id, product_id} → 200 {client_secret, amount_pence, currency, provider,
 * publishable_key, totals} (SPEC.md §7 "create-payment-intent", REQUIREMENTS B-2; the amount is
 * the server's, DESIGN decision 10). Errors: {error: {code, message}} with 400 VALIDATION_FAILED,
 * 401 UNAUTHENTICATED, 404 DRAFT_NOT_FOUND, 409 DRAFT_INCOMPLETE | ALREADY_PAID |
 * PAYMENT_PROCESSING, 422 PRODUCT_MISMATCH, 429 RATE_LIMITED, 502 PAYMENT_PROVIDER_ERROR.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json(
      { error: { code: "METHOD_NOT_ALLOWED", message: "Use POST." } },
      { status: 405, headers: { Allow: "POST" } },
    );
  const session = await getSessionInfo(request);
  if (!session)
    return failureResponse({ ok: false, status: 401, code: "UNAUTHENTICATED", message: PAYMENT_MESSAGES.signIn });
  const text = await request.text();
  if (text.length > MAX_BODY) return invalid("Request too large.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return invalid("Send JSON {draft_id, product_id}.");
  }
  const parsed = bodySchema.safeParse(json);
  if (!parsed.success) return invalid("Send JSON {draft_id, product_id}.");

  const result = await startPayment({
    session,
    draftId: parsed.data.draft_id,
    productId: parsed.data.product_id,
  });
  if (!result.ok) return failureResponse(result);
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
