import type { Route } from "./+types/order-proforma";
import { isOrderId } from "~/domain/fulfilment/orders";
import { loadProforma } from "~/server/payments/bank-transfers.server";
import { buyerDocumentDownload } from "~/server/documents/document-downloads.server";
import { appContextOf, sessionOf } from "~/server/accounts/request-context.server";

/**
 * /orders/:id/proforma.pdf (decision 022): the pro-forma invoice of an order placed by bank
 * transfer, with the bank details, for its buyer and their organisation only; anyone else, and any
 * other order, is told there is no such document. Never cached (documentResponse).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  return buyerDocumentDownload(ctx, {
    session: await sessionOf(context),
    validId: isOrderId(params.id),
    load: (reader) => loadProforma(db, { orderId: params.id, reader }),
  });
}
