/** The home page's four "How it works" steps and the invitation to book a call. */
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { HOW_IT_WORKS } from "~/content/home";
import { NEW_TAB_NOTE } from "~/content/links";
import { EXTERNAL } from "~/content/links";
import { useBusiness } from "~/components/ui/root-data";
import { HomeSection } from "./home-section";

/** R-HOME-10/11: the four steps in order, then the invitation to book a call (R-MKT-11). */
export function HowItWorksSteps() {
  const business = useBusiness();
  return (
    <HomeSection id="home-how-it-works" title={HOW_IT_WORKS.heading} intro={HOW_IT_WORKS.intro} tone="soft">
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {HOW_IT_WORKS.steps.map((step, index) => (
          <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand text-lg font-extrabold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-bold text-ink">{step.title}</h3>
            <p className="mt-2 text-sm text-muted">{step.body}</p>
          </li>
        ))}
      </ol>

      <div className="mt-10 flex flex-col gap-6 rounded-2xl bg-white p-6 shadow-sm sm:p-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="max-w-2xl">
          <h3 className="text-xl font-bold text-ink">{HOW_IT_WORKS.callHeading}</h3>
          <p className="mt-2 text-muted">{HOW_IT_WORKS.callBody}</p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <a href={business.bookingUrl} {...EXTERNAL} className={buttonClass("primary", "px-6 py-3 text-base")}>
            {HOW_IT_WORKS.callCta}
            <span className="sr-only"> {NEW_TAB_NOTE}</span>
          </a>
          <Link to="/how-it-works" className="text-sm font-semibold text-brand underline underline-offset-4">
            {HOW_IT_WORKS.moreLink}
          </Link>
        </div>
      </div>
    </HomeSection>
  );
}
