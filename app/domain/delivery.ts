/**
 * Delivery estimates (R-CALC-09..13, DESIGN decision 6): today in Europe/London plus lead time
 * plus delivery time, in calendar days. Dates are ISO 'YYYY-MM-DD' strings so that no local time
 * zone can shift them; the clock is always passed in.
 */

export type DayBound = "upper" | "lower";
export type IsoDate = string;
export type DeliveryTimes = { leadTime: string; deliveryTime?: string | null };
export type DeliveryWindow = { earliest: IsoDate; latest: IsoDate };

/** Used when a product gives no (or unreadable) delivery text (R-CALC-09, R-PDP-14). */
export const DEFAULT_DELIVERY_TIME = "5-7 days";

const DURATION = /^(\d+(?:\.\d+)?)\s*(?:[-–]\s*(\d+(?:\.\d+)?)\s*)?(day|week)s?$/i;

function parseDuration(text: string): { low: number; high: number } | null {
  const match = DURATION.exec(text.trim());
  if (match?.[1] === undefined || match[3] === undefined) return null;
  const first = Number(match[1]);
  const second = match[2] === undefined ? first : Number(match[2]);
  const unit = match[3].toLowerCase() === "week" ? 7 : 1;
  return { low: Math.min(first, second) * unit, high: Math.max(first, second) * unit };
}

/**
 * Days in a duration text: 'N days' → N, 'N weeks' → 7N, 'a-b …' → b (or a for the lower
 * bound), decimals allowed ('3.5 weeks' → 24.5). Empty or unreadable text counts as '5-7 days'
 * (R-CALC-09) rather than throwing, so one bad catalogue string cannot break a page.
 */
export function parseDays(text: string | null | undefined, bound: DayBound = "upper"): number {
  const parsed = parseDuration(text ?? "") ?? parseDuration(DEFAULT_DELIVERY_TIME);
  if (parsed === null) throw new Error("Default delivery time is unreadable");
  return bound === "upper" ? parsed.high : parsed.low;
}

/**
 * ceil(lead + delivery) days (R-CALC-10). The sum is trimmed to 6 decimals first because e.g.
 * 2.1 weeks + 0.3 days is 15.000000000000002 in floating point, and ceil would add a whole day.
 */
export function deliveryOffsetDays(
  leadTime: string | null | undefined,
  deliveryTime: string | null | undefined,
  bound: DayBound = "upper",
): number {
  const sum = parseDays(leadTime, bound) + parseDays(deliveryTime, bound);
  return Math.ceil(Math.round(sum * 1e6) / 1e6);
}

const LONDON_DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's calendar date in Europe/London at instant `now` (A-63: one zone on server and client). */
export function londonToday(now: Date): IsoDate {
  const parts = LONDON_DATE.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string => {
    const value = parts.find((p) => p.type === type)?.value;
    if (value === undefined) throw new Error(`London date has no ${type}`);
    return value;
  };
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at UTC midnight of an ISO date; rejects impossible dates such as 2026-02-30. */
function utcMidnight(iso: IsoDate): number {
  const match = ISO_DATE.exec(iso);
  if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) {
    throw new RangeError(`Not an ISO date: "${iso}"`);
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: "${iso}"`);
  }
  return ms;
}

const DAY_MS = 86_400_000;

/** Calendar arithmetic done at UTC midnight, where no day is 23 or 25 hours long. */
export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be a whole number: ${days}`);
  return new Date(utcMidnight(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * 'EEE, MMM d, yyyy', e.g. 'Tue, Dec 22, 2026'. The spec's US-style pattern is kept (A-27,
 * DESIGN decision 14) but the weekday is computed. Built by hand rather than with Intl because
 * ICU versions differ in punctuation, and server and browser must print the same text.
 */
export function formatDisplayDate(iso: IsoDate): string {
  const date = new Date(utcMidnight(iso));
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** Estimated delivery date for one product ordered at `now` (R-CALC-11; upper bounds by default). */
export function deliveryDate(item: DeliveryTimes, now: Date, bound: DayBound = "upper"): IsoDate {
  return addDays(londonToday(now), deliveryOffsetDays(item.leadTime, item.deliveryTime, bound));
}

/** One product's window: earliest from the lower bounds, latest from the upper bounds. */
export function deliveryWindow(item: DeliveryTimes, now: Date): DeliveryWindow {
  const today = londonToday(now);
  return {
    earliest: addDays(today, deliveryOffsetDays(item.leadTime, item.deliveryTime, "lower")),
    latest: addDays(today, deliveryOffsetDays(item.leadTime, item.deliveryTime, "upper")),
  };
}

/**
 * The cart's window (R-CALC-13): the order is only complete when its slowest item arrives, so
 * both ends take the maximum over items. Null for an empty cart.
 */
export function cartDeliveryWindow(items: readonly DeliveryTimes[], now: Date): DeliveryWindow | null {
  if (items.length === 0) return null;
  let earliest = 0;
  let latest = 0;
  for (const item of items) {
    earliest = Math.max(earliest, deliveryOffsetDays(item.leadTime, item.deliveryTime, "lower"));
    latest = Math.max(latest, deliveryOffsetDays(item.leadTime, item.deliveryTime, "upper"));
  }
  // Read the clock once so both ends share the same "today" even across midnight.
  const today = londonToday(now);
  return { earliest: addDays(today, earliest), latest: addDays(today, latest) };
}
