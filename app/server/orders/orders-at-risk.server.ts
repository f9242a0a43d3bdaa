/**
 * Orders whose need-by date is at risk (decision 017), for the back office: a need-by date, a
 * proof not yet approved, and the approve-by date passed, today or within 2 working days. Callers
 * have checked requireStaff; nothing here is scoped to a buyer.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { orders } from "#db/schema";
import { type IsoDate, londonToday } from "~/domain/core/dates";
import { type NeedByForStaff, needByForStaff, type OrderAtRisk, proofStillWaiting } from "~/domain/fulfilment/need-by";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import { ORDER_STATUSES, ORDER_STATUS_LABELS, toOrderStatus } from "~/domain/fulfilment/orders";
import type { Database } from "../platform/db.server";
import { linesOfOrders } from "./order-lines.server";

/** More than this many open orders with a need-by date is a list of its own, not a banner. */
const AT_RISK_SCAN_LIMIT = 500;

type RiskRow = { id: string; number: string; status: string; needBy: IsoDate | null; snapshot: unknown };

async function planRows(db: Database, rows: readonly RiskRow[], now: Date) {
  const lines = await linesOfOrders(db, rows);
  const today = londonToday(now);
  return rows.map((row) => ({
    row,
    plan: needByForStaff({
      needBy: row.needBy,
      status: row.status,
      method: readOrderSnapshot(row.number, row.snapshot).data.shipping.method,
      products: (lines.get(row.id) ?? []).map((line) => line.product),
      today,
    }),
  }));
}

const riskColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  needBy: orders.needBy,
  snapshot: orders.snapshot,
};

/** Every order at risk, the earliest approve-by date first. */
export async function listOrdersAtRisk(db: Database, now: Date): Promise<OrderAtRisk[]> {
  const waiting = ORDER_STATUSES.filter(proofStillWaiting);
  const rows = await db
    .select(riskColumns)
    .from(orders)
    .where(and(isNotNull(orders.needBy), inArray(orders.status, waiting)))
    .orderBy(asc(orders.needBy))
    .limit(AT_RISK_SCAN_LIMIT);
  const planned = await planRows(db, rows, now);
  return planned
    .flatMap(({ row, plan }) =>
      plan?.atRisk
        ? [
            {
              id: row.id,
              number: row.number,
              statusLabel: ORDER_STATUS_LABELS[toOrderStatus(row.status)],
              needBy: plan.needBy,
              approveBy: plan.approveBy,
            },
          ]
        : [],
    )
    .sort((a, b) => (a.approveBy < b.approveBy ? -1 : a.approveBy > b.approveBy ? 1 : 0));
}

/** One order's need-by and approve-by dates for its back-office page; null without a need-by date. */
export async function orderNeedByForStaff(
  db: Database,
  { orderId, now }: { orderId: string; now: Date },
): Promise<NeedByForStaff | null> {
  const [row] = await db.select(riskColumns).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row?.needBy) return null;
  const [planned] = await planRows(db, [row], now);
  return planned?.plan ?? null;
}
