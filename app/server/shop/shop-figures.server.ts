/**
 * Decision 024: what the home page and /customer-love compute from the shop's own
 * orders and reviews, in one set of grouped queries, kept in memory for a minute per database so
 * the pages cost the same however many visitors ask (the signed-out HTML cache sits in front).
 */
import { and, countDistinct, eq, isNotNull, min, notInArray, sql } from "drizzle-orm";
import { orderLines, orders, orderStatusHistory } from "#db/schema";
import type { ProductOrders } from "~/domain/pricing/most-loved";
import type { Delivery, ShopFigures } from "~/domain/people/shop-metrics";
import type { Database } from "../platform/db.server";
import { cachedFor } from "./recent-purchases.server";
import { reviewSummary } from "./reviews.server";

/** How long the figures are served from memory. */
export const SHOP_FIGURES_CACHE_MS = 60_000;

export type HomeFigures = ShopFigures & { ordered: ProductOrders[] };

/** Orders whose money was in and stayed in: the ones "teams order most" counts. */
const paidAndKept = and(isNotNull(orders.paidAt), notInArray(orders.status, ["cancelled", "refunded"]));

/** Organisations (or buyers ordering without one: account_id is then the buyer) with an order now delivered. */
async function countHappyTeams(db: Database): Promise<number> {
  const [row] = await db
    .select({ teams: countDistinct(orders.accountId) })
    .from(orders)
    .where(eq(orders.status, "delivered"));
  return row?.teams ?? 0;
}

/**
 * Every order staff marked delivered that had a promised date, with when it was marked so; one
 * refunded afterwards still counts, since it was delivered (a late one is the likeliest refund).
 */
async function listDeliveries(db: Database): Promise<Delivery[]> {
  const rows = await db
    .select({ promisedOn: orders.promisedDeliveryDate, deliveredAt: min(orderStatusHistory.createdAt) })
    .from(orders)
    .innerJoin(
      orderStatusHistory,
      and(eq(orderStatusHistory.orderId, orders.id), eq(orderStatusHistory.toStatus, "delivered")),
    )
    .where(isNotNull(orders.promisedDeliveryDate))
    .groupBy(orders.id, orders.promisedDeliveryDate);
  return rows.flatMap(({ promisedOn, deliveredAt }) =>
    promisedOn && deliveredAt ? [{ promisedOn, deliveredAt: new Date(deliveredAt) }] : [],
  );
}

/** Per product: in how many paid orders it is, and how many units they bought. */
async function countOrdersByProduct(db: Database): Promise<ProductOrders[]> {
  const rows = await db
    .select({
      productId: orderLines.productId,
      orders: countDistinct(orderLines.orderId),
      units: sql<number>`sum(${orderLines.quantity})::int`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(paidAndKept)
    .groupBy(orderLines.productId);
  return rows.map((row) => ({ ...row, units: Number(row.units) }));
}

/** The figures, straight from the database. */
export async function loadShopFigures(db: Database): Promise<HomeFigures> {
  const [happyTeams, deliveries, ordered, reviews] = await Promise.all([
    countHappyTeams(db),
    listDeliveries(db),
    countOrdersByProduct(db),
    reviewSummary(db),
  ]);
  return { happyTeams, deliveries, ordered, reviews };
}

const cached = new WeakMap<Database, (now?: Date) => Promise<HomeFigures>>();

/** The figures as the pages read them: loaded at most once a minute per database. */
export function shopFigures(db: Database, now?: Date): Promise<HomeFigures> {
  let load = cached.get(db);
  if (!load) {
    load = cachedFor(SHOP_FIGURES_CACHE_MS, () => loadShopFigures(db));
    cached.set(db, load);
  }
  return load(now);
}
