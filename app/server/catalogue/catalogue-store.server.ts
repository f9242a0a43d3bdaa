/**
 * The catalogue as the database holds it (docs/decisions/066-catalogue-is-data.md), read into the
 * products the pages and the prices use. Each process keeps one copy per database and asks the
 * catalogue's version at most once a second: a change saved with a raised version is what every
 * process reads within a second, and nothing older is served after that.
 */
import { asc, gte, sql } from "drizzle-orm";
import { z } from "zod";
import {
  catalogueVersion,
  categories,
  categorySlugRedirects,
  productColours,
  productImages,
  productPriceTiers,
  products,
  shopClosures,
} from "#db/schema";
import { BUILTIN_IMAGES } from "~/catalogue/images";
import {
  CATEGORY_MENUS,
  type Category,
  CUSTOMIZATION_THEMES,
  PRODUCT_STATUSES,
  PRODUCT_TAGS,
  type Product,
  type ProductImage,
  type StoredProduct,
} from "~/catalogue/types";
import { forBuyers, onSale, promotedCategories } from "~/catalogue/catalogue";
import { lookupIn, type ProductLookup } from "~/catalogue/lookup";
import { BRANDING_METHOD_IDS } from "~/domain/pricing/checkout";
import { productChargeSchema } from "~/domain/checkout/ledger-lines";
import type { ProductDetails } from "~/domain/catalogue/product-details-edit";
import { type Closure, setClosures } from "~/domain/core/working-days";
import { priceTiersOf, type TierRow, unitPriceRange } from "~/domain/pricing/tier-table";
import type { Database } from "../platform/db.server";
import { storedPictureFiles, storedPictureOf } from "./picture-files.server";

/** A category as the database keeps it: with its id (docs/decisions/068-categories-are-data.md). */
export type ShopCategory = Category & { id: string };

/**
 * The catalogue at one version: every product, in catalogue order, whatever its status; every
 * category, hidden or not, in the operator's order; the categories' former URL names, each
 * with the one it now answers to (decision 068); and the shop's closures of the last year and
 * to come, which move every delivery date the pages show (decision 078).
 */
export type Catalogue = {
  version: number;
  products: readonly StoredProduct[];
  categories: readonly ShopCategory[];
  formerSlugs: ReadonlyMap<string, string>;
  closures: readonly Closure[];
};

/** Closures that ended longer ago than this are history no date still counted needs. */
const CLOSURES_KEPT_DAYS = 400;

/** How long a process serves its copy before it asks the database whether the catalogue changed. */
export const CATALOGUE_CHECK_MS = 1000;

const text = z.string().trim().min(1);

/** The product's lists and tables (the `details` column), as the pages show them. */
const detailsSchema = z.strictObject({
  customizationTheme: z.enum(CUSTOMIZATION_THEMES),
  allowHandwrittenNote: z.boolean(),
  customizationOptions: z.array(z.strictObject({ title: text, subtitle: text.optional(), className: text.optional() })),
  branding: z.strictObject({
    methods: z.array(z.enum(BRANDING_METHOD_IDS)).min(1),
    default: z.enum(BRANDING_METHOD_IDS),
  }),
  features: z.array(text),
  goodFor: z.array(text),
  shippingInfo: text,
  specifications: z.array(z.strictObject({ label: text, value: text })),
  sizingTable: z
    .strictObject({
      headers: z.array(text),
      rows: z.array(z.strictObject({ size: text, height: text, weight: text, waist: text, length: text })),
      note: z.string(),
    })
    .optional(),
  shippingPerUnitPence: z.number().int().nonnegative(),
  charges: z.array(productChargeSchema).optional(),
});

/** A product's saved `details`, as the pages and the editor read them; throws on details the shop cannot show. */
export const readDetails = (details: unknown): ProductDetails => detailsSchema.parse(details);

/** The columns that hold one of a few values, or the lists and tables, as the shop can show them. */
const rowSchema = z.object({
  details: detailsSchema,
  category: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  tags: z.array(z.enum(PRODUCT_TAGS)),
});

type ProductRow = typeof products.$inferSelect;

/** A picture's files from its `source`; a source this shop cannot serve is left out. */
export function imageFiles(source: string): Omit<ProductImage, "alt" | "colour"> | undefined {
  const stored = storedPictureOf(source);
  if (stored) return storedPictureFiles(stored);
  const [kind, key] = source.split(":");
  return kind === "builtin" && key ? BUILTIN_IMAGES.get(key) : undefined;
}

/** The headline price: the one band's price, or the lowest and highest, in pounds (cards and sorting only). */
function headlinePrice(rows: readonly TierRow[]): Product["unitPrice"] {
  const { low, high } = unitPriceRange(rows);
  return low === high ? low / 100 : [low / 100, high / 100];
}

/**
 * One product from its rows. Throws on a row the shop cannot show, naming the product, so a broken
 * product is noticed where it was read rather than half-shown to a buyer.
 */
function productOf(
  known: ReadonlySet<string>,
  row: ProductRow,
  tiers: readonly TierRow[],
  colours: Product["colours"],
  images: ReadonlyArray<{ source: string; alt: string; colour: string | null }>,
): StoredProduct {
  const read = rowSchema.safeParse(row);
  if (!read.success || tiers.length === 0 || !known.has(read.data.category)) {
    const why = read.error?.message ?? (tiers.length === 0 ? "it has no price bands" : "its category is unknown");
    throw new Error(`Product ${row.id} cannot be read: ${why}`);
  }
  const { details, category, status, tags } = read.data;
  return {
    id: row.id,
    slug: row.slug,
    sku: row.sku,
    status,
    version: row.version,
    demo: row.demo,
    title: row.title,
    description: row.description,
    category,
    images: images.flatMap((image) => {
      const files = imageFiles(image.source);
      return files ? [{ ...files, alt: image.alt, ...(image.colour ? { colour: image.colour } : {}) }] : [];
    }),
    unitPrice: headlinePrice(tiers),
    moq: row.moq,
    leadTime: row.leadTime,
    deliveryTime: row.deliveryTime,
    tags,
    ...details,
    createdAt: row.createdAt.toISOString().slice(0, 10),
    tiers: priceTiersOf(tiers),
    colours,
  };
}

/** Groups rows by product id, keeping their order. */
function byProduct<T extends { productId: string }>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) grouped.set(row.productId, [...(grouped.get(row.productId) ?? []), row]);
  return grouped;
}

/** Reads the whole catalogue at its current version, in one consistent snapshot. */
export async function loadCatalogue(db: Database): Promise<Catalogue> {
  return db.transaction(
    async (tx) => {
      const [state] = await tx.select({ version: catalogueVersion.version }).from(catalogueVersion);
      const shopCategories = (
        await tx.select().from(categories).orderBy(asc(categories.position), asc(categories.name))
      ).map(
        (row): ShopCategory => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          hidden: row.hidden,
          menu: z.enum(CATEGORY_MENUS).parse(row.menu),
        }),
      );
      const slugOf = new Map(shopCategories.map((category) => [category.id, category.slug]));
      const formerSlugs = new Map(
        (await tx.select().from(categorySlugRedirects)).flatMap((row) => {
          const slug = slugOf.get(row.categoryId);
          return slug ? [[row.slug, slug] as const] : [];
        }),
      );
      const known = new Set(shopCategories.map((category) => category.name));
      const rows = await tx.select().from(products).orderBy(asc(products.position), asc(products.id));
      const tiers = byProduct(await tx.select().from(productPriceTiers).orderBy(asc(productPriceTiers.fromQuantity)));
      const colours = byProduct(await tx.select().from(productColours).orderBy(asc(productColours.position)));
      const images = byProduct(await tx.select().from(productImages).orderBy(asc(productImages.position)));
      const closures = await tx
        .select({ from: shopClosures.firstDay, to: shopClosures.lastDay, reason: shopClosures.reason })
        .from(shopClosures)
        .where(gte(shopClosures.lastDay, sql`current_date - ${CLOSURES_KEPT_DAYS}::int`))
        .orderBy(asc(shopClosures.firstDay));
      return {
        version: state?.version ?? 0,
        closures,
        categories: shopCategories,
        formerSlugs,
        products: rows.map((row) =>
          productOf(
            known,
            row,
            (tiers.get(row.id) ?? []).map((t) => ({ from: t.fromQuantity, to: t.toQuantity, unitPence: t.unitPence })),
            (colours.get(row.id) ?? []).map(({ name, hex }) => ({ name, hex })),
            images.get(row.id) ?? [],
          ),
        ),
      };
    },
    { accessMode: "read only", isolationLevel: "repeatable read" },
  );
}

/** The names of the shop's categories, hidden ones too: what a product's category must be one of (decision 068). */
export async function categoryNames(db: Database, now: number = Date.now()): Promise<string[]> {
  return (await readCatalogue(db, now)).categories.map((category) => category.name);
}

/**
 * The categories the site promotes to buyers (header, drawer, footer, home grid): the visible ones
 * with products on sale, in the operator's order, without their ids (the root loader's `shopCategories`).
 */
export async function shopCategories(db: Database, now: number = Date.now()): Promise<Category[]> {
  return (await readShelf(db, now)).promoted;
}

/** The shop's closures of the last year and to come (decision 078), for the browser to count with. */
export async function shopClosuresOf(db: Database, now: number = Date.now()): Promise<readonly Closure[]> {
  return (await readCatalogue(db, now)).closures;
}

type Copy = { catalogue: Promise<Catalogue>; checkedAt: number };
const copies = new WeakMap<Database, Copy>();

/** Drops this process's copy, so a change it just saved is what its next read sees. */
export function forgetCatalogue(db: Database): void {
  copies.delete(db);
}

/**
 * When this process last read the catalogue's version from the database (readCatalogue): for
 * CATALOGUE_CHECK_MS after it, what was read then is as current as a new read would be.
 */
export function catalogueCheckedAt(db: Database): number | undefined {
  return copies.get(db)?.checkedAt;
}

/**
 * The catalogue for this process: its copy while it was checked less than a second ago, else the
 * database's version is read and the catalogue reloaded when it moved. `now` is the caller's clock.
 */
export async function readCatalogue(db: Database, now: number = Date.now()): Promise<Catalogue> {
  const copy = copies.get(db);
  if (copy && now - copy.checkedAt < CATALOGUE_CHECK_MS) return copy.catalogue;
  const held = copy ? await copy.catalogue.catch(() => undefined) : undefined;
  if (held) {
    const [state] = await db.select({ version: catalogueVersion.version }).from(catalogueVersion);
    if (state?.version === held.version) {
      copies.set(db, { catalogue: copy!.catalogue, checkedAt: now });
      return held;
    }
  }
  // Every date this process counts from now on skips the closures read (working-days.ts).
  const catalogue = loadCatalogue(db).then((loaded) => {
    setClosures(loaded.closures);
    return loaded;
  });
  copies.set(db, { catalogue, checkedAt: now });
  // A failed read is not kept: the next caller tries again.
  catalogue.catch(() => {
    if (copies.get(db)?.catalogue === catalogue) copies.delete(db);
  });
  return catalogue;
}

/**
 * What is on sale: the published products, in catalogue order, a lookup over them as buyers' pages
 * may get them (forBuyers), and what every page's header and the listing ask of them, worked out
 * once per copy of the catalogue instead of per request.
 */
export type Shelf = {
  products: readonly StoredProduct[];
  find: ProductLookup;
  /** How many products are on sale in each category, by its name: none is not in the map. */
  onSaleIn: ReadonlyMap<string, number>;
  /** The categories the site promotes (shopCategories). */
  promoted: Category[];
  /** Any product of the catalogue, on sale or not: what names and judges a line already placed. */
  findAnyStatus: ProductLookup;
};

const shelves = new WeakMap<Catalogue, Shelf>();

/**
 * The shelf of this process's copy of the catalogue: what the cart, the checkout and the payment
 * price and check lines against (a product not on it is not sold). Read it before opening a
 * transaction: on the embedded database a read waits for an open transaction to end.
 */
export async function readShelf(db: Database, now: number = Date.now()): Promise<Shelf> {
  const catalogue = await readCatalogue(db, now);
  const held = shelves.get(catalogue);
  if (held) return held;
  const products = onSale(catalogue.products);
  const onSaleIn = new Map<string, number>();
  for (const product of products) onSaleIn.set(product.category, (onSaleIn.get(product.category) ?? 0) + 1);
  const shelf = {
    products,
    find: lookupIn(products.map(forBuyers)),
    findAnyStatus: lookupIn(catalogue.products.map(forBuyers)),
    onSaleIn,
    promoted: promotedCategories(products, catalogue.categories).map(({ id: _id, ...category }) => category),
  };
  shelves.set(catalogue, shelf);
  return shelf;
}
