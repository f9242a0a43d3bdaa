/**
 * The date engine (decisions 017 and 053, A-4, A-29): every delivery estimate the shop
 * shows (product page, cart, checkout, confirmation, order page, e-mails) comes from
 * `estimateDelivery`. Production and transit are counted in working days, skipping weekends and
 * England and Wales bank holidays, from the day the proof is approved (today, for an estimate).
 * Why working days and how the catalogue's texts are read: docs/decisions/017-working-day-dates.md.
 */
import type { ShippingMethod } from "../pricing/checkout";
import { type IsoDate, londonToday } from "../core/dates";
import { addWorkingDays } from "../core/working-days";

export type DayBound = "upper" | "lower";
export type DeliveryTimes = { leadTime: string; deliveryTime?: string | null };
export type DeliveryEstimate = { start: IsoDate; end: IsoDate };

/** Used when a product gives no (or unreadable) delivery text (R-CALC-09, R-PDP-14). */
export const DEFAULT_DELIVERY_TIME = "5-7 days";

/** A working week: production and couriers work Monday to Friday. */
const WORKING_DAYS_PER_WEEK = 5;

/**
 * Extra transit working days of Standard Shipping over Express Air Freight. The spec gives no
 * transit time for standard (A-4 asks the business to confirm one); 5 is our placeholder, so the
 * chosen method visibly changes the estimate (decision 053).
 */
export const STANDARD_EXTRA_TRANSIT_DAYS = 5;

const DURATION = /^(\d+(?:\.\d+)?)\s*(?:[-–]\s*(\d+(?:\.\d+)?)\s*)?(day|week)s?$/i;

function parseDuration(text: string): { low: number; high: number } | null {
  const match = DURATION.exec(text.trim());
  if (match?.[1] === undefined || match[3] === undefined) return null;
  const first = Number(match[1]);
  const second = match[2] === undefined ? first : Number(match[2]);
  const unit = match[3].toLowerCase() === "week" ? WORKING_DAYS_PER_WEEK : 1;
  return { low: Math.min(first, second) * unit, high: Math.max(first, second) * unit };
}

/**
 * Working days in a duration text (R-CALC-09, read in working days): 'N days' → N, 'N weeks' →
 * 5N, 'a-b …' → b (or a for the lower bound), decimals allowed ('3.5 weeks' → 17.5). Empty or
 * unreadable text counts as '5-7 days' rather than throwing, so one bad catalogue string cannot
 * break a page.
 */
export function parseDays(text: string | null | undefined, bound: DayBound = "upper"): number {
  const parsed = parseDuration(text ?? "") ?? parseDuration(DEFAULT_DELIVERY_TIME);
  if (parsed === null) throw new Error("Default delivery time is unreadable");
  return bound === "upper" ? parsed.high : parsed.low;
}

/**
 * ceil(lead + delivery) working days (R-CALC-10). The sum is trimmed to 6 decimals first because
 * e.g. 2.1 weeks + 0.3 days is 10.800000000000001 in floating point, and ceil must not add a day.
 */
export function deliveryOffsetDays(
  leadTime: string | null | undefined,
  deliveryTime: string | null | undefined,
  bound: DayBound = "upper",
): number {
  const sum = parseDays(leadTime, bound) + parseDays(deliveryTime, bound);
  return Math.ceil(Math.round(sum * 1e6) / 1e6);
}

/**
 * The delivery window of an order whose proof is approved at `now`: production starts that day
 * (the next working day after a weekend or holiday); the earliest end from the lower bounds, the
 * latest from the upper bounds. With several products both ends are the slowest product's,
 * since one shipment carries them all (R-CALC-13). Express is the product's own air-courier time;
 * standard adds STANDARD_EXTRA_TRANSIT_DAYS.
 */
export function estimateDelivery(input: {
  products: readonly DeliveryTimes[];
  method: ShippingMethod;
  now: Date;
}): DeliveryEstimate {
  // Read the clock once so both ends share the same "today" even across midnight.
  return deliveryWindowFrom({ products: input.products, method: input.method, approvedOn: londonToday(input.now) });
}

/** The delivery window of an order whose proof is approved on `approvedOn` (estimateDelivery's rule). */
export function deliveryWindowFrom(input: {
  products: readonly DeliveryTimes[];
  method: ShippingMethod;
  approvedOn: IsoDate;
}): DeliveryEstimate {
  if (input.products.length === 0) throw new RangeError("An estimate needs at least one product");
  const extra = input.method === "standard" ? STANDARD_EXTRA_TRANSIT_DAYS : 0;
  const slowest = (bound: DayBound) =>
    Math.max(...input.products.map((p) => deliveryOffsetDays(p.leadTime, p.deliveryTime, bound))) + extra;
  return {
    start: addWorkingDays(input.approvedOn, slowest("lower")),
    end: addWorkingDays(input.approvedOn, slowest("upper")),
  };
}
