import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** One line of a quote request: a product from the shopping list and how many (issue 9 item 5). */
export type QuoteRequestItem = { productId: string; quantity: number; notes?: string };

/**
 * "Request a quote" from the shopping list, for staff to answer from the back office's inbox.
 * The items are a copy of the list at the time of asking, so a later edit of the list does not
 * change what was asked for.
 */
export const quoteRequests = pgTable(
  "quote_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").notNull(),
    items: jsonb("items").$type<QuoteRequestItem[]>().notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_requests_created_idx").on(t.createdAt.desc())],
);
