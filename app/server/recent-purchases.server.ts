import { and, desc, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { orderDrafts } from "#db/schema";
import { findProductById } from "~/catalogue/catalogue";
import { getDb } from "./db.server";

/** Only orders paid in the last 14 days are mentioned. */
export const RECENT_PURCHASE_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a visitor may see of a real order: the delivery city and the product, never who bought it. */
export type RecentPurchase = { city: string; product: string; daysAgo: number };

/**
 * Real paid orders from the last 14 days, newest first (DESIGN decision 12). Orders are still
 * paid drafts today: when an `orders` table exists, only this query changes.
 */
export async function listRecentPurchases(options: { now?: Date; limit?: number } = {}): Promise<RecentPurchase[]> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - RECENT_PURCHASE_DAYS * DAY_MS);
  const db = await getDb();
  const rows = await db
    .select({
      productId: orderDrafts.productId,
      paidAt: orderDrafts.paidAt,
      city: sql<string | null>`${orderDrafts.data} -> 'shipping' -> 'address' ->> 'city'`,
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

  const purchases: RecentPurchase[] = [];
  for (const row of rows) {
    const product = findProductById(row.productId);
    const city = row.city?.trim().replace(/\s+/g, " ");
    // An order without a city or for a product no longer sold says nothing true enough to show.
    if (!product || !city || city.length > 80 || !row.paidAt) continue;
    const daysAgo = Math.max(0, Math.floor((now.getTime() - new Date(row.paidAt).getTime()) / DAY_MS));
    purchases.push({ city, product: product.title, daysAgo });
  }
  return purchases;
}
