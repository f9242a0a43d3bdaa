import type { Route } from "./+types/order-document";
import { isOrderId } from "~/domain/orders";
import { failure, toResponse } from "~/server/http.server";
import { documentResponse, loadOrderDocument, mayRenderDocument } from "~/server/invoices.server";
import { dbOf, sessionOf } from "~/server/request-context.server";

/**
 * An order's VAT invoice (/orders/:id/invoice.pdf) or credit note (/orders/:id/credit-note.pdf)
 * as a PDF (issue 17 item 3): for the buyer and their organisation only; anyone else, signed out
 * or not, is told there is no such document.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  const notFound = () => toResponse(failure(404, "NOT_FOUND", "No such document."));
  // Odd ids and the signed out cost nothing: no rate-limit row, no query.
  if (!session || !isOrderId(params.id)) return notFound();
  if (!(await mayRenderDocument(db, session.user.id)))
    return toResponse(failure(429, "TOO_MANY_DOCUMENTS", "Too many downloads: try again in a few minutes."));
  const kind = new URL(request.url).pathname.endsWith("/credit-note.pdf") ? "credit_note" : "invoice";
  const reader = { userId: session.user.id, accountId: session.accountId };
  const document = await loadOrderDocument(db, { orderId: params.id, kind, reader });
  return document ? documentResponse(document) : notFound();
}
