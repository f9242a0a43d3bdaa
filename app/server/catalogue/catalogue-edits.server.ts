/**
 * Staff's changes to the catalogue (docs/decisions/066-catalogue-is-data.md), each in one
 * transaction that checks the version the change was made on, raises the product's and the
 * catalogue's versions (so every process sees it within a second) and records who changed what,
 * from what to what (`product_changes`).
 */
import { and, asc, desc, eq, ne, notInArray, sql } from "drizzle-orm";
import {
  authUser,
  catalogueVersion,
  categories,
  productChanges,
  productColours,
  productImages,
  productPriceTiers,
  products,
} from "#db/schema";
import type { ProductStatus, ProductTag } from "~/catalogue/types";
import { leadDaysOf } from "~/domain/catalogue/lead-days";
import {
  changesBetween,
  DEMO_SEED,
  EDIT_MESSAGES,
  type FieldChange,
  type ProductEdit,
} from "~/domain/catalogue/product-edit";
import { canMoveStatus, STATUS_MESSAGES } from "~/domain/catalogue/product-status";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { forgetCatalogue, imageFiles, readDetails } from "./catalogue-store.server";
import { recordAudit } from "../platform/audit-log.server";

/**
 * Refreshes the planner's figures of the catalogue's tables after a change of many rows (an import,
 * a seed): the embedded database runs no autovacuum, and without them a search of thousands of
 * products reads every row instead of its index.
 */
export const analyseCatalogue = async (db: Database) => {
  await db.execute(sql`analyze products, product_price_tiers, product_colours, product_images`);
};

/** Who made a catalogue change, as the audit log records it (docs/decisions/081-audit-log.md). */
export const actorOf = (input: { staffId: string; address?: string }) => ({
  id: input.staffId,
  address: input.address,
});

/** Raises the catalogue's version, in the transaction of the change: every process reloads within a second. */
export const raiseCatalogueVersion = (tx: Database) =>
  tx.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });

/** Moves a product to `to`: published, back to draft, or archived (product-status.ts says which moves exist). */
export async function changeProductStatus(
  db: Database,
  input: { staffId: string; address?: string; productId: string; to: ProductStatus; version: number },
): Promise<{ ok: true; version: number } | Failure> {
  const changed = await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ status: products.status, version: products.version })
      .from(products)
      .where(eq(products.id, input.productId))
      .for("update");
    if (!product) return failure(404, "PRODUCT_NOT_FOUND", STATUS_MESSAGES.notFound);
    if (product.version !== input.version) return failure(409, "PRODUCT_CHANGED", STATUS_MESSAGES.changed);
    const from = product.status as ProductStatus;
    if (!canMoveStatus(from, input.to)) return failure(409, "STATUS_NOT_ALLOWED", STATUS_MESSAGES.notAllowed);
    const version = product.version + 1;
    await tx
      .update(products)
      .set({ status: input.to, version, updatedAt: sql`now()` })
      .where(eq(products.id, input.productId));
    await tx.insert(productChanges).values({
      productId: input.productId,
      changedBy: input.staffId,
      field: "status",
      oldValue: from,
      newValue: input.to,
    });
    await recordAudit(tx, actorOf(input), {
      action: "product.status",
      subject: { kind: "product", id: input.productId },
      summary: `Product ${input.productId}: ${from} to ${input.to}`,
      before: { status: from },
      after: { status: input.to },
    });
    await raiseCatalogueVersion(tx);
    return { ok: true as const, version };
  });
  // This process reads its own change at once; the others within a second.
  if (changed.ok) forgetCatalogue(db);
  return changed;
}

/** A product's editable fields as saved, with its bands as the rows they were saved as. */
async function savedEdit(tx: Database, row: typeof products.$inferSelect): Promise<ProductEdit> {
  const tiers = await tx
    .select()
    .from(productPriceTiers)
    .where(eq(productPriceTiers.productId, row.id))
    .orderBy(asc(productPriceTiers.fromQuantity));
  const colours = await tx
    .select({ name: productColours.name, hex: productColours.hex })
    .from(productColours)
    .where(eq(productColours.productId, row.id))
    .orderBy(asc(productColours.position));
  return {
    title: row.title,
    slug: row.slug,
    sku: row.sku,
    description: row.description,
    category: row.category,
    moq: row.moq,
    leadTime: row.leadTime,
    deliveryTime: row.deliveryTime,
    tags: row.tags as ProductTag[],
    tiers: tiers.map((t) => ({ from: t.fromQuantity, to: t.toQuantity, unitPence: t.unitPence })),
    colours,
    details: readDetails(row.details),
  };
}

/** One change as the product's history shows it: when, who, what, from and to. */
export type HistoryEntry = {
  at: string;
  by: string;
  field: string;
  oldValue: string | null;
  newValue: string | null;
};

/** A picture in the editor's gallery: where it is, what it shows, and its small render. */
export type EditorPicture = { position: number; alt: string; colour: string | null; src: string | null };

/** A product as its editor opens it. */
export type ProductForEditing = {
  id: string;
  status: ProductStatus;
  version: number;
  edit: ProductEdit;
  pictures: EditorPicture[];
  /** Its colours' names, which a picture may show. */
  colours: string[];
  history: HistoryEntry[];
};

/** The most recent changes the editor lists. */
const HISTORY_SHOWN = 50;

/**
 * A product as the editor opens it: its saved fields, status and version, and its latest changes
 * with the name of who made each. Undefined when there is no such product.
 */
export async function productForEditing(db: Database, productId: string): Promise<ProductForEditing | undefined> {
  return db.transaction(
    async (tx) => {
      const [row] = await tx.select().from(products).where(eq(products.id, productId));
      if (!row) return undefined;
      const history = await tx
        .select({
          at: productChanges.changedAt,
          by: sql<string>`coalesce(${authUser.name}, case when ${productChanges.changedBy} = ${DEMO_SEED.id}
            then ${DEMO_SEED.name} else 'Someone no longer on the staff' end)`,
          field: productChanges.field,
          oldValue: productChanges.oldValue,
          newValue: productChanges.newValue,
        })
        .from(productChanges)
        .leftJoin(authUser, eq(authUser.id, productChanges.changedBy))
        .where(eq(productChanges.productId, productId))
        .orderBy(desc(productChanges.changedAt), desc(productChanges.id))
        .limit(HISTORY_SHOWN);
      const pictures = await tx
        .select()
        .from(productImages)
        .where(eq(productImages.productId, productId))
        .orderBy(asc(productImages.position));
      const edit = await savedEdit(tx, row);
      return {
        id: row.id,
        status: row.status as ProductStatus,
        version: row.version,
        edit,
        pictures: pictures.map((p) => ({
          position: p.position,
          alt: p.alt,
          colour: p.colour,
          src: imageFiles(p.source)?.src320 ?? null,
        })),
        colours: edit.colours.map((c) => c.name),
        history: history.map((entry) => ({ ...entry, at: entry.at.toISOString() })),
      };
    },
    { accessMode: "read only" },
  );
}

/** A product's colours and bands as the rows they are kept as, in the editor's order. */
export const colourRows = (productId: string, edit: ProductEdit) =>
  edit.colours.map((colour, index) => ({ productId, position: index + 1, ...colour }));
export const bandRows = (productId: string, edit: ProductEdit) =>
  edit.tiers.map((t) => ({ productId, fromQuantity: t.from, toQuantity: t.to, unitPence: t.unitPence }));

/** Writes a product's bands and colours as rows, in the editor's order. */
async function insertBandsAndColours(tx: Database, productId: string, edit: ProductEdit): Promise<void> {
  await tx.insert(productColours).values(colourRows(productId, edit));
  await tx.insert(productPriceTiers).values(bandRows(productId, edit));
}

/** A refusal of a URL name another product has. */
async function slugTaken(tx: Database, slug: string, productId?: string): Promise<Failure | null> {
  const [taken] = await tx
    .select({ id: products.id })
    .from(products)
    .where(productId ? and(eq(products.slug, slug), ne(products.id, productId)) : eq(products.slug, slug));
  if (!taken) return null;
  const message = EDIT_MESSAGES.slugTaken(slug);
  return failure(409, "SLUG_TAKEN", message, { fieldErrors: { slug: message } });
}

/**
 * The 409 when the product's category no longer exists. The row is held (key share) until the
 * save commits, so a deletion of the category waits for it and then finds the product in it; one
 * that committed first is answered here, with the form as typed, instead of the foreign key's
 * error.
 */
async function categoryGone(tx: Database, name: string): Promise<Failure | null> {
  const [held] = await tx
    .select({ name: categories.name })
    .from(categories)
    .where(eq(categories.name, name))
    .for("key share");
  if (held) return null;
  const message = EDIT_MESSAGES.categoryGone(name);
  return failure(409, "CATEGORY_GONE", message, { fieldErrors: { category: message } });
}

/**
 * The next product number, and the place after the last in catalogue order. Product numbers are
 * the spec's ids and the ones after them: /product/18 reads like /product/8.
 */
export async function nextProduct(tx: Database): Promise<{ id: string; position: number }> {
  // One new product at a time: two staff creating at once would otherwise take the same number.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('products:next-id'))`);
  const [next] = await tx
    .select({
      id: sql<number>`coalesce(max(case when ${products.id} ~ '^[0-9]{1,9}$' then ${products.id}::int end), 0) + 1`,
      position: sql<number>`coalesce(max(${products.position}), 0) + 1`,
    })
    .from(products);
  return { id: String(next!.id), position: Number(next!.position) };
}

/**
 * A new draft product from the editor's fields, under the next product number and last in
 * catalogue order; buyers see nothing of it until it is published. Its history starts with who
 * created it.
 */
export async function createProduct(
  db: Database,
  input: { staffId: string; address?: string; edit: ProductEdit },
): Promise<{ ok: true; id: string } | Failure> {
  const { tiers: _tiers, colours: _colours, ...fields } = input.edit;
  const created = await db.transaction(async (tx) => {
    const refused = (await categoryGone(tx, fields.category)) ?? (await slugTaken(tx, fields.slug));
    if (refused) return refused;
    const { id, position } = await nextProduct(tx);
    const leadDays = leadDaysOf(fields.leadTime);
    await tx.insert(products).values({ ...fields, leadDays, id, position, status: "draft", version: 1 });
    await insertBandsAndColours(tx, id, input.edit);
    await tx.insert(productChanges).values({
      productId: id,
      changedBy: input.staffId,
      field: "Created",
      oldValue: null,
      newValue: `${fields.title}, as a draft`,
    });
    await recordAudit(tx, actorOf(input), {
      action: "product.create",
      subject: { kind: "product", id },
      summary: `Product ${id} created as a draft: ${fields.title}`,
      after: { title: fields.title, status: "draft" },
    });
    await raiseCatalogueVersion(tx);
    return { ok: true as const, id };
  });
  if (created.ok) forgetCatalogue(db);
  return created;
}

/**
 * A product's row, bands and colours rewritten as `edit` at `version` (a status too, when one is
 * given), with each change recorded: the write of a save and of an import's changed row.
 */
export async function rewriteProduct(
  tx: Database,
  input: {
    productId: string;
    version: number;
    edit: ProductEdit;
    status?: ProductStatus;
    changes: readonly FieldChange[];
    staffId: string;
  },
): Promise<void> {
  const { productId, edit } = input;
  const { tiers: _tiers, colours, ...fields } = edit;
  await tx
    .update(products)
    .set({
      ...fields,
      ...(input.status ? { status: input.status } : {}),
      leadDays: leadDaysOf(fields.leadTime),
      version: input.version,
      updatedAt: sql`now()`,
    })
    .where(eq(products.id, productId));
  await tx.delete(productColours).where(eq(productColours.productId, productId));
  // A picture of a colour no longer made shows the product, not a colour a line could be in.
  await tx
    .update(productImages)
    .set({ colour: null })
    .where(
      and(
        eq(productImages.productId, productId),
        notInArray(
          productImages.colour,
          colours.map((colour) => colour.name),
        ),
      ),
    );
  await tx.delete(productPriceTiers).where(eq(productPriceTiers.productId, productId));
  await insertBandsAndColours(tx, productId, edit);
  await tx
    .insert(productChanges)
    .values(input.changes.map((change) => ({ ...change, productId, changedBy: input.staffId })));
}

/**
 * Saves the editor's fields on the version the editor opened: the product's row and bands change
 * together, each changed field is recorded, and the product's and catalogue's versions go up. An
 * edit that changes nothing saves nothing. A product already placed in an order or a quote keeps
 * there what it was sold at (docs/decisions/066-catalogue-is-data.md); drafts not yet paid are
 * priced afresh and their buyer is told of the change.
 */
export async function saveProduct(
  db: Database,
  input: { staffId: string; address?: string; productId: string; version: number; edit: ProductEdit },
): Promise<{ ok: true; version: number; changed: number } | Failure> {
  const { edit } = input;
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, input.productId)).for("update");
    if (!row) return failure(404, "PRODUCT_NOT_FOUND", EDIT_MESSAGES.notFound);
    if (row.version !== input.version) return failure(409, "PRODUCT_CHANGED", EDIT_MESSAGES.changed);
    const changes = changesBetween(await savedEdit(tx, row), edit);
    if (changes.length === 0) return { ok: true as const, version: row.version, changed: 0 };
    const refused = (await categoryGone(tx, edit.category)) ?? (await slugTaken(tx, edit.slug, row.id));
    if (refused) return refused;
    const version = row.version + 1;
    await rewriteProduct(tx, { productId: row.id, version, edit, changes, staffId: input.staffId });
    await recordAudit(tx, actorOf(input), {
      action: "product.edit",
      subject: { kind: "product", id: row.id },
      summary: `Product ${row.id} (${row.title}): ${changes.map((change) => change.field).join(", ")}`,
      before: Object.fromEntries(changes.map((change) => [change.field, change.oldValue])),
      after: Object.fromEntries(changes.map((change) => [change.field, change.newValue])),
    });
    await raiseCatalogueVersion(tx);
    return { ok: true as const, version, changed: changes.length };
  });
  if (saved.ok && saved.changed > 0) forgetCatalogue(db);
  return saved;
}

/** The first URL name free for a copy: `<slug>-copy`, then `-copy-2`, `-copy-3` … */
async function freeCopySlug(tx: Database, slug: string): Promise<string> {
  const base = `${slug.slice(0, 70)}-copy`;
  const rows = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(sql`${products.slug} = ${base} or ${products.slug} like ${`${base}-%`}`);
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * A new draft copied from a product: its texts, details, bands, colours and pictures, under the
 * next product number, a free URL name and "(copy)" after its title, last in catalogue order. The
 * quickest way to add a product like one already sold; buyers see nothing until it is published.
 */
export async function duplicateProduct(
  db: Database,
  input: { staffId: string; address?: string; productId: string },
): Promise<{ ok: true; id: string } | Failure> {
  const copied = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, input.productId));
    if (!row) return failure(404, "PRODUCT_NOT_FOUND", EDIT_MESSAGES.notFound);
    const { id, position } = await nextProduct(tx);
    const { createdAt: _created, updatedAt: _updated, ...fields } = row;
    await tx.insert(products).values({
      ...fields,
      id,
      slug: await freeCopySlug(tx, row.slug),
      title: `${row.title.slice(0, 113)} (copy)`,
      status: "draft",
      version: 1,
      position,
    });
    const tiers = await tx.select().from(productPriceTiers).where(eq(productPriceTiers.productId, row.id));
    if (tiers.length > 0) await tx.insert(productPriceTiers).values(tiers.map((t) => ({ ...t, productId: id })));
    const colours = await tx.select().from(productColours).where(eq(productColours.productId, row.id));
    if (colours.length > 0) await tx.insert(productColours).values(colours.map((c) => ({ ...c, productId: id })));
    const images = await tx.select().from(productImages).where(eq(productImages.productId, row.id));
    if (images.length > 0) await tx.insert(productImages).values(images.map((i) => ({ ...i, productId: id })));
    await tx.insert(productChanges).values({
      productId: id,
      changedBy: input.staffId,
      field: "Created",
      oldValue: null,
      newValue: `A copy of ${row.title} (product ${row.id})`,
    });
    await recordAudit(tx, actorOf(input), {
      action: "product.copy",
      subject: { kind: "product", id },
      summary: `Product ${id} created as a draft copy of product ${row.id} (${row.title})`,
      after: { copyOf: row.id, status: "draft" },
    });
    await raiseCatalogueVersion(tx);
    return { ok: true as const, id };
  });
  if (copied.ok) forgetCatalogue(db);
  return copied;
}
