import type { Route } from "./+types/admin.quote-pdf";
import { adminNotFound, requireStaff } from "~/server/admin-access.server";
import { staffQuote } from "~/server/admin-quotes.server";
import { quotePdfResponse } from "~/server/quote-pdf.server";
import { dbOf } from "~/server/request-context.server";

/** Any quote's PDF, for staff. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const quote = await staffQuote(dbOf(context), params.id);
  if (!quote) throw adminNotFound();
  return quotePdfResponse(quote);
}
