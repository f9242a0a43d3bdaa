import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { invoices, orders } from "./orders";

/**
 * The last number issued of each kind of document in each year (decisions 019 and 060):
 * INV-2026-000123 is the 123rd invoice of 2026. A number is taken by incrementing the row inside
 * the transaction that stores the document (app/server/platform/document-numbers.server.ts), so the row
 * lock orders concurrent issuers and a rolled-back transaction gives its number back: invoice
 * numbers run without gaps or repeats, as HMRC asks, which a sequence cannot promise.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: text("kind").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check("document_counters_kind_check", sql`kind in ('quote', 'invoice', 'proforma', 'credit_note')`),
    check("document_counters_last_positive", sql`last > 0`),
  ],
);

/**
 * A credit note (decision 019): issued when a paid order is refunded, for the whole of its VAT
 * invoice, which it names. One per order: the shop refunds whole orders.
 */
export const creditNotes = pgTable("credit_notes", {
  id: uuid("id").primaryKey().defaultRandom(),
  number: text("number").notNull().unique(),
  orderId: uuid("order_id")
    .notNull()
    .unique()
    .references(() => orders.id),
  invoiceId: uuid("invoice_id")
    .notNull()
    .references(() => invoices.id),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
});
