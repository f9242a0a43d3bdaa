import type { Route } from "./+types/admin.vat-export";
import { parseQuarter, quarterKey, vatReturnCsv } from "~/domain/orders/vat-return";
import { requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { VAT_PAGE_LIMITS, vatDocuments } from "~/server/admin/vat-return.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import { csvDownload } from "~/server/platform/http.server";

/** A quarter's VAT invoices and credit notes as a CSV for the accountant (docs/decisions/074). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "vat-export", limit: VAT_PAGE_LIMITS.export });
  const now = nowOf(context);
  const quarter = parseQuarter(new URL(request.url).searchParams.get("quarter"), now);
  return csvDownload(vatReturnCsv(await vatDocuments(db, quarter)), `vat-${quarterKey(quarter)}`, now);
}
