/**
 * The recent-purchases feed: real paid orders of the last 14 days, shown by region and product, never
 * by buyer, and read at most once a minute.
 */
import { and, desc, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { orderDrafts } from "#db/schema";
import { coarseRegion } from "~/domain/pricing/regions";
import type { Database } from "../platform/db.server";
import { readShelf } from "../catalogue/catalogue-store.server";

/** Only orders paid in the last 14 days are mentioned. */
export const RECENT_PURCHASE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a visitor may see of a real order: a coarse region and the product, never who bought it. */
export type RecentPurchase = { region: string; product: string; daysAgo: number };
/** A recent purchase and its buyer's user id, which never leaves the server. */
export type RecentOrder = RecentPurchase & { buyerId: string };

/** How long the feed is served from memory: one query a minute at most, whatever the traffic (docs/security.md). */
export const RECENT_PURCHASES_CACHE_MS = 60_000;

/**
 * Real paid orders from the last 14 days, newest first (decision 057). Orders are still
 * paid drafts today: when an `orders` table exists, only this query changes.
 */
export async function listRecentOrders(
  db: Database,
  options: { now?: Date; limit?: number } = {},
): Promise<RecentOrder[]> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - RECENT_PURCHASE_DAYS * DAY_MS);
  const rows = await db
    .select({
      productId: orderDrafts.productId,
      buyerId: orderDrafts.userId,
      paidAt: orderDrafts.paidAt,
      country: sql<string | null>`${orderDrafts.data} -> 'shipping' -> 'address' ->> 'country'`,
      postcode: sql<string | null>`${orderDrafts.data} -> 'shipping' -> 'address' ->> 'postcode'`,
    })
    .from(orderDrafts)
    .where(
      and(
        eq(orderDrafts.status, "paid"),
        isNotNull(orderDrafts.paidAt),
        gte(orderDrafts.paidAt, since),
        lte(orderDrafts.paidAt, now),
      ),
    )
    .orderBy(desc(orderDrafts.paidAt))
    .limit(options.limit ?? 20);

  const { find } = await readShelf(db);
  const purchases: RecentOrder[] = [];
  for (const row of rows) {
    const product = find(row.productId);
    const region = coarseRegion(row);
    // An order for a product no longer sold, or to nowhere we ship, says nothing true enough to show.
    if (!product || !region || !row.paidAt) continue;
    const daysAgo = Math.max(0, Math.floor((now.getTime() - new Date(row.paidAt).getTime()) / DAY_MS));
    purchases.push({ region, product: product.title, daysAgo, buyerId: row.buyerId });
  }
  return purchases;
}

/**
 * `load` run at most once per `ttlMs`; callers in between, concurrent ones included, share its
 * answer. A failed load is forgotten so the next caller tries again; a clock that went back
 * (another `now`) starts afresh.
 */
export function cachedFor<T>(ttlMs: number, load: (now: Date) => Promise<T>): (now?: Date) => Promise<T> {
  let cached: { at: number; value: Promise<T> } | null = null;
  return (now = new Date()) => {
    const at = now.getTime();
    if (cached && at >= cached.at && at < cached.at + ttlMs) return cached.value;
    const entry = { at, value: load(now) };
    cached = entry;
    entry.value.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.value;
  };
}

const feeds = new WeakMap<Database, (now?: Date) => Promise<RecentOrder[]>>();

/**
 * The feed `/api/recent-purchases` serves (one cache per database), without the orders of
 * `exclude`: the buyers who must not be told of their own orders (recent-buyers.server.ts).
 */
export async function recentPurchasesFeed(
  db: Database,
  options: { exclude?: readonly string[]; now?: Date } = {},
): Promise<RecentPurchase[]> {
  let feed = feeds.get(db);
  if (!feed) {
    feed = cachedFor(RECENT_PURCHASES_CACHE_MS, (at) => listRecentOrders(db, { now: at }));
    feeds.set(db, feed);
  }
  const exclude = new Set(options.exclude);
  return (await feed(options.now))
    .filter((order) => !exclude.has(order.buyerId))
    .map(({ region, product, daysAgo }) => ({ region, product, daysAgo }));
}
