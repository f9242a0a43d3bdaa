import { CheckIcon, CrossIcon } from "~/components/ui/icons";
import { CallToAction, PageHero, Prose } from "~/components/marketing/marketing-page";
import { SITE } from "~/content/links";
import { COMPARE_PAGE } from "~/content/compare-page";

// No loader: static copy (R-MKT-02).

const OPTIONS = ["printOnDemand", "overseas", "us"] as const;

export default function CompareRoute() {
  const { columns } = COMPARE_PAGE;
  return (
    <>
      <PageHero title={COMPARE_PAGE.title} lead={COMPARE_PAGE.lead} />
      <div className="mx-auto max-w-5xl px-2 py-12 sm:px-4">
        <table className="w-full table-fixed border-collapse text-left text-sm sm:text-base">
          <caption className="px-2 pb-4 text-left text-xl font-bold text-ink sm:px-0">{COMPARE_PAGE.caption}</caption>
          <colgroup>
            <col className="w-[43%] sm:w-1/2" />
            <col />
            <col />
            <col />
          </colgroup>
          <thead>
            <tr className="border-b-2 border-slate-200 align-bottom">
              <th scope="col" className="px-2 py-3 font-semibold text-muted sm:px-4">
                {columns.feature}
              </th>
              {OPTIONS.map((option) => (
                <th
                  key={option}
                  scope="col"
                  className={`px-1 py-3 text-center text-xs font-bold sm:px-2 sm:text-sm ${
                    option === "us" ? "rounded-t-xl bg-brand text-white" : "text-ink"
                  }`}
                >
                  {columns[option]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {COMPARE_PAGE.rows.map((row) => (
              <tr key={row.feature} className="border-b border-slate-200">
                <th scope="row" className="px-2 py-3 font-medium text-ink sm:px-4">
                  {row.feature}
                </th>
                {OPTIONS.map((option) => (
                  <td key={option} className={`px-1 py-3 text-center ${option === "us" ? "bg-brand-soft" : ""}`}>
                    <Mark yes={row[option]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 px-2 text-xs text-muted sm:px-0">{COMPARE_PAGE.footnote}</p>
        <Prose className="mt-10 max-w-3xl px-2 sm:px-0" paragraphs={COMPARE_PAGE.summary} />
      </div>
      <CallToAction showBrowse />
    </>
  );
}

function Mark({ yes }: { yes: boolean }) {
  return yes ? (
    <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-green-100 text-green-800">
      <CheckIcon className="h-4 w-4" />
      <span className="sr-only">{COMPARE_PAGE.yes}</span>
    </span>
  ) : (
    <span className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-slate-100 text-slate-600">
      <CrossIcon className="h-4 w-4" />
      <span className="sr-only">{COMPARE_PAGE.no}</span>
    </span>
  );
}

export function meta() {
  return [
    { title: `${COMPARE_PAGE.title} | ${SITE.name}` },
    { name: "description", content: COMPARE_PAGE.metaDescription },
  ];
}
