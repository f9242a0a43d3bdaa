import type { Route } from "./+types/home";
import { cardOf, onSale } from "~/catalogue/catalogue";
import { CategoryGrid } from "~/components/home/category-grid";
import { ClientLogoMarquee } from "~/components/home/client-logo-marquee";
import { HomeHero } from "~/components/home/hero";
import { HowItWorksSteps } from "~/components/home/how-it-works-steps";
import { Metrics } from "~/components/home/metrics";
import { MostLovedPicks } from "~/components/home/most-loved-picks";
import { PersonaSelector } from "~/components/home/persona-selector";
import { ProblemsAndFixes } from "~/components/home/problems-and-fixes";
import { HOME_META } from "~/content/home";
import { choosePicks } from "~/domain/pricing/most-loved";
import { metricTiles } from "~/domain/people/shop-metrics";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { readCatalogue } from "~/server/catalogue/catalogue-store.server";
import { shopFigures } from "~/server/shop/shop-figures.server";

/** The figures and picks from the shop's own orders, the logos from its operator (decision 024). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const figures = await shopFigures(db);
  const shelf = onSale((await readCatalogue(db)).products);
  const picks = choosePicks(figures.ordered, shelf);
  return {
    tiles: metricTiles(figures),
    picks: {
      kind: picks.kind,
      products: picks.productIds.flatMap((id) => shelf.filter((p) => p.id === id).map(cardOf)),
    },
    clientLogos: appContextOf(context).business.clientLogos,
  };
}

/** SPEC.md §2 "Home", sections in the order the spec lists them. */
export default function HomeRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HomeHero />
      <ClientLogoMarquee logos={loaderData.clientLogos} />
      <CategoryGrid />
      <ProblemsAndFixes />
      <PersonaSelector />
      <Metrics tiles={loaderData.tiles} />
      <MostLovedPicks {...loaderData.picks} />
      <HowItWorksSteps />
    </>
  );
}

export function meta() {
  return [{ title: HOME_META.title }, { name: "description", content: HOME_META.description }];
}
