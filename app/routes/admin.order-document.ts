import type { Route } from "./+types/admin.order-document";
import { isOrderId } from "~/domain/orders";
import { adminNotFound, requireStaff } from "~/server/admin-access.server";
import { failure, toResponse } from "~/server/http.server";
import { documentResponse, loadOrderDocument, mayRenderDocument } from "~/server/invoices.server";
import { dbOf } from "~/server/request-context.server";

/** An order's VAT invoice or credit note as a PDF, for staff (issue 17 item 3). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const staff = await requireStaff({ request, context });
  if (!isOrderId(params.id)) throw adminNotFound();
  if (!(await mayRenderDocument(db, staff.id)))
    return toResponse(failure(429, "TOO_MANY_DOCUMENTS", "Too many downloads: try again in a few minutes."));
  const kind = new URL(request.url).pathname.endsWith("/credit-note.pdf") ? "credit_note" : "invoice";
  const document = await loadOrderDocument(db, { orderId: params.id, kind, reader: "staff" });
  if (!document) throw adminNotFound();
  return documentResponse(document);
}
