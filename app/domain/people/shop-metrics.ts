/**
 * Decisions 024 and 059: the home page's figures come from the shop's
 * own orders and reviews. Each is shown only once its sample reaches METRIC_MIN_SAMPLE, and each
 * is rounded so that it never says more than the data: counts and shares are rounded down.
 */
import { type IsoDate, londonToday } from "../core/dates";

/** Below this many teams, deliveries or reviews a figure says too little to print. */
export const METRIC_MIN_SAMPLE = 10;

export type MetricId = "happyTeams" | "rating" | "onTime";
export type MetricTile = { id: MetricId; value: string };

/** Published reviews in aggregate: their mean star rating (1–5) and how many there are. */
export type ReviewSummary = { average: number; count: number };

/** A delivered order: the date it was promised for and the moment staff marked it delivered. */
export type Delivery = { promisedOn: IsoDate; deliveredAt: Date };

export type ShopFigures = {
  /** Organisations (or buyers without one) with at least one delivered order. */
  happyTeams: number;
  deliveries: readonly Delivery[];
  reviews: ReviewSummary | null;
};

/** "10", "10+" for 11–19, "20+" for 20–29…: the tens reached, with "+" when there are more. */
export function happyTeamsValue(teams: number): string | null {
  if (!Number.isInteger(teams) || teams < METRIC_MIN_SAMPLE) return null;
  const tens = Math.floor(teams / 10) * 10;
  return tens === teams ? String(teams) : `${tens}+`;
}

/** "4.7/5": the mean to one decimal place, rounded half up; null below the minimum number of reviews. */
export function ratingValue(reviews: ReviewSummary | null): string | null {
  if (!reviews || reviews.count < METRIC_MIN_SAMPLE) return null;
  if (!(reviews.average >= 1 && reviews.average <= 5)) throw new RangeError(`Not a star rating: ${reviews.average}`);
  // Rounded on a whole number of tenths, so 4.65 is 4.7 whatever its floating-point error.
  const tenths = Math.round(Math.round(reviews.average * 1e6) / 1e5);
  return `${(tenths / 10).toFixed(1)}/5`;
}

/** Delivered on or before the promised day, both read as London calendar dates. */
export const deliveredOnTime = (delivery: Delivery) => londonToday(delivery.deliveredAt) <= delivery.promisedOn;

/** "96%": the share of deliveries on time, rounded down (99.9% is "99%"); null below the minimum sample. */
export function onTimeValue(deliveries: readonly Delivery[]): string | null {
  if (deliveries.length < METRIC_MIN_SAMPLE) return null;
  const onTime = deliveries.filter(deliveredOnTime).length;
  return `${Math.floor((onTime * 100) / deliveries.length)}%`;
}

/** The tiles to show, in the page's order; an empty list means no metrics section at all. */
export function metricTiles(figures: ShopFigures): MetricTile[] {
  const values: [MetricId, string | null][] = [
    ["happyTeams", happyTeamsValue(figures.happyTeams)],
    ["rating", ratingValue(figures.reviews)],
    ["onTime", onTimeValue(figures.deliveries)],
  ];
  return values.flatMap(([id, value]) => (value === null ? [] : [{ id, value }]));
}
