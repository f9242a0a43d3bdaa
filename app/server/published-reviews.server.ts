/**
 * The seam between the shop's figures and its reviews (issue 18 items 1–3). Reviews are being built
 * on their own (issue 18 item 1: the reviews table, the buyer's form, staff hiding); until that
 * table exists no review has been published, so these answer "none" and every page that reads them
 * shows no rating and no review. When it lands, only the bodies of these two functions change:
 * the home page's rating tile and /customer-love read reviews through nothing else.
 */
import type { ReviewSummary } from "~/domain/shop-metrics";
import type { Database } from "./db.server";

/** A published review as /customer-love quotes it. */
export type ReviewQuote = { id: string; rating: number; text: string; author: string; productTitle: string };

/** The mean rating and number of published reviews, or null while there are none. */
export async function reviewSummary(_db: Database): Promise<ReviewSummary | null> {
  return null;
}

/** The newest published reviews, newest first, at most `limit`. */
export async function latestPublishedReviews(_db: Database, _options: { limit: number }): Promise<ReviewQuote[]> {
  return [];
}
