/**
 * A converted quote's unit prices on checkout lines (decision 021): what the cart, every checkout
 * step and the payment price a quoted line at. Apart from quotes.ts, which makes and prints quotes,
 * so the pages that only price lines load this much and no more.
 */

import type { ProductCharge } from "../pricing/charges";

/** A line's quoted price for one product at one quantity, and the charges the quote counted with it (decision 088). */
export type QuotedPrice = { productId: string; quantity: number; unitPence: number; charges?: ProductCharge[] };

/** Whether an order charged a line at a quote's price: its product, quantity and unit price (a quote prices one order). */
export function chargedAtQuote(
  quoteLines: readonly { productId: string | null; quantity: number; unitPence: number }[],
  orderLines: readonly QuotedPrice[],
): boolean {
  return quoteLines.some((quoted) =>
    orderLines.some(
      (line) =>
        line.productId === quoted.productId && line.quantity === quoted.quantity && line.unitPence === quoted.unitPence,
    ),
  );
}

/** The quoted unit price for `productId` at exactly `quantity`, if a quote gives one. */
export function quotedUnitPence(
  quoted: readonly QuotedPrice[] | undefined,
  productId: string,
  quantity: number,
): number | undefined {
  return quoted?.find((price) => price.productId === productId && price.quantity === quantity)?.unitPence;
}

/**
 * Checkout lines with the quoted unit price, and the charges the quote counted, attached where a
 * quote gives one (draft-totals.ts pricedLine).
 */
export function withQuotedPrices<T extends { productId: string; quantity: number }>(
  lines: readonly T[],
  quoted: readonly QuotedPrice[],
): Array<T & { quotedUnitPence?: number; quotedCharges?: ProductCharge[] }> {
  return lines.map((line) => {
    const price = quoted.find((each) => each.productId === line.productId && each.quantity === line.quantity);
    return price ? { ...line, quotedUnitPence: price.unitPence, quotedCharges: price.charges ?? [] } : line;
  });
}
