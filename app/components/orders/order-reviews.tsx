/** The order page's reviews: rate and review each delivered line once, or read the review already given. */
import { useId, useState } from "react";
import { Form } from "react-router";
import { formatDisplayDay } from "~/domain/core/dates";
import { type LineReview, type ReviewValues, REVIEW_TEXT_MAX } from "~/domain/orders/reviews";
import { StarIcon } from "../ui/icons";
import { ReviewStars } from "../ui/stars";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";

/** The action's answer to a review form: which line, and on a refusal what was typed. */
export type ReviewReply =
  | { ok: true; lineId: string; message: string }
  | { ok: false; lineId: string; message: string; fieldErrors: Record<string, string>; values?: ReviewValues };

/**
 * The order page's reviews (decision 023): once the order is delivered, each line can be rated
 * and reviewed once; a line already reviewed shows the review. `#reviews` is where the delivered
 * e-mail's link lands.
 */
export function OrderReviews({
  lines,
  reply,
  busy,
}: {
  lines: LineReview[];
  reply: ReviewReply | undefined;
  busy: boolean;
}) {
  if (!lines.some((line) => line.eligibility === "eligible" || line.review)) return null;
  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="reviews-heading" className="text-xl font-bold">
        Reviews
      </h2>
      <p className="mt-1 text-sm text-muted">
        Tell other teams how it went. Your review shows on the product's page as from a verified buyer, without your
        name.
      </p>
      <ul className="mt-4 space-y-6">
        {lines.map((line) => (
          <li key={line.lineId} data-testid="line-review">
            <h3 className="font-semibold">{line.title}</h3>
            {reply?.lineId === line.lineId && reply.ok ? (
              <div className="mt-2">
                <FormMessage tone="success">{reply.message}</FormMessage>
              </div>
            ) : null}
            {line.review ? (
              <OwnReview review={line.review} />
            ) : line.eligibility === "eligible" ? (
              <ReviewForm
                line={line}
                reply={reply?.lineId === line.lineId && !reply.ok ? reply : undefined}
                busy={busy}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function OwnReview({ review }: { review: NonNullable<LineReview["review"]> }) {
  return (
    <div className="mt-2 rounded-lg bg-slate-50 p-3 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <ReviewStars rating={review.rating} />
        <span className="text-xs text-muted">Your review, {formatDisplayDay(review.createdAt)}</span>
      </div>
      {review.text ? <p className="mt-2 whitespace-pre-line break-words">{review.text}</p> : null}
      {review.held ? (
        <p className="mt-2 text-xs text-muted">It has a link in it, so it is shown once our staff have checked it.</p>
      ) : review.published ? null : (
        <p className="mt-2 text-xs text-muted">This review is not shown in the shop.</p>
      )}
    </div>
  );
}

function ReviewForm({
  line,
  reply,
  busy,
}: {
  line: LineReview;
  reply: Extract<ReviewReply, { ok: false }> | undefined;
  busy: boolean;
}) {
  const id = useId();
  const typed = reply?.values;
  const [rating, setRating] = useState(Number(typed?.rating) || 0);
  const ratingError = reply?.fieldErrors.rating;
  const textError = reply?.fieldErrors.text;
  const formError = reply && !ratingError && !textError ? reply.message : null;
  return (
    <Form method="post" className="mt-2 space-y-3" preventScrollReset>
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="lineId" value={line.lineId} />
      {formError ? <FormMessage>{formError}</FormMessage> : null}
      <fieldset aria-describedby={ratingError ? `${id}-rating-error` : undefined}>
        <legend className="text-sm font-medium">Your rating</legend>
        <div className="mt-1 flex gap-1 text-amber-500">
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand"
            >
              <input
                type="radio"
                name="rating"
                value={n}
                className="sr-only"
                defaultChecked={typed?.rating === String(n)}
                onChange={() => setRating(n)}
              />
              <StarIcon className="h-7 w-7" filled={n <= rating} />
              <span className="sr-only">
                {n} {n === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        {ratingError ? (
          <p id={`${id}-rating-error`} className="mt-1 text-sm text-red-700">
            {ratingError}
          </p>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={`${id}-text`} className="block text-sm font-medium">
          Your review (optional)
        </label>
        <p id={`${id}-hint`} className="text-xs text-muted">
          Up to {REVIEW_TEXT_MAX.toLocaleString("en-GB")} characters.
        </p>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={4}
          defaultValue={typed?.text ?? ""}
          aria-invalid={textError ? true : undefined}
          aria-describedby={textError ? `${id}-hint ${id}-text-error` : `${id}-hint`}
          className={`mt-1 w-full rounded-lg border px-3 py-2 text-sm ${textError ? "border-red-600" : "border-slate-300"}`}
        />
        {textError ? (
          <p id={`${id}-text-error`} className="mt-1 text-sm text-red-700">
            {textError}
          </p>
        ) : null}
      </div>
      <button type="submit" disabled={busy} className={buttonClass("primary")}>
        Publish review
      </button>
    </Form>
  );
}
