import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.reviews";
import { ReviewStars } from "~/components/ui/stars";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { formatLondonDateTime } from "~/domain/core/dates";
import { HIDE_REASON_MAX, parseHideReason } from "~/domain/orders/reviews";
import { ADMIN_NO_STORE, requireStaff, requireStaffBudget } from "~/server/accounts/admin-access.server";
import { failure, readForm, toResponse } from "~/server/platform/http.server";
import { dbOf } from "~/server/accounts/request-context.server";
import { approveReview, hideReview, listReviewsForStaff, STAFF_REVIEW_LIMITS } from "~/server/shop/reviews.server";

/** Buyers' reviews in the back office (decision 023): newest first, published and hidden. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "reviews", limit: STAFF_REVIEW_LIMITS.list });
  return { reviews: await listReviewsForStaff(db) };
}

/**
 * "Hide review": the reason is required and kept with who hid it and when. "Approve review":
 * publishes one that waited for staff because of a link in it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  await requireStaffBudget(dbOf(context), {
    staffId: staff.id,
    bucket: "reviews-hide",
    limit: STAFF_REVIEW_LIMITS.hide,
  });
  const form = await readForm(request);
  if (!form.ok) return toResponse(form, { reviewId: "", reason: "" });
  const reviewId = (form.value.reviewId ?? "").slice(0, 36);
  const typed = (form.value.reason ?? "").slice(0, HIDE_REASON_MAX + 1);
  const refused = (failed: Parameters<typeof toResponse>[0]) => toResponse(failed, { reviewId, reason: typed });
  if (form.value.intent === "approve") {
    const approved = await approveReview(dbOf(context), { staff, reviewId: form.value.reviewId ?? "" });
    if (!approved.ok) return refused(approved);
    return data({ reviewId, message: approved.message }, { headers: ADMIN_NO_STORE });
  }
  if (form.value.intent !== "hide")
    return refused(failure(400, "UNKNOWN_INTENT", "Choose what to do with the review."));
  const reason = parseHideReason(form.value.reason ?? "");
  if (!reason.ok)
    return refused(failure(400, "VALIDATION_FAILED", reason.message, { fieldErrors: { reason: reason.message } }));
  const result = await hideReview(dbOf(context), { staff, reviewId: form.value.reviewId ?? "", reason: reason.reason });
  if (!result.ok) return refused(result);
  return data({ reviewId, message: result.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { reviews } = loaderData;
  return (
    <section>
      <h1 className="text-3xl font-extrabold">Reviews</h1>
      <p className="mt-1 text-sm text-muted">
        Buyers review what was delivered to them. A review with a link in it waits here until you approve it. A hidden
        review stays here, with who hid it, when and why; it no longer counts in the product's rating.
      </p>
      {reviews.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-center text-muted">
          No reviews yet. Buyers can review an order once it is delivered.
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.map((review) => {
            const reply = actionData?.reviewId === review.id ? actionData : undefined;
            const refusal = reply && "error" in reply ? reply : undefined;
            const error = refusal?.error;
            return (
              <li key={review.id} className="rounded-2xl border border-slate-200 p-4" data-testid="staff-review">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-semibold">
                    {review.product}{" "}
                    <Link
                      to={`/admin/orders/${review.orderId}`}
                      className="text-sm font-normal text-brand underline-offset-2 hover:underline"
                    >
                      order {review.orderNumber}
                    </Link>
                  </p>
                  <span className="text-xs text-muted">{formatLondonDateTime(new Date(review.createdAt))}</span>
                </div>
                <div className="mt-1">
                  <ReviewStars rating={review.rating} />
                </div>
                <p className="mt-2 whitespace-pre-line break-words text-sm">
                  {review.text || <span className="text-muted">(a rating without text)</span>}
                </p>
                {reply && !error ? (
                  <div className="mt-3">
                    <FormMessage tone="success">{"message" in reply ? reply.message : ""}</FormMessage>
                  </div>
                ) : null}
                {review.held && !review.hidden ? (
                  <Form
                    method="post"
                    className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2"
                    preventScrollReset
                    data-testid="held-note"
                  >
                    <p className="text-sm">
                      <strong>Waiting for approval</strong>: it has a link in it, so it is not shown in the shop.
                    </p>
                    <input type="hidden" name="intent" value="approve" />
                    <input type="hidden" name="reviewId" value={review.id} />
                    <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                      Approve review
                    </button>
                  </Form>
                ) : null}
                {review.hidden ? (
                  <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="hidden-note">
                    <strong>Hidden</strong> by {review.hidden.by} on {formatLondonDateTime(new Date(review.hidden.at))}:{" "}
                    {review.hidden.reason}
                  </p>
                ) : (
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" preventScrollReset>
                    <input type="hidden" name="intent" value="hide" />
                    <input type="hidden" name="reviewId" value={review.id} />
                    <div className="min-w-0 flex-1 basis-64">
                      <label htmlFor={`reason-${review.id}`} className="block text-sm font-medium">
                        Reason for hiding
                      </label>
                      <input
                        id={`reason-${review.id}`}
                        name="reason"
                        required
                        defaultValue={refusal?.reason ?? ""}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `reason-${review.id}-error` : undefined}
                        className={`mt-1 w-full rounded-lg border px-3 py-2 text-sm ${error ? "border-red-600" : "border-slate-300"}`}
                      />
                    </div>
                    <button type="submit" disabled={busy} className={buttonClass("secondary")}>
                      Hide review
                    </button>
                    {error ? (
                      <p id={`reason-${review.id}-error`} className="basis-full text-sm text-red-700" role="alert">
                        {error.message}
                      </p>
                    ) : null}
                  </Form>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function meta() {
  return [{ title: "Reviews | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
