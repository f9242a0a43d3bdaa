import type { Route } from "./+types/admin.quotes-export";
import { londonToday } from "~/domain/dates";
import { requireStaff, requireStaffBudget } from "~/server/admin-access.server";
import { quotesCsv, STAFF_QUOTE_LIMITS } from "~/server/admin-quotes.server";
import { dbOf } from "~/server/request-context.server";

/** Every quote as a CSV download (issue 17 item 2), as the inbox exports (admin.inbox-export.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, staff.id, "quotes-export", STAFF_QUOTE_LIMITS.export);
  const now = new Date();
  const csv = await quotesCsv(db, now);
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
