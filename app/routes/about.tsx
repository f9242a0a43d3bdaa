import { CheckIcon } from "~/components/ui/icons";
import { CallToAction, ExternalLink, PageHero, Prose } from "~/components/marketing/marketing-page";
import { SITE } from "~/content/links";
import { ABOUT_PAGE } from "~/content/about-page";
import { useBusiness } from "~/components/ui/root-data";

// No loader: static copy (R-MKT-04, R-MKT-10).

export default function AboutRoute() {
  const business = useBusiness();
  return (
    <>
      <PageHero title={ABOUT_PAGE.title} lead={ABOUT_PAGE.lead} />
      <div className="mx-auto max-w-5xl space-y-14 px-4 py-12">
        <section aria-labelledby="our-story">
          <h2 id="our-story" className="text-2xl font-extrabold tracking-tight text-ink">
            {ABOUT_PAGE.storyHeading}
          </h2>
          <Prose className="mt-4 max-w-3xl" paragraphs={ABOUT_PAGE.story} />
        </section>

        <section aria-labelledby="what-we-do">
          <h2 id="what-we-do" className="text-2xl font-extrabold tracking-tight text-ink">
            {ABOUT_PAGE.doHeading}
          </h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {ABOUT_PAGE.doList.map((item) => (
              <li key={item} className="flex gap-3 rounded-xl bg-brand-soft p-4 text-ink">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="giving-back">
          <h2 id="giving-back" className="text-2xl font-extrabold tracking-tight text-ink">
            {ABOUT_PAGE.givingHeading}
          </h2>
          <p className="mt-4 max-w-3xl leading-7">
            {ABOUT_PAGE.givingIntro(business.charityPledge)}{" "}
            {SITE.charities.map((charity, index) => (
              <span key={charity.url}>
                {index > 0 ? " and " : ""}
                <ExternalLink href={charity.url} className="font-semibold text-brand underline underline-offset-4">
                  {charity.name}
                </ExternalLink>
              </span>
            ))}
            .
          </p>
        </section>

        <section aria-labelledby="our-team-heading" id="our-team" className="scroll-mt-28">
          <h2 id="our-team-heading" className="text-2xl font-extrabold tracking-tight text-ink">
            {ABOUT_PAGE.teamHeading}
          </h2>
          <p className="mt-2 text-muted">{ABOUT_PAGE.teamIntro}</p>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {ABOUT_PAGE.team.map((role) => (
              <li key={role.title} className="rounded-2xl border border-slate-200 p-5">
                <h3 className="font-bold text-ink">{role.title}</h3>
                <p className="mt-1 text-sm text-muted">{role.body}</p>
              </li>
            ))}
          </ul>
          <h3 className="mt-10 text-lg font-bold text-ink">{ABOUT_PAGE.careersHeading}</h3>
          <p className="mt-2 max-w-3xl">
            {ABOUT_PAGE.careersBody}{" "}
            <a
              href={`mailto:${business.supportEmail}`}
              className="font-semibold text-brand underline underline-offset-4"
            >
              {business.supportEmail}
            </a>
            .
          </p>
        </section>
      </div>
      <CallToAction />
    </>
  );
}

export function meta() {
  return [
    { title: `${ABOUT_PAGE.title} | ${SITE.name}` },
    { name: "description", content: ABOUT_PAGE.metaDescription },
  ];
}
