/**
 * Staff's changes to the categories (docs/decisions/068-categories-are-data.md): add, rename (name,
 * URL name, menus), move up or down, hide or show, delete. Each is one transaction that records who
 * changed what in `category_changes` and raises the catalogue's version, so every process and the
 * signed-out page cache show it within a second, as a product's edit is (decision 066).
 */
import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { authUser, categories, categoryChanges, categorySlugRedirects, products } from "#db/schema";
import type { CategoryMenu, ProductStatus } from "~/catalogue/types";
import {
  CATEGORY_LIMITS,
  CATEGORY_MESSAGES,
  type CategoryInput,
  categoryChanges as changesBetween,
  deleteRefusal,
  MENU_LABELS,
  type MoveDirection,
  moveInOrder,
  type ProductCounts,
} from "~/domain/catalogue/category-rules";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { actorOf, raiseCatalogueVersion } from "./catalogue-edits.server";
import { forgetCatalogue } from "./catalogue-store.server";
import { recordAudit } from "../platform/audit-log.server";

type CategoryRow = typeof categories.$inferSelect;

/** A category as the back office lists it: where it stands, and how many products of each status it holds. */
export type CategoryForAdmin = {
  id: string;
  slug: string;
  name: string;
  hidden: boolean;
  menu: CategoryMenu;
  position: number;
  counts: ProductCounts;
};

/** One recorded change: when, who, which category, what, from and to. */
export type CategoryHistoryEntry = {
  at: string;
  by: string;
  category: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
};

/** The most recent changes the page lists. */
const HISTORY_SHOWN = 50;

/** Every category in the operator's order with its products counted by status, and the latest changes. */
export async function categoriesForAdmin(
  db: Database,
): Promise<{ categories: CategoryForAdmin[]; history: CategoryHistoryEntry[] }> {
  return db.transaction(
    async (tx) => {
      const rows = await tx.select().from(categories).orderBy(asc(categories.position), asc(categories.name));
      const counted = await tx
        .select({ category: products.category, status: products.status, n: sql<number>`count(*)::int` })
        .from(products)
        .groupBy(products.category, products.status);
      const history = await tx
        .select({
          at: categoryChanges.changedAt,
          by: sql<string>`coalesce(${authUser.name}, 'Someone no longer on the staff')`,
          category: categoryChanges.categoryName,
          field: categoryChanges.field,
          oldValue: categoryChanges.oldValue,
          newValue: categoryChanges.newValue,
        })
        .from(categoryChanges)
        .leftJoin(authUser, eq(authUser.id, categoryChanges.changedBy))
        .orderBy(desc(categoryChanges.changedAt), desc(categoryChanges.id))
        .limit(HISTORY_SHOWN);
      return {
        categories: rows.map((row) => {
          const counts: ProductCounts = { published: 0, draft: 0, archived: 0 };
          for (const c of counted) if (c.category === row.name) counts[c.status as ProductStatus] += Number(c.n);
          return {
            id: row.id,
            slug: row.slug,
            name: row.name,
            hidden: row.hidden,
            menu: row.menu as CategoryMenu,
            position: row.position,
            counts,
          };
        }),
        history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      };
    },
    { accessMode: "read only" },
  );
}

/** One change at a time to the categories' order and names: two staff adding at once never share a place. */
const lockCategories = (tx: Database) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('categories:order'))`);

/** A refusal of a name or URL name another category has (the form checked the page's copy; this the database). */
async function clash(tx: Database, input: CategoryInput, selfId?: string): Promise<Failure | null> {
  const others = await tx
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(selfId ? ne(categories.id, selfId) : undefined);
  const named = others.find((other) => other.name.toLowerCase() === input.name.toLowerCase());
  if (named) {
    const message = CATEGORY_MESSAGES.nameTaken(named.name);
    return failure(409, "CATEGORY_NAME_TAKEN", message, { fieldErrors: { name: message } });
  }
  const slugged = others.find((other) => other.slug === input.slug);
  if (slugged) {
    const message = CATEGORY_MESSAGES.slugTaken(input.slug, slugged.name);
    return failure(409, "CATEGORY_SLUG_TAKEN", message, { fieldErrors: { slug: message } });
  }
  return null;
}

/** Records changes to one category, by one member of staff. */
async function record(
  tx: Database,
  row: Pick<CategoryRow, "id" | "name">,
  by: { staffId: string; address?: string },
  changes: readonly { field: string; oldValue: string | null; newValue: string | null }[],
): Promise<void> {
  if (changes.length === 0) return;
  await tx
    .insert(categoryChanges)
    .values(
      changes.map((change) => ({ ...change, categoryId: row.id, categoryName: row.name, changedBy: by.staffId })),
    );
  await recordAudit(tx, actorOf(by), {
    action: "category.change",
    subject: { kind: "category", id: row.id },
    summary: `Category ${row.name}: ${changes.map((change) => change.field).join(", ")}`,
    before: Object.fromEntries(changes.map((change) => [change.field, change.oldValue])),
    after: Object.fromEntries(changes.map((change) => [change.field, change.newValue])),
  });
}

/** Ends a change: the catalogue's version raised in its transaction, this process's copy forgotten after. */
async function changed<T extends { ok: true }>(
  db: Database,
  work: (tx: Database) => Promise<T | Failure>,
): Promise<T | Failure> {
  const outcome = await db.transaction(async (tx) => {
    await lockCategories(tx);
    const done = await work(tx);
    if (done.ok) await raiseCatalogueVersion(tx);
    return done;
  });
  if (outcome.ok) forgetCatalogue(db);
  return outcome;
}

/** A category's row, locked for the change, or the refusal of one that does not exist. */
async function rowFor(tx: Database, categoryId: string): Promise<{ ok: true; row: CategoryRow } | Failure> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, categoryId)).for("update");
  return row ? { ok: true, row } : failure(404, "CATEGORY_NOT_FOUND", CATEGORY_MESSAGES.notFound);
}

/** A new category, last in the operator's order and shown to buyers once it has products on sale. */
export function createCategory(
  db: Database,
  input: { staffId: string; address?: string; category: CategoryInput },
): Promise<{ ok: true; id: string } | Failure> {
  return changed(db, async (tx) => {
    const refused = await clash(tx, input.category);
    if (refused) return refused;
    const [place] = await tx
      .select({ n: sql<number>`count(*)::int`, last: sql<number>`coalesce(max(${categories.position}), 0)` })
      .from(categories);
    if (Number(place?.n ?? 0) >= CATEGORY_LIMITS.categories)
      return failure(409, "TOO_MANY_CATEGORIES", CATEGORY_MESSAGES.tooMany);
    // A former address of another category now names this one.
    await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, input.category.slug));
    const [made] = await tx
      .insert(categories)
      .values({ ...input.category, position: Number(place?.last ?? 0) + 1 })
      .returning({ id: categories.id, name: categories.name });
    await record(tx, made!, input, [
      { field: "Created", oldValue: null, newValue: `${input.category.name} (/products/${input.category.slug})` },
    ]);
    return { ok: true as const, id: made!.id };
  });
}

/**
 * A category's name, URL name and menus. Its products follow a new name in the same statement (the
 * foreign key's `on update cascade`); an old URL name answers with a redirect to the new one.
 */
export function updateCategory(
  db: Database,
  input: { staffId: string; address?: string; categoryId: string; category: CategoryInput },
): Promise<{ ok: true; changed: number } | Failure> {
  return changed(db, async (tx) => {
    const found = await rowFor(tx, input.categoryId);
    if (!found.ok) return found;
    const { row } = found;
    const before: CategoryInput = { name: row.name, slug: row.slug, menu: row.menu as CategoryMenu };
    const changes = changesBetween(before, input.category);
    if (changes.length === 0) return { ok: true as const, changed: 0 };
    const refused = await clash(tx, input.category, row.id);
    if (refused) return refused;
    if (row.slug !== input.category.slug) {
      await tx.delete(categorySlugRedirects).where(eq(categorySlugRedirects.slug, input.category.slug));
      await tx
        .insert(categorySlugRedirects)
        .values({ slug: row.slug, categoryId: row.id })
        .onConflictDoUpdate({ target: categorySlugRedirects.slug, set: { categoryId: row.id } });
    }
    await tx
      .update(categories)
      .set({ ...input.category, updatedAt: sql`now()` })
      .where(eq(categories.id, row.id));
    await record(tx, { id: row.id, name: input.category.name }, input, changes);
    return { ok: true as const, changed: changes.length };
  });
}

/** A category one place earlier or later in the operator's order: the menus, the home grid and the listing follow. */
export function moveCategory(
  db: Database,
  input: { staffId: string; address?: string; categoryId: string; direction: MoveDirection },
): Promise<{ ok: true; position: number; of: number } | Failure> {
  return changed(db, async (tx) => {
    const found = await rowFor(tx, input.categoryId);
    if (!found.ok) return found;
    const { row } = found;
    const rows = await tx
      .select({ id: categories.id })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name));
    const ids = rows.map((r) => r.id);
    const order = moveInOrder(ids, row.id, input.direction);
    if (!order) {
      const message = input.direction === "up" ? CATEGORY_MESSAGES.first(row.name) : CATEGORY_MESSAGES.last(row.name);
      return failure(409, "CATEGORY_AT_END", message);
    }
    for (const [index, id] of order.entries())
      await tx
        .update(categories)
        .set({ position: index + 1 })
        .where(and(eq(categories.id, id), ne(categories.position, index + 1)));
    const from = ids.indexOf(row.id) + 1;
    const to = order.indexOf(row.id) + 1;
    await record(tx, row, input, [
      { field: "Place", oldValue: `${from} of ${ids.length}`, newValue: `${to} of ${ids.length}` },
    ]);
    return { ok: true as const, position: to, of: ids.length };
  });
}

/**
 * Hides a category from buyers (its page answers 404, the menus, home grid and listing leave it
 * out; its products stay on sale under All products and search), or shows it again.
 */
export function setCategoryHidden(
  db: Database,
  input: { staffId: string; address?: string; categoryId: string; hidden: boolean },
): Promise<{ ok: true } | Failure> {
  return changed(db, async (tx) => {
    const found = await rowFor(tx, input.categoryId);
    if (!found.ok) return found;
    const { row } = found;
    if (row.hidden === input.hidden) return { ok: true as const };
    await tx.update(categories).set({ hidden: input.hidden, updatedAt: sql`now()` }).where(eq(categories.id, row.id));
    const shown = (hidden: boolean) => (hidden ? "Hidden from buyers" : "Shown to buyers");
    await record(tx, row, input, [{ field: "Visibility", oldValue: shown(row.hidden), newValue: shown(input.hidden) }]);
    return { ok: true as const };
  });
}

/** Deletes a category no product holds (of any status); one that holds any is refused, saying how many. */
export function deleteCategory(
  db: Database,
  input: { staffId: string; address?: string; categoryId: string },
): Promise<{ ok: true; name: string } | Failure> {
  return changed(db, async (tx) => {
    const found = await rowFor(tx, input.categoryId);
    if (!found.ok) return found;
    const { row } = found;
    const held = await tx
      .select({ status: products.status, n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.category, row.name))
      .groupBy(products.status);
    const counts: ProductCounts = { published: 0, draft: 0, archived: 0 };
    for (const c of held) counts[c.status as ProductStatus] += Number(c.n);
    const [all] = await tx.select({ n: sql<number>`count(*)::int` }).from(categories);
    const refusal = deleteRefusal(row.name, counts, Number(all?.n ?? 0));
    if (refusal) return failure(409, "CATEGORY_IN_USE", refusal);
    await tx.delete(categories).where(eq(categories.id, row.id));
    // The rest close up, so the order has no gap.
    await tx
      .update(categories)
      .set({ position: sql`${categories.position} - 1` })
      .where(sql`${categories.position} > ${row.position}`);
    await record(tx, row, input, [
      {
        field: "Deleted",
        oldValue: `${row.name} (/products/${row.slug}, ${MENU_LABELS[row.menu as CategoryMenu]})`,
        newValue: null,
      },
    ]);
    return { ok: true as const, name: row.name };
  });
}
