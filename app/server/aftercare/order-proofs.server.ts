/**
 * Opening a proof file: staff open any order's (admin.order-proof), a buyer only an order they
 * may read (order-proof). Always by order, line position and version.
 */
import { and, eq } from "drizzle-orm";
import { orderLines, orderProofs } from "#db/schema";
import { isOrderId } from "~/domain/fulfilment/orders";
import type { ArtworkDownload } from "../artwork/artwork.server";
import type { Database } from "../platform/db.server";
import { getOrder } from "../orders/buyer-orders.server";
import type { FileStorage } from "../providers/storage.server";

/**
 * One proof version of one line of this order (by position, the first by default), or with
 * `preview` the PNG of a PDF proof's page one; null when there is none.
 */
export async function openOrderProof(
  db: Database,
  input: {
    orderId: string;
    line?: number;
    version: number;
    preview?: boolean;
    storage: FileStorage;
  },
): Promise<ArtworkDownload | null> {
  if (!isOrderId(input.orderId) || !Number.isSafeInteger(input.version) || input.version < 1) return null;
  const [found] = await db
    .select({ proof: orderProofs })
    .from(orderProofs)
    .innerJoin(orderLines, eq(orderLines.id, orderProofs.orderLineId))
    .where(
      and(
        eq(orderProofs.orderId, input.orderId),
        eq(orderLines.position, input.line ?? 1),
        eq(orderProofs.version, input.version),
      ),
    )
    .limit(1);
  const proof = found?.proof;
  if (!proof) return null;
  if (input.preview) {
    const png = proof.previewStoredName ? await input.storage.get(proof.previewStoredName) : null;
    return png ? { name: `${proof.originalName}.png`, contentType: "image/png", size: null, stream: png } : null;
  }
  const stream = await input.storage.get(proof.storedName);
  if (!stream) return null;
  return { name: proof.originalName, contentType: proof.contentType, size: proof.sizeBytes, stream };
}

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
    preview?: boolean;
    storage: FileStorage;
  },
) {
  const order = await getOrder(db, { userId: input.userId, accountId: input.accountId, orderId: input.orderId });
  if (!order) return null;
  return openOrderProof(db, { ...input, orderId: order.id });
}
