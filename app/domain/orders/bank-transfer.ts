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

/**
 * A transfer part paid does not expire: money has arrived, so staff decide (accept the shortfall, or
 * cancel and send it back), and the needs-attention page lists it once it is past due (decision 079).
 */
export function transferTask(
  transfer: {
    dueOn: IsoDate;
    remindedAt: Date | null;
    receivedAt: Date | null;
    expiredAt: Date | null;
    partPaidPence: number;
  },
  now: Date,
): TransferTask {
  if (transfer.receivedAt || transfer.expiredAt) return null;
  const today = londonToday(now);
  if (today >= expiresOn(transfer.dueOn)) return transfer.partPaidPence > 0 ? null : "expire";
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

/**
 * What recording `receivedPence` does to a transfer that has had `partPaidPence` already (decision
 * 079): the order is paid once the sum reaches what is due, or when staff accept the shortfall;
 * otherwise the money is a part payment and the order waits for the rest. An order that expired is
 * revived only by a payment that settles it.
 */
export type TransferRecording =
  | { kind: "part"; sumPence: number; leftPence: number }
  | { kind: "paid"; sumPence: number; difference: TransferDifference };

export function recordTransfer(input: {
  duePence: number;
  partPaidPence: number;
  receivedPence: number;
  acceptShortfall: boolean;
}): TransferRecording {
  const sumPence = input.partPaidPence + input.receivedPence;
  if (sumPence >= input.duePence || input.acceptShortfall)
    return { kind: "paid", sumPence, difference: transferDifference(input.duePence, sumPence) };
  return { kind: "part", sumPence, leftPence: input.duePence - sumPence };
}

/** What a buyer still has to pay on a transfer awaited: the amount due less the part payments. */
export const transferLeftPence = (transfer: { duePence: number; partPaidPence: number }): number =>
  Math.max(0, transfer.duePence - transfer.partPaidPence);

export const BANK_TRANSFER_MESSAGES = {
  creditInstead:
    "An invoice on account is not paid short: credit what will not be paid with the refund form, then record the payments.",
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
  /** The history's note of a part payment (decision 079). */
  partReceivedNote: (receivedPence: number, recording: { sumPence: number; leftPence: number }) =>
    `Part payment received: ${formatPence(receivedPence)}; ${formatPence(recording.sumPence)} received in all, ${formatPence(recording.leftPence)} still due`,
  partReceived: (number: string, receivedPence: number, leftPence: number, dueOn: IsoDate) =>
    `${formatPence(receivedPence)} recorded for order ${number} as a part payment: ${formatPence(leftPence)} is still due by ${formatDisplayDate(dueOn)}, and the buyer has been told. The order waits for the rest; tick "Accept the shortfall" with a later payment to mark it paid without it.`,
  partOnExpired:
    'This order expired unpaid: record a payment only when it settles the order, or tick "Accept the shortfall" to revive it as paid.',
  nothingToAccept: "Enter the amount received in pounds and pence, e.g. 318.60.",
  /** Sending part payments back, for an order that will not be paid in full. */
  returnedNote: (pence: number, returnedOn: IsoDate, reference: string) =>
    `Part payments of ${formatPence(pence)} sent back to the buyer on ${formatDisplayDate(returnedOn)} (bank reference ${reference})`,
  returned: (number: string, pence: number) => `${formatPence(pence)} sent back for order ${number} is recorded.`,
  nothingToReturn: "This order holds no part payment to send back. Nothing was changed.",
  returnNotYet:
    "The order still waits for the rest of its transfer: cancel it first, or accept the shortfall, before sending its part payments back.",
  returnedOnMissing: "Enter the day the money went back, such as 2026-11-30.",
  returnedOnFuture: "The money cannot have gone back after today.",
  returnedReferenceMissing: "Enter the bank's reference for the money sent back, in 100 characters at most.",
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

/** The bank's reference of money sent back is at most this long. */
export const RETURN_REFERENCE_MAX = 100;

/**
 * The form of part payments sent back (decision 079): the day the money went back, between the
 * order being placed and today, and the bank's reference for it.
 */
export function readTransferReturn(
  fields: Readonly<Record<string, string | undefined>>,
  bounds: { placedOn: IsoDate; today: IsoDate },
):
  | { ok: true; returnedOn: IsoDate; reference: string }
  | { ok: false; field: "returned_on" | "reference"; message: string } {
  const returnedOn = (fields.returned_on ?? "").trim();
  if (!isCalendarDate(returnedOn) || returnedOn < bounds.placedOn)
    return { ok: false, field: "returned_on", message: BANK_TRANSFER_MESSAGES.returnedOnMissing };
  if (returnedOn > bounds.today)
    return { ok: false, field: "returned_on", message: BANK_TRANSFER_MESSAGES.returnedOnFuture };
  const reference = (fields.reference ?? "").trim();
  if (reference === "" || reference.length > RETURN_REFERENCE_MAX)
    return { ok: false, field: "reference", message: BANK_TRANSFER_MESSAGES.returnedReferenceMissing };
  return { ok: true, returnedOn, reference };
}
