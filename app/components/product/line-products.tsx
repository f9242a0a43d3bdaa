/**
 * The products a checkout page's lines are of, as its loader sent them (docs/decisions/066): the
 * page provides them once, and the summary, the review and step 2's switcher look them up here
 * instead of loading a catalogue into the browser.
 */
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { lookupIn, type ProductLookup } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";

const LineProductsContext = createContext<ProductLookup>(() => undefined);

export function LineProducts({ products, children }: { products: readonly Product[]; children: ReactNode }) {
  const lookup = useMemo(() => lookupIn(products), [products]);
  return <LineProductsContext.Provider value={lookup}>{children}</LineProductsContext.Provider>;
}

/** A line's product by its id; undefined for one the page was not sent (not on sale). */
export function useLineProducts(): ProductLookup {
  return useContext(LineProductsContext);
}
