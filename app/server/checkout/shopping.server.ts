/**
 * Favourites, shopping list and cart of one signed-in user (SPEC.md §2, A-19). Every query is scoped by
 * user_id; a line id of another user simply matches nothing.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { cartItems, favourites, feedback, orderDrafts } from "#db/schema";
import { normaliseSizes, type SizeCount, sizesTotal } from "~/domain/pricing/sizes";
import { type TierRow, tierRowsOf } from "~/domain/pricing/tier-table";
import type { CartAction, CartLineInput } from "~/domain/checkout/shopping-rules";
import { readShelf } from "../catalogue/catalogue-store.server";
import { sqlList, type Database } from "../platform/db.server";
import type { FileStorage } from "../providers/storage.server";
import { PRE_PAYMENT_STATUSES } from "~/domain/checkout/draft";
import { type Failure, failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { deleteDraftsWithArtwork } from "./draft-deletion.server";
import { latestDraftsForLines } from "./drafts.server";
import { releaseCheckoutPayments, saveCheckoutStep } from "./checkout-save.server";
import type { AppContext } from "../providers/app-context.server";

type Done = { ok: true };
const DONE: Done = { ok: true };

/**
 * Rows of products the catalogue holds, on sale or not: a line of a product no longer sold stays,
 * so the page can say so; one of a product the catalogue does not hold drops out of every list.
 */
export async function known<T extends { productId: string }>(db: Database, rows: T[]): Promise<T[]> {
  const { findAnyStatus } = await readShelf(db);
  return rows.filter((row) => findAnyStatus(row.productId));
}

export async function listFavouriteIds(db: Database, { userId }: { userId: string }): Promise<string[]> {
  const rows = await db
    .select({ productId: favourites.productId })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.createdAt));
  return (await known(db, rows)).map((r) => r.productId);
}

/** Adds or removes one favourite; says which it did. */
export async function toggleFavourite(
  db: Database,
  {
    userId,
    productId,
  }: {
    userId: string;
    productId: string;
  },
): Promise<{ favourited: boolean }> {
  const removed = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)))
    .returning({ productId: favourites.productId });
  if (removed.length > 0) return { favourited: false };
  await db.insert(favourites).values({ userId, productId }).onConflictDoNothing();
  return { favourited: true };
}

export type CartLine = {
  id: string;
  productId: string;
  quantity: number;
  selectedColor: string;
  customizationSelections: string[];
  handwrittenNote: boolean;
  notes: string;
  sizes: SizeCount[];
  /** The product's bands when the buyer last added or changed the line (price-changes.ts). */
  seenTiers: TierRow[] | null;
};

const cartColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  quantity: cartItems.quantity,
  selectedColor: cartItems.selectedColor,
  customizationSelections: cartItems.customizationSelections,
  handwrittenNote: cartItems.handwrittenNote,
  notes: cartItems.notes,
  sizes: cartItems.sizes,
  seenTiers: cartItems.seenTiers,
};

export async function listCart(db: Database, { userId }: { userId: string }): Promise<CartLine[]> {
  const rows = await db
    .select(cartColumns)
    .from(cartItems)
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt));
  return known(db, rows);
}

export async function countCartLines(db: Database, { userId }: { userId: string }): Promise<number> {
  return (await listCart(db, { userId })).length;
}

/**
 * R-CART-06: the same product in the same colour replaces its line (keeping its place in the cart);
 * another colour is a line of its own (decision 086). Answers the line's id.
 */
export async function addCartLine(
  db: Database,
  { userId, line }: { userId: string; line: Omit<CartLineInput, "intent"> },
): Promise<string> {
  const values = {
    seenTiers: await seenTiersOf(db, line.productId),
    quantity: line.quantity,
    selectedColor: line.selectedColor.toLowerCase(),
    customizationSelections: line.customizationSelections,
    handwrittenNote: line.handwrittenNote,
    notes: line.notes,
    sizes: line.sizes,
  };
  const [row] = await db
    .insert(cartItems)
    .values({ userId, productId: line.productId, ...values })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.selectedColor],
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning({ id: cartItems.id });
  if (!row) throw new Error("Adding a cart line returned no row");
  // A product put back in the cart finds the unpaid drafts its removed line left: what the buyer
  // customised before is not lost.
  await db
    .update(orderDrafts)
    .set({ cartItemId: row.id })
    .where(
      and(
        eq(orderDrafts.userId, userId),
        eq(orderDrafts.productId, line.productId),
        isNull(orderDrafts.paidAt),
        sql`(order_drafts.cart_item_id is null or not exists (select 1 from cart_items where cart_items.id = order_drafts.cart_item_id))`,
      ),
    );
  return row.id;
}

/** The bands of a product on sale as the buyer sees them now, to name a later change by (price-changes.ts). */
async function seenTiersOf(db: Database, productId: string): Promise<TierRow[] | null> {
  const product = (await readShelf(db)).find(productId);
  return product ? tierRowsOf(product.tiers) : null;
}

/**
 * Changes a line's quantity (the unit price follows from the tier at display time), and records the
 * bands the buyer now sees. The line must be this user's, of the product named.
 */
export async function updateCartQuantity(
  db: Database,
  { userId, id, productId, quantity }: { userId: string; id: string; productId: string; quantity: number },
): Promise<string | null> {
  const seenTiers = await seenTiersOf(db, productId);
  const [row] = await db
    .update(cartItems)
    .set({ quantity, seenTiers, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  return row?.productId ?? null;
}

/** Removes a line; the product it was for, or null when it is not (or no longer) this user's. */
export async function removeCartLine(
  db: Database,
  { userId, id }: { userId: string; id: string },
): Promise<string | null> {
  const [row] = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ productId: cartItems.productId });
  return row?.productId ?? null;
}

/**
 * Clear Cart: empties the cart and deletes this user's unpaid drafts for those products, never a
 * paid one or an organisation colleague's (decision 054, REQUIREMENTS ). A draft
 * with an open payment has it voided first, so it goes too.
 */
async function clearCart(ctx: AppContext, { userId }: { userId: string }) {
  const removed = await ctx.db
    .delete(cartItems)
    .where(eq(cartItems.userId, userId))
    .returning({ productId: cartItems.productId });
  const productIds = removed.map((r) => r.productId);
  if (productIds.length === 0) return;
  await releaseCheckoutPayments(ctx, userId);
  await deleteUnpaidDraftsForProducts(ctx.db, { userId, productIds, storage: ctx.storage });
}

/**
 * Takes these products out of the cart, every colour's line and this user's unpaid drafts of
 * them, so what replaces them starts afresh (a reorder, R-CART-06). Payments are the caller's.
 */
export async function removeProductsFromCart(
  ctx: AppContext,
  { userId, productIds }: { userId: string; productIds: readonly string[] },
) {
  if (productIds.length === 0) return;
  await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.productId, [...productIds])));
  await deleteUnpaidDraftsForProducts(ctx.db, { userId, productIds, storage: ctx.storage });
}

/**
 * Clear Cart (R-CART-12, A-12, A-61): deletes this user's drafts for these products that are
 * still customisation_draft, details_done or shipping_done — never a paid or paying one, never
 * an organisation colleague's — and their uploaded artwork. One statement, so rows and artwork
 * records go together; the files on disk are removed after it.
 */
export async function deleteUnpaidDraftsForProducts(
  db: Database,
  input: {
    userId: string;
    productIds: readonly string[];
    storage: FileStorage;
  },
): Promise<{ deleted: number }> {
  const { userId, productIds } = input;
  if (!userId || productIds.length === 0) return { deleted: 0 };
  const { drafts } = await deleteDraftsWithArtwork(db, {
    doomed: sql`select id from order_drafts
                 where user_id = ${userId} and product_id in (${sqlList(productIds)})
                   and status in (${sqlList(PRE_PAYMENT_STATUSES)})`,
    storage: input.storage,
    why: "cleared",
  });
  return { deleted: drafts };
}

/** Feedback from anyone, signed in or not; 20 an hour from one client address. */
export async function saveFeedback(
  db: Database,
  input: {
    text: string;
    page: string;
    userId: string | null;
    ip: string;
  },
): Promise<Done | Failure> {
  const limited = await hitRateLimit(db, { key: `feedback:${input.ip}`, limit: 20, windowSeconds: 3600 });
  if (!limited.allowed) {
    const { retryAfterSeconds } = limited;
    return failure(429, "RATE_LIMITED", "Too much feedback at once. Please try again later.", { retryAfterSeconds });
  }
  await db.insert(feedback).values({ text: input.text, page: input.page, userId: input.userId });
  return DONE;
}

// ---------------------------------------------------------------------------------------------
// The /cart form, one call per change

type CartChange = Exclude<CartAction, { intent: "feedback" | "need-by" }>;
const goneFromCart = () => failure(404, "NOT_FOUND", "That item isn't in your cart any more.");

/**
 * One change a buyer makes on /cart; a line that is not (or no longer) theirs is a 404. The cart
 * and the checkout agree at once (decision 016): a new quantity re-prices the line's draft, and
 * any change replaces the checkout's open payment (decision 006).
 */
export async function changeCart(
  ctx: AppContext,
  { userId, change }: { userId: string; change: CartChange },
): Promise<Done | Failure> {
  const { db } = ctx;
  switch (change.intent) {
    case "add": {
      const { intent: _intent, ...given } = change;
      const product = (await readShelf(db)).find(given.productId);
      const line = { ...given, sizes: normaliseSizes(product ?? {}, given.sizes) };
      const lineId = await addCartLine(db, { userId, line });
      // The line is replaced (R-CART-06), sizes too: the draft takes the new quantity and split.
      await followCart(ctx, userId, lineId, { quantity: line.quantity, sizes: line.sizes });
      await releaseCheckoutPayments(ctx, userId);
      return DONE;
    }
    case "update": {
      const productId = await updateCartQuantity(db, {
        userId,
        id: change.id,
        productId: change.productId,
        quantity: change.quantity,
      });
      if (!productId) return goneFromCart();
      await followCart(ctx, userId, change.id, { quantity: change.quantity });
      await releaseCheckoutPayments(ctx, userId);
      return DONE;
    }
    case "remove": {
      const productId = await removeCartLine(db, { userId, id: change.id });
      if (!productId) return goneFromCart();
      await releaseCheckoutPayments(ctx, userId);
      return DONE;
    }
    case "clear":
      await clearCart(ctx, { userId });
      return DONE;
  }
}

/**
 * A split collected by link (decision 090) goes on the buyer's line: its sizes, and their total as
 * the quantity. The line's checkout follows as for any cart change. False when the line is no
 * longer this buyer's.
 */
export async function fillLineSizes(
  ctx: AppContext,
  { userId, lineId, sizes }: { userId: string; lineId: string; sizes: SizeCount[] },
): Promise<boolean> {
  const quantity = sizesTotal(sizes);
  const [line] = await ctx.db
    .select({ productId: cartItems.productId })
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .limit(1);
  if (!line) return false;
  const seenTiers = await seenTiersOf(ctx.db, line.productId);
  const updated = await ctx.db
    .update(cartItems)
    .set({ quantity, sizes, seenTiers, updatedAt: sql`now()` })
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (updated.length === 0) return false;
  await followCart(ctx, userId, lineId, { quantity, sizes });
  await releaseCheckoutPayments(ctx, userId);
  return true;
}

/**
 * The line's newest unpaid draft takes the cart's change through a step-2 save, which re-prices it
 * and replaces an open payment. A draft that cannot take it now (a payment the provider is taking,
 * or a save racing this one) keeps its figures; step 2 takes the cart's quantity when it opens.
 */
async function followCart(
  ctx: AppContext,
  userId: string,
  lineId: string,
  patch: { quantity?: number; sizes?: SizeCount[] },
) {
  const draft = (await latestDraftsForLines(ctx.db, { userId, lineIds: [lineId] })).get(lineId);
  if (!draft) return;
  const saved = await saveCheckoutStep(ctx, {
    userId,
    draftId: draft.id,
    step: "customisation",
    patch,
    expectedVersion: draft.version,
  });
  if (!saved.ok) ctx.log.warn(`[cart] draft ${draft.id} kept its figures: ${saved.code}`);
}
