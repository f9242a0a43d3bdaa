/**
 * The catalogue's public API (SPEC.md §3 helpers; R-CAT-06..08, R-PDP-22). Static data, no I/O:
 * safe to import from routes, components and *.server.ts alike.
 */
import { parseTiers } from "~/domain/pricing/pricing";
import { CATEGORIES, categoryBySlug } from "./categories";
import { coloursFor } from "./colours";
import { CAP, DIARY, RUNNING_SHORTS, YOGA_MAT } from "./products";
import type { Category, Product } from "./types";

/** All products, in catalogue order (ids '8', '15', '16', '17'), each with its tier table parsed into numbers once, here. */
export const PRODUCTS: readonly Product[] = [CAP, RUNNING_SHORTS, DIARY, YOGA_MAT].map(
  ({ pricingTable, ...entry }) => ({ ...entry, tiers: parseTiers(pricingTable), colours: coloursFor(entry.id) }),
);

/** How many products 'You might also like' shows at most. */
export const RELATED_LIMIT = 4;

/** The product with this id, or undefined for an unknown id (the page then shows 'Product not found'). */
export function findProductById(id: string): Product | undefined {
  return PRODUCTS.find((product) => product.id === id);
}

/**
 * Stored entries whose product is not in the catalogue are dropped (R-LS-07). Here rather than in
 * storage-keys.ts, which every page loads and which must not bring the catalogue with it (the JavaScript budget).
 */
export function knownProducts<T extends { productId: string }>(entries: readonly T[]): T[] {
  return entries.filter((e) => findProductById(e.productId) !== undefined);
}

/** Only the products in the category with this slug; [] for an empty or unknown category. */
export function listByCategory(slug: string): Product[] {
  const category = categoryBySlug(slug);
  if (!category) return [];
  return PRODUCTS.filter((product) => product.category === category.name);
}

/**
 * The categories the site promotes (header, drawer, home grid, footer, the listing's filter): a
 * category is promoted iff it has products, so no link leads to an empty shelf.
 * An empty category's page still answers, with what we can source and a request form.
 */
export function promotedCategories(
  categories: readonly Category[] = CATEGORIES,
  products: readonly Pick<Product, "category">[] = PRODUCTS,
): Category[] {
  return categories.filter((category) => products.some((product) => product.category === category.name));
}

/**
 * 'You might also like': other products, the same category first, then the rest in catalogue
 * order, never the product itself. With four products that is at most three.
 */
export function relatedProducts(id: string, limit: number = RELATED_LIMIT): Product[] {
  const current = findProductById(id);
  const others = PRODUCTS.filter((product) => product.id !== id);
  if (!current) return others.slice(0, Math.max(0, limit));
  const sameCategory = others.filter((product) => product.category === current.category);
  const rest = others.filter((product) => product.category !== current.category);
  return [...sameCategory, ...rest].slice(0, Math.max(0, limit));
}

export { CATEGORIES, categoryBySlug, homeCategoryOrder } from "./categories";
export { DEFAULT_PALETTE, coloursFor } from "./colours";
export { imageForColour } from "./images";
export type { Category, ColourOption, Product, ProductImage } from "./types";
