/** The product page's reviews: the rating summary and each published review from a verified buyer. */
import { formatDisplayDay } from "~/domain/core/dates";
import type { RatingSummary } from "~/domain/orders/reviews";
import { ReviewStars, Stars } from "../ui/stars";

export type ProductReview = { id: string; rating: number; text: string; createdAt: Date };

/**
 * A product's published reviews (decision 023), newest first: each written by a buyer of a
 * delivered order of it, so each is marked "Verified buyer". No names: a review speaks for an order.
 */
export function ProductReviews({ summary, reviews }: { summary: RatingSummary | undefined; reviews: ProductReview[] }) {
  return (
    <section aria-labelledby="reviews-heading" className="mt-16">
      <h2 id="reviews-heading" className="text-2xl font-bold">
        Reviews
      </h2>
      <Stars summary={summary} className="mt-2 text-sm" />
      {reviews.length > 0 ? (
        <ul className="mt-4 grid gap-4 md:grid-cols-2" data-testid="product-reviews">
          {reviews.map((review) => (
            <li key={review.id} className="rounded-2xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <ReviewStars rating={review.rating} />
                <span className="text-xs text-muted">Verified buyer · {formatDisplayDay(review.createdAt)}</span>
              </div>
              {review.text ? <p className="mt-2 whitespace-pre-line break-words text-sm">{review.text}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted">Reviews come from buyers once their order is delivered.</p>
      )}
    </section>
  );
}
