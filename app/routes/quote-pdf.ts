import type { Route } from "./+types/quote-pdf";
import { isUuid } from "~/domain/core/ids";
import { quoteDocument } from "~/domain/checkout/quotes";
import { buyerDocumentDownload } from "~/server/documents/document-downloads.server";
import { getQuote } from "~/server/checkout/quotes.server";
import { appContextOf, sessionOf } from "~/server/accounts/request-context.server";

/** A quote's PDF (decision 021), for its buyer and their organisation only; anyone else finds nothing (404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  const { db } = ctx;
  return buyerDocumentDownload(ctx, {
    session: await sessionOf(context),
    validId: isUuid(params.id),
    load: async (reader) => {
      const quote = await getQuote(db, { ...reader, quoteId: params.id });
      return quote ? quoteDocument(quote) : null;
    },
  });
}
