/**
 * Search, suggestions and sorting over catalogue products (R-HEAD-14, R-LIST-04..10). Works on
 * the structural shape below so it does not depend on the catalogue module's full type.
 */
import { effectiveUnitPrice, type UnitPrice } from "./pricing";

export type CatalogueProduct = {
  id: string;
  title: string;
  description: string;
  category: string;
  unitPrice: UnitPrice;
  moq: number;
  /** ISO timestamp; A-32 adds it because the spec's "newest" sort had no date field. */
  createdAt: string;
};

export type SearchableProduct = Pick<CatalogueProduct, "title" | "description" | "category">;

/** A header suggestion: what the list shows and where it leads. */
export type Suggestion = Pick<CatalogueProduct, "id" | "title" | "category">;

/** Header type-ahead limit (R-HEAD-14, SPEC §9). */
export const MAX_SUGGESTIONS = 6;

/** 'office-essentials' → 'Office Essentials'. */
export function slugToTitle(slug: string): string {
  return slug
    .split("-")
    .filter((word) => word !== "")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(" ");
}

export type ProductSort = "newest" | "price-asc" | "price-desc" | "moq";

export const SORT_OPTIONS: readonly { value: ProductSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: Low to High" },
  { value: "price-desc", label: "Price: High to Low" },
  { value: "moq", label: "Lowest MOQ" },
];

export const DEFAULT_SORT: ProductSort = "newest";

/** A sort from the URL; anything unknown falls back to newest so a hand-edited link still works. */
export function parseSort(value: string | null | undefined): ProductSort {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? DEFAULT_SORT;
}

type SortableProduct = Pick<CatalogueProduct, "id" | "unitPrice" | "moq" | "createdAt">;

function createdAtMs(product: SortableProduct): number {
  const ms = Date.parse(product.createdAt);
  // An unreadable date sorts as oldest rather than poisoning the comparison with NaN.
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

function compareIdsDescending(a: SortableProduct, b: SortableProduct): number {
  const x = Number(a.id);
  const y = Number(b.id);
  // ids are numeric strings, so '8' must sort below '17', not above it as text would.
  if (Number.isFinite(x) && Number.isFinite(y) && x !== y) return y - x;
  return b.id < a.id ? -1 : b.id > a.id ? 1 : 0;
}

function compareNewest(a: SortableProduct, b: SortableProduct): number {
  const x = createdAtMs(a);
  const y = createdAtMs(b);
  if (x !== y) return x < y ? 1 : -1;
  return compareIdsDescending(a, b);
}

/**
 * A sorted copy (the input is never mutated; catalogue arrays are shared module state).
 * Array.prototype.sort is stable, so equal keys keep catalogue order (R-LIST-09). Price sorts use
 * the midpoint of a range (decision 050, R-LIST-08).
 */
export function sortProducts<T extends SortableProduct>(products: readonly T[], sort: ProductSort): T[] {
  const copy = [...products];
  switch (sort) {
    case "newest":
      return copy.sort(compareNewest);
    case "price-asc":
      return copy.sort((a, b) => effectiveUnitPrice(a.unitPrice) - effectiveUnitPrice(b.unitPrice));
    case "price-desc":
      return copy.sort((a, b) => effectiveUnitPrice(b.unitPrice) - effectiveUnitPrice(a.unitPrice));
    case "moq":
      return copy.sort((a, b) => a.moq - b.moq);
  }
}
