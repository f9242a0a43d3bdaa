/**
 * What a buyer is told before paying when a product's price bands were edited after they last put
 * it in their cart (docs/decisions/066-catalogue-is-data.md): an unpaid checkout is priced from the
 * catalogue of the moment, and the change is named, never slipped in.
 */
import type { ProductLookup } from "~/catalogue/lookup";
import { formatPence } from "../core/money";
import { clampQuantity, maxQuantity, unitPricePence } from "../pricing/pricing";
import { priceTiersOf, type TierRow } from "../pricing/tier-table";

/** A cart line as it was priced when the buyer last added or changed it. */
export type SeenLine = {
  productId: string;
  quantity: number;
  /** The product's bands then; null for a line from before the catalogue was data. */
  seenTiers: readonly TierRow[] | null;
  /** A converted quote's price for this quantity: it holds whatever the bands do (decision 021). */
  quotedUnitPence?: number;
};

/** "The price of Custom Embroidered Cap changed from £5.50 to £5.20 each". */
export function priceChangeText(title: string, beforePence: number, nowPence: number): string {
  return `The price of ${title} changed from ${formatPence(beforePence)} to ${formatPence(nowPence)} each`;
}

/**
 * One notice per line whose unit price at its quantity (clamped as the checkout prices it) differs
 * between the bands the buyer saw and the product's bands on sale now; none for a quoted line, a
 * line with no bands recorded, or a product not on sale (the cart says that instead).
 */
export function priceChangeNotices(lines: readonly SeenLine[], products: ProductLookup): string[] {
  return lines.flatMap((line) => {
    const product = products(line.productId);
    if (!product || !line.seenTiers?.length || line.quotedUnitPence !== undefined) return [];
    const quantity = clampQuantity(line.quantity, product.moq, maxQuantity(product.tiers));
    const before = unitPricePence(priceTiersOf(line.seenTiers), quantity);
    const now = unitPricePence(product.tiers, quantity);
    return before === now ? [] : [priceChangeText(product.title, before, now)];
  });
}
