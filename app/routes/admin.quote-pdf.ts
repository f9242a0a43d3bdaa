import type { Route } from "./+types/admin.quote-pdf";
import { isUuid } from "~/domain/core/ids";
import { quoteDocument } from "~/domain/checkout/quotes";
import { requireStaff } from "~/server/accounts/admin-access.server";
import { staffQuote } from "~/server/admin/admin-quotes.server";
import { staffDocumentDownload } from "~/server/documents/document-downloads.server";
import { servicesOf } from "~/server/accounts/request-context.server";

/** Any quote's PDF, for staff (decision 021), within the same download budget as orders' documents. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const { db } = services;
  const staff = await requireStaff({ request, context });
  return staffDocumentDownload(services, {
    staffId: staff.id,
    validId: isUuid(params.id),
    load: async () => {
      const quote = await staffQuote(db, params.id);
      return quote ? quoteDocument(quote) : null;
    },
  });
}
