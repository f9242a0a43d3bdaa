import type { Route } from "./+types/admin.quote-pdf";
import { isUuid } from "~/domain/ids";
import { quoteDocument } from "~/domain/quotes";
import { requireStaff } from "~/server/admin-access.server";
import { staffQuote } from "~/server/admin-quotes.server";
import { staffDocumentDownload } from "~/server/document-downloads.server";
import { dbOf } from "~/server/request-context.server";

/** Any quote's PDF, for staff (issue 17 item 2), within the same download budget as orders' documents. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const staff = await requireStaff({ request, context });
  return staffDocumentDownload(db, {
    staffId: staff.id,
    validId: isUuid(params.id),
    load: async () => {
      const quote = await staffQuote(db, params.id);
      return quote ? quoteDocument(quote) : null;
    },
  });
}
