/** The home page's "But why" section: each usual merch problem beside how we fix it. */
import { CheckIcon, CrossIcon } from "~/components/ui/icons";
import { BUT_WHY } from "~/content/home";
import { HomeSection } from "./home-section";

/** R-HOME-05: 'But why', each usual problem paired with how we fix it. */
export function ProblemsAndFixes() {
  return (
    <HomeSection id="home-but-why" title={BUT_WHY.heading} intro={BUT_WHY.intro} tone="soft">
      <ul className="grid gap-4 lg:grid-cols-2">
        {BUT_WHY.pairs.map((pair) => (
          <li key={pair.problem} className="grid gap-4 rounded-2xl bg-white p-6 shadow-sm sm:grid-cols-2">
            <div>
              <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-red-800">
                <CrossIcon /> {BUT_WHY.problemLabel}
              </p>
              <h3 className="mt-2 text-lg font-bold text-ink">{pair.problem}</h3>
              <p className="mt-1 text-sm text-muted">{pair.problemDetail}</p>
            </div>
            <div className="border-t border-slate-200 pt-4 sm:border-l sm:border-t-0 sm:pl-4 sm:pt-0">
              <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wide text-green-800">
                <CheckIcon /> {BUT_WHY.fixLabel}
              </p>
              <p className="mt-2 text-ink">{pair.fix}</p>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
