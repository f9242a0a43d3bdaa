/** The /debug/drafts watcher's read of the drafts table (R-DIAG-04/05, decision 058). */
import { desc, eq } from "drizzle-orm";
import { orderDrafts } from "#db/schema";
import type { Database } from "../platform/db.server";

export type DraftListItem = { id: string; status: string; productId: string; updatedAt: Date; data: unknown };

/** The /debug/drafts watcher: this user's latest drafts, newest first, raw data (R-DIAG-04/05, decision 058). */
export async function listLatestDrafts(
  db: Database,
  {
    userId,
    limit = 20,
  }: {
    userId: string;
    limit?: number;
  },
): Promise<DraftListItem[]> {
  if (!userId) return [];
  return db
    .select({
      id: orderDrafts.id,
      status: orderDrafts.status,
      productId: orderDrafts.productId,
      updatedAt: orderDrafts.updatedAt,
      data: orderDrafts.data,
    })
    .from(orderDrafts)
    .where(eq(orderDrafts.userId, userId))
    .orderBy(desc(orderDrafts.updatedAt))
    .limit(Math.min(100, Math.max(1, Math.floor(limit))));
}
