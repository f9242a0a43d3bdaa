import type { Route } from "./+types/admin.order-document";
import { isOrderId } from "~/domain/orders";
import { requireStaff } from "~/server/admin-access.server";
import { staffDocumentDownload } from "~/server/document-downloads.server";
import { loadOrderDocument } from "~/server/invoices.server";
import { dbOf } from "~/server/request-context.server";

/** An order's VAT invoice or credit note as a PDF, for staff (issue 17 item 3). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const staff = await requireStaff({ request, context });
  const kind = new URL(request.url).pathname.endsWith("/credit-note.pdf") ? "credit_note" : "invoice";
  return staffDocumentDownload(db, {
    staffId: staff.id,
    validId: isOrderId(params.id),
    load: () => loadOrderDocument(db, { orderId: params.id, kind, reader: "staff" }),
  });
}
