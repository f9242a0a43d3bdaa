import type { Route } from "./+types/order-proforma";
import { isOrderId } from "~/domain/orders";
import { loadProforma } from "~/server/bank-transfers.server";
import { failure, toResponse } from "~/server/http.server";
import { documentResponse, mayRenderDocument } from "~/server/invoices.server";
import { dbOf, sessionOf } from "~/server/request-context.server";

/**
 * /orders/:id/proforma.pdf (issue 17 item 4): the pro-forma invoice of an order placed by bank
 * transfer, with the bank details, for its buyer and their organisation only; anyone else, and any
 * other order, is told there is no such document. Never cached (documentResponse).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  const notFound = () => toResponse(failure(404, "NOT_FOUND", "No such document."));
  // Odd ids and the signed out cost nothing: no rate-limit row, no query.
  if (!session || !isOrderId(params.id)) return notFound();
  if (!(await mayRenderDocument(db, session.user.id)))
    return toResponse(failure(429, "TOO_MANY_DOCUMENTS", "Too many downloads: try again in a few minutes."));
  const reader = { userId: session.user.id, accountId: session.accountId };
  const proforma = await loadProforma(db, { orderId: params.id, reader });
  return proforma ? documentResponse(proforma) : notFound();
}
