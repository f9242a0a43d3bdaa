import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { DRAFT_STATUSES } from "../../app/domain/core/draft-base";

/** One row per user, upserted on every sign-in (SPEC.md §3 "Profile"). */
export const profiles = pgTable("profiles", {
  userId: text("user_id").primaryKey(),
  email: text("email").notNull(),
  firstName: text("first_name"),
  lastName: text("last_name"),
  avatarUrl: text("avatar_url"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC.md §3 "Order draft", plus the payment columns of DESIGN.md's data model. */
export const orderDrafts = pgTable(
  "order_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    userId: text("user_id").notNull(),
    productId: text("product_id").notNull(),
    // The cart line this draft customises (decision 086): a product in two colours is two lines, each
    // with its own draft. No foreign key: the line goes when the order is paid, the draft stays.
    // Null for a draft no line owns (its product left the cart): it stands alone.
    cartItemId: uuid("cart_item_id"),
    status: text("status").notNull().default("customisation_draft"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    data: jsonb("data").notNull().default(sql`'{}'::jsonb`),
    // Optimistic concurrency: every save names the version it read, so two tabs (or a stale
    // autosave) cannot silently overwrite each other (R-DRAFT-13, app/server/checkout/drafts.server.ts).
    version: integer("version").notNull().default(1),
    paymentIntentId: text("payment_intent_id"),
    amountPence: integer("amount_pence"),
    currency: text("currency").notNull().default("gbp"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    // By user only: every autosave sets updated_at, and an index on it made each save rewrite the
    // index entries too (no HOT update). A person's drafts are few, so sorting them is free.
    index("order_drafts_user_idx").on(t.userId),
    // The first-order discount asks "has this account paid before?" on every priced save (A-20).
    index("order_drafts_account_paid_idx").on(t.accountId).where(sql`paid_at is not null`),
    check("order_drafts_status_check", sql.raw(`status in (${DRAFT_STATUSES.map((s) => `'${s}'`).join(", ")})`)),
  ],
);
