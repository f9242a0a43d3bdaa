/**
 * Quotes (decisions 021 and 060): a numbered offer at fixed prices, valid for the
 * policy's 30 days, made from a cart or a shopping list or written by staff for a custom request.
 * These are its rules: how long it holds, which cart lines it prices while it holds, what the
 * buyer is told when it no longer does, and the document it prints as.
 */
import { colourOf, type ProductLookup } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";
import { POLICY_NUMBERS } from "~/domain/core/policy-numbers";
import { productionTimeText } from "../fulfilment/production-time";
import { SHIPPING_METHODS, type OrderTotals, type ShippingMethod } from "../pricing/checkout";
import { addDays, formatDateRange, formatDisplayDate, type IsoDate, londonToday } from "../core/dates";
import { formatPence } from "../core/money";
import type { QuotedPrice } from "./quoted-prices";
import { estimateDelivery } from "../fulfilment/delivery";
import { type BusinessDocument, documentLines, documentTotals, goodsWithCharges } from "../pricing/documents";
import { appliedCharges, chargesPence, type ProductCharge } from "../pricing/charges";
import { clampQuantity, lineTotalPence, maxQuantity, unitPricePence } from "../pricing/pricing";
import { describeSizes, type SizeCount } from "../pricing/sizes";
import { productQuantities } from "./draft-totals";

/** R-POL-01: "Quotes are valid for 30 days from the date we send them." */
export const QUOTE_VALID_DAYS = POLICY_NUMBERS.quoteValidDays;

/** Where a quote came from: the buyer's cart or shopping list, or staff answering a custom request. */
export const QUOTE_SOURCES = ["cart", "list", "staff"] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

/** A catalogue line's choices, so converting the quote puts the same line back in the cart. */
export type QuoteChoices = {
  selectedColor: string;
  customizationSelections: string[];
  handwrittenNote: boolean;
  notes: string;
  sizes: SizeCount[];
};

/**
 * One quoted line at its fixed unit price ex VAT. `productId` is null for something the catalogue
 * does not sell (staff quote it by description); such a line is ordered through sales, not the cart.
 */
export type QuoteLine = {
  productId: string | null;
  description: string;
  /** Colour, customisation, sizes: printed under the description. */
  details: string[];
  quantity: number;
  unitPence: number;
  choices: QuoteChoices | null;
  /**
   * The set-up fees and surcharges a quote of the cart or list counts for this line (decision 088);
   * none on a staff quote, whose unit price staff agree whole.
   */
  charges?: ProductCharge[];
};

/** A stored quote as the rules read it. */
export type Quote = {
  number: string;
  issuedAt: Date;
  validUntil: IsoDate;
  lines: QuoteLine[];
  shippingMethod: ShippingMethod | null;
  totals: OrderTotals;
  /** The delivery estimate as the document prints it. */
  deliveryNote: string;
  /** The buyer's block, and the PO reference they gave on Details, if any (printed on every document). */
  buyer: QuoteBuyer;
  /** When an order was placed at its prices: a quote prices one order (decision 021). */
  orderedAt: Date | null;
};

export type QuoteBuyer = { lines: string[]; vatNumber: string; poRef?: string };

/** The last London day a quote issued at `issuedAt` holds: the issue date plus 30 days. */
export function quoteValidUntil(issuedAt: Date): IsoDate {
  return addDays(londonToday(issuedAt), QUOTE_VALID_DAYS);
}

/** Whether a quote still holds at `now`: through the whole of its last London day. */
export function isQuoteValid(quote: Pick<Quote, "validUntil">, now: Date): boolean {
  // ISO dates compare as text.
  return londonToday(now) <= quote.validUntil;
}

/** "Valid until Sat, Dec 26, 2026" or "Expired on …", as the buyer's list and the cart say it. */
export function quoteValidityText(quote: Pick<Quote, "validUntil">, now: Date): string {
  const date = formatDisplayDate(quote.validUntil);
  return isQuoteValid(quote, now) ? `Valid until ${date}` : `Expired on ${date}`;
}

/** How a converted quote prices the cart now: the prices that hold, and what the buyer is told. */
export type QuotePricing = { quoted: QuotedPrice[]; notices: string[] };

export const NO_QUOTE_PRICING: QuotePricing = { quoted: [], notices: [] };

/**
 * Quantities to choose from (decision 080): a staff quote may price one catalogue product at several
 * quantities ("100 or 500"). The first line of each product is the quote's own, counted in its
 * totals and printed as a line; the later ones of the same product are options, printed under the
 * figures, and the buyer picks one per product when ordering.
 */
export function quoteOptions<L extends Pick<QuoteLine, "productId">>(lines: readonly L[]): { main: L[]; options: L[] } {
  const seen = new Set<string>();
  const main: L[] = [];
  const options: L[] = [];
  for (const line of lines) {
    if (line.productId !== null && seen.has(line.productId)) options.push(line);
    else main.push(line);
    if (line.productId !== null) seen.add(line.productId);
  }
  return { main, options };
}

/** "100 or 500": the quantities a quote prices one product at, in its order. */
export function quotedQuantities(
  lines: readonly Pick<QuoteLine, "productId" | "quantity">[],
  productId: string,
): string {
  return lines
    .filter((line) => line.productId === productId)
    .map((line) => line.quantity.toLocaleString("en-GB"))
    .join(" or ");
}

/**
 * The prices a converted quote gives the cart's lines at `now`: while it holds, each catalogue line
 * of the quote prices the cart line of the same product at the same quantity; a line whose
 * quantity changed is priced from the catalogue again, and once the quote has expired, or an order
 * has been placed at its prices, every line is. Each re-pricing is said in words, naming the line
 * and why.
 */
export function quotePricing(
  quote: Pick<Quote, "number" | "validUntil" | "lines" | "orderedAt"> | null,
  cart: readonly { productId: string; quantity: number }[],
  now: Date,
): QuotePricing {
  if (!quote) return NO_QUOTE_PRICING;
  const matched = cart.flatMap((line) => {
    const ofProduct = quote.lines.filter((q) => q.productId === line.productId);
    const quotedLine = ofProduct.find((q) => q.quantity === line.quantity) ?? ofProduct[0];
    return quotedLine ? [{ line, quotedLine }] : [];
  });
  if (matched.length === 0) return NO_QUOTE_PRICING;
  if (quote.orderedAt) {
    return {
      quoted: [],
      notices: [
        `Quote ${quote.number} was ordered on ${formatDisplayDate(londonToday(quote.orderedAt))}, so your cart is priced at today's catalogue prices.`,
      ],
    };
  }
  if (!isQuoteValid(quote, now)) {
    return {
      quoted: [],
      notices: [
        `Quote ${quote.number} expired on ${formatDisplayDate(quote.validUntil)}, so your cart is priced at today's catalogue prices.`,
      ],
    };
  }
  const quoted: QuotedPrice[] = [];
  const notices: string[] = [];
  for (const { line, quotedLine } of matched) {
    if (line.quantity === quotedLine.quantity) {
      quoted.push({
        productId: line.productId,
        quantity: line.quantity,
        unitPence: quotedLine.unitPence,
        ...(quotedLine.charges ? { charges: quotedLine.charges } : {}),
      });
    } else {
      notices.push(
        `${quotedLine.description}: quote ${quote.number} is for ${quotedQuantities(quote.lines, line.productId)}, so ${line.quantity.toLocaleString("en-GB")} is priced from the catalogue.`,
      );
    }
  }
  if (quoted.length > 0)
    notices.unshift(`Priced at quote ${quote.number}, valid until ${formatDisplayDate(quote.validUntil)}.`);
  return { quoted, notices };
}

/** The goods a quote's lines add up to, ex VAT. */
export const quoteLineNet = (line: Pick<QuoteLine, "unitPence" | "quantity" | "charges">) =>
  lineTotalPence(line.unitPence, line.quantity) + chargesPence(line.charges ?? [], line.quantity);

/** A quote's lines as the totals price them: units, and the charges each counts. */
export const quotePricedLines = (lines: readonly QuoteLine[]) =>
  lines.map((line) => ({
    unitPence: line.unitPence,
    quantity: line.quantity,
    chargesPence: chargesPence(line.charges ?? [], line.quantity),
  }));

/** The quote as the one document model prints it (app/domain/pricing/documents.ts). */
export function quoteDocument(quote: Quote): BusinessDocument {
  const { main, options } = quoteOptions(quote.lines);
  const lines = documentLines({
    goods: main.flatMap((line) =>
      goodsWithCharges({
        description: line.description,
        details: line.details,
        quantity: line.quantity,
        unitPence: line.unitPence,
        charges: line.charges ?? [],
      }),
    ),
    totals: quote.totals,
    shippingMethod: quote.shippingMethod,
  });
  return {
    kind: "quote",
    number: quote.number,
    issuedAt: quote.issuedAt,
    facts: [
      ...(quote.buyer.poRef ? [{ label: "PO reference", value: quote.buyer.poRef }] : []),
      { label: "Valid until", value: formatDisplayDate(quote.validUntil) },
      {
        label: "Shipping",
        value: quote.shippingMethod ? SHIPPING_METHODS[quote.shippingMethod].label : "Not included",
      },
    ],
    buyer: { lines: quote.buyer.lines, vatNumber: quote.buyer.vatNumber },
    deliverTo: [],
    lines,
    totals: documentTotals(lines),
    notes: [
      quote.deliveryNote,
      ...options.map(
        (line) =>
          `Also quoted, to choose when you order: ${line.description}, ${line.quantity.toLocaleString("en-GB")} at ${formatPence(line.unitPence)} each (${formatPence(quoteLineNet(line))} ex VAT) instead of ${main.find((first) => first.productId === line.productId)?.quantity.toLocaleString("en-GB")}. The totals above are for the first quantity.`,
      ),
      `Unit prices are fixed until ${formatDisplayDate(quote.validUntil)}: order from this quote in your account, under Quotes, to pay them.`,
      // The discount is decided when the buyer pays, not when the quote is made (decision 040).
      ...(quote.totals.discount > 0 ? [QUOTE_DISCOUNT_CONDITION] : []),
    ],
  };
}

/** What a quote priced with the first-order discount prints under its figures (A-20, B-15). */
const QUOTE_DISCOUNT_CONDITION =
  "First-order discount: applies only if this is still your first order when you pay. Without it, the goods are charged at the unit prices above.";

/** A cart or shopping-list line to quote: a catalogue product, its quantity and choices. */
export type LineToQuote = { productId: string; quantity: number } & QuoteChoices;

/** What a line's choices read as under its description; a choice not made yet says so. */
export function choiceDetails(product: Pick<Product, "colours">, choices: QuoteChoices): string[] {
  const colour = choices.selectedColor
    ? (colourOf(product, choices.selectedColor)?.name ?? choices.selectedColor)
    : "to be chosen";
  const customisation = choices.customizationSelections.join(", ") || "to be chosen";
  const sizes = describeSizes(choices.sizes);
  return [
    `Colour: ${colour}`,
    `Customisation: ${customisation}`,
    ...(sizes ? [`Sizes: ${sizes}`] : []),
    ...(choices.handwrittenNote ? ["Handwritten note"] : []),
  ];
}

/**
 * The quoted lines of a cart or list at today's catalogue: each product's title, choices and tier
 * unit price at its quantity, clamped to what the product sells (decisions 050 and 051). A line
 * for a product no longer sold is left out.
 */
export function catalogueQuoteLines(lines: readonly LineToQuote[], products: ProductLookup): QuoteLine[] {
  // A product's colours are priced at the tier of their sum (decision 086).
  const sold = lines.flatMap((line) => {
    const product = products(line.productId);
    return product
      ? [{ productId: line.productId, quantity: clampQuantity(line.quantity, product.moq, maxQuantity(product.tiers)) }]
      : [];
  });
  const tiers = productQuantities(sold);
  return lines.flatMap((line) => {
    const product = products(line.productId);
    if (!product) return [];
    const quantity = clampQuantity(line.quantity, product.moq, maxQuantity(product.tiers));
    const tier = clampQuantity(tiers.get(line.productId) ?? quantity, product.moq, maxQuantity(product.tiers));
    const { productId, quantity: _asked, ...choices } = line;
    // The method is chosen in step 2: the quote counts the product's default's charges.
    const charges = appliedCharges(product, { selections: choices.customizationSelections });
    return [
      {
        productId,
        description: product.title,
        details: choiceDetails(product, choices),
        quantity,
        unitPence: unitPricePence(product.tiers, tier),
        choices,
        ...(charges.length > 0 ? { charges } : {}),
      },
    ];
  });
}

/**
 * The delivery estimate a catalogue quote prints: the window if the proof is approved and the
 * order paid on the day of the quote, by the quoted shipping method (app/domain/fulfilment/delivery.ts).
 */
export function quoteDeliveryNote(input: {
  products: readonly Product[];
  shippingMethod: ShippingMethod;
  now: Date;
}): string {
  const { products } = input;
  if (products.length === 0) return "Delivery dates are confirmed when you order.";
  const eta = estimateDelivery({ products, method: input.shippingMethod, now: input.now });
  return `Estimated delivery: ${formatDateRange(eta.start, eta.end)} by ${SHIPPING_METHODS[input.shippingMethod].label}, if you order and approve your proof on ${formatDisplayDate(londonToday(input.now))}. ${productionTimeText(products)}`;
}
