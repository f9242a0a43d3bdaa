/**
 * A draft's totals and delivery estimate, computed on the server at every save (drafts.server.ts)
 * and shown by the pages with the same figures (R-SHIP-11, R-CALC-13).
 */
import type { ProductLookup } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";
import {
  DEFAULT_COUNTRY,
  orderTotals,
  type OrderTotals,
  type PricedLine,
  type ShippingMethod,
} from "../pricing/checkout";
import type { DraftTotals } from "./draft-schemas";
import type { VatPlace } from "../pricing/vat";
import { agreedMinimum, clampQuantity, maxQuantity, unitPricePence } from "../pricing/pricing";
import { appliedCharges, chargesPence, type ProductCharge } from "../pricing/charges";
import type { BrandingMethod } from "../pricing/checkout";

/**
 * VAT follows the ship-to address, else the billing address as an estimate, else GB (A-5,
 * decision 052): its country and postcode (vat.ts).
 */
export function vatPlace(data: {
  details: { billing: { country: string; postcode: string } };
  shipping: { address: { country: string; postcode: string } };
}): VatPlace & { country: string } {
  const { address } = data.shipping;
  if (address.country) return { country: address.country, postcode: address.postcode };
  const { billing } = data.details;
  return billing.country ? { country: billing.country, postcode: billing.postcode } : { country: DEFAULT_COUNTRY };
}

/**
 * A product and the quantity a checkout line asks for; `quotedUnitPence` when a valid quote prices
 * this product at exactly this quantity (app/domain/checkout/quotes.ts withQuotedPrices, decision 021);
 * `lineId`, the cart line it is, when it is one (decision 086).
 */
export type CheckoutLineQuantity = {
  productId: string;
  quantity: number;
  quotedUnitPence?: number;
  lineId?: string | null;
  /** The product's quantity across the order when lines of it are not all listed (step 2 shows one). */
  tierQuantity?: number;
  /** The line's branding method (else the product's default) and customisations: what its charges follow. */
  method?: BrandingMethod;
  selections?: readonly string[];
  /** The charges a converted quote priced this line with, with its unit price (decision 088). */
  quotedCharges?: readonly ProductCharge[];
};

/** A line as priced: its units at the unit price, and the set-up fees and surcharges it carries. */
export type PricedCheckoutLine = PricedLine & { chargesPence: number; charges: readonly ProductCharge[] };

/**
 * Order totals for a checkout, all integer pence: each line at the catalogue's tier price for its
 * product's quantity across the lines (pricedLines), one shipping charge and VAT on the whole order
 * (decision 016). Null when a line's product is not sold or there is no line. The first-order
 * discount is the server's decision (A-20, B-15).
 */
export function checkoutTotals(input: {
  lines: readonly CheckoutLineQuantity[];
  /** The products on sale, as the caller read the catalogue. */
  products: ProductLookup;
  country: string | null | undefined;
  postcode?: string | null;
  method: ShippingMethod | null;
  firstOrderDiscount?: boolean;
}): OrderTotals | null {
  const priced = pricedLines(input.lines, input.products);
  if (priced.length === 0 || priced.some((line) => line === null)) return null;
  return orderTotals({
    lines: priced.filter((line) => line !== null),
    shippingMethod: input.method,
    country: input.country || DEFAULT_COUNTRY,
    postcode: input.postcode,
    firstOrderDiscount: input.firstOrderDiscount ?? false,
  });
}

/**
 * A line at its product's tier price (or its quote's, for the quantity quoted), its quantity
 * clamped to what the product sells (a quoted quantity below the MOQ is what was agreed, decision
 * 087); null for a product not sold (undefined). The tier is the one of `tierQuantity`, the
 * product's quantity across the order's lines (pricedLines, or the line's own `tierQuantity`), else
 * its own. Its set-up fees and
 * surcharges are the product's for its method and customisations, or the quote's (decision 088).
 */
export function pricedLine(
  line: CheckoutLineQuantity,
  product: PricedProduct | undefined,
  tierQuantity = line.tierQuantity ?? line.quantity,
): PricedCheckoutLine | null {
  if (!product) return null;
  const max = maxQuantity(product.tiers);
  const agreed = line.quotedUnitPence === undefined ? undefined : line.quantity;
  const quantity = clampQuantity(line.quantity, agreedMinimum(product, agreed), max);
  const quoted = quantity === line.quantity ? line.quotedUnitPence : undefined;
  const tier = clampQuantity(Math.max(tierQuantity, quantity), product.moq, max);
  const charges =
    quoted === undefined
      ? appliedCharges(product, { method: line.method, selections: line.selections })
      : [...(line.quotedCharges ?? [])];
  return {
    unitPence: quoted ?? unitPricePence(product.tiers, tier),
    quantity,
    chargesPence: chargesPence(charges, quantity),
    charges,
  };
}

/** What pricing a line reads of its product: the MOQ, the bands, the default method and the charges. */
export type PricedProduct = Pick<Product, "moq" | "tiers" | "branding" | "charges">;

/**
 * How many of each product the lines hold together: one product in several colours is several
 * lines, priced at the tier of their sum (decision 086: 200 black + 200 navy caps are 400 caps).
 */
export function productQuantities(lines: readonly { productId: string; quantity: number }[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) totals.set(line.productId, (totals.get(line.productId) ?? 0) + line.quantity);
  return totals;
}

/** Every line of one order priced (pricedLine), each at the tier of its product's quantity across them. */
export function pricedLines(
  lines: readonly CheckoutLineQuantity[],
  products: (id: string) => PricedProduct | undefined,
): (PricedCheckoutLine | null)[] {
  const totals = productQuantities(lines);
  return lines.map((line) =>
    pricedLine(line, products(line.productId), line.tierQuantity ?? totals.get(line.productId)),
  );
}

/** The five figures data.totals stores (the VAT rate is derivable from the country). */
export function storedTotals(totals: OrderTotals): DraftTotals {
  return {
    subtotal: totals.subtotal,
    discount: totals.discount,
    shipping: totals.shipping,
    vat: totals.vat,
    total: totals.total,
  };
}
