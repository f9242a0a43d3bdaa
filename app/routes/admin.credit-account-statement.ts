import type { Route } from "./+types/admin.credit-account-statement";
import { londonToday } from "~/domain/core/dates";
import { requireStaff } from "~/server/accounts/admin-access.server";
import { appContextOf, nowOf } from "~/server/accounts/request-context.server";
import { statementDownload } from "~/server/payments/credit-accounts.server";

/** An organisation's statement of account as a PDF, for staff (decision 085). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  return statementDownload(appContextOf(context), {
    reader: { staffId: staff.id, organisationId: params.organisationId },
    today: londonToday(nowOf(context)),
  });
}
