import { redirect } from "react-router";
import type { Route } from "./+types/order-reorder";
import { readForm, signInRequired, toResponse } from "~/server/platform/http.server";
import { reorder } from "~/server/checkout/reorder.server";
import { appContextOf, sessionOf } from "~/server/accounts/request-context.server";

/*
 * POST /orders/:id/reorder: "Reorder" on a delivered order puts its lines back
 * into the cart and opens the cart with the notes of what changed. Signed in only; the order's
 * buyer or organisation only (anyone else's order is a 404); 10 an hour; a body of a few bytes
 * (body-limits.server.ts); a double click leaves one cart (reorder.server.ts).
 */

/** Nothing to show: opening the address goes to the order. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/orders/${encodeURIComponent(params.id)}`);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to order again."));
  const form = await readForm(request);
  if (!form.ok) return toResponse(form);
  const done = await reorder(appContextOf(context), {
    userId: session.user.id,
    accountId: session.accountId,
    orderId: params.id,
  });
  if (!done.ok) return toResponse(done);
  return redirect(`/cart?reordered=${encodeURIComponent(params.id)}`, {
    headers: { "Cache-Control": "private, no-store" },
  });
}
