import type { Route } from "./+types/order-document";
import { isOrderId } from "~/domain/orders";
import { buyerDocumentDownload } from "~/server/document-downloads.server";
import { loadOrderDocument } from "~/server/invoices.server";
import { dbOf, sessionOf } from "~/server/request-context.server";

/**
 * An order's VAT invoice (/orders/:id/invoice.pdf) or credit note (/orders/:id/credit-note.pdf)
 * as a PDF (issue 17 item 3): for the buyer and their organisation only; anyone else, signed out
 * or not, is told there is no such document.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const kind = new URL(request.url).pathname.endsWith("/credit-note.pdf") ? "credit_note" : "invoice";
  return buyerDocumentDownload(db, {
    session: await sessionOf(context),
    validId: isOrderId(params.id),
    load: (reader) => loadOrderDocument(db, { orderId: params.id, kind, reader }),
  });
}
