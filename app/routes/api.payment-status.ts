import type { Route } from "./+types/api.payment-status";
import { sessionOf, dbOf } from "~/server/accounts/request-context.server";
import { failure, signInRequired, toResponse } from "~/server/platform/http.server";
import { paymentState } from "~/server/payments/payment-progress.server";

/**
 * GET ?draft_id= → the server's word on a draft's payment (A-2, B-5): 200
 * {state: 'paid', order_id, order_number} | {state: 'processing'} | {state: 'failed', message} |
 * {state: 'unpaid'}. Paid only once a webhook or the test-mode confirmation was applied; the
 * provider's redirect_status is never consulted. 401 signed out, 404 DRAFT_NOT_FOUND for an
 * unknown or another user's draft.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to see this payment."));
  const draftId = new URL(request.url).searchParams.get("draft_id") ?? "";
  const state = await paymentState(db, { userId: session.user.id, draftId });
  if (!state) return toResponse(failure(404, "DRAFT_NOT_FOUND", "No draft found."));
  const body =
    state.state === "paid" ? { state: state.state, order_id: state.orderId, order_number: state.orderNumber } : state;
  return Response.json(body, { headers: { "Cache-Control": "no-store" } });
}
