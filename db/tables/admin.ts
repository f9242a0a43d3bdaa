import { bigserial, date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

/**
 * What staff did (docs/decisions/081-audit-log.md): one row per action that changes money, an
 * order, a customer, a quote, a review, the catalogue or the shop's calendar, written in the
 * action's own transaction. Append-only: a trigger refuses every update, and every delete of a row
 * younger than the six years VAT records are kept (the retention purge removes older ones).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The member of staff, or null for the command line (`npm run staff:add`). */
    staffId: text("staff_id"),
    /** Their e-mail address then, when the action knew it (the log reads it from the account otherwise). */
    staffEmail: text("staff_email"),
    /** The client address the request came from (client-address.server.ts), when it came by HTTP. */
    address: text("address"),
    action: text("action").notNull(),
    subjectKind: text("subject_kind").notNull(),
    subjectId: text("subject_id").notNull(),
    /** The action in words, as the log lists it. */
    summary: text("summary").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (table) => [
    index("audit_events_at_idx").on(table.at),
    index("audit_events_subject_idx").on(table.subjectKind, table.subjectId),
  ],
);
