import type { Route } from "./+types/account.credit-statement";
import { londonToday } from "~/domain/core/dates";
import { appContextOf, nowOf, sessionOf } from "~/server/accounts/request-context.server";
import { statementDownload } from "~/server/payments/credit-accounts.server";
import { failure, toResponse } from "~/server/platform/http.server";

/**
 * The statement of account of the organisation the signed-in member works for, as a PDF
 * (decision 085); anyone signed out, or without an account to show, is told there is none.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(failure(404, "NOT_FOUND", "No such statement."));
  return statementDownload(appContextOf(context), {
    reader: { userId: session.user.id, accountId: session.accountId },
    today: londonToday(nowOf(context)),
  });
}
