/**
 * A line's colour by the name its product was sold with. Apart from the order snapshot's schemas
 * (order-snapshot.ts), so the pages that name a colour do not load zod (docs/decisions/008).
 * Pure: no I/O, no React.
 */
import type { SoldProduct } from "./order-snapshot";

/** The name of a line's colour as the product was sold; none for a colour it was not sold in. */
export function soldColourName(product: Pick<SoldProduct, "colours">, hex: string): string | undefined {
  const wanted = hex.toLowerCase();
  return product.colours.find((colour) => colour.hex.toLowerCase() === wanted)?.name;
}
