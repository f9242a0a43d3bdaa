import type { Route } from "./+types/home";
import { PRODUCTS } from "~/catalogue/catalogue";
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
import { dbOf, servicesOf } from "~/server/accounts/request-context.server";
import { shopFigures } from "~/server/shop/shop-figures.server";

/** The figures and picks from the shop's own orders, the logos from its operator (decision 024). */
export async function loader({ context }: Route.LoaderArgs) {
  const figures = await shopFigures(dbOf(context));
  return {
    tiles: metricTiles(figures),
    picks: choosePicks(figures.ordered, PRODUCTS),
    clientLogos: servicesOf(context).business.clientLogos,
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
      <MostLovedPicks picks={loaderData.picks} />
      <HowItWorksSteps />
    </>
  );
}

export function meta() {
  return [{ title: HOME_META.title }, { name: "description", content: HOME_META.description }];
}
