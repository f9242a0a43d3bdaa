/**
 * A product by its id, as a rule that names or prices a line asks for it: over the products the
 * caller read from the catalogue (docs/decisions/066), handed in, so the rules stay pure. Free of
 * the catalogue's data, so a page's components can use it without loading a catalogue.
 */
import type { ColourOption, Product } from "./types";

export type ProductLookup = (id: string) => Product | undefined;

/** The lookup over `products`. */
export function lookupIn(products: readonly Product[]): ProductLookup {
  const byId = new Map(products.map((product) => [product.id, product]));
  return (id) => byId.get(id);
}

/** The colour of `product` with this hex (any case); undefined when the product is not made in it. */
export function colourOf(product: Pick<Product, "colours">, hex: string): ColourOption | undefined {
  const wanted = hex.toLowerCase();
  return product.colours.find((colour) => colour.hex.toLowerCase() === wanted);
}
