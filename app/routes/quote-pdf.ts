import type { Route } from "./+types/quote-pdf";
import { failure, toResponse } from "~/server/http.server";
import { quotePdfResponse } from "~/server/quote-pdf.server";
import { getQuote } from "~/server/quotes.server";
import { dbOf, sessionOf } from "~/server/request-context.server";

/** A quote's PDF, for its buyer and their organisation only; anyone else finds nothing (404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  const quote = session
    ? await getQuote(dbOf(context), { userId: session.user.id, accountId: session.accountId, quoteId: params.id })
    : null;
  if (!quote) return toResponse(failure(404, "NOT_FOUND", "We couldn't find that quote."));
  return quotePdfResponse(quote);
}
