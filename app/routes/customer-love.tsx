import type { Route } from "./+types/customer-love";
import { StarIcon } from "~/components/ui/icons";
import { CallToAction, PageHero } from "~/components/marketing/marketing-page";
import { METRICS } from "~/content/home";
import { SITE } from "~/content/links";
import { CUSTOMER_LOVE_PAGE } from "~/content/customer-love-page";
import type { Testimonial } from "~/domain/people/business-showcase";
import { initials } from "~/domain/core/initials";
import { metricTiles } from "~/domain/people/shop-metrics";
import { latestPublishedReviews, type ReviewQuote } from "~/server/shop/reviews.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { shopFigures } from "~/server/shop/shop-figures.server";

/** How many reviews stand in for testimonials. */
const REVIEWS_SHOWN = 6;

/** The operator's testimonials, else buyers' published reviews, else neither (decision 024). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const { testimonials } = appContextOf(context).business;
  const [figures, reviews] = await Promise.all([
    shopFigures(db),
    testimonials.length > 0 ? [] : latestPublishedReviews(db, { limit: REVIEWS_SHOWN }),
  ]);
  return { tiles: metricTiles(figures), testimonials, reviews };
}

export default function CustomerLoveRoute({ loaderData }: Route.ComponentProps) {
  const { tiles, testimonials, reviews } = loaderData;
  return (
    <>
      <PageHero title={CUSTOMER_LOVE_PAGE.title} lead={CUSTOMER_LOVE_PAGE.lead} />
      {tiles.length > 0 ? (
        <section aria-labelledby="stats-heading" className="mx-auto max-w-5xl px-4 pt-12">
          <h2 id="stats-heading" className="text-2xl font-extrabold tracking-tight text-ink">
            {CUSTOMER_LOVE_PAGE.statsHeading}
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {tiles.map((tile) => (
              <div key={tile.id} className="flex flex-col-reverse gap-1 rounded-2xl bg-brand p-5 text-white">
                <dt className="text-sm font-medium text-brand-soft">{METRICS.labels[tile.id]}</dt>
                <dd className="text-2xl font-extrabold tracking-tight sm:text-3xl">{tile.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="testimonials-heading" className="text-2xl font-extrabold tracking-tight text-ink">
          {CUSTOMER_LOVE_PAGE.testimonialsHeading}
        </h2>
        {testimonials.length > 0 ? (
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {testimonials.map((testimonial) => (
              <li key={`${testimonial.name}|${testimonial.company}`}>
                <TestimonialCard testimonial={testimonial} />
              </li>
            ))}
          </ul>
        ) : reviews.length > 0 ? (
          <>
            <p className="mt-2 text-sm text-muted">{CUSTOMER_LOVE_PAGE.reviewsNote}</p>
            <ul className="mt-6 grid gap-6 md:grid-cols-3">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-4 max-w-2xl text-muted">{CUSTOMER_LOVE_PAGE.empty}</p>
        )}
      </section>
      <CallToAction />
    </>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 p-6">
      <blockquote className="flex-1 text-ink">
        <p>“{testimonial.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Initials name={testimonial.name} />
        <span className="text-sm">
          <span className="block font-semibold text-ink">{testimonial.name}</span>
          <span className="block text-muted">
            {testimonial.role ? `${testimonial.role}, ` : ""}
            {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

function ReviewCard({ review }: { review: ReviewQuote }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 p-6">
      <p className="flex text-amber-600">
        <span className="sr-only">{CUSTOMER_LOVE_PAGE.rated(review.rating)}</span>
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon key={n} filled={review.rating >= n} />
        ))}
      </p>
      <blockquote className="mt-4 flex-1 text-ink">
        <p>“{review.text}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span className="text-sm">
          <span className="block font-semibold text-ink">{CUSTOMER_LOVE_PAGE.verifiedBuyer}</span>
          <span className="block text-muted">{CUSTOMER_LOVE_PAGE.reviewOf(review.productTitle)}</span>
        </span>
      </figcaption>
    </figure>
  );
}

function Initials({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-sm font-bold text-brand"
    >
      {initials(name)}
    </span>
  );
}

export function meta() {
  return [
    { title: `${CUSTOMER_LOVE_PAGE.title} | ${SITE.name}` },
    { name: "description", content: CUSTOMER_LOVE_PAGE.metaDescription },
  ];
}
