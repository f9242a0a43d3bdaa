import { useState } from "react";
import { StarIcon } from "~/components/icons";
import { CallToAction, PageHero } from "~/components/marketing-page";
import { SITE } from "~/content/links";
import { CUSTOMER_LOVE_PAGE, type Testimonial } from "~/content/marketing";

// No loader: static copy (R-MKT-03).

export default function CustomerLoveRoute() {
  return (
    <>
      <PageHero title={CUSTOMER_LOVE_PAGE.title} lead={CUSTOMER_LOVE_PAGE.lead} />
      <section aria-labelledby="stats-heading" className="mx-auto max-w-5xl px-4 pt-12">
        <h2 id="stats-heading" className="text-2xl font-extrabold tracking-tight text-ink">
          {CUSTOMER_LOVE_PAGE.statsHeading}
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {CUSTOMER_LOVE_PAGE.stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1 rounded-2xl bg-brand p-5 text-white">
              <dt className="text-sm font-medium text-brand-soft">{stat.label}</dt>
              <dd className="text-2xl font-extrabold tracking-tight sm:text-3xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="testimonials-heading" className="mx-auto max-w-5xl px-4 py-12">
        <h2 id="testimonials-heading" className="text-2xl font-extrabold tracking-tight text-ink">
          {CUSTOMER_LOVE_PAGE.testimonialsHeading}
        </h2>
        <p className="mt-2 text-sm text-muted">{CUSTOMER_LOVE_PAGE.illustrativeNote}</p>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {CUSTOMER_LOVE_PAGE.testimonials.map((testimonial) => (
            <li key={testimonial.name}>
              <TestimonialCard testimonial={testimonial} />
            </li>
          ))}
        </ul>
      </section>
      <CallToAction />
    </>
  );
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-slate-200 p-6">
      <p className="flex text-amber-600">
        <span className="sr-only">Rated {testimonial.rating} out of 5</span>
        {[1, 2, 3, 4, 5].map((n) => (
          <StarIcon key={n} filled={testimonial.rating >= n} />
        ))}
      </p>
      <blockquote className="mt-4 flex-1 text-ink">
        <p>“{testimonial.content}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <Avatar testimonial={testimonial} />
        <span className="text-sm">
          <span className="block font-semibold text-ink">{testimonial.name}</span>
          <span className="block text-muted">
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/** The photo, or the initials when there is none or it fails to load (R-MKT-03). */
function Avatar({ testimonial }: { testimonial: Testimonial }) {
  const [failed, setFailed] = useState(false);
  if (testimonial.avatar && !failed) {
    return (
      <img
        src={testimonial.avatar}
        alt=""
        width={44}
        height={44}
        className="h-11 w-11 rounded-full object-cover"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-soft text-sm font-bold text-brand"
    >
      {testimonial.initials}
    </span>
  );
}

export function meta() {
  return [
    { title: `${CUSTOMER_LOVE_PAGE.title} | ${SITE.name}` },
    { name: "description", content: CUSTOMER_LOVE_PAGE.metaDescription },
  ];
}
