import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { CreditedGoods } from "~/domain/orders/refunds";
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
 * Money given back on a paid order (docs/decisions/072-refunds-and-credit-notes.md): by lines or as
 * an amount, with its net and VAT worked out by app/domain/orders/refunds.ts. A card refund is
 * `pending` while the payment provider is asked (outside every transaction), and `done` once it has
 * answered and its credit note is issued; a pending refund counts against what is left of the
 * invoice, so two at once cannot give back more than it. A transfer refund is recorded done, with
 * the day the money went back and the bank reference.
 */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    status: text("status").notNull().default("pending"),
    method: text("method").notNull(),
    netPence: integer("net_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    grossPence: integer("gross_pence").notNull(),
    /** The goods given back: [{ index, quantity, unitPence, netPence }]; empty for an amount. */
    goods: jsonb("goods").$type<CreditedGoods[]>().notNull().default(sql`'[]'::jsonb`),
    discountPence: integer("discount_pence").notNull().default(0),
    shippingPence: integer("shipping_pence").notNull().default(0),
    reason: text("reason").notNull(),
    providerRefundId: text("provider_refund_id"),
    /** A transfer refund: the day the money went back, and the bank's reference for it. */
    paidBackOn: date("paid_back_on", { mode: "string" }),
    reference: text("reference"),
    staffId: text("staff_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("refunds_order_id_idx").on(t.orderId),
    check("refunds_status_check", sql`status in ('pending', 'done')`),
    check("refunds_method_check", sql`method in ('card', 'bank_transfer', 'account')`),
    check("refunds_adds_up", sql`gross_pence = net_pence + vat_pence and gross_pence > 0 and vat_pence >= 0`),
  ],
);

/**
 * A credit note (decision 019): issued for each refund (`refundId`), for what the refund gave back,
 * citing the order's VAT invoice. A note without a refund was issued before refunds could be
 * partial and credits the whole invoice.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id),
    invoiceId: uuid("invoice_id")
      .notNull()
      .references(() => invoices.id),
    refundId: uuid("refund_id")
      .unique()
      .references(() => refunds.id),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credit_notes_order_id_idx").on(t.orderId)],
);
