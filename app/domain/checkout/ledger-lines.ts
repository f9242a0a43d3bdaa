/**
 * The lines of a payment (docs/decisions/016): what the ledger records when a checkout is
 * priced, and what the order is made from. Server-side only (zod stays out of the browser,
 * docs/decisions/008).
 */
import { z } from "zod";
import type { OrderTotals } from "../pricing/checkout";
import { isDraftStatus, isEditableStatus } from "../core/draft-base";
import { CHARGE_BASES } from "../pricing/charges";

/** A set-up fee or surcharge as a ledger or an order line keeps it. */
export const productChargeSchema = z.object({
  name: z.string(),
  pence: z.number().int().positive(),
  per: z.enum(CHARGE_BASES),
  when: z.string(),
});

/**
 * A line of a payment, as the ledger (payment_intents.lines) records it when the payment is priced:
 * the draft, its version then, and the quantity and tier price charged. The order is made from
 * these lines, and only while every draft is still at that version (payment-events.server.ts).
 */
export const ledgerLineSchema = z.object({
  draftId: z.string(),
  version: z.number().int(),
  productId: z.string(),
  quantity: z.number().int().positive(),
  unitPence: z.number().int().nonnegative(),
  /** The units at the unit price and the line's charges (decision 088). */
  subtotalPence: z.number().int().nonnegative(),
  /** The set-up fees and surcharges charged, as they were when priced; none on lines from before them. */
  charges: z.array(productChargeSchema).default([]),
  /** What they added to the line, in pence. */
  chargesPence: z.number().int().nonnegative().default(0),
});
export type LedgerLine = z.infer<typeof ledgerLineSchema>;
export const ledgerLinesSchema = z.array(ledgerLineSchema).min(1);

/** A ledger row's lines; a row that does not hold valid lines is a bug to see. */
export function readLedgerLines(raw: unknown): LedgerLine[] {
  return ledgerLinesSchema.parse(raw);
}

/**
 * Whether two pricings are for the same drafts at the same versions, quantities and prices. The
 * checkout's own draft (`checkoutDraftId`) is left out of the version check: opening a payment
 * bumps it, and the intent it holds is what guards it.
 */
export function sameLedgerLines(a: readonly LedgerLine[], b: readonly LedgerLine[], checkoutDraftId: string): boolean {
  return (
    a.length === b.length &&
    a.every((line, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        line.draftId === other.draftId &&
        (line.draftId === checkoutDraftId || line.version === other.version) &&
        line.quantity === other.quantity &&
        line.unitPence === other.unitPence &&
        line.subtotalPence === other.subtotalPence
      );
    })
  );
}

/** A line draft as the payment event reads it, locked. */
export type PricedDraftRow = { id: string; version: number; paidAt: Date | null; status: string };

/**
 * Whether every other line's draft (not the checkout's own) is still as the payment priced it
 * (decision 016): there, at the version priced, unpaid and editable. Otherwise the buyer changed
 * the order after this payment was opened, and the payment waits for staff.
 */
export function linesUnchangedSincePriced(
  lines: readonly LedgerLine[],
  rows: readonly PricedDraftRow[],
  checkoutDraftId: string,
): boolean {
  return lines
    .filter((line) => line.draftId !== checkoutDraftId)
    .every((line) => {
      const row = rows.find((r) => r.id === line.draftId);
      return (
        row !== undefined &&
        row.version === line.version &&
        row.paidAt === null &&
        isDraftStatus(row.status) &&
        isEditableStatus(row.status)
      );
    });
}

/** A payment's figures as the ledger (payment_intents) records them, from the server's own totals. */
export function ledgerAmounts(totals: OrderTotals) {
  return {
    amountPence: totals.total,
    currency: "gbp",
    subtotalPence: totals.subtotal,
    discountPence: totals.discount,
    shippingPence: totals.shipping,
    vatPence: totals.vat,
    vatRate: totals.vatRate,
  } as const;
}
