import type { Route } from "./+types/admin.orders-export";
import { parseOrderListQuery } from "~/domain/admin-orders";
import { londonToday } from "~/domain/dates";
import { requireStaff, requireStaffBudget } from "~/server/admin-access.server";
import { ORDERS_EXPORT_LIMIT, ordersCsv } from "~/server/admin-order-list.server";
import { dbOf } from "~/server/request-context.server";

/**
 * The orders list as a CSV download, with the list's filters and sort, as the
 * quotes export does (admin.quotes-export.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, staff.id, "orders-export", ORDERS_EXPORT_LIMIT);
  const csv = await ordersCsv(db, parseOrderListQuery(new URL(request.url).searchParams));
  // The byte-order mark makes Excel read the file as UTF-8; other tools ignore it.
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="orders-${londonToday(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
