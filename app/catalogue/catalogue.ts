/**
 * The catalogue's rules over a list of products (SPEC.md §3 helpers; R-CAT-06..08, R-PDP-22): what is
 * on sale, which product a URL names, a category's shelf, what to suggest beside a product. No I/O:
 * the pages read the products from the database (app/server/catalogue) and hand them in.
 *
 * PRODUCTS and findProductById are the spec's four products as written (products.ts): the source of
 * the database's seed rows and the fixtures tests price with. No page, price or payment reads them
 * (docs/decisions/066-catalogue-is-data.md).
 */
import { parseTiers } from "~/domain/pricing/pricing";
import { visibleCategories } from "./categories";
import { coloursFor } from "./colours";
import { CAP, DIARY, RUNNING_SHORTS, YOGA_MAT } from "./products";
import type { Category, Product, ProductCardData, StoredProduct } from "./types";

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

/** The products buyers can find and order: the published ones, in catalogue order. */
export function onSale<T extends Pick<StoredProduct, "status">>(products: readonly T[]): T[] {
  return products.filter((product) => product.status === "published");
}

/** The product a page's URL names: by its id (`/product/8`, the spec's links) or by its slug. */
export function productByKey<T extends Pick<StoredProduct, "id" | "slug">>(
  products: readonly T[],
  key: string,
): T | undefined {
  return products.find((product) => product.id === key || product.slug === key);
}

/** A product as buyers' pages get it: without what only the back office knows of it. */
export function forBuyers({
  sku: _sku,
  status: _status,
  version: _version,
  demo: _demo,
  ...product
}: StoredProduct): Product {
  return product;
}

/**
 * What a product card shows of a product, and all a page that lists products sends for each: the
 * first two pictures (the second shows on hover), tags, title, price, MOQ, lead time and colours.
 */
export function cardOf({ id, title, images, tags, unitPrice, moq, leadTime, colours }: Product): ProductCardData {
  return { id, title, images: images.slice(0, 2), tags, unitPrice, moq, leadTime, colours };
}

/**
 * The categories the site promotes (header, drawer, home grid, footer, the listing's filter): a
 * visible category is promoted iff it has products, so no link leads to an empty shelf, in the
 * operator's order (decision 068). An empty category's page still answers, with what we can source
 * and a request form; a hidden one's does not.
 */
export function promotedCategories<T extends Category>(
  products: readonly Pick<Product, "category">[],
  categories: readonly T[],
): T[] {
  return visibleCategories(categories).filter((category) =>
    products.some((product) => product.category === category.name),
  );
}

/**
 * 'You might also like' (and what to offer instead of a product no longer sold): other products
 * of `products`, the same category first, then the rest in catalogue order, never the product
 * itself. With four products that is at most three.
 */
export function relatedProducts<T extends Pick<Product, "id" | "category">>(
  products: readonly T[],
  current: Pick<Product, "id" | "category">,
  limit: number = RELATED_LIMIT,
): T[] {
  const wanted = Math.max(0, limit);
  const sameCategory: T[] = [];
  const rest: T[] = [];
  // One pass that stops once the same category fills the list: a shop of thousands of products
  // costs a page no more than its first matches.
  for (const product of products) {
    if (sameCategory.length >= wanted) break;
    if (product.id === current.id) continue;
    if (product.category === current.category) sameCategory.push(product);
    else if (rest.length < wanted) rest.push(product);
  }
  return [...sameCategory, ...rest].slice(0, wanted);
}

export { categoryBySlug, homeCategoryOrder, SPEC_CATEGORIES, visibleCategories } from "./categories";
export { DEFAULT_PALETTE, coloursFor } from "./colours";
export type { Category, ColourOption, Product, ProductImage } from "./types";
