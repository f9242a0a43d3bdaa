import type { Route } from "./+types/admin.audit-export";
import { readAuditFilters } from "~/domain/core/audit";
import { requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { AUDIT_LIMITS, auditCsv } from "~/server/admin/audit-log-view.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import { csvDownload } from "~/server/platform/http.server";

/** The audit log's entries that match the page's filters, as CSV (docs/decisions/081-audit-log.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "audit-export", limit: AUDIT_LIMITS.export });
  const filters = readAuditFilters(new URL(request.url).searchParams);
  return csvDownload(await auditCsv(db, filters), "audit-log", nowOf(context));
}
