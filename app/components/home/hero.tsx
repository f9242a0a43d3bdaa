/** The home page's hero: the headline with its three rotating words, the calls to action and the claims strip. */
import { Link } from "react-router";
import { CheckIcon } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { HERO, HERO_ROTATION_MS } from "~/content/home";
import { NEW_TAB_NOTE } from "~/content/links";
import { EXTERNAL, founderChatUrl } from "~/content/links";
import { useBusiness } from "~/components/ui/root-data";
import { MotionToggle, usePausedMotion } from "./motion-toggle";
import { RotatingWord, useRotatingWord } from "./rotating-word";

/** R-HOME-01: the hero with three rotating word slots, the calls to action and the claims strip. */
export function HomeHero() {
  const business = useBusiness();
  const [paused, setPaused] = usePausedMotion();
  const product = useRotatingWord(HERO.productWords, HERO_ROTATION_MS.product, paused);
  const audience = useRotatingWord(HERO.audienceWords, HERO_ROTATION_MS.audience, paused);
  const painPoint = useRotatingWord(HERO.painPoints, HERO_ROTATION_MS.painPoint, paused);

  return (
    <section aria-labelledby="home-hero-heading" className="bg-linear-to-b from-brand-soft to-white">
      <div className="mx-auto max-w-7xl px-4 pb-14 pt-12 sm:pb-20 sm:pt-20">
        <div className="flex items-start justify-between gap-4">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand">{HERO.eyebrow}</p>
          <MotionToggle label={HERO.pauseLabel} paused={paused} onToggle={() => setPaused(!paused)} />
        </div>
        <h1
          id="home-hero-heading"
          className="mt-4 max-w-4xl text-3xl font-extrabold leading-tight tracking-tight text-ink sm:text-5xl lg:text-6xl"
        >
          <span className="sr-only">{HERO.accessibleHeading}</span>
          {/* Hidden from assistive technology so a word change is never announced. */}
          <span aria-hidden="true">
            <span className="block">
              {HERO.lead}{" "}
              <RotatingWord
                words={HERO.productWords}
                current={product}
                className="text-brand"
                testId="hero-product-word"
              />
            </span>
            <span className="block">
              {HERO.audienceLead}{" "}
              <RotatingWord
                words={HERO.audienceWords}
                current={audience}
                className="text-brand"
                testId="hero-audience-word"
              />
            </span>
            <RotatingWord
              words={HERO.painPoints}
              current={painPoint}
              block
              className="mt-2 text-xl font-bold text-muted sm:text-3xl lg:text-4xl"
              testId="hero-pain-point"
            />
          </span>
        </h1>

        <p className="mt-6 max-w-2xl text-lg text-muted">{HERO.intro}</p>

        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/products" className={buttonClass("primary", "w-full px-6 py-3 text-base sm:w-auto")}>
            {HERO.browseCta}
          </Link>
          <a
            href={founderChatUrl(business)}
            {...EXTERNAL}
            className={buttonClass("secondary", "w-full px-6 py-3 text-base sm:w-auto")}
          >
            {HERO.founderChatCta}
            <span className="sr-only"> {NEW_TAB_NOTE}</span>
          </a>
          <a
            href={business.bookingUrl}
            {...EXTERNAL}
            className={buttonClass("ghost", "w-full px-6 py-3 text-base underline underline-offset-4 sm:w-auto")}
          >
            {HERO.bookCallCta}
            <span className="sr-only"> {NEW_TAB_NOTE}</span>
          </a>
        </div>

        <ul className="mt-12 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {HERO.claims.map((claim) => (
            <li key={claim.title} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4">
              <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand text-white">
                <CheckIcon />
              </span>
              <span>
                <span className="block font-bold text-ink">{claim.title}</span>
                <span className="block text-sm text-muted">{claim.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
