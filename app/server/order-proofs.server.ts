import { and, eq } from "drizzle-orm";
import { orderProofs } from "#db/schema";
import type { Database } from "./db.server";
import { getOrder } from "./buyer-orders.server";
import { getUploadStorage } from "./storage.server";

/**
 * A proof file of an order the buyer may see (their own, or their active organisation's), for
 * download; null for anyone else or a missing version.
 */
export async function openProofForBuyer(
  db: Database,
  input: {
    userId: string;
    accountId: string;
    orderId: string;
    version: number;
  },
) {
  const order = await getOrder(db, { userId: input.userId, accountId: input.accountId, orderId: input.orderId });
  if (!order) return null;
  const [proof] = await db
    .select()
    .from(orderProofs)
    .where(and(eq(orderProofs.orderId, order.id), eq(orderProofs.version, input.version)))
    .limit(1);
  if (!proof) return null;
  const stream = await getUploadStorage().get(proof.storedName);
  if (!stream) return null;
  return { name: proof.originalName, contentType: proof.contentType, size: proof.sizeBytes, stream };
}
