/**
 * Reviews (decision 023; the DMCC Act 2024 bans fake reviews): who may review an order line,
 * what a review form takes, and how the published reviews of a product are summed up and shown.
 * No zod here: product cards show the summary, and zod stays out of the browser (decision 008).
 */
import { type FormParseResult, type FormValues, refillValues } from "../core/form-rules";
import { isUuid } from "../core/ids";
import type { OrderStatus } from "../fulfilment/orders";

/** The longest review text, and the longest reason staff give for hiding one. */
export const REVIEW_TEXT_MAX = 2000;
export const HIDE_REASON_MAX = 500;

export const REVIEW_MESSAGES = {
  rating: "Choose a rating from 1 to 5 stars.",
  textTooLong: `Keep your review under ${REVIEW_TEXT_MAX.toLocaleString("en-GB")} characters.`,
  line: "Choose a product of this order to review.",
  notFound: "Order not found.",
  notDelivered: "You can review a product once it has been delivered.",
  alreadyReviewed: "You have already reviewed this product on this order.",
  tooMany: "You have sent many reviews in a short time. Please try again later.",
  published: "Thank you: your review is published.",
  held: "Thank you: your review has a link in it, so it will be published once our staff have checked it.",
  approved: "Review approved. It is published and counts in the product's rating.",
  notHeld: "This review is not waiting for approval.",
  reasonRequired: "Give a reason for hiding this review.",
  reasonTooLong: `Keep the reason under ${HIDE_REASON_MAX} characters.`,
  reviewNotFound: "Review not found.",
  alreadyHidden: "This review is already hidden.",
  hidden: "Review hidden. It no longer counts in the product's rating.",
  noReviews: "No reviews yet",
} as const;

// ---------------------------------------------------------------------------------------------
// Who may review

export type ReviewEligibility = "eligible" | "not_owner" | "not_delivered" | "already_reviewed";

/**
 * Whether this reader may review a line of this order now: only the order's buyer or their
 * organisation (`owner`), only once the order is delivered, and only once per line.
 */
export function reviewEligibility(input: {
  owner: boolean;
  orderStatus: OrderStatus;
  reviewed: boolean;
}): ReviewEligibility {
  if (!input.owner) return "not_owner";
  if (input.orderStatus !== "delivered") return "not_delivered";
  if (input.reviewed) return "already_reviewed";
  return "eligible";
}

/** A buyer's own review of a line; `published` until staff hide it, `held` while it waits for them. */
export type OwnReview = { rating: Rating; text: string; createdAt: Date; published: boolean; held: boolean };

/** A line of an order as the order page's reviews show it. */
export type LineReview = {
  lineId: string;
  position: number;
  title: string;
  eligibility: ReviewEligibility;
  review: OwnReview | null;
};

// ---------------------------------------------------------------------------------------------
// The review form

export const REVIEW_FIELDS = ["lineId", "rating", "text"] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];
export type ReviewValues = FormValues<ReviewField>;
export type Rating = 1 | 2 | 3 | 4 | 5;
export type ReviewInput = { lineId: string; rating: Rating; text: string };

const MAX_LENGTHS: Readonly<Record<ReviewField, number>> = { lineId: 36, rating: 1, text: REVIEW_TEXT_MAX };

/** A star rating as a form posts it ("1" to "5"), or null. The length is checked before the pattern. */
export function parseRating(value: string): Rating | null {
  if (value.length !== 1 || !/^[1-5]$/.test(value)) return null;
  return Number(value) as Rating;
}

/** Checks a posted review; a refusal gives the first message per field and what was typed. */
export function parseReviewForm(values: ReviewValues): FormParseResult<ReviewField, ReviewInput> {
  const errors: Partial<Record<ReviewField, string>> = {};
  if (!isUuid(values.lineId)) errors.lineId = REVIEW_MESSAGES.line;
  const rating = parseRating(values.rating.trim());
  if (rating === null) errors.rating = REVIEW_MESSAGES.rating;
  const text = values.text.trim();
  if (text.length > REVIEW_TEXT_MAX) errors.text = REVIEW_MESSAGES.textTooLong;
  if (Object.keys(errors).length > 0 || rating === null) {
    return { ok: false, errors, values: refillValues(REVIEW_FIELDS, MAX_LENGTHS, values) };
  }
  return { ok: true, data: { lineId: values.lineId, rating, text } };
}

// A web address written out, www., or a domain-like word: a letter or digit, a dot and two or more
// letters then a slash or the word's end ("acme.co.uk", "bit.ly/x"). One character before the dot
// keeps the match linear; "e.g." and "4.5 stars" are not domains.
const LINK = /https?:\/\/|www\.|[a-z\d-]\.[a-z]{2,}(?:\/|\b)/i;

/**
 * Whether a review's text carries a link (DMCC Act 2024: the shop answers for what it publishes),
 * so it waits for staff instead of being published: a review is where spam and phishing links are
 * posted under the shop's name.
 */
export function containsLink(text: string): boolean {
  return LINK.test(text);
}

/** Staff's reason for hiding a review: required, trimmed, at most HIDE_REASON_MAX characters. */
export function parseHideReason(value: string): { ok: true; reason: string } | { ok: false; message: string } {
  const reason = value.trim();
  if (!reason) return { ok: false, message: REVIEW_MESSAGES.reasonRequired };
  if (reason.length > HIDE_REASON_MAX) return { ok: false, message: REVIEW_MESSAGES.reasonTooLong };
  return { ok: true, reason };
}

// ---------------------------------------------------------------------------------------------
// Averages

/** A product's published reviews summed up: the average to one decimal place and how many. */
export type RatingSummary = { average: number; count: number };

/**
 * The summary of `count` published reviews whose ratings add up to `total`, or null when there
 * are none (no stars are shown then). Rounded half up to one decimal place, in whole numbers so
 * 4.65 is never 4.6 by a float's error.
 */
export function summariseRatings(input: { total: number; count: number }): RatingSummary | null {
  if (!Number.isInteger(input.count) || input.count <= 0) return null;
  return { average: Math.round((input.total * 10) / input.count) / 10, count: input.count };
}

/** "4.7 (12 reviews)", "5.0 (1 review)", or "No reviews yet". */
export function formatRatingSummary(summary: RatingSummary | null | undefined): string {
  if (!summary) return REVIEW_MESSAGES.noReviews;
  return `${summary.average.toFixed(1)} (${summary.count} ${summary.count === 1 ? "review" : "reviews"})`;
}

/** What a screen reader hears for the stars: "Rated 4.7 out of 5 from 12 reviews". */
export function ratingSummaryLabel(summary: RatingSummary): string {
  return `Rated ${summary.average.toFixed(1)} out of 5 from ${summary.count} ${summary.count === 1 ? "review" : "reviews"}`;
}

/** How many of the five stars are drawn filled for an average: a star counts from three quarters. */
export function filledStars(average: number): number {
  return [1, 2, 3, 4, 5].filter((n) => average >= n - 0.25).length;
}
