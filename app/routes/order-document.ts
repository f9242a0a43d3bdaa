import type { Route } from "./+types/order-document";
import { isOrderId } from "~/domain/fulfilment/orders";
import { buyerDocumentDownload } from "~/server/documents/document-downloads.server";
import { loadGuaranteeCreditNote } from "~/server/documents/guarantee-documents.server";
import { loadOrderDocument } from "~/server/documents/invoices.server";
import { appContextOf, sessionOf } from "~/server/accounts/request-context.server";

/**
 * An order's VAT invoice (/orders/:id/invoice.pdf) or one of its credit notes
 * (/orders/:id/credit-notes/CN-2026-000001) as a PDF (decisions 019 and 072), or the credit note of its accepted On-time Guarantee claim
 * (/orders/:id/guarantee-credit-note.pdf, decision 026): for the buyer and their organisation
 * only; anyone else, signed out or not, is told there is no such document.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  const path = new URL(request.url).pathname;
  const kind = params.number === undefined ? "invoice" : "credit_note";
  return buyerDocumentDownload(ctx, {
    session: await sessionOf(context),
    validId: isOrderId(params.id),
    load: (reader) =>
      path.endsWith("/guarantee-credit-note.pdf")
        ? loadGuaranteeCreditNote(db, { orderId: params.id, reader })
        : loadOrderDocument(db, { orderId: params.id, kind, number: params.number, reader }),
  });
}
