/**
 * What every document about an order prints as its goods (issue 17; DESIGN decision 16): one row
 * per order line, the product's title with its colour, sizes and customisations under it, at the
 * quantity and tier price charged. Pro-formas use it (bank-transfers.server.ts); so can invoices.
 */
import { colourName } from "~/catalogue/colours";
import type { PricedGoods } from "~/domain/documents";
import type { OrderLine } from "~/domain/order-snapshot";
import { describeSizes } from "~/domain/sizes";

export function orderGoods(lines: readonly OrderLine[]): PricedGoods[] {
  return lines.map(({ product, customization, quantity, unitPence, subtotalPence }) => {
    const colour = customization.variant.color_hex
      ? colourName(product.id, customization.variant.color_hex)
      : undefined;
    const sizes = describeSizes(customization.sizes);
    const details = [colour, sizes && `Sizes ${sizes}`, ...customization.customization_selections].filter(
      (part): part is string => Boolean(part),
    );
    return { description: product.title, details, quantity, unitPence, netPence: subtotalPence };
  });
}
