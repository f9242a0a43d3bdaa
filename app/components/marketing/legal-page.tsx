/** A policy page: title, last-updated date, a table of contents and numbered sections. */
import { LEGAL_PAGE, type LegalBlock, type LegalDocument } from "~/content/legal";
import { PageHero } from "./marketing-page";
import { useBusiness } from "../ui/root-data";

/** A policy page: title, date, a table of contents and numbered sections (R-MKT-05, B-23). */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { intro, sections } = document.text(useBusiness());
  return (
    <>
      <PageHero title={document.title} lead={intro}>
        <p className="mt-4 text-sm text-muted">
          {LEGAL_PAGE.updatedLabel} {document.updated}
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-12 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={LEGAL_PAGE.tocLabel} className="lg:sticky lg:top-28 lg:self-start">
          <p className="text-sm font-semibold text-ink">{LEGAL_PAGE.tocLabel}</p>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="text-brand underline-offset-4 hover:underline">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-28"
            >
              <h2 id={`${section.id}-heading`} className="text-xl font-bold text-ink">
                {section.heading}
              </h2>
              <div className="mt-3 space-y-3 leading-7 text-ink">
                {section.body.map((block, index) => (
                  <Block key={index} block={block} />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") return <p>{block}</p>;
  return (
    <ul className="list-disc space-y-2 pl-5">
      {block.list.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
