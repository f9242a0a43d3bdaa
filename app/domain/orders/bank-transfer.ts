/**
 * Paying by bank transfer (decisions 022 and 060; REQUIREMENTS B-10): the order is
 * placed unpaid against a pro-forma invoice, due BANK_TRANSFER_DUE_DAYS after it is placed (on a working day), quoting
 * the order number as the payment reference. The buyer is reminded REMINDER_DAYS_BEFORE the due
 * date; an order still unpaid the day after it expires. Dates are Europe/London calendar dates.
 * Pure: the clock and the order are passed in.
 */
import { POLICY_NUMBERS } from "~/domain/core/policy-numbers";
import { addDays, formatDisplayDate, londonToday, type IsoDate } from "../core/dates";
import { addWorkingDays } from "../core/working-days";
import { documentPence, type BusinessDocument } from "../pricing/documents";
import { formatPence } from "../core/money";
import { isCalendarDate } from "../core/form-rules";
import { orderDocument, type ChargedLine } from "./order-documents";
import type { ChargedAmounts } from "./order-snapshot";
import type { OrderSnapshot } from "./order-snapshot";
import type { OrderStatus } from "../fulfilment/orders";

/** The account a transfer is paid into, as the order page lists it (the profile's bank, no IBAN). */
export type Payee = { accountName: string; sortCode: string; accountNumber: string };

/** A transfer is due this many calendar days after the order is placed. */
export const BANK_TRANSFER_DUE_DAYS = POLICY_NUMBERS.bankTransferDueDays;
/** The reminder goes this many days before the due date. */
export const REMINDER_DAYS_BEFORE = 3;

/**
 * The last day the transfer may arrive for an order placed at `placedAt`: BANK_TRANSFER_DUE_DAYS
 * on, or the next working day when that is a weekend or a bank holiday, as a business's accounts
 * team pays on working days.
 */
export function transferDueOn(placedAt: Date): IsoDate {
  return addWorkingDays(addDays(londonToday(placedAt), BANK_TRANSFER_DUE_DAYS), 0);
}

/** The day the reminder is due: REMINDER_DAYS_BEFORE days before the due date. */
export const reminderOn = (dueOn: IsoDate): IsoDate => addDays(dueOn, -REMINDER_DAYS_BEFORE);

/** The first day an unpaid order is expired: the day after its due date. */
export const expiresOn = (dueOn: IsoDate): IsoDate => addDays(dueOn, 1);

/** The latest due date of a transfer that may need a reminder or expiry at `now`: its reminder day has come. */
export const latestDueWithTask = (now: Date): IsoDate => addDays(londonToday(now), REMINDER_DAYS_BEFORE);

/** What a transfer awaited needs at instant `now`: expiring, a reminder, or nothing yet. */
export type TransferTask = "expire" | "remind" | null;

export function transferTask(
  transfer: { dueOn: IsoDate; remindedAt: Date | null; receivedAt: Date | null; expiredAt: Date | null },
  now: Date,
): TransferTask {
  if (transfer.receivedAt || transfer.expiredAt) return null;
  const today = londonToday(now);
  if (today >= expiresOn(transfer.dueOn)) return "expire";
  if (!transfer.remindedAt && today >= reminderOn(transfer.dueOn)) return "remind";
  return null;
}

/** The statuses an unpaid order may be in while its money is awaited: proofing goes on meanwhile (orders.ts). */
const AWAITING_STATUSES: ReadonlySet<OrderStatus> = new Set([
  "awaiting_transfer",
  "proof_sent",
  "changes_requested",
  "proof_approved",
]);

/**
 * Whether an order's transfer is still awaited (B-10): not paid, and not ended (expired, cancelled,
 * refunded). One answer for the order page's instructions and the bank details the server sends.
 */
export const transferAwaited = (order: { status: OrderStatus; paid: boolean }): boolean =>
  !order.paid && AWAITING_STATUSES.has(order.status);

/**
 * Orders awaiting a transfer one buyer, and one organisation, may have open at once (decision 036):
 * placing one costs nothing, so without a cap anyone could fill the back office with orders never
 * to be paid (each one sends mail and alerts staff).
 */
export const OPEN_TRANSFER_LIMITS = { perBuyer: 3, perOrganisation: 10 } as const;

/** How a received amount compares with the amount due (decision 036). */
export type TransferDifference = { kind: "exact" } | { kind: "short" | "over"; pence: number };

export function transferDifference(duePence: number, receivedPence: number): TransferDifference {
  if (receivedPence === duePence) return { kind: "exact" };
  return receivedPence < duePence
    ? { kind: "short", pence: duePence - receivedPence }
    : { kind: "over", pence: receivedPence - duePence };
}

export const BANK_TRANSFER_MESSAGES = {
  tooManyForBuyer: `You already have ${OPEN_TRANSFER_LIMITS.perBuyer} orders awaiting a bank transfer. Please pay one of them first, or pay for this order by card. Your checkout is saved.`,
  tooManyForOrganisation: `Your organisation already has ${OPEN_TRANSFER_LIMITS.perOrganisation} orders awaiting a bank transfer. Please pay one of them first, or pay for this order by card. Your checkout is saved.`,
  shortfallNotAccepted: (receivedPence: number, duePence: number) =>
    `${formatPence(receivedPence)} received is ${formatPence(duePence - receivedPence)} less than the ${formatPence(duePence)} due. Nothing was changed: wait for the rest, or tick "Accept the shortfall" to mark the order paid anyway.`,
  /** The history's note when what arrived differs from what was due; an exact amount keeps receivedNote. */
  receivedDifferenceNote: (receivedPence: number, duePence: number) =>
    receivedPence < duePence
      ? `Bank transfer received: ${formatPence(receivedPence)} of ${formatPence(duePence)} due, short by ${formatPence(duePence - receivedPence)} (shortfall accepted)`
      : `Bank transfer received: ${formatPence(receivedPence)} of ${formatPence(duePence)} due, over by ${formatPence(receivedPence - duePence)}`,
  placed: (number: string) => `Order ${number} is placed. Pay by bank transfer to start production.`,
  alreadyOrdered: "This order has been placed already.",
  notAwaiting: "This order is not awaiting a bank transfer. Nothing was changed.",
  received: (number: string) =>
    `Transfer received for order ${number}: production may start once the proof is approved.`,
  expiredNote: (dueOn: IsoDate) => `Bank transfer not received by ${formatDisplayDate(dueOn)}: the order has expired.`,
  receivedNote: "Bank transfer received",
  arrivedOnNote: (arrivedOn: IsoDate) => `, arrived ${formatDisplayDate(arrivedOn)}`,
  revivedNote: "; the order had expired and is revived",
  arrivedOnMissing: "Enter the day the money arrived in the bank account, such as 2026-11-30.",
  arrivedOnFuture: "The money cannot have arrived after today.",
  arrivedOnBeforePlaced: (placedOn: IsoDate) =>
    `The money cannot have arrived before the order was placed, on ${formatDisplayDate(placedOn)}.`,
  placedNote: (dueOn: IsoDate) => `Placed to pay by bank transfer by ${formatDisplayDate(dueOn)}`,
} as const;

/** How to pay, in words: the amount, the reference to quote and the due date (pro-forma, e-mails, order page). */
export function transferInstructions(input: { totalPence: number; reference: string; dueOn: IsoDate }): string {
  return `Please pay ${documentPence(input.totalPence)} by bank transfer by ${formatDisplayDate(input.dueOn)}, quoting ${input.reference} as the payment reference.`;
}

/**
 * The pro-forma invoice of an order placed to pay by bank transfer: the order's lines and totals
 * as charged, the order number as the payment reference, the due date. It is a request for
 * payment, not a VAT invoice, which is issued when the money arrives.
 */
export function proformaDocument(input: {
  number: string;
  issuedAt: Date;
  orderNumber: string;
  snapshot: OrderSnapshot;
  lines: readonly ChargedLine[];
  amounts: ChargedAmounts & { totalPence: number };
  dueOn: IsoDate;
}): BusinessDocument {
  const { amounts, orderNumber, dueOn } = input;
  return orderDocument({
    ...input,
    kind: "proforma",
    facts: [
      { label: "Payment reference", value: orderNumber },
      { label: "Due by", value: formatDisplayDate(dueOn) },
    ],
    notes: [
      transferInstructions({ totalPence: amounts.totalPence, reference: orderNumber, dueOn }),
      "This is a pro-forma invoice, not a VAT invoice: we send the VAT invoice when your payment arrives.",
      "An order not paid by its due date expires. We prepare your proof meanwhile; production starts once the payment has arrived and the proof is approved.",
    ],
  });
}

/**
 * The day a transfer arrived, as staff read it in the bank account (the invoice's time of supply),
 * or why it cannot be: not a day, after today, or before the order was placed.
 */
export function arrivalDay(
  text: string,
  bounds: { placedOn: IsoDate; today: IsoDate },
): { ok: true; arrivedOn: IsoDate } | { ok: false; message: string } {
  const arrivedOn = text.trim();
  if (!isCalendarDate(arrivedOn)) return { ok: false, message: BANK_TRANSFER_MESSAGES.arrivedOnMissing };
  if (arrivedOn > bounds.today) return { ok: false, message: BANK_TRANSFER_MESSAGES.arrivedOnFuture };
  if (arrivedOn < bounds.placedOn)
    return { ok: false, message: BANK_TRANSFER_MESSAGES.arrivedOnBeforePlaced(bounds.placedOn) };
  return { ok: true, arrivedOn };
}
