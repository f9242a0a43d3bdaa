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
