/**
 * The catalogue as a spreadsheet (docs/decisions/066-catalogue-is-data.md): one row per product,
 * with what the editor changes and the bands and colours written as a person types them
 * ("50-399 5.50; 400+ 3.88", "Black #111111; White #ffffff"), for staff to check, sort, keep or
 * send to a supplier. The cells are written by the back office's CSV rule (core/csv.ts), which
 * keeps a text that looks like a formula from running as one.
 */
import type { StoredProduct } from "~/catalogue/types";
import { toCsv } from "../core/csv";
import type { PriceTier } from "../pricing/pricing";
import { tierRowsOf } from "../pricing/tier-table";

export const CATALOGUE_CSV_HEADER = [
  "id",
  "url_name",
  "supplier_reference",
  "status",
  "title",
  "category",
  "description",
  "minimum_order",
  "lead_time",
  "delivery_time",
  "tags",
  "price_bands",
  "colours",
  "pictures",
] as const;

/** The bands as typed: from-to (or from+ for the open one) and the unit price in pounds, "; " between. */
export function bandsText(tiers: readonly PriceTier[]): string {
  return tierRowsOf(tiers)
    .map((row) => `${row.to === null ? `${row.from}+` : `${row.from}-${row.to}`} ${(row.unitPence / 100).toFixed(2)}`)
    .join("; ");
}

/** The products as one CSV file, in catalogue order. */
export function catalogueCsv(products: readonly StoredProduct[]): string {
  return toCsv(
    CATALOGUE_CSV_HEADER,
    products.map((product) => [
      product.id,
      product.slug,
      product.sku,
      product.status,
      product.title,
      product.category,
      product.description,
      product.moq,
      product.leadTime,
      product.deliveryTime,
      product.tags.join("; "),
      bandsText(product.tiers),
      product.colours.map((colour) => `${colour.name} ${colour.hex}`).join("; "),
      product.images.length,
    ]),
  );
}
