/**
 * The categories' rules over a list of them (docs/decisions/068-categories-are-data.md): which a
 * page's slug names, which buyers see, and the order the home grid and the menus show them in. No
 * I/O: the pages read the categories with the catalogue (app/server/catalogue) and hand them in.
 */
import type { Category } from "./types";

/**
 * The spec's six categories as written, in its order (R-CAT-05), linked where SPEC.md §2 links
 * them: the source of migration 0040's rows and the tests' fixtures. No page reads it.
 */
export const SPEC_CATEGORIES: readonly Category[] = [
  { slug: "drinkware", name: "Drinkware", hidden: false, menu: "drawer" },
  { slug: "office-essentials", name: "Office Essentials", hidden: false, menu: "none" },
  { slug: "other", name: "Other", hidden: false, menu: "header" },
  { slug: "apparel", name: "Apparel", hidden: false, menu: "header" },
  { slug: "bags", name: "Bags", hidden: false, menu: "none" },
  { slug: "hats", name: "Hats", hidden: false, menu: "header" },
];

/** The slug of the catch-all category, shown last wherever buyers pick a category (R-HOME-04). */
export const CATCH_ALL_SLUG = "other";

/** The category for a URL slug, or undefined for an unknown one (so the route can show not-found). */
export function categoryBySlug<T extends Category>(categories: readonly T[], slug: string): T | undefined {
  return categories.find((category) => category.slug === slug);
}

/** The category with this name (the name a product holds). */
export function categoryByName<T extends Category>(categories: readonly T[], name: string): T | undefined {
  return categories.find((category) => category.name === name);
}

/** The categories buyers see: every one the operator has not hidden, in the operator's order. */
export function visibleCategories<T extends Category>(categories: readonly T[]): T[] {
  return categories.filter((category) => !category.hidden);
}

/** The operator's order with 'Other' last (R-HOME-04): the home grid and the header's and drawer's links. */
export function homeCategoryOrder<T extends Category>(categories: readonly T[]): T[] {
  return [
    ...categories.filter((category) => category.slug !== CATCH_ALL_SLUG),
    ...categories.filter((category) => category.slug === CATCH_ALL_SLUG),
  ];
}
