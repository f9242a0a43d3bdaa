import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * On-time Guarantee claims (B-19; docs/decisions/026-guarantee-claims.md): one per
 * order (the primary key), made by the order's buyer or a member of its organisation while the
 * order is eligible, and decided once by staff with a reason. An accepted claim with an amount in
 * the remedy issues a credit note numbered from document_counters (CN-…), whose figures are kept
 * here; otherwise the remedy's words are recorded.
 */
export const guaranteeClaims = pgTable(
  "guarantee_claims",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    claimedBy: text("claimed_by").notNull(),
    note: text("note"),
    daysLate: integer("days_late").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
    status: text("status").notNull().default("open"),
    decidedBy: text("decided_by"),
    reason: text("reason"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The remedy as the business profile worded it when the claim was accepted. */
    remedy: text("remedy"),
    creditNoteNumber: text("credit_note_number").unique(),
    creditPence: integer("credit_pence"),
  },
  () => [
    check("guarantee_claims_status_check", sql`status in ('open', 'accepted', 'refused')`),
    check(
      "guarantee_claims_decided_check",
      sql`(status = 'open') = (decided_at is null) and (status = 'open' or reason is not null)`,
    ),
    check("guarantee_claims_credit_positive", sql`credit_pence is null or credit_pence > 0`),
    check("guarantee_claims_days_late", sql`days_late >= 5`),
  ],
);
