import { CategoryGrid } from "~/components/home/category-grid";
import { ClientLogoMarquee } from "~/components/home/client-logo-marquee";
import { HomeHero } from "~/components/home/hero";
import { HowItWorksSteps } from "~/components/home/how-it-works-steps";
import { Metrics } from "~/components/home/metrics";
import { MostLovedPicks } from "~/components/home/most-loved-picks";
import { PersonaSelector } from "~/components/home/persona-selector";
import { ProblemsAndFixes } from "~/components/home/problems-and-fixes";
import { HOME_META } from "~/content/home";

// No loader: everything on this page is static copy and the built-in catalogue.

/** SPEC.md §2 "Home", sections in the order the spec lists them. */
export default function HomeRoute() {
  return (
    <>
      <HomeHero />
      <ClientLogoMarquee />
      <CategoryGrid />
      <ProblemsAndFixes />
      <PersonaSelector />
      <Metrics />
      <MostLovedPicks />
      <HowItWorksSteps />
    </>
  );
}

export function meta() {
  return [{ title: HOME_META.title }, { name: "description", content: HOME_META.description }];
}
