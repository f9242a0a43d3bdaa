/**
 * The documents of a VAT quarter (docs/decisions/074-vat-summary.md), read for the back office's VAT
 * page and the accountant's CSV: every VAT invoice, refund credit note and On-time Guarantee credit
 * note whose time of supply (for a bank transfer's invoice, the day the money arrived) falls in the
 * quarter's London days, with the amounts it prints. The sums
 * are app/domain/orders/vat-return.ts's.
 */
import { and, eq, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import { bankTransfers, creditNotes, guaranteeClaims, invoices, orders, refunds } from "#db/schema";
import { acceptedClaimCreditNote } from "~/domain/orders/guarantee-credit-note";
import { orderParties } from "~/domain/orders/order-documents";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import { invoicedAmounts } from "~/domain/orders/refunds";
import { type Quarter, quarterDays, type VatDocument } from "~/domain/orders/vat-return";
import type { Database } from "../platform/db.server";

/** What staff may ask of the VAT page a minute: each reads a quarter's documents. */
export const VAT_PAGE_LIMITS = {
  page: { hits: 60, windowSeconds: 60 },
  export: { hits: 10, windowSeconds: 60 },
} as const;

type OrderRow = typeof orders.$inferSelect;

/** The London day of a timestamp column, as the quarter's bounds are written. */
const londonDay = (column: typeof invoices.issuedAt | typeof creditNotes.issuedAt | typeof guaranteeClaims.decidedAt) =>
  sql<string>`to_char(${column} at time zone 'Europe/London', 'YYYY-MM-DD')`;

/** Who bought and where the goods went, as the order's documents name them. */
function partyOf(order: OrderRow): Pick<VatDocument, "orderNumber" | "customer" | "country"> {
  const snapshot = readOrderSnapshot(order.number, order.snapshot);
  const { customer } = orderParties(snapshot);
  return {
    orderNumber: order.number,
    customer: customer.company || customer.name,
    country: snapshot.data.shipping.address.country,
  };
}

export async function vatDocuments(db: Database, quarter: Quarter): Promise<VatDocument[]> {
  const { from, until } = quarterDays(quarter);
  const inQuarter = (day: SQL<string>) => and(gte(day, from), lt(day, until));
  const within = (column: Parameters<typeof londonDay>[0]) => inQuarter(londonDay(column));
  // A bank transfer's invoice is supplied the day the money arrived (decision 022), not the day it was marked.
  const supplied = sql<string>`coalesce(to_char(${bankTransfers.arrivedOn}, 'YYYY-MM-DD'), ${londonDay(invoices.issuedAt)})`;
  const [invoiced, credited, claims] = await Promise.all([
    db
      .select({ number: invoices.number, day: supplied, order: orders })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(bankTransfers, eq(bankTransfers.orderId, orders.id))
      .where(inQuarter(supplied)),
    db
      .select({ number: creditNotes.number, day: londonDay(creditNotes.issuedAt), order: orders, refund: refunds })
      .from(creditNotes)
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .leftJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .where(within(creditNotes.issuedAt)),
    db
      .select({
        claim: guaranteeClaims,
        day: londonDay(guaranteeClaims.decidedAt),
        order: orders,
        invoiceNumber: invoices.number,
      })
      .from(guaranteeClaims)
      .innerJoin(orders, eq(orders.id, guaranteeClaims.orderId))
      .innerJoin(invoices, eq(invoices.orderId, orders.id))
      .where(
        and(
          eq(guaranteeClaims.status, "accepted"),
          isNotNull(guaranteeClaims.creditNoteNumber),
          within(guaranteeClaims.decidedAt),
        ),
      ),
  ]);
  /** A document of `order`'s, printing these amounts. */
  const documentOf = (
    kind: VatDocument["kind"],
    head: { number: string; day: string; order: OrderRow },
    amounts: { netPence: number; vatPence: number },
  ): VatDocument => ({
    kind,
    number: head.number,
    issuedOn: head.day,
    ...partyOf(head.order),
    vatRate: head.order.vatRate,
    netPence: amounts.netPence,
    vatPence: amounts.vatPence,
  });
  return [
    ...invoiced.map((row) => documentOf("invoice", row, invoicedAmounts(row.order))),
    // A note from before refunds could be partial credited the whole invoice.
    ...credited.map((row) => documentOf("credit_note", row, row.refund ?? invoicedAmounts(row.order))),
    ...claims.flatMap((row) => {
      const note = acceptedClaimCreditNote({ order: row.order, claim: row.claim, invoiceNumber: row.invoiceNumber });
      return note ? [documentOf("credit_note", { ...row, number: note.number }, note.totals)] : [];
    }),
  ];
}
