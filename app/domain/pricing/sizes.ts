/**
 * Size breakdowns. A product with a sizing table is ordered as a split of its
 * quantity across the table's sizes; the split is a list in the table's order (JSON objects lose
 * their key order in jsonb). The quantity's own rules (MOQ, maximum) apply to the total, which must
 * equal the quantity; a product without a sizing table never has a breakdown.
 */
import type { Product } from "~/catalogue/types";

export type SizeCount = { size: string; count: number };
export type SizeBreakdown = readonly SizeCount[];

/** The sizes a product is made in, in its sizing table's order; empty without a table. */
export function offeredSizes(product: Pick<Product, "sizingTable">): string[] {
  return product.sizingTable?.rows.map((row) => row.size) ?? [];
}

export function hasSizes(product: Pick<Product, "sizingTable">): boolean {
  return offeredSizes(product).length > 0;
}

export function sizesTotal(sizes: SizeBreakdown): number {
  return sizes.reduce((sum, entry) => sum + entry.count, 0);
}

function joinOr(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} or ${items.at(-1)}` : items.join("");
}

/**
 * What is wrong with a breakdown as stored, whatever its total: sizes the product is not made in,
 * a size twice, a count that is not a whole number ≥ 0. Null when it may be saved. The total is
 * checked apart (sizesMismatch) so a half-typed split is kept, not refused.
 */
export function sizesShapeError(product: Pick<Product, "title" | "sizingTable">, sizes: SizeBreakdown): string | null {
  const offered = offeredSizes(product);
  if (offered.length === 0) {
    return sizes.length === 0 ? null : `The ${product.title} doesn't come in sizes.`;
  }
  const seen = new Set<string>();
  for (const { size, count } of sizes) {
    if (!offered.includes(size)) return `Choose from sizes ${joinOr(offered)}.`;
    if (seen.has(size)) return `Size ${size} is listed twice.`;
    seen.add(size);
    if (!Number.isInteger(count) || count < 0) return `Enter a whole number of ${size} (0 or more).`;
  }
  return null;
}

/** "Sizes add up to 90; the quantity is 100." when a sized product's split misses its quantity. */
export function sizesMismatch(
  product: Pick<Product, "sizingTable">,
  sizes: SizeBreakdown,
  quantity: number,
): string | null {
  if (!hasSizes(product)) return null;
  const total = sizesTotal(sizes);
  if (total === quantity) return null;
  return `Sizes add up to ${total.toLocaleString("en-GB")}; the quantity is ${quantity.toLocaleString("en-GB")}.`;
}

/** A breakdown ready for checkout: the right shape and summing to the quantity (or no sizes at all). */
export function sizesComplete(
  product: Pick<Product, "title" | "sizingTable">,
  sizes: SizeBreakdown,
  quantity: number,
): boolean {
  return sizesShapeError(product, sizes) === null && sizesMismatch(product, sizes, quantity) === null;
}

/** The breakdown in the table's order without empty sizes, as it is stored. */
export function normaliseSizes(product: Pick<Product, "sizingTable">, sizes: SizeBreakdown): SizeCount[] {
  const counts = new Map(sizes.map((entry) => [entry.size, entry.count]));
  return offeredSizes(product)
    .filter((size) => (counts.get(size) ?? 0) > 0)
    .map((size) => ({ size, count: counts.get(size) ?? 0 }));
}

/** One line for every place a breakdown is shown: "S 20, M 40, L 40"; "" when there is none. */
export function describeSizes(sizes: SizeBreakdown): string {
  return sizes
    .filter((entry) => entry.count > 0)
    .map((entry) => `${entry.size} ${entry.count.toLocaleString("en-GB")}`)
    .join(", ");
}
