/**
 * The shopping list of one signed-in user (SPEC.md §2 "Shopping list", A-18). Every query is scoped by
 * user_id; a row id of another user simply matches nothing.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { shoppingListItems } from "#db/schema";
import type { ProductLookup } from "~/catalogue/lookup";
import { readShelf } from "../catalogue/catalogue-store.server";
import { type ListAction, type ListLine, listLineToCart } from "~/domain/checkout/shopping-rules";
import type { Database } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";
import type { AppContext } from "../providers/app-context.server";
import { changeCart, known } from "./shopping.server";

export type ShoppingListRow = ListLine & { id: string };

/** A row's choices as stored: colours in lower case, as the cart keeps them. */
type Choices = Pick<ListLine, "selectedColor" | "customizationSelections" | "handwrittenNote">;
const stored = (choices: Choices) => ({ ...choices, selectedColor: choices.selectedColor.toLowerCase() });

export async function listShoppingList(db: Database, { userId }: { userId: string }): Promise<ShoppingListRow[]> {
  const rows = await db
    .select({
      id: shoppingListItems.id,
      productId: shoppingListItems.productId,
      quantity: shoppingListItems.quantity,
      notes: shoppingListItems.notes,
      selectedColor: shoppingListItems.selectedColor,
      customizationSelections: shoppingListItems.customizationSelections,
      handwrittenNote: shoppingListItems.handwrittenNote,
    })
    .from(shoppingListItems)
    .where(eq(shoppingListItems.userId, userId))
    .orderBy(asc(shoppingListItems.createdAt));
  return known(db, rows);
}

/** R-SL-02: adding a product already on the list updates it (quantity, notes and the choices made). */
export async function addToShoppingList(db: Database, { userId, ...line }: ListLine & { userId: string }) {
  const values = { quantity: line.quantity, notes: line.notes, ...stored(line) };
  await db
    .insert(shoppingListItems)
    .values({ userId, productId: line.productId, ...values })
    .onConflictDoUpdate({
      target: [shoppingListItems.userId, shoppingListItems.productId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** False when the row is not this user's (or gone). */
export async function updateShoppingListItem(
  db: Database,
  { userId, id, ...line }: Omit<ListLine, "productId"> & { userId: string; id: string },
): Promise<boolean> {
  const rows = await db
    .update(shoppingListItems)
    .set({ quantity: line.quantity, notes: line.notes, ...stored(line), updatedAt: sql`now()` })
    .where(and(eq(shoppingListItems.id, id), eq(shoppingListItems.userId, userId)))
    .returning({ id: shoppingListItems.id });
  return rows.length === 1;
}

export async function removeShoppingListItem(
  db: Database,
  { userId, id }: { userId: string; id: string },
): Promise<boolean> {
  const rows = await db
    .delete(shoppingListItems)
    .where(and(eq(shoppingListItems.id, id), eq(shoppingListItems.userId, userId)))
    .returning({ id: shoppingListItems.id });
  return rows.length === 1;
}

export async function clearShoppingList(db: Database, { userId }: { userId: string }) {
  await db.delete(shoppingListItems).where(eq(shoppingListItems.userId, userId));
}

/** A row "Add to cart" could not add, and why, in the cart's own words. */
export type RefusedRow = { id: string; title: string; message: string };
/** What "Add to cart" did: the products it added and the rows it refused. */
export type ToCart = { ok: true; added: string[]; refused: RefusedRow[] };

/** What a refused row needs; the row's Edit is where a colour and customisations are chosen. */
function refusal(row: ShoppingListRow, issue: z.core.$ZodIssue | undefined, products: ProductLookup): RefusedRow {
  const title = products(row.productId)?.title ?? row.productId;
  const choosing = issue?.path[0] === "selectedColor" || issue?.path[0] === "customizationSelections";
  const reason = issue?.message ?? "This item can't be added to your cart.";
  return { id: row.id, title, message: `${title}: ${reason}${choosing ? " Use Edit to choose." : ""}` };
}

/**
 * "Add to cart" for one row or all of them: each row goes into the cart exactly as
 * the product page's Add to Cart sends a line, through the cart's schema and its one change
 * (changeCart), with the row's quantity, colour, customisations, handwritten note and notes; so
 * the MOQ, the tier price and the rules for choices are the cart's. The list itself is kept.
 */
export async function addListToCart(
  ctx: AppContext,
  { userId, which }: { userId: string; which: { id: string } | "all" },
): Promise<ToCart> {
  const rows = await listShoppingList(ctx.db, { userId });
  const { find, findAnyStatus } = await readShelf(ctx.db);
  const chosen = which === "all" ? rows : rows.filter((row) => row.id === which.id);
  const added: string[] = [];
  const refused: RefusedRow[] = [];
  for (const row of chosen) {
    const line = listLineToCart(row, find);
    if (!line.success) {
      refused.push(refusal(row, line.error.issues[0], findAnyStatus));
      continue;
    }
    await changeCart(ctx, { userId, change: line.data });
    added.push(find(row.productId)?.title ?? row.productId);
  }
  return { ok: true, added, refused };
}

type ListChange = ListAction;
type Done = { ok: true };
const DONE: Done = { ok: true };
const goneFromList = () => failure(404, "NOT_FOUND", "That item isn't on your list any more.");

/**
 * One change a buyer makes on /shopping-list; a row that is not (or no longer) theirs is a 404, and
 * an "Add to cart" that adds nothing is a 400 with each row's reason.
 */
export async function changeShoppingList(
  ctx: AppContext,
  { userId, change }: { userId: string; change: ListChange },
): Promise<Done | ToCart | Failure> {
  const { db } = ctx;
  switch (change.intent) {
    case "add":
      await addToShoppingList(db, { userId, ...change });
      return DONE;
    case "update":
      return (await updateShoppingListItem(db, { userId, ...change })) ? DONE : goneFromList();
    case "remove":
      return (await removeShoppingListItem(db, { userId, id: change.id })) ? DONE : goneFromList();
    case "clear":
      await clearShoppingList(db, { userId });
      return DONE;
    case "to-cart":
    case "all-to-cart": {
      const result = await addListToCart(ctx, {
        userId,
        which: change.intent === "all-to-cart" ? "all" : { id: change.id },
      });
      if (result.added.length > 0) return result;
      if (result.refused.length === 0) {
        return change.intent === "to-cart"
          ? goneFromList()
          : failure(400, "LIST_EMPTY", "Your shopping list is empty.");
      }
      const fieldErrors = Object.fromEntries(result.refused.map((row) => [row.id, row.message]));
      return failure(400, "NOT_ADDED", result.refused.map((row) => row.message).join(" "), { fieldErrors });
    }
  }
}
