/**
 * Order again: a delivered order's lines go back into the buyer's cart, each with
 * a new draft that repeats the approved design (skip_proof with the order's number, A-40) and owns
 * a copy of its artwork, priced at today's tiers (app/domain/orders/reorder-plan.ts decides the lines).
 *
 * Who: the order's buyer or a member of its organisation (the order pages' visibleTo); another's
 * order is a 404, like one that does not exist. How often: 10 reorders an hour per user. A double
 * click: each product has one cart line and one open draft, and a reorder replaces both, so doing
 * it twice leaves the same cart; a second request for the same order within 15 seconds is
 * answered with the cart the first one made, without copying anything again.
 */
import { and, eq, inArray } from "drizzle-orm";
import { artworkFiles, orders } from "#db/schema";
import { colourOf } from "~/catalogue/lookup";
import { readShelf } from "../catalogue/catalogue-store.server";
import { isOrderId } from "~/domain/fulfilment/orders";
import { canReorder, planReorder, REORDER_MESSAGES, type ReorderNote } from "~/domain/orders/reorder-plan";
import { copyArtworkIntoDraft } from "../artwork/artwork-copy.server";
import { visibleTo } from "../orders/buyer-orders.server";
import { releaseCheckoutPayments } from "./checkout-save.server";
import type { Database } from "../platform/db.server";
import { createDraft } from "./drafts.server";
import { failure, type Failure } from "../platform/http.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { AppContext } from "../providers/app-context.server";
import { addCartLine, removeProductsFromCart } from "./shopping.server";

export const REORDER_LIMIT = { hits: 10, windowSeconds: 3_600 } as const;
/** A repeat of the same reorder within this many seconds is the same click. */
export const REORDER_REPEAT_SECONDS = 15;

const notFound = () => failure(404, "ORDER_NOT_FOUND", "Order not found.");

type Reader = { userId: string; accountId: string };

/** The order this user may read, or null (unknown, malformed, or another buyer's). */
async function readableOrder(db: Database, reader: Reader, orderId: string) {
  if (!reader.userId || !isOrderId(orderId)) return null;
  const [row] = await db
    .select({ id: orders.id, number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, orderId), visibleTo(reader.userId, reader.accountId || reader.userId)))
    .limit(1);
  return row ?? null;
}

/** The plan for an order this user may read: its lines against today's catalogue. */
async function planFor(db: Database, order: { id: string; number: string }) {
  const lines = await linesOfOrder(db, order);
  const previous = lines.map((line) => ({
    draftId: line.draftId,
    productId: line.product.id,
    title: line.product.title,
    quantity: line.quantity,
    unitPence: line.unitPence,
    customization: line.customization,
  }));
  // Against what is on sale now: a product no longer sold, or a colour no longer made, is noted.
  const { find } = await readShelf(db);
  const offered = (productId: string, hex: string) => {
    const product = find(productId);
    return product !== undefined && colourOf(product, hex) !== undefined;
  };
  return { lines, plan: planReorder(order, previous, find, offered) };
}

export type ReorderDone = { ok: true; orderNumber: string; notes: ReorderNote[]; repeated: boolean };

/** Puts a delivered order back into the cart; see the contract at the top of this module. */
export async function reorder(ctx: AppContext, input: Reader & { orderId: string }): Promise<ReorderDone | Failure> {
  const { db } = ctx;
  const { userId, accountId } = input;
  const order = await readableOrder(db, input, input.orderId);
  if (!order) return notFound();
  const limited = await hitRateLimit(db, {
    key: `reorder:${userId}`,
    limit: REORDER_LIMIT.hits,
    windowSeconds: REORDER_LIMIT.windowSeconds,
  });
  if (!limited.allowed) {
    return failure(429, "RATE_LIMITED", REORDER_MESSAGES.rateLimited, { retryAfterSeconds: limited.retryAfterSeconds });
  }
  if (!canReorder(order.status)) return failure(409, "NOT_DELIVERED", REORDER_MESSAGES.notDelivered);
  const { lines, plan } = await planFor(db, order);
  if (plan.lines.length === 0) return failure(409, "NOTHING_TO_REORDER", REORDER_MESSAGES.nothingLeft);

  const once = await hitRateLimit(db, {
    key: `reorder-once:${userId}:${order.id}`,
    limit: 1,
    windowSeconds: REORDER_REPEAT_SECONDS,
  });
  if (!once.allowed) return { ok: true, orderNumber: order.number, notes: plan.notes, repeated: true };

  // The approved artwork as the order's lines hold it (the rows of the drafts that were paid).
  const draftIds = lines.map((line) => line.draftId);
  const stored = await db
    .select({
      id: artworkFiles.id,
      draftId: artworkFiles.draftId,
      storedName: artworkFiles.storedName,
      contentType: artworkFiles.contentType,
    })
    .from(artworkFiles)
    .where(inArray(artworkFiles.draftId, draftIds));
  const { storage } = ctx;

  // The products' cart lines, every colour's, and open drafts are replaced (R-CART-06), payments first.
  await releaseCheckoutPayments(ctx, userId);
  await removeProductsFromCart(ctx, { userId, productIds: plan.lines.map((line) => line.productId) });
  const notes = [...plan.notes];
  for (const line of plan.lines) {
    const lineId = await addCartLine(db, { userId, line: { productId: line.productId, ...line.cart } });
    const created = await createDraft(db, {
      accountId: accountId || userId,
      userId,
      productId: line.productId,
      lineId,
      data: line.patch,
    });
    if (!created.ok) throw new Error(`Reorder of ${order.number}: draft refused (${created.code}: ${created.message})`);
    const sources = line.artwork.flatMap((file) => {
      const row = stored.find((each) => each.id === file.id && each.draftId === line.fromDraftId);
      // The order's "Use it anyway" goes with its file: that decision was made and the proof approved.
      return row
        ? [{ name: file.name, storedName: row.storedName, contentType: row.contentType, useAnyway: file.use_anyway }]
        : [];
    });
    if (sources.length === 0 && line.artwork.length === 0) continue;
    const copied = await copyArtworkIntoDraft(db, { userId, draftId: created.draft.id, sources, storage });
    const lost = line.artwork.length - (copied?.added.length ?? 0);
    if (lost > 0) {
      const text = "An artwork file could not be copied: upload it again in step 2.";
      notes.push({ productId: line.productId, title: line.title, text });
    }
  }
  return { ok: true, orderNumber: order.number, notes, repeated: false };
}

/**
 * What the cart shows after a reorder (`/cart?reordered=<order id>`): the order's number and the
 * plan's notes, recomputed; null for an order this user may not read or that is not delivered.
 */
export async function reorderNotice(
  db: Database,
  { reader, orderId }: { reader: Reader; orderId: string | null },
): Promise<{ orderNumber: string; notes: ReorderNote[] } | null> {
  if (!orderId) return null;
  const order = await readableOrder(db, reader, orderId);
  if (!order || !canReorder(order.status)) return null;
  const { plan } = await planFor(db, order);
  return { orderNumber: order.number, notes: plan.notes };
}
