import { StarIcon } from "./icons";

/** Review stars with the count; the rating is read out once as text. */
export function Stars({ rating, count, className = "" }: { rating: number; count: number; className?: string }) {
  return (
    <div className={`flex items-center gap-1 ${className}`}>
      <span className="sr-only">
        Rated {rating} out of 5 from {count} reviews
      </span>
      <span aria-hidden="true" className="flex text-amber-500">
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon key={n} filled={rating >= n - 0.25} />
        ))}
      </span>
      <span aria-hidden="true" className="text-xs text-muted">
        {rating} ({count})
      </span>
    </div>
  );
}
