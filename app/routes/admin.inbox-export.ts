import type { Route } from "./+types/admin.inbox-export";
import { isInboxKind } from "~/domain/orders/admin-orders";
import { adminNotFound, requireStaff } from "~/server/accounts/admin-access.server";
import { inboxCsv } from "~/server/admin/admin-inbox.server";
import { csvDownload } from "~/server/platform/http.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/** One inbox list as a CSV download. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  if (!isInboxKind(params.kind)) throw adminNotFound();
  return csvDownload(await inboxCsv(dbOf(context), params.kind), params.kind, nowOf(context));
}
