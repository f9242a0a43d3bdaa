import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { SizeCount } from "~/domain/pricing/sizes";
import type { TierRow } from "~/domain/pricing/tier-table";

// A signed-in buyer's favourites, shopping list and cart (R-FAV, R-SL, R-CART); every row belongs to one user.

export const favourites = pgTable(
  "favourites",
  {
    userId: text("user_id").notNull(),
    productId: text("product_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);

export const shoppingListItems = pgTable(
  "shopping_list_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    productId: text("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    notes: text("notes").notNull().default(""),
    // The colour and customisation chosen on the product page, so "Add to cart" from the list
    // keeps them; '' and [] while none is chosen.
    selectedColor: text("selected_color").notNull().default(""),
    customizationSelections: jsonb("customization_selections").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    handwrittenNote: boolean("handwritten_note").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("shopping_list_user_product").on(t.userId, t.productId),
    check("shopping_list_quantity", sql`quantity > 0`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    productId: text("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    selectedColor: text("selected_color").notNull(),
    customizationSelections: jsonb("customization_selections").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    handwrittenNote: boolean("handwritten_note").notNull().default(false),
    notes: text("notes").notNull().default(""),
    // A sized product's split of the quantity, in its sizing table's order; the
    // line's draft keeps the same list, and step 2 saves both. [] until the buyer gives one.
    sizes: jsonb("sizes").$type<SizeCount[]>().notNull().default(sql`'[]'::jsonb`),
    // The product's price bands when the buyer last added or changed the line (decision 066): a band
    // edited since is named before paying. Null for lines from before the catalogue was data.
    seenTiers: jsonb("seen_tiers").$type<TierRow[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // One line per product and colour (decision 086): a second colour is a line of its own, with its
  // own sizes, customisation and proof; the same colour again replaces its line (R-CART-06).
  (t) => [
    unique("cart_items_user_product_colour").on(t.userId, t.productId, t.selectedColor),
    check("cart_items_quantity", sql`quantity > 0`),
  ],
);

/** Cart feedback box messages (REQUIREMENTS.md A-22): stored, thanked only once stored. */
export const feedback = pgTable(
  "feedback",
  {
    id: serial("id").primaryKey(),
    text: text("text").notNull(),
    page: text("page").notNull(),
    userId: text("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feedback_created_idx").on(t.createdAt.desc())],
);
