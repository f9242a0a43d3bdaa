import { eq } from "drizzle-orm";
import { orderProofs } from "#db/schema";
import type { Database } from "./db.server";
import { getOrder } from "./buyer-orders.server";
import { getUploadStorage } from "./storage.server";

/**
 * A proof file of an order line the buyer may see (their own order, or their active
 * organisation's), for download; null for anyone else or a missing line or version.
 */
export async function openProofForBuyer(
  db: Database,
  input: {
    userId: string;
    accountId: string;
    orderId: string;
    line: number;
    version: number;
  },
) {
  const order = await getOrder(db, { userId: input.userId, accountId: input.accountId, orderId: input.orderId });
  const proof = order?.lines
    .find((line) => line.position === input.line)
    ?.proofs.find((each) => each.version === input.version);
  if (!proof) return null;
  const [stored] = await db
    .select({ storedName: orderProofs.storedName })
    .from(orderProofs)
    .where(eq(orderProofs.id, proof.id))
    .limit(1);
  if (!stored) return null;
  const stream = await getUploadStorage().get(stored.storedName);
  if (!stream) return null;
  return { name: proof.originalName, contentType: proof.contentType, size: proof.sizeBytes, stream };
}
