/**
 * A page's lines as it shows them ex or inc VAT, priced by the one engine (draft-totals.ts
 * pricedLines, the prices checkoutTotals charges) and converted by price-mode.ts shownLineTotals,
 * so that inc VAT the lines add up to the goods in the totals (docs/decisions/041-one-answer-per-question.md).
 */
import type { ProductLookup } from "~/catalogue/lookup";
import { type CheckoutLineQuantity, pricedLines } from "./draft-totals";
import { type PriceMode, shownLineTotals } from "../pricing/price-mode";
import { pricedLineTotal } from "../pricing/checkout";

/** Each line's total as shown, in the lines' order; a product not sold counts as nothing. */
export function shownLineTotalsOf(
  lines: readonly CheckoutLineQuantity[],
  products: ProductLookup,
  mode: PriceMode,
  vatRate?: number,
): number[] {
  const exVat = pricedLines(lines, products).map((priced) => (priced ? pricedLineTotal(priced) : 0));
  return shownLineTotals(exVat, mode, vatRate);
}
