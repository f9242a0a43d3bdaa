/**
 * The cart's rules the pages need, kept free of zod (decision 008): the product page, cart and
 * shopping list show them without loading the forms' schemas (shopping-rules.ts).
 */
import { lineTotalPence, type PriceTier, tierFor, unitPricePence } from "../pricing/pricing";

/** How long a cart or list line's note may be; the refusal names the limit. */
export const NOTES_MAX = 500;
export const FEEDBACK_MAX = 1000;

/**
 * Add to Cart needs a colour and at least one customisation (SPEC.md §5); a product with no
 * customisation options needs only the colour (REQUIREMENTS.md A-59).
 */
export function canAddToCart(input: {
  colour: string | null;
  selections: readonly string[];
  optionCount: number;
}): boolean {
  if (!input.colour) return false;
  return input.optionCount === 0 || input.selections.length > 0;
}

/** Unit price and line total of a line at its quantity, always by its product's tiers (decision 050). */
export function priceLine(tiers: readonly PriceTier[], quantity: number): { unitPence: number; totalPence: number } {
  const unitPence = unitPricePence(tiers, quantity);
  return { unitPence, totalPence: lineTotalPence(unitPence, quantity) };
}

/**
 * A line below its product's MOQ whose quote no longer prices it (decision 087): the cart and the
 * payment step say it in the same words.
 */
export function belowMinimumMessage(title: string, quantity: number, moq: number): string {
  return `${quantity.toLocaleString("en-GB")} × ${title} was agreed at the price of a quote that no longer applies. Change the quantity in your cart to at least ${moq.toLocaleString("en-GB")}.`;
}

/**
 * Why a line of a product in several colours costs what it does (decision 086): the colours are
 * priced together, at the tier of their sum. Null for a product on one line.
 */
export function sharedTierNote(tiers: readonly PriceTier[], total: number, colours: number): string | null {
  if (colours < 2) return null;
  const label = tierFor(tiers, total).label;
  return `Priced with this product's other colours: ${total.toLocaleString("en-GB")} in all, at the ${label} price.`;
}

/** 'Estimated Total': goods only, the sum of the lines (R-CART-07, R-SL-07). */
export function estimatedTotalPence(lines: readonly { tiers: readonly PriceTier[]; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + priceLine(l.tiers, l.quantity).totalPence, 0);
}
