/**
 * What a buyer asks the shop's listing for (docs/decisions/067-catalogue-search.md), read from the
 * page's address so every view has a URL: the search, the sort, the page, and the filters swag
 * buyers narrow by (a colour, a branding method, a minimum order, a lead time, a price per unit at
 * a quantity). A value the listing cannot use is no filter, as an unknown sort is the default sort:
 * a hand-edited link still shows products.
 */
import { BRANDING_METHOD_IDS, type BrandingMethod } from "../pricing/checkout";
import { oneLine } from "../core/one-line";
import { oneOf } from "../core/one-of";
import { parseSort, type ProductSort } from "../pricing/catalogue-rules";
import { poundsToPence } from "../core/money";

/**
 * The longest search a buyer or staff may type: longer than a title, short enough to cost nothing.
 * Here, not with the back office's list, so the listing's page does not load the back office's rules.
 */
export const CATALOGUE_SEARCH_MAX = 100;

/** Products a page of the listing shows. */
export const SHELF_PAGE_SIZE = 24;
/** The furthest page a link may ask for: past it, the last pages of 5,000 products are a search away. */
export const SHELF_MAX_PAGE = 500;

/** The minimum orders and lead times the filters offer, as buyers plan them. */
export const MOQ_CHOICES = [25, 50, 100, 250] as const;
export const LEAD_WEEK_CHOICES = [1, 2, 3, 4, 6] as const;

export type PriceAt = { quantity: number; maxPence: number };

export type ShelfQuery = {
  search: string;
  sort: ProductSort;
  page: number;
  colour: string | null;
  method: BrandingMethod | null;
  moqMax: number | null;
  leadWeeksMax: number | null;
  priceAt: PriceAt | null;
};

const isMethod = oneOf(BRANDING_METHOD_IDS);
const WHOLE = /^\d{1,7}$/;
const POUNDS = /^£?\d{1,5}(\.\d{1,2})?$/;

const whole = (value: string | null) => (value !== null && WHOLE.test(value.trim()) ? Number(value.trim()) : null);

/**
 * A search as the database reads it: control characters (a NUL, which no text may hold, a tab, a
 * line break) are spaces, runs of spaces one, and it is cut to CATALOGUE_SEARCH_MAX characters.
 */
export const searchText = (raw: string): string => oneLine(raw).slice(0, CATALOGUE_SEARCH_MAX);

/** The listing's query in `?search=…&sort=…&page=…&colour=…&method=…&moq=…&lead=…&qty=…&price=…`. */
export function parseShelfQuery(params: URLSearchParams): ShelfQuery {
  const search = searchText(params.get("search") ?? "");
  const page = whole(params.get("page"));
  const colour = searchText(params.get("colour") ?? "").slice(0, 40);
  const method = params.get("method");
  const moq = whole(params.get("moq"));
  const lead = whole(params.get("lead"));
  const quantity = whole(params.get("qty"));
  const price = (params.get("price") ?? "").trim();
  return {
    search,
    sort: parseSort(params.get("sort")),
    page: page !== null && page >= 1 ? Math.min(page, SHELF_MAX_PAGE) : 1,
    colour: colour || null,
    method: isMethod(method) ? method : null,
    moqMax: moq !== null && moq >= 1 ? moq : null,
    leadWeeksMax: lead !== null && lead >= 1 && lead <= 52 ? lead : null,
    priceAt:
      quantity !== null && quantity >= 1 && POUNDS.test(price)
        ? { quantity, maxPence: poundsToPence(Number(price.replace(/^£/, ""))) }
        : null,
  };
}

/** Whether any filter besides the search narrows the listing. */
export const isFiltered = (query: ShelfQuery): boolean =>
  query.colour !== null ||
  query.method !== null ||
  query.moqMax !== null ||
  query.leadWeeksMax !== null ||
  query.priceAt !== null;

/** How many pages `total` products fill. */
export const pageCount = (total: number): number => Math.max(1, Math.ceil(total / SHELF_PAGE_SIZE));

/** The search's words as a prefix text-search query ("embroid:* & cap:*"), or null for none. */
export function prefixQuery(search: string): string | null {
  const words =
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((word) => `${word}:*`).join(" & ") : null;
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
