import type { Category, CategoryName, CategorySlug } from "./types";

/** Every category, in the spec's order (R-CAT-05). Slugs are the /products/{slug} paths. */
export const CATEGORIES: readonly Category[] = [
  { slug: "drinkware", name: "Drinkware" },
  { slug: "office-essentials", name: "Office Essentials" },
  { slug: "other", name: "Other" },
  { slug: "apparel", name: "Apparel" },
  { slug: "bags", name: "Bags" },
  { slug: "hats", name: "Hats" },
];

/** The category for a URL slug, or undefined for an unknown one (so the route can show not-found). */
export function categoryBySlug(slug: string): Category | undefined {
  return CATEGORIES.find((category) => category.slug === slug);
}

/** The category with this display name (the name stored on a product). */
export function categoryByName(name: string): Category | undefined {
  return CATEGORIES.find((category) => category.name === name);
}

/** The slug of a product's category name, e.g. 'Office Essentials' → 'office-essentials'. */
export function slugForCategory(name: CategoryName): CategorySlug {
  const category = categoryByName(name);
  if (!category) throw new Error(`Unknown category: ${name}`);
  return category.slug;
}

/** Categories for the home page's 'Browse by category' grid: catalogue order with 'Other' always last (R-HOME-04). */
export function homeCategoryOrder(categories: readonly Category[] = CATEGORIES): Category[] {
  return [
    ...categories.filter((category) => category.slug !== "other"),
    ...categories.filter((category) => category.slug === "other"),
  ];
}
