import type { Route } from "./+types/admin.order-document";
import { isOrderId } from "~/domain/fulfilment/orders";
import { requireStaff } from "~/server/accounts/admin-access.server";
import { staffDocumentDownload } from "~/server/documents/document-downloads.server";
import { loadGuaranteeCreditNote } from "~/server/documents/guarantee-documents.server";
import { loadOrderDocument } from "~/server/documents/invoices.server";
import { appContextOf } from "~/server/accounts/request-context.server";

/** An order's VAT invoice or one of its credit notes (decisions 019 and 072), or its On-time Guarantee credit note (decision 026), as a PDF for staff. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  const staff = await requireStaff({ request, context });
  const path = new URL(request.url).pathname;
  const kind = params.number === undefined ? "invoice" : "credit_note";
  return staffDocumentDownload(ctx, {
    staffId: staff.id,
    validId: isOrderId(params.id),
    load: () =>
      path.endsWith("/guarantee-credit-note.pdf")
        ? loadGuaranteeCreditNote(db, { orderId: params.id, reader: "staff" })
        : loadOrderDocument(db, { orderId: params.id, kind, number: params.number, reader: "staff" }),
  });
}
