import type { Route } from "./+types/account.data-download";
import { appContextOf, nowOf, requireSessionInfo } from "~/server/accounts/request-context.server";
import { dataExportDownload } from "~/server/admin/data-exports.server";

/** A person's copy of their data, to them alone while it lasts (docs/decisions/084); 404 otherwise. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const session = await requireSessionInfo({ request, context });
  const download = await dataExportDownload(appContextOf(context), {
    exportId: params.id,
    reader: { userId: session.user.id },
    now: nowOf(context),
  });
  if (!download) throw new Response("Not found", { status: 404 });
  return download;
}
