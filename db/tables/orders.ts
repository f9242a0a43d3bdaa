import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import type { LedgerLine } from "../../app/domain/checkout/ledger-lines";
import { ORDER_STATUSES } from "../../app/domain/fulfilment/orders";
import { orderDrafts } from "./core";

// Payments and orders (REQUIREMENTS B-2, B-3, B-4, B-9; decisions 055, 056 and 057).
// Money is integer pence in GBP throughout (R-CALC-18).

const inList = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(", ")})`);

/** Human order numbers (SS-000123); invoice numbers run without gaps from document_counters. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1 });

/**
 * Every payment intent the server created for a draft, with the amount and breakdown it computed
 * (B-2). The webhook checks a paid amount against this row, not against the draft, so an intent
 * replaced after a price change can never be credited with the new figure. `last_event_at` is the
 * provider's time of the newest event applied, so a late, older event cannot undo a newer one.
 */
export const paymentIntents = pgTable(
  "payment_intents",
  {
    intentId: text("intent_id").primaryKey(),
    provider: text("provider").notNull(),
    // An unpaid draft's intents go with it (B-17 purges unpaid drafts); a paid one is never deleted.
    draftId: uuid("draft_id")
      .notNull()
      .references(() => orderDrafts.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    userId: text("user_id").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amountPence: integer("amount_pence").notNull(),
    currency: text("currency").notNull(),
    subtotalPence: integer("subtotal_pence").notNull(),
    discountPence: integer("discount_pence").notNull(),
    shippingPence: integer("shipping_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    vatRate: integer("vat_rate").notNull(),
    // The lines this payment is for (decision 016): one per draft, each at its version, quantity and
    // tier price when priced (app/domain/checkout/ledger-lines.ts).
    lines: jsonb("lines").$type<LedgerLine[]>().notNull().default(sql`'[]'::jsonb`),
    status: text("status").notNull().default("created"),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    lastEventAt: timestamp("last_event_at", { withTimezone: true }),
    /** When payment reconciliation (payment-reconciliation.server.ts) last asked the provider about it. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payment_intents_draft_idx").on(t.draftId),
    // What reconciliation asks the provider about (payment-reconciliation.server.ts): open or declined.
    index("payment_intents_open_idx").on(t.createdAt).where(sql`status in ('created', 'processing', 'failed')`),
    // bank_transfer: an order placed to pay by transfer, whose amount the ledger records the same way.
    check("payment_intents_provider_check", inList("provider", ["stripe", "test", "bank_transfer"])),
    check(
      "payment_intents_status_check",
      inList("status", ["created", "processing", "succeeded", "failed", "canceled"]),
    ),
    check("payment_intents_amount_positive", sql`amount_pence > 0`),
  ],
);

/** Provider events already applied, keyed by the provider's event id: a replay changes nothing (B-4). */
export const paymentEvents = pgTable("payment_events", {
  eventId: text("event_id").primaryKey(),
  type: text("type").notNull(),
  intentId: text("intent_id"),
  outcome: text("outcome").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test-mode provider's own intents (DESIGN "payment": a fresh install pays with the
 * documented test cards, no keys, no network). This table plays the part of Stripe's servers.
 */
export const testPaymentIntents = pgTable(
  "test_payment_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull().unique(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    amountPence: integer("amount_pence").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull().default("requires_payment_method"),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    lastErrorCode: text("last_error_code"),
    lastErrorMessage: text("last_error_message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (_t) => [
    check("test_payment_intents_status_check", inList("status", ["requires_payment_method", "succeeded", "canceled"])),
  ],
);

/** The built-in test mode's refunds (decision 007), as Stripe keeps them: one per idempotency key. */
export const testPaymentRefunds = pgTable("test_payment_refunds", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  intentId: text("intent_id")
    .notNull()
    .references(() => testPaymentIntents.id),
  amountPence: integer("amount_pence").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A paid checkout (decision 055: one payment, one order with a line per product). `snapshot`
 * is what applies to the whole order at payment (contact, billing, delivery, method), so later
 * edits to the account never rewrite what was bought; each product is an order_lines row.
 * `version` is bumped on every change, for the staff pages' optimistic concurrency.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    number: text("number").notNull().unique(),
    accountId: text("account_id").notNull(),
    userId: text("user_id").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    subtotalPence: integer("subtotal_pence").notNull(),
    discountPence: integer("discount_pence").notNull(),
    shippingPence: integer("shipping_pence").notNull(),
    vatPence: integer("vat_pence").notNull(),
    totalPence: integer("total_pence").notNull(),
    vatRate: integer("vat_rate").notNull(),
    currency: text("currency").notNull().default("gbp"),
    paymentIntentId: text("payment_intent_id").notNull(),
    status: text("status").notNull().default("paid"),
    promisedDeliveryDate: date("promised_delivery_date", { mode: "string" }),
    // The buyer's in-hands date from the Shipping step ("Need it by", decision 061); null when none was given.
    needBy: date("need_by", { mode: "string" }),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Null while a bank transfer is awaited (bank-transfers.ts); set when the money is in.
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Ordered on account (decision 085): invoiced when placed, unpaid until its invoice is paid, made meanwhile. */
    onAccount: boolean("on_account").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("orders_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("orders_account_created_idx").on(t.accountId, t.createdAt.desc()),
    check("orders_status_check", inList("status", ORDER_STATUSES)),
    check("orders_total_check", sql`total_pence = subtotal_pence - discount_pence + shipping_pence + vat_pence`),
  ],
);

/**
 * One product of an order, from the draft that customised it: the quantity and tier price paid,
 * and `snapshot`, the customisation and the product as sold (app/domain/orders/order-snapshot.ts).
 * `position` orders the lines as the cart listed them; the order's subtotal is their sum.
 */
export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    draftId: uuid("draft_id")
      .notNull()
      .unique()
      .references(() => orderDrafts.id),
    productId: text("product_id").notNull(),
    quantity: integer("quantity").notNull(),
    unitPence: integer("unit_pence").notNull(),
    // What the line's set-up fees and surcharges added (decision 088; the snapshot names them).
    chargesPence: integer("charges_pence").notNull().default(0),
    subtotalPence: integer("subtotal_pence").notNull(),
    snapshot: jsonb("snapshot").notNull(),
  },
  (t) => [
    unique("order_lines_order_position").on(t.orderId, t.position),
    // The target of order_proofs' (order_id, order_line_id) key: a proof's line is its order's.
    unique("order_lines_order_id_id").on(t.orderId, t.id),
    check("order_lines_quantity_positive", sql`quantity > 0`),
    check("order_lines_charges_check", sql`charges_pence >= 0`),
    check("order_lines_subtotal_check", sql`subtotal_pence = unit_pence * quantity + charges_pence`),
  ],
);

/** Every status change of an order, who made it and why (B-7's audit log, the buyer's timeline). */
export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    actorUserId: text("actor_user_id"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_status_history_order_idx").on(t.orderId, t.id),
    check("order_status_history_actor_check", inList("actor", ["staff", "buyer", "system"])),
  ],
);

/**
 * Design proofs, one row per version of one order line (B-3, decision 015): staff upload them,
 * the buyer answers only the line's latest version, once.
 */
export const orderProofs = pgTable(
  "order_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    orderLineId: uuid("order_line_id").notNull(),
    version: integer("version").notNull(),
    storedName: text("stored_name").notNull().unique(),
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The studio's note sent with this version, shown beside the proof to whoever answers it; null when none. */
    note: text("note"),
    /** A PDF proof's page one as a PNG (made at upload in the preflight sandbox); null for an image or when it could not be drawn. */
    previewStoredName: text("preview_stored_name"),
    decision: text("decision"),
    comment: text("comment"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    // Who answered and by which route (decisions 025 and 039, app/domain/orders/proof-sharing.ts): a user's id,
    // or a share link's guest by the name and address they gave; null on answers from before share links.
    decidedVia: text("decided_via"),
    decidedByUserId: text("decided_by_user_id"),
    decidedByName: text("decided_by_name"),
    decidedByEmail: text("decided_by_email"),
    // An answer given by phone or e-mail and recorded by staff (docs/decisions/039-staff-recorded-approval.md):
    // the staff member's id, and their name as it was then.
    recordedBy: text("recorded_by"),
    recordedByName: text("recorded_by_name"),
  },
  (t) => [
    unique("order_proofs_line_version").on(t.orderLineId, t.version),
    check(
      "order_proofs_decided_via_check",
      sql`decided_via is null or decided_via in ('order_page', 'share_link', 'approver_account', 'staff_phone', 'staff_email')`,
    ),
    check(
      "order_proofs_recorded_by_check",
      sql`(decided_via in ('staff_phone', 'staff_email')) = (recorded_by is not null)`,
    ),
    foreignKey({
      name: "order_proofs_line_fk",
      columns: [t.orderId, t.orderLineId],
      foreignColumns: [orderLines.orderId, orderLines.id],
    }).onDelete("cascade"),
    check("order_proofs_decision_check", sql`decision is null or decision in ('approved', 'changes_requested')`),
    check("order_proofs_size_positive", sql`size_bytes > 0`),
  ],
);

/** VAT invoices (B-9): one per order, numbered from document_counters (INV-2026-000123). */
export const invoices = pgTable("invoices", {
  id: uuid("id").primaryKey().defaultRandom(),
  number: text("number").notNull().unique(),
  orderId: uuid("order_id")
    .notNull()
    .unique()
    .references(() => orders.id),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The first-order discount (B-15) as claimed when an order is paid, never when it is priced
 * (docs/security.md, round two): one row per person's first order. A person is a user with the
 * organisations they belong to, so the unique keys stop a user's second claim and an organisation's
 * second claim outright, and claimFirstOrderDiscount
 * (app/server/checkout/first-order-discount.server.ts) refuses the rest under one lock. `discount_pence` is what the order was given (0 for orders from before).
 */
export const firstOrderClaims = pgTable("first_order_claims", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id),
  userId: text("user_id").notNull().unique(),
  organizationId: text("organization_id").unique(),
  discountPence: integer("discount_pence").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
});
