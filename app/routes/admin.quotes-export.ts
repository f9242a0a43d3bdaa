import type { Route } from "./+types/admin.quotes-export";
import { londonToday } from "~/domain/dates";
import { requireStaff } from "~/server/admin-access.server";
import { quotesCsv } from "~/server/admin-quotes.server";
import { dbOf } from "~/server/request-context.server";

/** Every quote as a CSV download (issue 17 item 2), as the inbox exports (admin.inbox-export.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  const now = new Date();
  const csv = await quotesCsv(dbOf(context), now);
  // The byte-order mark makes Excel read the file as UTF-8; other tools ignore it.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="quotes-${londonToday(now)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
