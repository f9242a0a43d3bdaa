/**
 * Decision 024: the figures behind the shop's turnaround and minimum-order claims, read
 * from the catalogue rather than typed, so the claims can never drift from what the product pages
 * compute. The copy that states them is app/content/claims.ts.
 */
import { type DeliveryTimes, deliveryOffsetDays, STANDARD_EXTRA_TRANSIT_DAYS } from "./delivery";

/** A production week is five working days, as the date engine reads "N weeks" (delivery.ts). */
const WORKING_DAYS_PER_WEEK = 5;

export type Turnaround = {
  /** Working days from proof approval for the fastest product, sent by express. */
  fastestDays: number;
  /** Working days from proof approval for the slowest product, sent by standard shipping. */
  slowestDays: number;
  fromWeeks: number;
  toWeeks: number;
};

/**
 * From the catalogue's fastest product at its lower bounds by express to its slowest at its upper
 * bounds by standard shipping, on the date engine's rules (deliveryOffsetDays). Both ends are
 * rounded up to whole weeks: a claim may undersell the speed, never promise more than the pages do.
 */
export function catalogueTurnaround(products: readonly DeliveryTimes[]): Turnaround {
  if (products.length === 0) throw new RangeError("A turnaround needs at least one product");
  const fastestDays = Math.min(...products.map((p) => deliveryOffsetDays(p.leadTime, p.deliveryTime, "lower")));
  const slowestDays =
    Math.max(...products.map((p) => deliveryOffsetDays(p.leadTime, p.deliveryTime, "upper"))) +
    STANDARD_EXTRA_TRANSIT_DAYS;
  return {
    fastestDays,
    slowestDays,
    fromWeeks: Math.ceil(fastestDays / WORKING_DAYS_PER_WEEK),
    toWeeks: Math.ceil(slowestDays / WORKING_DAYS_PER_WEEK),
  };
}

/** "3–6 weeks"; one figure when both ends meet ("1 week", "4 weeks"). */
export function formatWeeks({ fromWeeks, toWeeks }: Pick<Turnaround, "fromWeeks" | "toWeeks">): string {
  const unit = toWeeks === 1 ? "week" : "weeks";
  return fromWeeks === toWeeks ? `${toWeeks} ${unit}` : `${fromWeeks}–${toWeeks} ${unit}`;
}

/** The smallest minimum order in the catalogue: what "MOQ from N units" may say. */
export function lowestMoq(products: readonly { moq: number }[]): number {
  if (products.length === 0) throw new RangeError("A minimum order needs at least one product");
  return Math.min(...products.map((p) => p.moq));
}
