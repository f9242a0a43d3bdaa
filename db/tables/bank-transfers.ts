import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./orders";

/**
 * An order placed to pay by bank transfer (decision 022; REQUIREMENTS B-10): its pro-forma
 * invoice (numbered from document_counters), the amount and the day it is due, and what became of
 * it. `reminded_at` is set once, by whichever process sends the reminder; `received_at` and
 * `received_by` say which staff member marked the money in and when (the order's history says it
 * too), and `received_pence` what arrived, which may differ from `amount_pence` (decision 036); `expired_at` when the system expired the order unpaid after its due date.
 */
export const bankTransfers = pgTable(
  "bank_transfers",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** The pro-forma's number; null for an order on account, whose VAT invoice is issued when it is placed. */
    proformaNumber: text("proforma_number").unique(),
    /** An order on account (decision 085): the days of credit its invoice was given; null for a transfer paid before production. */
    termsDays: integer("terms_days"),
    /** How many reminders an invoice on account has had since its due date passed. */
    overdueReminders: integer("overdue_reminders").notNull().default(0),
    amountPence: integer("amount_pence").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull(),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    receivedBy: text("received_by"),
    // What staff saw arrive, in pence (decision 036): null for transfers marked before it was asked.
    receivedPence: integer("received_pence"),
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** The London day the money arrived, as staff read it in the bank account: the invoice's time of supply. */
    arrivedOn: date("arrived_on", { mode: "string" }),
    /**
     * Part payments received while the order waits for the rest (decision 079): their sum, each
     * one in the order's history with its amount and day. When the rest arrives, `received_pence`
     * is the whole sum and this stays as it was.
     */
    partPaidPence: integer("part_paid_pence").notNull().default(0),
    /** Part payments sent back to the buyer of an order that will not be paid in full: how much, the day, the bank's reference, who. */
    returnedPence: integer("returned_pence"),
    returnedOn: date("returned_on", { mode: "string" }),
    returnedReference: text("returned_reference"),
    returnedBy: text("returned_by"),
  },
  (t) => [
    // The periodic check reads the transfers still awaited.
    index("bank_transfers_open_idx").on(t.dueOn).where(sql`received_at is null and expired_at is null`),
    check("bank_transfers_amount_positive", sql`amount_pence > 0`),
    check("bank_transfers_received_by", sql`(received_at is null) = (received_by is null)`),
    check(
      "bank_transfers_received_pence",
      sql`received_pence is null or (received_pence > 0 and received_at is not null)`,
    ),
    check("bank_transfers_one_end", sql`received_at is null or expired_at is null`),
    check("bank_transfers_part_paid", sql`part_paid_pence >= 0`),
    check("bank_transfers_proforma_or_account", sql`(proforma_number is null) = (terms_days is not null)`),
    check("bank_transfers_account_never_expires", sql`terms_days is null or expired_at is null`),
    check(
      "bank_transfers_returned",
      sql`(returned_pence is null) = (returned_on is null) and (returned_pence is null) = (returned_by is null) and (returned_pence is null or returned_pence = part_paid_pence)`,
    ),
  ],
);
