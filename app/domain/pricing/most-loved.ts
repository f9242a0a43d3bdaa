/**
 * Decision 024 (R-HOME-09, A-24): "Our most-loved picks" are the products teams really order
 * most, counted from paid orders; before there are any, the Hot-tagged products are shown under
 * a plain "Featured" label instead, so the page never claims a popularity it has not measured.
 */

/** How often one product was ordered: in how many paid orders, and how many units in all. */
export type ProductOrders = { productId: string; orders: number; units: number };

export type Picks = { kind: "mostLoved" | "featured"; productIds: string[] };

/** How many products the home page shows. */
export const PICKS_LIMIT = 4;

/**
 * Most orders first, then most units, then catalogue order; products no longer in the catalogue
 * are skipped. With no paid order for any product in it: the first Hot products, as "featured".
 */
export function choosePicks(
  ordered: readonly ProductOrders[],
  catalogue: readonly { id: string; tags: readonly string[] }[],
  limit: number = PICKS_LIMIT,
): Picks {
  const position = new Map(catalogue.map((product, index) => [product.id, index]));
  const ranked = ordered
    .filter((row) => position.has(row.productId) && row.orders > 0)
    .sort(
      (a, b) =>
        b.orders - a.orders || b.units - a.units || (position.get(a.productId) ?? 0) - (position.get(b.productId) ?? 0),
    )
    .map((row) => row.productId);
  if (ranked.length > 0) return { kind: "mostLoved", productIds: ranked.slice(0, limit) };
  return {
    kind: "featured",
    productIds: catalogue
      .filter((product) => product.tags.includes("Hot"))
      .slice(0, limit)
      .map((product) => product.id),
  };
}
