/**
 * The orders the production board shows (docs/decisions/076-production-board.md): every one between
 * payment and dispatch, with its lines, the delivery date promised at approval and the day it must
 * ship to keep it. The board's columns, order and flags are app/domain/fulfilment/production-board.ts's.
 */
import { asc, inArray } from "drizzle-orm";
import { orders } from "#db/schema";
import { BOARD_STAGES, type BoardOrder, type BoardStage, shipByDate } from "~/domain/fulfilment/production-board";
import { orderParties } from "~/domain/orders/order-documents";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import type { Database } from "../platform/db.server";
import { linesOfOrders } from "../orders/order-lines.server";

/** More open orders than this is a board no one reads at once: the oldest are shown. */
export const BOARD_LIMIT = 500;
/** How often one member of staff may load the board a minute: each load reads every open order. */
export const BOARD_PAGE_LIMIT = { hits: 60, windowSeconds: 60 } as const;

export async function boardOrders(db: Database): Promise<BoardOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(inArray(orders.status, [...BOARD_STAGES]))
    .orderBy(asc(orders.createdAt))
    .limit(BOARD_LIMIT);
  const lines = await linesOfOrders(db, rows);
  return rows.map((row) => {
    const snapshot = readOrderSnapshot(row.number, row.snapshot);
    const own = lines.get(row.id) ?? [];
    const { customer } = orderParties(snapshot);
    return {
      id: row.id,
      number: row.number,
      status: row.status as BoardStage,
      company: customer.company || customer.name,
      lines: own.map((line) => ({
        productId: line.product.id,
        title: line.product.title,
        quantity: line.quantity,
        method: line.customization.branding.method,
      })),
      promised: row.promisedDeliveryDate,
      shipBy:
        own.length > 0
          ? shipByDate({
              promised: row.promisedDeliveryDate,
              products: own.map((line) => line.product),
              method: snapshot.data.shipping.method ?? "standard",
            })
          : null,
      needBy: row.needBy,
    };
  });
}
