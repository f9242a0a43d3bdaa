/**
 * An order's lines (decision 015): one per product, in the order the cart listed them, each with its
 * snapshot read through the one reader. Shared by the buyer's order pages, the back office and the
 * proof mails, so all of them see the same lines.
 */
import { asc, inArray } from "drizzle-orm";
import { orderLines } from "#db/schema";
import { type OrderLine, readOrderLineSnapshot } from "~/domain/orders/order-snapshot";
import type { Database } from "../platform/db.server";

/** The lines of these orders, by order id; every order has at least one. */
export async function linesOfOrders(
  db: Database,
  orders: readonly { id: string; number: string }[],
): Promise<Map<string, [OrderLine, ...OrderLine[]]>> {
  const byOrder = new Map<string, [OrderLine, ...OrderLine[]]>();
  if (orders.length === 0) return byOrder;
  const numbers = new Map(orders.map((order) => [order.id, order.number]));
  const rows = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        orders.map((order) => order.id),
      ),
    )
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  for (const row of rows) {
    const line: OrderLine = {
      ...readOrderLineSnapshot(numbers.get(row.orderId) ?? row.orderId, row.snapshot),
      id: row.id,
      position: row.position,
      draftId: row.draftId,
      quantity: row.quantity,
      unitPence: row.unitPence,
      subtotalPence: row.subtotalPence,
    };
    const found = byOrder.get(row.orderId);
    if (found) found.push(line);
    else byOrder.set(row.orderId, [line]);
  }
  for (const order of orders) {
    if (!byOrder.has(order.id)) throw new Error(`Order ${order.number} has no lines`);
  }
  return byOrder;
}

/** One order's lines. */
export async function linesOfOrder(db: Database, order: { id: string; number: string }) {
  const lines = (await linesOfOrders(db, [order])).get(order.id);
  if (!lines) throw new Error(`Order ${order.number} has no lines`);
  return lines;
}
