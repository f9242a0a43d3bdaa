/** A product's star rating with its average and count, or "No reviews yet". */
import { filledStars, formatRatingSummary, type RatingSummary, ratingSummaryLabel } from "~/domain/orders/reviews";
import { StarIcon } from "./icons";

function StarRow({ filled }: { filled: number }) {
  return (
    <span aria-hidden="true" className="flex text-amber-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <StarIcon key={n} filled={n <= filled} />
      ))}
    </span>
  );
}

/**
 * A product's published reviews summed up: stars, average and count, read out once as text; with
 * none, no stars and "No reviews yet" (decision 023).
 */
export function Stars({ summary, className = "" }: { summary: RatingSummary | null | undefined; className?: string }) {
  if (!summary) {
    return (
      <p className={`text-xs text-muted ${className}`} data-testid="rating">
        {formatRatingSummary(null)}
      </p>
    );
  }
  return (
    <div className={`flex items-center gap-1 ${className}`} data-testid="rating">
      <span className="sr-only">{ratingSummaryLabel(summary)}</span>
      <StarRow filled={filledStars(summary.average)} />
      <span aria-hidden="true" className="text-xs text-muted">
        {formatRatingSummary(summary)}
      </span>
    </div>
  );
}

/** One review's own stars. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="flex items-center">
      <span className="sr-only">Rated {rating} out of 5</span>
      <StarRow filled={rating} />
    </span>
  );
}
