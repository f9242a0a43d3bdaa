/**
 * What the marketing pages' copy shares: its shapes and the one-sentence pitch. Each page's copy is
 * a module of its own (how-it-works-page.ts, compare-page.ts, customer-love-page.ts, about-page.ts,
 * quick-wins.ts) and the closing call to action too (call-to-action.ts), so a page loads only its
 * own words (SPEC.md §2 "Other pages", REQUIREMENTS.md R-MKT-01..12, B-12). Facts the home page
 * already states come from ~/content/home and policy rules from ~/content/policy, so a figure
 * changes in one place (A-23). Routes and components only render it.
 */

export type Paragraphs = readonly string[];
export type PageCopy = { title: string; metaDescription: string; lead: string };

/** The pitch of SPEC.md §1 in one sentence, used where a page introduces the business. */
export const WHAT_WE_DO =
  "We're a London team that sources custom branded merch straight from factories for you: we make the mock-ups, do the quality checks, then ship and deliver to your door.";
