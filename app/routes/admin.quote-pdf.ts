import type { Route } from "./+types/admin.quote-pdf";
import { isUuid } from "~/domain/ids";
import { quoteDocument } from "~/domain/quotes";
import { adminNotFound, requireStaff } from "~/server/admin-access.server";
import { staffQuote } from "~/server/admin-quotes.server";
import { failure, toResponse } from "~/server/http.server";
import { documentResponse, mayRenderDocument } from "~/server/invoices.server";
import { dbOf } from "~/server/request-context.server";

/** Any quote's PDF, for staff (issue 17 item 2), within the same download budget as orders' documents. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  if (!isUuid(params.id)) throw adminNotFound();
  if (!(await mayRenderDocument(db, staff.id)))
    return toResponse(failure(429, "TOO_MANY_DOCUMENTS", "Too many downloads: try again in a few minutes."));
  const quote = await staffQuote(db, params.id);
  if (!quote) throw adminNotFound();
  return documentResponse(quoteDocument(quote));
}
