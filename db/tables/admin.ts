import { date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One line of a quote request (decision 021): a catalogue product and how many, or, from a
 * "Request this product" form, a product we would source, as the buyer named it.
 */
export type QuoteRequestItem =
  | { productId: string; quantity: number; notes?: string }
  | { wanted: string; quantity: number };

/**
 * What the back office's quote inbox lists. The items are a copy of what was asked for at the
 * time, so a later edit of a list does not change the request. A request from a page anyone may
 * open carries the name and e-mail to answer; `user_id` is set when the buyer was signed in, and
 * `source_page` says where they asked (a category page, a search).
 */
export const quoteRequests = pgTable(
  "quote_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id"),
    contactName: text("contact_name"),
    email: text("email"),
    company: text("company"),
    neededBy: date("needed_by", { mode: "string" }),
    sourcePage: text("source_page"),
    items: jsonb("items").$type<QuoteRequestItem[]>().notNull(),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("quote_requests_created_idx").on(t.createdAt.desc())],
);
