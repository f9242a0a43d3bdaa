import { sql } from "drizzle-orm";
import { boolean, check, date, index, jsonb, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import type { OrderTotals } from "~/domain/pricing/checkout";
import type { QuoteBuyer, QuoteLine } from "~/domain/checkout/quotes";
import { quoteRequests } from "./admin";

/**
 * Quotes (decision 021): each a numbered offer (Q-2026-000123, app/server/platform/document-numbers.server.ts)
 * whose lines, prices, totals, delivery estimate and buyer block are a copy taken when it was
 * made, so the PDF reads the same on every download and a later catalogue change never moves a
 * quoted price. It belongs to the buyer who asked (user_id) and their organisation (account_id),
 * as orders do; `request_id` is the custom request staff answered with it.
 */
export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull(),
    userId: text("user_id").notNull(),
    accountId: text("account_id").notNull(),
    source: text("source").notNull(),
    requestId: uuid("request_id").references(() => quoteRequests.id, { onDelete: "set null" }),
    /** The staff member who wrote it, for an answer to a custom request. */
    issuedBy: text("issued_by"),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    lines: jsonb("lines").$type<QuoteLine[]>().notNull(),
    shippingMethod: text("shipping_method"),
    country: text("country").notNull(),
    firstOrderDiscount: boolean("first_order_discount").notNull().default(false),
    totals: jsonb("totals").$type<OrderTotals>().notNull(),
    deliveryNote: text("delivery_note").notNull(),
    buyer: jsonb("buyer").$type<QuoteBuyer & { email: string }>().notNull(),
    /**
     * When the quote-expiry job (job-handlers.server.ts) found it past `valid_until`. Validity is
     * still worked out on read (decision 021); this records the moment for lists and reports.
     */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /**
     * When an order was placed at its prices (order-creation.server.ts): a quote prices one order,
     * and from then on the cart is priced from the catalogue (decision 021).
     */
    orderedAt: timestamp("ordered_at", { withTimezone: true }),
  },
  (t) => [
    unique("quotes_number_unique").on(t.number),
    index("quotes_account_issued_idx").on(t.accountId, t.issuedAt.desc()),
    index("quotes_user_issued_idx").on(t.userId, t.issuedAt.desc()),
    index("quotes_request_idx").on(t.requestId),
    index("quotes_unexpired_idx").on(t.validUntil).where(sql`expired_at is null`),
    check("quotes_source_check", sql`source in ('cart', 'list', 'staff')`),
  ],
);

/**
 * The quote a buyer converted into their cart: while it is valid it prices the cart's lines of its
 * products at the quantities quoted (app/domain/checkout/quotes.ts quotePricing). One per buyer; converting
 * another replaces it.
 */
export const cartQuotes = pgTable("cart_quotes", {
  userId: text("user_id").primaryKey(),
  quoteId: uuid("quote_id")
    .notNull()
    .references(() => quotes.id, { onDelete: "cascade" }),
  convertedAt: timestamp("converted_at", { withTimezone: true }).notNull().defaultNow(),
});
