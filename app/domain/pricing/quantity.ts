/**
 * Quantity input rules for the detail page, shopping list and cart (R-PDP-05..08; decision 051
 * applies the same [MOQ, max] clamp on every screen).
 */
import { clampQuantity } from "./pricing";

/**
 * True while the field holds something the user is probably still typing over (empty, spaces,
 * or zero). R-PDP-06: such text must leave the quantity state alone rather than snap to the MOQ
 * mid-edit.
 */
export function isTransientQuantityInput(text: string): boolean {
  // trim() first: `^\s*0*\s*$` split a run of spaces between its two `\s*` in the square of its length.
  return /^0*$/.test(text.trim());
}

/**
 * The quantity to keep when the field is committed (blur or Enter). Empty/zero keeps the current
 * value (R-PDP-06); anything that is not a plain whole number ('abc', '12.5', '1e3', '-5')
 * reverts to it (R-PDP-07); a whole number is clamped to [moq, max] (R-PDP-05: diary '20' → 50,
 * '30000' → 25000).
 */
export function commitQuantityInput(text: string, current: number, moq: number, max: number): number {
  if (isTransientQuantityInput(text)) return current;
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return current;
  return clampQuantity(Number(trimmed), moq, max);
}

/** One press of plus (+1) or minus (−1), never leaving [moq, max] (R-PDP-08). */
export function stepQuantity(current: number, delta: number, moq: number, max: number): number {
  return clampQuantity(current + delta, moq, max);
}
