/**
 * The cart's rules the pages need, kept free of zod (decision 008): the product page, cart and
 * shopping list show them without loading the forms' schemas (shopping-rules.ts).
 */
import { lineTotalPence, type PriceTier, unitPricePence } from "../pricing/pricing";

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

/** 'Estimated Total': goods only, the sum of the lines (R-CART-07, R-SL-07). */
export function estimatedTotalPence(lines: readonly { tiers: readonly PriceTier[]; quantity: number }[]): number {
  return lines.reduce((sum, l) => sum + priceLine(l.tiers, l.quantity).totalPence, 0);
}
