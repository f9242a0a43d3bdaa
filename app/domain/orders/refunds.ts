/**
 * Refunds and the credit notes that record them (docs/decisions/072-refunds-and-credit-notes.md):
 * staff give back all or part of what an order's VAT invoice charged, by lines and quantities or as an
 * amount, and each refund is one credit note citing the invoice. The rule that keeps the books
 * straight is here, in one place: the credits on one invoice, On-time Guarantee credits included,
 * never add up to more than it, in net, in VAT or in total, and the credit that takes what is left
 * takes exactly what is left, so the credit notes of a fully refunded order sum to its invoice.
 */
import { formatDisplayDate, type IsoDate } from "../core/dates";
import { isCalendarDate } from "../core/form-rules";
import { formatPence, percentOfPence, typedPence } from "../core/money";
import type { ChargedAmounts } from "./order-snapshot";

/** What a document adds up to, in pence. */
export type CreditAmounts = { netPence: number; vatPence: number; grossPence: number };

/** A line the order charged, as a refund reads it. */
export type RefundableLine = { quantity: number; unitPence: number };

/** Part of a line given back: its place on the order, how many, at the price charged. */
export type CreditedGoods = { index: number; quantity: number; unitPence: number; netPence: number };

/** A credit already on the invoice: its amounts, and the goods and shipping it gave back, if it named them. */
export type PastCredit = CreditAmounts & {
  goods: readonly CreditedGoods[];
  shippingPence: number;
  discountPence: number;
};

export type RefundRequest =
  | { kind: "amount"; grossPence: number }
  | { kind: "lines"; lines: readonly { index: number; quantity: number }[]; shipping: boolean };

/** A refund worked out: what its credit note prints and what goes back to the buyer (`grossPence`). */
export type PlannedCredit = CreditAmounts & {
  goods: CreditedGoods[];
  /** The share of the first-order discount the goods carried, given back with them (printed negative). */
  discountPence: number;
  shippingPence: number;
};

export type RefundField = "version" | "amount" | "lines" | "reason" | "paid_back_on" | "reference";
export type RefundRefusal = { ok: false; field: RefundField; message: string };

export const REFUND_MESSAGES = {
  nothingLeft: "This invoice is already credited in full: there is nothing left to refund.",
  amountMissing: "Enter the amount to refund, such as 120.00.",
  amountTooSmall: "Refund at least £0.01.",
  amountOverLeft: (left: number) =>
    `At most ${formatPence(left)} can be refunded: that is what is left of the invoice.`,
  noLines: "Enter a quantity to refund on at least one line, or tick shipping.",
  lineOverLeft: (line: number, left: number) =>
    left === 0 ? `Line ${line} is already refunded in full.` : `Line ${line}: at most ${left} can be refunded.`,
  shippingDone: "Shipping is already refunded.",
  linesOverLeft: (asked: number, left: number) =>
    `Those lines come to ${formatPence(asked)}, more than the ${formatPence(left)} left of the invoice (an amount refunded earlier took the rest). Refund an amount instead.`,
  reasonMissing: "Say why the money is refunded: the buyer and the accountant read it on the credit note.",
  reasonTooLong: "Keep the reason under 500 characters.",
  reload: "Reload the page and try again.",
  paidBackOnMissing: "Enter the day the money went back, such as 2026-11-30.",
  paidBackOnFuture: "The day the money went back cannot be in the future.",
  paidBackOnBeforePayment: (paidOn: string) =>
    `The money cannot have gone back before the order was paid, on ${paidOn}.`,
  referenceMissing: "Enter the bank's reference for the transfer back, so the accountant can match it.",
  referenceTooLong: "Keep the reference under 100 characters.",
} as const;

export const REFUND_REASON_MAX = 500;

/** What the invoice charged: the order's net after the discount, plus shipping, its VAT and total. */
export function invoicedAmounts(amounts: ChargedAmounts): CreditAmounts {
  const netPence = amounts.subtotalPence - amounts.discountPence + amounts.shippingPence;
  return { netPence, vatPence: amounts.vatPence, grossPence: netPence + amounts.vatPence };
}

/** What is left of the invoice to credit once `credits` are taken off it. */
export function creditLeft(invoiced: CreditAmounts, credits: readonly CreditAmounts[]): CreditAmounts {
  const taken = (key: keyof CreditAmounts) => credits.reduce((sum, credit) => sum + credit[key], 0);
  return {
    netPence: invoiced.netPence - taken("netPence"),
    vatPence: invoiced.vatPence - taken("vatPence"),
    grossPence: invoiced.grossPence - taken("grossPence"),
  };
}

/** How many of each line earlier credits gave back, and whether shipping was. */
export function creditedSoFar(credits: readonly PastCredit[]): { quantities: Map<number, number>; shipping: boolean } {
  const quantities = new Map<number, number>();
  for (const credit of credits)
    for (const goods of credit.goods) quantities.set(goods.index, (quantities.get(goods.index) ?? 0) + goods.quantity);
  return { quantities, shipping: credits.some((credit) => credit.shippingPence > 0) };
}

/**
 * The VAT of a credit of `netPence` at `vatRate`: the credit that takes all the net left takes all
 * the VAT left, and no credit takes more VAT than is left, so the VAT of the credits sums to the
 * invoice's and never past it, whatever each rounded to.
 */
function vatOfNet(netPence: number, vatRate: number, left: CreditAmounts): number {
  if (netPence === left.netPence) return left.vatPence;
  return Math.min(percentOfPence(netPence, vatRate), left.vatPence);
}

/**
 * A credit of `grossPence` including VAT, split into net and VAT as the invoice was: all that is
 * left when it takes all that is left; else the VAT fraction of the rate, within what is left of each.
 */
function splitGross(grossPence: number, vatRate: number, left: CreditAmounts): CreditAmounts {
  if (grossPence === left.grossPence) return left;
  const vat = Math.min(Math.round((grossPence * vatRate) / (100 + vatRate)), left.vatPence);
  const net = Math.min(grossPence - vat, left.netPence);
  return { netPence: net, vatPence: grossPence - net, grossPence };
}

/**
 * A refund staff ask for, worked out against the invoice and the credits already on it, or the
 * reason it cannot be given. By lines, each line's goods at the unit price charged with their share
 * of the first-order discount (the last of the goods take what is left of it), and shipping when
 * ticked; by amount, a sum up to what is left.
 */
export function planRefund(input: {
  amounts: ChargedAmounts;
  lines: readonly RefundableLine[];
  credits: readonly PastCredit[];
  request: RefundRequest;
}): { ok: true; credit: PlannedCredit } | RefundRefusal {
  const { amounts, lines, credits, request } = input;
  const left = creditLeft(invoicedAmounts(amounts), credits);
  if (left.grossPence <= 0)
    return { ok: false, field: request.kind === "amount" ? "amount" : "lines", message: REFUND_MESSAGES.nothingLeft };

  if (request.kind === "amount") {
    const gross = request.grossPence;
    if (!Number.isSafeInteger(gross) || gross < 1)
      return { ok: false, field: "amount", message: REFUND_MESSAGES.amountTooSmall };
    if (gross > left.grossPence)
      return { ok: false, field: "amount", message: REFUND_MESSAGES.amountOverLeft(left.grossPence) };
    return {
      ok: true,
      credit: { ...splitGross(gross, amounts.vatRate, left), goods: [], discountPence: 0, shippingPence: 0 },
    };
  }

  const done = creditedSoFar(credits);
  const goods: CreditedGoods[] = [];
  for (const asked of request.lines) {
    if (asked.quantity === 0) continue;
    const line = lines[asked.index];
    const leftOfLine = line ? line.quantity - (done.quantities.get(asked.index) ?? 0) : 0;
    if (!line || !Number.isSafeInteger(asked.quantity) || asked.quantity < 0 || asked.quantity > leftOfLine)
      return {
        ok: false,
        field: "lines",
        message: REFUND_MESSAGES.lineOverLeft(asked.index + 1, Math.max(leftOfLine, 0)),
      };
    goods.push({
      index: asked.index,
      quantity: asked.quantity,
      unitPence: line.unitPence,
      netPence: asked.quantity * line.unitPence,
    });
  }
  if (request.shipping && done.shipping) return { ok: false, field: "lines", message: REFUND_MESSAGES.shippingDone };
  const shippingPence = request.shipping ? amounts.shippingPence : 0;
  if (goods.length === 0 && shippingPence === 0) return { ok: false, field: "lines", message: REFUND_MESSAGES.noLines };

  const goodsNet = goods.reduce((sum, item) => sum + item.netPence, 0);
  const discountGiven = credits.reduce((sum, credit) => sum + credit.discountPence, 0);
  const allGoodsBack = lines.every(
    (line, index) =>
      (done.quantities.get(index) ?? 0) +
        goods.filter((item) => item.index === index).reduce((n, item) => n + item.quantity, 0) ===
      line.quantity,
  );
  const discountPence = allGoodsBack
    ? amounts.discountPence - discountGiven
    : amounts.subtotalPence === 0
      ? 0
      : Math.round((goodsNet * amounts.discountPence) / amounts.subtotalPence);
  const net = goodsNet - discountPence + shippingPence;
  if (net <= 0) return { ok: false, field: "lines", message: REFUND_MESSAGES.noLines };
  if (net > left.netPence) {
    const asked = net + percentOfPence(net, amounts.vatRate);
    return { ok: false, field: "lines", message: REFUND_MESSAGES.linesOverLeft(asked, left.grossPence) };
  }
  const vat = vatOfNet(net, amounts.vatRate, left);
  return {
    ok: true,
    credit: { netPence: net, vatPence: vat, grossPence: net + vat, goods, discountPence, shippingPence },
  };
}

/** The reason a refund gives, or why it cannot be taken. */
export function refundReason(text: string): { ok: true; reason: string } | RefundRefusal {
  const reason = text.trim();
  if (reason === "") return { ok: false, field: "reason", message: REFUND_MESSAGES.reasonMissing };
  if (reason.length > REFUND_REASON_MAX) return { ok: false, field: "reason", message: REFUND_MESSAGES.reasonTooLong };
  return { ok: true, reason };
}

/** A refund as staff asked for it on the order page, read from the form. */
export type RefundForm = {
  version: number;
  request: RefundRequest;
  reason: string;
  /** For an order paid by bank transfer: when the money went back, and the bank's reference. */
  transfer: { paidBackOn: IsoDate; reference: string } | null;
};

const REFERENCE_MAX = 100;

/**
 * The refund form's fields (`by` lines or amount; `qty_<n>` per line and `shipping`, or `amount`;
 * `reason`; for a transfer, `paid_back_on` and `reference`), checked as far as they can be without
 * the order's credits: quantities are whole numbers, the amount is pounds and pence, the reason is
 * given, a transfer's day is a real day between the payment and today.
 */
export function readRefundForm(
  fields: Readonly<Record<string, string>>,
  order: { lineCount: number; byTransfer: boolean; paidOn: IsoDate; today: IsoDate },
): { ok: true; form: RefundForm } | RefundRefusal {
  const version = Number(fields.version);
  if (!Number.isSafeInteger(version) || version < 1)
    return { ok: false, field: "version", message: REFUND_MESSAGES.reload };
  let request: RefundRequest;
  if (fields.by === "amount") {
    const raw = (fields.amount ?? "").trim();
    if (raw === "") return { ok: false, field: "amount", message: REFUND_MESSAGES.amountMissing };
    const pence = typedPence(raw);
    if (pence === null) return { ok: false, field: "amount", message: REFUND_MESSAGES.amountMissing };
    request = { kind: "amount", grossPence: pence };
  } else {
    const lines: { index: number; quantity: number }[] = [];
    for (let index = 0; index < order.lineCount; index += 1) {
      const raw = (fields[`qty_${index}`] ?? "").trim();
      if (raw === "") continue;
      if (!/^\d{1,7}$/.test(raw))
        return { ok: false, field: "lines", message: `Line ${index + 1}: enter a whole number of items.` };
      lines.push({ index, quantity: Number(raw) });
    }
    request = { kind: "lines", lines, shipping: fields.shipping === "on" };
  }
  const reason = refundReason(fields.reason ?? "");
  if (!reason.ok) return reason;
  if (!order.byTransfer) return { ok: true, form: { version, request, reason: reason.reason, transfer: null } };
  const paidBackOn = (fields.paid_back_on ?? "").trim();
  if (!isCalendarDate(paidBackOn))
    return { ok: false, field: "paid_back_on", message: REFUND_MESSAGES.paidBackOnMissing };
  if (paidBackOn > order.today) return { ok: false, field: "paid_back_on", message: REFUND_MESSAGES.paidBackOnFuture };
  if (paidBackOn < order.paidOn)
    return {
      ok: false,
      field: "paid_back_on",
      message: REFUND_MESSAGES.paidBackOnBeforePayment(formatDisplayDate(order.paidOn)),
    };
  const reference = (fields.reference ?? "").trim();
  if (reference === "") return { ok: false, field: "reference", message: REFUND_MESSAGES.referenceMissing };
  if (reference.length > REFERENCE_MAX)
    return { ok: false, field: "reference", message: REFUND_MESSAGES.referenceTooLong };
  return { ok: true, form: { version, request, reason: reason.reason, transfer: { paidBackOn, reference } } };
}

const TYPED_FIELD = /^(by|amount|reason|paid_back_on|reference|shipping|qty_\d{1,3})$/;

/** What staff typed in the refund form, given back with a refusal so nothing is lost (and nothing else is echoed). */
export function typedRefundFields(fields: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => TYPED_FIELD.test(name))
      .map(([name, value]) => [name, value.slice(0, REFUND_REASON_MAX)]),
  );
}

/** How a refund goes back: to the card, by bank transfer, or as a credit to an account (decision 085). */
export type RefundMethod = "card" | "bank_transfer" | "account";

/** How a refund of `order` goes back: to the card, by bank transfer, or as a credit to its account. */
export function refundMethod(order: { paidAt: Date | null; onAccount: boolean }, byTransfer: boolean): RefundMethod {
  if (order.onAccount && !order.paidAt) return "account";
  return byTransfer ? "bank_transfer" : "card";
}
