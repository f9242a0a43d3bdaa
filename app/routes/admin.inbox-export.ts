import type { Route } from "./+types/admin.inbox-export";
import { isInboxKind } from "~/domain/admin-orders";
import { londonToday } from "~/domain/dates";
import { adminNotFound, requireStaff } from "~/server/admin-access.server";
import { inboxCsv } from "~/server/admin-inbox.server";
import { dbOf } from "~/server/request-context.server";

/** One inbox list as a CSV download (issue 9 item 5). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  if (!isInboxKind(params.kind)) throw adminNotFound();
  const csv = await inboxCsv(dbOf(context), params.kind);
  // The byte-order mark makes Excel read the file as UTF-8 (names such as Zoë); other tools ignore it.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${params.kind}-${londonToday(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
