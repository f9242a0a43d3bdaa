import { CheckIcon } from "~/components/ui/icons";
import { CallToAction, ContentLink, PageHero } from "~/components/marketing/marketing-page";
import { SITE } from "~/content/links";
import { HOW_IT_WORKS_PAGE } from "~/content/how-it-works-page";

// No loader: static copy (R-MKT-01).

export default function HowItWorksRoute() {
  return (
    <>
      <PageHero title={HOW_IT_WORKS_PAGE.title} lead={HOW_IT_WORKS_PAGE.lead} />
      <div className="mx-auto max-w-5xl px-4 py-12">
        <ol className="space-y-6">
          {HOW_IT_WORKS_PAGE.steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-slate-200 p-6 sm:flex sm:gap-6 sm:p-8">
              <span
                aria-hidden="true"
                className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand text-xl font-extrabold text-white"
              >
                {index + 1}
              </span>
              <div className="mt-4 sm:mt-0">
                <h2 className="text-xl font-bold text-ink">
                  <span className="sr-only">Step {index + 1}: </span>
                  {step.title}
                </h2>
                <p className="mt-2 text-muted">{step.body}</p>
                <ul className="mt-4 space-y-2">
                  {step.details.map((detail) => (
                    <li key={detail} className="flex gap-2 text-sm text-ink">
                      <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand" />
                      <span>{detail}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
        <p className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
          {HOW_IT_WORKS_PAGE.links.map((link) => (
            <ContentLink key={link.to} link={link} />
          ))}
        </p>
      </div>
      <CallToAction showBrowse />
    </>
  );
}

export function meta() {
  return [
    { title: `${HOW_IT_WORKS_PAGE.title} | ${SITE.name}` },
    { name: "description", content: HOW_IT_WORKS_PAGE.metaDescription },
  ];
}
