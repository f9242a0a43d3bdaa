import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * The shop's categories, as the operator runs them (docs/decisions/068-categories-are-data.md): one
 * row each, in the operator's order (`position`), a hidden one kept for the back office only. Its
 * `name` is what a product's `category` holds, carried by the database when it is renamed (the
 * foreign key's `on update cascade`), and refused deletion while any product holds it.
 * `menu` says where the header and the small screens' drawer link it (decision 068).
 */
export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Its page's address, /products/<slug>; an old one answers with a redirect (`category_slug_redirects`). */
    slug: text("slug").notNull().unique(),
    name: text("name").notNull().unique(),
    position: integer("position").notNull(),
    hidden: boolean("hidden").notNull().default(false),
    menu: text("menu").notNull().default("none"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("categories_position_idx").on(t.position),
    check("categories_slug_check", sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    check("categories_name_check", sql`char_length(name) between 1 and 40`),
    check("categories_menu_check", sql`menu in ('header', 'drawer', 'none')`),
  ],
);

/** A category's former addresses, so a link to /products/<old-slug> keeps working (301 to the new one). */
export const categorySlugRedirects = pgTable("category_slug_redirects", {
  slug: text("slug").primaryKey(),
  categoryId: uuid("category_id")
    .notNull()
    .references(() => categories.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What staff changed in the categories: who, when, what, from and to. Kept when the category is
 * deleted (no foreign key), with the name it had, so the back office can say what was deleted.
 */
export const categoryChanges = pgTable(
  "category_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    categoryId: uuid("category_id").notNull(),
    categoryName: text("category_name").notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    field: text("field").notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
  },
  (t) => [index("category_changes_changed_idx").on(t.changedAt)],
);

/**
 * The catalogue as data the operator owns (docs/decisions/066-catalogue-is-data.md): one row per
 * product, its price bands, colours and pictures as rows of their own. The four products of the
 * spec are the rows every shop starts with (migration 0033), with their spec ids, texts and bands.
 * Buyer-facing copy that is a list or a table (features, specifications, sizing, customisation
 * options, branding) is `details`, checked by the catalogue store when it is read.
 */
export const products = pgTable(
  "products",
  {
    id: text("id").primaryKey(),
    /** The product's URL name; the id keeps answering, so `/product/8` links keep working. */
    slug: text("slug").notNull().unique(),
    /** The supplier's reference, when the operator keeps one. */
    sku: text("sku"),
    status: text("status").notNull().default("draft"),
    /** Goes up by one with every saved change, so an edit made on an older copy is refused. */
    version: integer("version").notNull().default(1),
    /** Catalogue order: listings show products by it unless the buyer sorts. */
    position: integer("position").notNull(),
    /** Its category's name; a rename is carried here by the database, a deletion refused (decision 068). */
    category: text("category")
      .notNull()
      .references(() => categories.name, { onUpdate: "cascade", onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    moq: integer("moq").notNull(),
    leadTime: text("lead_time").notNull(),
    deliveryTime: text("delivery_time").notNull(),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    details: jsonb("details").notNull(),
    /** The longest the lead time can take, in days, read from `lead_time` when it is saved: the "lead time ≤ N weeks" filter. */
    leadDays: integer("lead_days"),
    /** Made by `npm run seed:demo` for an evaluation, not the operator's own: the back office marks it. */
    demo: boolean("demo").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_listing_idx").on(t.status, t.position),
    check("products_status_check", sql`status in ('draft', 'published', 'archived')`),
    check("products_moq_check", sql`moq >= 1`),
    check("products_version_check", sql`version >= 1`),
    check("products_slug_check", sql`slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

/**
 * A product's price bands: from `from_quantity` to `to_quantity` units (both included; none for
 * the open last band) at `unit_pence` each. The table as a whole is checked before it is saved
 * (app/domain/pricing/tier-table.ts); the constraints hold each row to what every table needs.
 */
export const productPriceTiers = pgTable(
  "product_price_tiers",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fromQuantity: integer("from_quantity").notNull(),
    toQuantity: integer("to_quantity"),
    unitPence: integer("unit_pence").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.fromQuantity] }),
    check("product_price_tiers_from_check", sql`from_quantity >= 1`),
    check("product_price_tiers_to_check", sql`to_quantity is null or to_quantity >= from_quantity`),
    check("product_price_tiers_price_check", sql`unit_pence > 0`),
  ],
);

/** The colours a product is made in, in the order the swatches show them. */
export const productColours = pgTable(
  "product_colours",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    hex: text("hex").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    check("product_colours_hex_check", sql`hex ~ '^#[0-9a-f]{6}$'`),
  ],
);

/**
 * A product's pictures, first shown first. `source` names the files: `builtin:<key>` for the
 * pictures that ship with the shop (app/catalogue/images). `colour` is the colour name the
 * picture shows the product in, so a line in that colour is pictured in it.
 */
export const productImages = pgTable(
  "product_images",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    source: text("source").notNull(),
    alt: text("alt").notNull(),
    colour: text("colour"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    check("product_images_alt_check", sql`char_length(alt) between 1 and 300`),
  ],
);

/**
 * One row: the catalogue's version, raised in the same transaction as every change to it. Each
 * process reads it at most once a second and reloads its copy of the catalogue when it moved.
 */
export const catalogueVersion = pgTable(
  "catalogue_version",
  {
    singleton: boolean("singleton").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  () => [check("catalogue_version_one_row", sql`singleton`)],
);

/**
 * What staff changed in the catalogue, field by field (docs/decisions/066-catalogue-is-data.md): who,
 * when, and the value before and after, written in the transaction that makes the change.
 */
export const productChanges = pgTable(
  "product_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id),
    /** The member of staff who saved it. */
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    field: text("field").notNull(),
    oldValue: text("old_value"),
    newValue: text("new_value"),
  },
  (t) => [index("product_changes_product_idx").on(t.productId, t.changedAt)],
);

/**
 * A CSV import of the catalogue (docs/decisions/066-catalogue-is-data.md): the file as uploaded,
 * its dry run row by row once the job has read it, and what applying it did. `status` runs
 * planning → planned → applying → applied, or failed with `error`.
 */
export const catalogueImports = pgTable(
  "catalogue_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: text("staff_id").notNull(),
    fileName: text("file_name").notNull(),
    csv: text("csv").notNull(),
    status: text("status").notNull().default("planning"),
    /** The rows the dry run has read so far, of `rows_total`. */
    rowsRead: integer("rows_read").notNull().default(0),
    rowsTotal: integer("rows_total"),
    plan: jsonb("plan"),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    appliedBy: text("applied_by"),
  },
  (t) => [
    index("catalogue_imports_created_idx").on(t.createdAt),
    check("catalogue_imports_status_check", sql`status in ('planning', 'planned', 'applying', 'applied', 'failed')`),
  ],
);

/**
 * The operator's closures (docs/decisions/078-shop-closures.md): days the shop does not work
 * besides weekends and bank holidays. Read with the catalogue, whose version a change raises, so
 * every process counts the same working days within a second and cached pages show the new dates.
 */
export const shopClosures = pgTable(
  "shop_closures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    lastDay: date("last_day", { mode: "string" }).notNull(),
    reason: text("reason").notNull(),
    staffId: text("staff_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("shop_closures_in_order", sql`${table.lastDay} >= ${table.firstDay}`),
    index("shop_closures_last_day_idx").on(table.lastDay),
  ],
);
