import { METRICS } from "~/content/home";
import { HomeSection } from "./home-section";

/** R-HOME-08: the six metrics, figures exactly as SPEC.md §1 gives them. */
export function Metrics() {
  return (
    <HomeSection id="home-metrics" title={METRICS.heading} tone="brand">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3">
        {METRICS.items.map((metric) => (
          // The figure reads first on screen; the label stays first in the markup, as <dl> expects.
          <div key={metric.label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm font-medium text-brand-soft">{metric.label}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-white sm:text-5xl">{metric.value}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}
