import type { Route } from "./+types/admin.quotes-export";
import { requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { quotesCsv, STAFF_QUOTE_LIMITS } from "~/server/admin/admin-quotes.server";
import { csvDownload } from "~/server/platform/http.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/** Every quote as a CSV download (decision 021), as the inbox exports (admin.inbox-export.ts). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "quotes-export", limit: STAFF_QUOTE_LIMITS.export });
  const now = nowOf(context);
  return csvDownload(await quotesCsv(db, now), "quotes", now);
}
