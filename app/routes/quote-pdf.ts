import type { Route } from "./+types/quote-pdf";
import { isUuid } from "~/domain/ids";
import { quoteDocument } from "~/domain/quotes";
import { failure, toResponse } from "~/server/http.server";
import { documentResponse, mayRenderDocument } from "~/server/invoices.server";
import { getQuote } from "~/server/quotes.server";
import { dbOf, sessionOf } from "~/server/request-context.server";

/** A quote's PDF (issue 17 item 2), for its buyer and their organisation only; anyone else finds nothing (404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  const notFound = () => toResponse(failure(404, "NOT_FOUND", "We couldn't find that quote."));
  // Odd ids and the signed out cost nothing: no rate-limit row, no query.
  if (!session || !isUuid(params.id)) return notFound();
  if (!(await mayRenderDocument(db, session.user.id)))
    return toResponse(failure(429, "TOO_MANY_DOCUMENTS", "Too many downloads: try again in a few minutes."));
  const quote = await getQuote(db, { userId: session.user.id, accountId: session.accountId, quoteId: params.id });
  return quote ? documentResponse(quoteDocument(quote)) : notFound();
}
