/**
 * "Need it by" (decision 061): from the buyer's in-hands date the shop works
 * backwards on the one date engine (docs/decisions/017-working-day-dates.md) to the approve-by
 * date of each shipping method: the last day the proof can be approved and the order still arrive
 * by that date. Upper bounds are used throughout, so a date we say is met is the date we promise.
 */
import { SHIPPING_METHOD_IDS, SHIPPING_METHODS, type ShippingMethod } from "../pricing/checkout";
import { addDays, formatDisplayDate, type IsoDate, londonToday } from "../core/dates";
import { type DeliveryTimes, deliveryOffsetDays, STANDARD_EXTRA_TRANSIT_DAYS } from "./delivery";
import { earliestDelivery as earliest } from "./earliest-delivery";
import { PROOF_WORKING_DAYS, proofDueDate } from "./orders";
import { addWorkingDays, isWorkingDay, subtractWorkingDays } from "../core/working-days";

/** A need-by date further ahead than this is a typing slip, not a plan. */
export const NEED_BY_MAX_DAYS_AHEAD = 366;

/** Staff see an order at risk this many working days before its approve-by date. */
export const AT_RISK_WORKING_DAYS = 2;

const ISO_DATE_LENGTH = 10;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type NeedByParse = { ok: true; needBy: IsoDate } | { ok: false; message: string };

/** A real calendar date 'YYYY-MM-DD', or null. Length is checked before any pattern (decision 19). */
export function readIsoDate(text: string): IsoDate | null {
  const trimmed = text.trim();
  if (trimmed.length !== ISO_DATE_LENGTH || !ISO_DATE.test(trimmed)) return null;
  try {
    return addDays(trimmed, 0) === trimmed ? trimmed : null;
  } catch {
    return null;
  }
}

/**
 * The buyer's in-hands date, refused with a reason when it cannot be planned for: not a date,
 * today or before (nothing can be delivered today), or more than a year ahead.
 */
export function parseNeedBy(text: string | null | undefined, now: Date): NeedByParse {
  const raw = (text ?? "").trim();
  if (raw === "") return { ok: false, message: "Enter the date you need your order by." };
  const needBy = readIsoDate(raw);
  if (needBy === null) return { ok: false, message: "Enter a real date, for example 2026-12-18." };
  const today = londonToday(now);
  if (needBy < today) return { ok: false, message: "That date has passed: choose a date after today." };
  if (needBy === today) return { ok: false, message: "We cannot deliver today: choose a date after today." };
  const latest = addDays(today, NEED_BY_MAX_DAYS_AHEAD);
  if (needBy > latest) {
    return { ok: false, message: `Choose a date within a year, by ${formatDisplayDate(latest)} at the latest.` };
  }
  return { ok: true, needBy };
}

/** Working days from approval to delivery by `method`, the slowest product ruling (R-CALC-13). */
export function methodWorkingDays(products: readonly DeliveryTimes[], method: ShippingMethod): number {
  if (products.length === 0) throw new RangeError("A plan needs at least one product");
  const extra = method === "standard" ? STANDARD_EXTRA_TRANSIT_DAYS : 0;
  return Math.max(...products.map((p) => deliveryOffsetDays(p.leadTime, p.deliveryTime, "upper"))) + extra;
}

/** The last day the proof can be approved for delivery by `needBy` with `method` (a working day). */
export function approveByDate(input: {
  products: readonly DeliveryTimes[];
  method: ShippingMethod;
  needBy: IsoDate;
}): IsoDate {
  return subtractWorkingDays(input.needBy, methodWorkingDays(input.products, input.method));
}

export type MethodPlan = {
  method: ShippingMethod;
  label: string;
  approveBy: IsoDate;
  /** The latest delivery day if the proof is approved on the earliest day it can be. */
  earliestDelivery: IsoDate;
  feasible: boolean;
};

export type NeedByPlan = {
  needBy: IsoDate;
  /** The proof is due 2 working days after paying today: it cannot be approved earlier. */
  earliestApproval: IsoDate;
  methods: MethodPlan[];
  /** Null when at least one method makes the date; else the fastest option and its text. */
  tooTight: { method: ShippingMethod; label: string; earliestDelivery: IsoDate; message: string } | null;
};

/** What the buyer reads when no method can make the date. */
export const tooTightMessage = (earliest: IsoDate): string =>
  `Too tight: the earliest we can deliver is ${formatDisplayDate(earliest)}`;

/**
 * Each method's approve-by date and whether it makes `needBy` for an order paid today: the proof
 * arrives at the latest 2 working days after payment, and can be approved no earlier.
 */
export function planNeedBy(input: { products: readonly DeliveryTimes[]; needBy: IsoDate; now: Date }): NeedByPlan {
  const earliestApproval = proofDueDate(londonToday(input.now));
  const methods = SHIPPING_METHOD_IDS.map((method): MethodPlan => {
    const approveBy = approveByDate({ products: input.products, method, needBy: input.needBy });
    // The same date the page's delivery estimate ends on: one engine, one earliest date.
    const earliestDelivery = earliest({ products: input.products, method, now: input.now }).end;
    return {
      method,
      label: SHIPPING_METHODS[method].label,
      approveBy,
      earliestDelivery,
      feasible: approveBy >= earliestApproval,
    };
  });
  const fastest = methods.reduce((best, plan) => (plan.earliestDelivery < best.earliestDelivery ? plan : best));
  const tooTight = methods.some((plan) => plan.feasible)
    ? null
    : {
        method: fastest.method,
        label: fastest.label,
        earliestDelivery: fastest.earliestDelivery,
        message: tooTightMessage(fastest.earliestDelivery),
      };
  return { needBy: input.needBy, earliestApproval, methods, tooTight };
}

/**
 * The last day to pay for a proof approved by `approveBy`: the proof arrives at the latest
 * PROOF_WORKING_DAYS working days after payment (B-3), and it is approved no earlier.
 */
export const payByDate = (approveBy: IsoDate): IsoDate => subtractWorkingDays(approveBy, PROOF_WORKING_DAYS);

/** Working days from `from` to `to`, `to` counted and `from` not; 0 when `to` is not after `from`. */
export function workingDaysUntil(from: IsoDate, to: IsoDate): number {
  let count = 0;
  for (let date = addDays(from, 1); date <= to; date = addDays(date, 1)) {
    if (isWorkingDay(date)) count++;
  }
  return count;
}

/** Statuses in which the buyer has a proof still to approve (the date is still theirs to keep). */
const PROOF_WAITING: ReadonlySet<string> = new Set([
  "awaiting_transfer",
  "on_account",
  "paid",
  "proof_sent",
  "changes_requested",
]);

export const proofStillWaiting = (status: string): boolean => PROOF_WAITING.has(status);

export type OrderNeedBy =
  | { kind: "countdown"; needBy: IsoDate; approveBy: IsoDate; workingDaysLeft: number; message: string }
  | { kind: "missed"; needBy: IsoDate; approveBy: IsoDate; deliveryIfApprovedToday: IsoDate; message: string }
  | { kind: "settled"; needBy: IsoDate; approveBy: IsoDate };

/**
 * What an order's proof says about its need-by date on day `now`: a countdown while the proof
 * waits and the date can still be met, a plain warning once the approve-by date has passed, and
 * nothing more once the proof is approved (the promised date then speaks for itself).
 */
export function orderNeedBy(input: {
  needBy: IsoDate;
  status: string;
  method: ShippingMethod | null;
  products: readonly DeliveryTimes[];
  now: Date;
}): OrderNeedBy {
  const method = input.method ?? "standard";
  const approveBy = approveByDate({ products: input.products, method, needBy: input.needBy });
  if (!proofStillWaiting(input.status)) return { kind: "settled", needBy: input.needBy, approveBy };
  const today = londonToday(input.now);
  if (today <= approveBy) {
    return {
      kind: "countdown",
      needBy: input.needBy,
      approveBy,
      workingDaysLeft: workingDaysUntil(today, approveBy),
      message: `Approve by ${formatDisplayDate(approveBy)} to keep your date`,
    };
  }
  const deliveryIfApprovedToday = addWorkingDays(today, methodWorkingDays(input.products, method));
  return {
    kind: "missed",
    needBy: input.needBy,
    approveBy,
    deliveryIfApprovedToday,
    message: `The approve-by date, ${formatDisplayDate(approveBy)}, has passed: we can no longer promise delivery by ${formatDisplayDate(input.needBy)}. Approved today, it arrives by ${formatDisplayDate(deliveryIfApprovedToday)}.`,
  };
}

/**
 * Staff's "At risk" (decision 017): a need-by date, a proof not yet approved, and the approve-by date
 * passed, today, or within AT_RISK_WORKING_DAYS working days.
 */
export function isAtRisk(input: {
  needBy: IsoDate | null;
  approveBy: IsoDate | null;
  status: string;
  today: IsoDate;
}): boolean {
  if (input.needBy === null || input.approveBy === null || !proofStillWaiting(input.status)) return false;
  return workingDaysUntil(input.today, input.approveBy) <= AT_RISK_WORKING_DAYS;
}

export type NeedByForStaff = { needBy: IsoDate; approveBy: IsoDate; atRisk: boolean };

/** A row of the back office's "At risk" list. */
export type OrderAtRisk = { id: string; number: string; statusLabel: string; needBy: IsoDate; approveBy: IsoDate };

/** An order's need-by and approve-by dates as the back office shows them; null without a need-by date. */
export function needByForStaff(input: {
  needBy: IsoDate | null;
  status: string;
  method: ShippingMethod | null;
  products: readonly DeliveryTimes[];
  today: IsoDate;
}): NeedByForStaff | null {
  if (input.needBy === null || input.products.length === 0) return null;
  const approveBy = approveByDate({
    products: input.products,
    method: input.method ?? "standard",
    needBy: input.needBy,
  });
  return { needBy: input.needBy, approveBy, atRisk: isAtRisk({ ...input, approveBy }) };
}
