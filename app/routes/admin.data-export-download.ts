import type { Route } from "./+types/admin.data-export-download";
import { requireStaff } from "~/server/accounts/admin-access.server";
import { appContextOf, nowOf } from "~/server/accounts/request-context.server";
import { dataExportDownload } from "~/server/admin/data-exports.server";

/** A copy of a person's data staff prepared for them, to staff while it lasts (docs/decisions/084); 404 otherwise. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const download = await dataExportDownload(appContextOf(context), {
    exportId: params.id,
    reader: { staffId: staff.id },
    now: nowOf(context),
  });
  if (!download) throw new Response("Not found", { status: 404 });
  return download;
}
