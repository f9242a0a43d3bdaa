import type { Route } from "./+types/admin.orders-export";
import { parseOrderListQuery } from "~/domain/orders/admin-orders";
import { requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { ORDERS_EXPORT_LIMIT, ordersCsv } from "~/server/admin/admin-order-list.server";
import { csvDownload } from "~/server/platform/http.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/**
 * The orders list as a CSV download, with the list's filters and sort, as the
 * quotes export does (admin.quotes-export.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "orders-export", limit: ORDERS_EXPORT_LIMIT });
  const csv = await ordersCsv(db, parseOrderListQuery(new URL(request.url).searchParams));
  return csvDownload(csv, "orders", nowOf(context));
}
