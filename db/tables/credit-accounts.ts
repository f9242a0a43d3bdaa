import { sql } from "drizzle-orm";
import { bigserial, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { authOrganization } from "./auth";
import { orders } from "./orders";

/**
 * An organisation's account on credit terms (docs/decisions/085-accounts-on-credit-terms.md): its
 * application as an owner or admin made it, and staff's answer, the credit limit and the terms in
 * days. One per organisation; a declined one may apply again, which replaces the application.
 */
export const creditAccounts = pgTable(
  "credit_accounts",
  {
    organizationId: text("organization_id")
      .primaryKey()
      .references(() => authOrganization.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("pending"),
    companyName: text("company_name").notNull(),
    companyNumber: text("company_number").notNull(),
    accountsEmail: text("accounts_email").notNull(),
    phone: text("phone").notNull().default(""),
    monthlySpendPence: integer("monthly_spend_pence").notNull(),
    requestedLimitPence: integer("requested_limit_pence"),
    appliedBy: text("applied_by").notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull(),
    limitPence: integer("limit_pence"),
    termsDays: integer("terms_days"),
    decidedBy: text("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** Staff's reason for a decline or a suspension, which the organisation is told; a note on an approval. */
    decisionNote: text("decision_note"),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    index("credit_accounts_status_idx").on(t.status, t.appliedAt),
    check("credit_accounts_status_check", sql`status in ('pending', 'approved', 'declined', 'suspended')`),
    check(
      "credit_accounts_approved_terms",
      sql`status <> 'approved' or (limit_pence > 0 and terms_days > 0 and decided_by is not null)`,
    ),
  ],
);

/**
 * Each payment recorded on an order's bank transfer or invoice on account, with the day it arrived
 * (an account's statement lists them); `bank_transfers` keeps their sum.
 */
export const transferReceipts = pgTable(
  "transfer_receipts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPence: integer("amount_pence").notNull(),
    arrivedOn: date("arrived_on", { mode: "string" }).notNull(),
    recordedBy: text("recorded_by").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("transfer_receipts_order_idx").on(t.orderId),
    check("transfer_receipts_amount_positive", sql`amount_pence > 0`),
  ],
);
