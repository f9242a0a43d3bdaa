import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AddressAsk, AnswerDelivery } from "~/domain/teams/collection-delivery";
import type { SizeCount } from "~/domain/pricing/sizes";

/**
 * Sizes collected by link (docs/decisions/090-sizes-collected-by-link.md): a buyer's collection for
 * one cart line, and the answers people gave through its link. Only the SHA-256 of each link's
 * random token is kept (the collection's, and each answer's own link to change it), so the tables
 * cannot be read back into working links. Answers go with their collection.
 */
export const sizeCollections = pgTable(
  "size_collections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    // The cart line whose sizes it collects. No foreign key: the line may be removed, and the
    // collection then says so instead of vanishing with what people answered.
    cartItemId: uuid("cart_item_id").notNull(),
    productId: text("product_id").notNull(),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    askNames: boolean("ask_names").notNull().default(false),
    // Whether each person says where their item goes (decision 092).
    askAddress: text("ask_address").$type<AddressAsk>().notNull().default("no"),
    // The last London day it takes answers.
    closesOn: date("closes_on", { mode: "string" }).notNull(),
    maxAnswers: integer("max_answers"),
    // The buyer's spares, by size, added to the answers when it closes.
    spares: jsonb("spares").$type<SizeCount[]>().notNull().default(sql`'[]'::jsonb`),
    // Who should answer, as the buyer listed them: the tally says who has not yet.
    people: jsonb("people").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Set when the buyer closes it and its split goes on the line.
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("size_collections_user_idx").on(t.userId),
    // One open collection per cart line.
    uniqueIndex("size_collections_open_line").on(t.cartItemId).where(sql`closed_at is null`),
    check("size_collections_max_answers", sql`max_answers is null or max_answers between 1 and 1000`),
    check("size_collections_ask_address", sql`ask_address in ('no', 'address', 'address_or_pickup')`),
  ],
);

export const sizeCollectionAnswers = pgTable(
  "size_collection_answers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    collectionId: uuid("collection_id")
      .notNull()
      .references(() => sizeCollections.id, { onDelete: "cascade" }),
    size: text("size").notNull(),
    name: text("name").notNull().default(""),
    // Their address or the office, when the collection asks; null when it does not.
    delivery: jsonb("delivery").$type<AnswerDelivery>(),
    // The answer's own link, to change it until the collection closes.
    editTokenHash: text("edit_token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("size_collection_answers_collection_idx").on(t.collectionId, t.createdAt)],
);
