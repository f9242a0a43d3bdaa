/**
 * The back office's list of products (docs/decisions/066-catalogue-is-data.md): what staff searched
 * for and filtered by, read from the page's address, and the products that match with the counts
 * staff check the catalogue by.
 */
import { PRODUCT_STATUSES, type ProductStatus, type StoredProduct } from "~/catalogue/types";
import { formatPence } from "../core/money";
import { oneOf } from "../core/one-of";
import { unitPriceRange } from "../pricing/tier-table";
import { CATALOGUE_SEARCH_MAX } from "./shelf-query";

export type CatalogueFilter = {
  q: string;
  category: string;
  status: ProductStatus | "";
  /** Why the search was not run, when it was not. */
  message: string | null;
};

const isStatus = oneOf(PRODUCT_STATUSES);

/**
 * The filter in `?q=…&category=…&status=…`; a category not among `categories` (the shop's names,
 * docs/decisions/068-categories-are-data.md) or an unknown status is no filter.
 */
export function parseCatalogueFilter(params: URLSearchParams, categories: readonly string[]): CatalogueFilter {
  const raw = params.get("q") ?? "";
  const [category, status] = [params.get("category"), params.get("status")];
  const tooLong = raw.length > CATALOGUE_SEARCH_MAX;
  return {
    q: tooLong ? "" : raw.trim().replace(/\s+/g, " "),
    category: category !== null && categories.includes(category) ? category : "",
    status: isStatus(status) ? status : "",
    message: tooLong ? `Search for ${CATALOGUE_SEARCH_MAX} characters or fewer.` : null,
  };
}

/** One product as the list shows it. */
export type CatalogueRow = {
  id: string;
  title: string;
  slug: string;
  sku: string | null;
  status: ProductStatus;
  /** The version a change from this row is made on: one saved since is refused, not overwritten. */
  version: number;
  category: string;
  /** '£3.88–£5.50 each', or one price. */
  price: string;
  moq: number;
  leadTime: string;
  colours: number;
  pictures: number;
  /** Added by the demo seed for an evaluation, not the operator's own: the list marks it. */
  demo: boolean;
};

/** How many products there are in all, of each status, and how many of them are demo data. */
export type CatalogueCounts = Record<ProductStatus | "all" | "demo", number>;

export type CatalogueList = { rows: CatalogueRow[]; counts: CatalogueCounts };

function priceOf(product: StoredProduct): string {
  const { low, high } = unitPriceRange(product.tiers);
  return low === high ? `${formatPence(low)} each` : `${formatPence(low)}–${formatPence(high)} each`;
}

/** What a search matches: the title, the URL name, the supplier's reference or the id, whatever the case. */
function matches(product: StoredProduct, q: string): boolean {
  if (q === "") return true;
  const wanted = q.toLowerCase();
  return [product.title, product.slug, product.sku ?? "", product.id].some((field) =>
    field.toLowerCase().includes(wanted),
  );
}

/** Whether a product is one the filter keeps: the search, the category and the status. */
export const inFilter =
  (filter: CatalogueFilter) =>
  (product: StoredProduct): boolean =>
    matches(product, filter.q) &&
    (filter.category === "" || product.category === filter.category) &&
    (filter.status === "" || product.status === filter.status);

/**
 * The products the filter lets through, in catalogue order, and how many there are of each status
 * and of demo data, counted over the whole catalogue.
 */
export function listCatalogue(products: readonly StoredProduct[], filter: CatalogueFilter): CatalogueList {
  const counts: CatalogueCounts = { all: products.length, draft: 0, published: 0, archived: 0, demo: 0 };
  for (const product of products) {
    counts[product.status] += 1;
    if (product.demo) counts.demo += 1;
  }
  const rows = products.filter(inFilter(filter)).map((product) => ({
    id: product.id,
    title: product.title,
    slug: product.slug,
    sku: product.sku,
    status: product.status,
    version: product.version,
    category: product.category,
    price: priceOf(product),
    moq: product.moq,
    leadTime: product.leadTime,
    colours: product.colours.length,
    pictures: product.images.length,
    demo: product.demo,
  }));
  return { rows, counts };
}

/**
 * '4 products: 4 published, 0 drafts, 0 archived', and when some are demo data, how many:
 * '45 products: 45 published, 0 drafts, 0 archived; 41 are demo data'.
 */
export function countsLine(counts: CatalogueCounts): string {
  const products = counts.all === 1 ? "1 product" : `${counts.all} products`;
  const drafts = counts.draft === 1 ? "1 draft" : `${counts.draft} drafts`;
  const line = `${products}: ${counts.published} published, ${drafts}, ${counts.archived} archived`;
  if (counts.demo === 0) return line;
  return `${line}; ${counts.demo === 1 ? "1 is" : `${counts.demo} are`} demo data`;
}

/** Products the back office lists a page: a supplier's range is read a page at a time. */
export const CATALOGUE_PAGE_SIZE = 100;

/** One page of the list's rows (`?page=`, an odd one is the first, past the last is the last) and how many pages. */
export function catalogueListPage<T>(
  rows: readonly T[],
  pageParam: string | null,
): { rows: T[]; page: number; pageCount: number } {
  const pageCount = Math.max(1, Math.ceil(rows.length / CATALOGUE_PAGE_SIZE));
  const asked = pageParam !== null && /^\d{1,6}$/.test(pageParam) ? Number(pageParam) : 1;
  const page = Math.min(Math.max(asked, 1), pageCount);
  return { rows: rows.slice((page - 1) * CATALOGUE_PAGE_SIZE, page * CATALOGUE_PAGE_SIZE), page, pageCount };
}
