import type { Route } from "./+types/admin.quote-pdf";
import { isUuid } from "~/domain/core/ids";
import { quoteDocument } from "~/domain/checkout/quotes";
import { requireStaff } from "~/server/accounts/admin-access.server";
import { staffQuote } from "~/server/admin/admin-quotes.server";
import { staffDocumentDownload } from "~/server/documents/document-downloads.server";
import { appContextOf } from "~/server/accounts/request-context.server";

/** Any quote's PDF, for staff (decision 021), within the same download budget as orders' documents. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  const staff = await requireStaff({ request, context });
  return staffDocumentDownload(ctx, {
    staffId: staff.id,
    validId: isUuid(params.id),
    load: async () => {
      const quote = await staffQuote(db, params.id);
      return quote ? quoteDocument(quote) : null;
    },
  });
}
