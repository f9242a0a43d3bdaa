/** The home page's figures band: only the figures the shop's own orders and reviews support. */
import { METRICS } from "~/content/home";
import type { MetricTile } from "~/domain/people/shop-metrics";
import { HomeSection } from "./home-section";

/** R-HOME-08 with decision 024: the figures the shop's own data supports; no tiles, no section. */
export function Metrics({ tiles }: { tiles: readonly MetricTile[] }) {
  if (tiles.length === 0) return null;
  return (
    <HomeSection id="home-metrics" title={METRICS.heading} tone="brand">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-10 sm:grid-cols-3">
        {tiles.map((tile) => (
          // The figure reads first on screen; the label stays first in the markup, as <dl> expects.
          <div key={tile.id} className="flex flex-col-reverse gap-1">
            <dt className="text-sm font-medium text-brand-soft">{METRICS.labels[tile.id]}</dt>
            <dd className="text-3xl font-extrabold tracking-tight text-white sm:text-5xl">{tile.value}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}
