/**
 * The On-time Guarantee claim (decision 026; POLICY.lateDelivery): an order delivered 5 or
 * more days after the date promised when its proof was approved may be claimed for within 7 days
 * of delivery, once. The policy counts plain days, so both are calendar days in Europe/London
 * (docs/decisions/026-guarantee-claims.md). Pure: the clock and the order are passed in.
 */
import { addDays, type IsoDate } from "../core/dates";
import type { OrderStatus } from "./orders";

/** Days late from which the guarantee applies. */
export const GUARANTEE_DAYS_LATE = 5;
/** Days after delivery the buyer has to claim. */
export const GUARANTEE_CLAIM_DAYS = 7;
/** The buyer's optional note, and the staff's reason, at most this long. */
export const CLAIM_NOTE_MAX = 1000;
export const CLAIM_REASON_MAX = 1000;

const DAY_MS = 86_400_000;

/** Calendar days from `from` to `to` (negative when `to` is earlier); both ISO dates. */
export function calendarDaysAfter(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export type ClaimRefusal = "not_delivered" | "no_promise" | "not_late_enough" | "window_closed" | "already_claimed";

export type GuaranteeEligibility =
  | { eligible: true; daysLate: number; claimBy: IsoDate }
  | { eligible: false; reason: ClaimRefusal };

export const CLAIM_REFUSALS: Record<ClaimRefusal, string> = {
  not_delivered: "The On-time Guarantee can be claimed once your order is delivered.",
  no_promise: "This order had no promised delivery date, so the On-time Guarantee does not apply.",
  not_late_enough: `The On-time Guarantee applies to orders delivered ${GUARANTEE_DAYS_LATE} or more days after the promised date.`,
  window_closed: `The On-time Guarantee can be claimed within ${GUARANTEE_CLAIM_DAYS} days of delivery.`,
  already_claimed: "You have already claimed the On-time Guarantee for this order.",
};

/**
 * Whether the order may be claimed for `today`: delivered (its status now), with a promised date,
 * delivered at least 5 days after it, today no later than the 7th day after delivery, and not
 * claimed before.
 */
export function guaranteeEligibility(input: {
  status: OrderStatus;
  promised: IsoDate | null;
  /** The London date it was marked delivered. */
  deliveredOn: IsoDate | null;
  today: IsoDate;
  claimed: boolean;
}): GuaranteeEligibility {
  if (input.claimed) return { eligible: false, reason: "already_claimed" };
  if (input.status !== "delivered" || !input.deliveredOn) return { eligible: false, reason: "not_delivered" };
  if (!input.promised) return { eligible: false, reason: "no_promise" };
  const daysLate = calendarDaysAfter(input.promised, input.deliveredOn);
  if (daysLate < GUARANTEE_DAYS_LATE) return { eligible: false, reason: "not_late_enough" };
  const claimBy = addDays(input.deliveredOn, GUARANTEE_CLAIM_DAYS);
  if (calendarDaysAfter(claimBy, input.today) > 0) return { eligible: false, reason: "window_closed" };
  return { eligible: true, daysLate, claimBy };
}

/** What an accepted claim gives: a credit of this many pence (ex VAT, its VAT and the total), or words only. */
export type RemedyCredit =
  | { kind: "credit"; netPence: number; vatPence: number; totalPence: number; basis: string }
  | { kind: "recorded" };

const PERCENT = /(\d{1,3}(?:\.\d{1,2})?)\s?%/;
const POUNDS = /£\s?(\d{1,6}(?:\.\d{2})?)/;

/**
 * The remedy's amount from the business profile's words (BUSINESS_LATE_DELIVERY_REMEDY): "10% of
 * the goods price" credits that share of the goods net of any discount, with VAT at the order's
 * rate; "£25" credits that amount including VAT; anything else (free shipping next time) is
 * recorded, not credited. Never more than the order's total.
 */
export function remedyCredit(
  remedy: string,
  order: { subtotalPence: number; discountPence: number; vatRate: number; totalPence: number },
): RemedyCredit {
  const percent = PERCENT.exec(remedy);
  const vat = (net: number) => Math.round((net * order.vatRate) / 100);
  if (percent?.[1]) {
    const share = Number(percent[1]);
    if (share <= 0 || share > 100) return { kind: "recorded" };
    const goods = Math.max(0, order.subtotalPence - order.discountPence);
    const netPence = Math.round((goods * share) / 100);
    const totalPence = Math.min(order.totalPence, netPence + vat(netPence));
    if (totalPence <= 0) return { kind: "recorded" };
    return {
      kind: "credit",
      netPence,
      vatPence: totalPence - netPence,
      totalPence,
      basis: `${share}% of the goods price`,
    };
  }
  const pounds = POUNDS.exec(remedy);
  if (pounds?.[1]) {
    const totalPence = Math.min(order.totalPence, Math.round(Number(pounds[1]) * 100));
    if (totalPence <= 0) return { kind: "recorded" };
    const netPence = Math.round((totalPence * 100) / (100 + order.vatRate));
    return { kind: "credit", netPence, vatPence: totalPence - netPence, totalPence, basis: `£${pounds[1]}` };
  }
  return { kind: "recorded" };
}
