/**
 * Ordering from a quote (decision 060; docs/decisions/040-quote-means-what-it-says.md): what
 * converting a quote would replace in a cart that is not empty, so the buyer is asked first and
 * the server can refuse a conversion nobody confirmed; and the words that say which of a quote's
 * figures are fixed (its unit prices, until it expires) and which are not (the first-order
 * discount, decided when the buyer pays, A-20 and B-15).
 */
import { colourOf, type ProductLookup } from "~/catalogue/lookup";
import { formatDisplayDate, type IsoDate } from "../core/dates";
import { formatPence } from "../core/money";
import type { QuoteLine } from "./quotes";
import type { SizeCount } from "../pricing/sizes";

/** A cart line as converting reads it: its product, quantity and choices. */
export type CartLineChoices = {
  productId: string;
  quantity: number;
  selectedColor: string;
  customizationSelections: string[];
  handwrittenNote: boolean;
  notes: string;
  sizes: SizeCount[];
};

/** A cart line that converting would take out of the cart or change, in words. */
export type ReplacedLine = { productId: string; text: string };

/**
 * A refused conversion's question (decision 040): the quote, the cart lines converting it would
 * replace, and the cart they were read from, which "Replace my cart" sends back as confirmed.
 */
export type ReplaceCartQuestion = {
  quoteId: string;
  replaced: ReplacedLine[];
  cart: string;
  /** The quantities chosen among a quote's options (decision 080), sent back with "Replace my cart". */
  picks?: Record<string, number>;
};

/** Whether a 409's `current`, read back from the response, is that question. */
export function isReplaceCartQuestion(value: unknown): value is ReplaceCartQuestion {
  if (typeof value !== "object" || value === null) return false;
  const question = value as Partial<ReplaceCartQuestion>;
  return typeof question.quoteId === "string" && typeof question.cart === "string" && Array.isArray(question.replaced);
}

const sizesKey = (sizes: readonly SizeCount[]) =>
  sizes
    .filter((entry) => entry.count > 0)
    .map((entry) => `${entry.size}=${entry.count}`)
    .sort()
    .join(",");

/** Everything about a line that converting sets, as one comparable string. */
function lineKey(line: Pick<CartLineChoices, Exclude<keyof CartLineChoices, "productId">>): string {
  return JSON.stringify([
    line.quantity,
    line.selectedColor.toLowerCase(),
    [...line.customizationSelections].sort(),
    line.handwrittenNote,
    line.notes,
    sizesKey(line.sizes),
  ]);
}

/** "1,500 × Custom Embroidered Cap, Navy": how a cart line is named in the question. */
function cartLineName(
  line: Pick<CartLineChoices, "productId" | "quantity" | "selectedColor">,
  products: ProductLookup,
): string {
  const product = products(line.productId);
  const title = product?.title ?? "A product we no longer sell";
  const colour = product && line.selectedColor ? (colourOf(product, line.selectedColor)?.name ?? "") : "";
  return `${line.quantity.toLocaleString("en-GB")} × ${title}${colour ? `, ${colour}` : ""}`;
}

/**
 * The cart lines converting `quoteLines` would replace: a line of a product the quote does not
 * have leaves the cart, and so does another colour of a product whose quoted colour has a line of
 * its own (decision 086); a line of a product it has is replaced by the quote's quantity and
 * choices unless it already has them. Empty when converting changes nothing the buyer put there,
 * as when the cart is empty or is the one the quote was made from.
 */
export function linesReplacedBy(
  cart: readonly CartLineChoices[],
  quoteLines: readonly Pick<QuoteLine, "productId" | "quantity" | "choices">[],
  /** The catalogue's products, any status: what names the lines. */
  products: ProductLookup,
): ReplacedLine[] {
  return cart.flatMap((line) => {
    const quoted = quoteLines.find((q) => q.productId === line.productId && q.choices !== null);
    const sameColour = (other: CartLineChoices) =>
      other.selectedColor.toLowerCase() === quoted?.choices?.selectedColor.toLowerCase();
    const takenOut =
      !quoted?.choices ||
      (!sameColour(line) && cart.some((other) => other.productId === line.productId && sameColour(other)));
    if (!quoted?.choices || takenOut) {
      return [{ productId: line.productId, text: `${cartLineName(line, products)}: taken out of your cart` }];
    }
    if (lineKey(line) === lineKey({ ...quoted.choices, quantity: quoted.quantity })) return [];
    const now = cartLineName({ ...quoted.choices, productId: line.productId, quantity: quoted.quantity }, products);
    return [{ productId: line.productId, text: `${cartLineName(line, products)}: replaced by the quote's ${now}` }];
  });
}

/**
 * What the buyer saw when they confirmed: the whole cart as one string. A confirmation answers
 * only the cart it was asked about; one changed since (another tab, a colleague's reorder) is
 * asked about again.
 */
export function cartFingerprint(cart: readonly CartLineChoices[]): string {
  return cart
    .map((line) => `${line.productId}:${lineKey(line)}`)
    .sort()
    .join("|");
}

/** The most options one conversion may pick: a quote has at most this many lines. */
const PICKS_MAX = 10;
const PICK_FIELD = /^pick-([A-Za-z0-9_-]{1,40})$/;

/**
 * The quantities a buyer picked among a quote's options (decision 080), from the convert form's
 * `pick-<productId>` fields: whole numbers only, ten at most; anything else is no pick.
 */
export function readQuotePicks(fields: Readonly<Record<string, string>>): Record<string, number> {
  // No prototype: a field named pick-__proto__ or pick-constructor is one more key, nothing else.
  const picks: Record<string, number> = Object.create(null);
  for (const [name, value] of Object.entries(fields)) {
    const productId = PICK_FIELD.exec(name)?.[1];
    if (!productId || !/^\d{1,7}$/.test(value.trim()) || Object.keys(picks).length >= PICKS_MAX) continue;
    picks[productId] = Number(value.trim());
  }
  return picks;
}

/**
 * The catalogue lines a conversion puts in the cart: one per product, the quantity the buyer
 * picked among the quote's options, else the quote's own (first) line. A pick the quote does not
 * offer is refused with the quantities it does.
 */
export function linesToOrder<L extends Pick<QuoteLine, "productId" | "quantity" | "description">>(
  lines: readonly L[],
  picks: Readonly<Record<string, number>>,
): { ok: true; lines: L[] } | { ok: false; message: string } {
  const chosen: L[] = [];
  for (const line of lines) {
    if (line.productId === null || chosen.some((taken) => taken.productId === line.productId)) continue;
    const ofProduct = lines.filter((other) => other.productId === line.productId);
    const pick = Object.hasOwn(picks, line.productId) ? picks[line.productId] : undefined;
    const picked = pick === undefined ? line : ofProduct.find((other) => other.quantity === pick);
    if (!picked)
      return {
        ok: false,
        message: `${line.description} is quoted for ${ofProduct.map((other) => other.quantity.toLocaleString("en-GB")).join(" or ")}: choose one of them.`,
      };
    chosen.push(picked);
  }
  return { ok: true, lines: chosen };
}

export const QUOTE_CONVERSION_MESSAGES = {
  confirmReplace:
    "Your cart already has other products or quantities. Ordering from this quote replaces them: choose “Replace my cart” to go on, or keep your cart as it is.",
  cartChanged: "Your cart has changed since you were asked. Please check what ordering from this quote would replace.",
} as const;

/**
 * What a quote says about its figures: the unit prices hold until it expires; the discount may
 * not, and when `discountApplies` is false (no longer the buyer's first order) it says it has gone.
 */
export function quoteFiguresNote(
  quote: { validUntil: IsoDate; totals: { discount: number } },
  discountApplies: boolean,
): string {
  const fixed = `The unit prices are fixed until ${formatDisplayDate(quote.validUntil)}.`;
  if (quote.totals.discount <= 0) return fixed;
  const note = `${fixed} First-order discount (${formatPence(quote.totals.discount)}): applies only if this is still your first order when you pay.`;
  return discountApplies ? note : `${note} It no longer applies, because this is no longer your first order.`;
}

/**
 * Said before paying when a quote priced with the first-order discount prices the cart but the
 * discount no longer applies: the figures shown are then the charge, without it.
 */
export function lostDiscountNotice(quote: { number: string; totals: { discount: number } }): string {
  return `Quote ${quote.number} included a first-order discount of ${formatPence(quote.totals.discount)}. It no longer applies, because this is no longer your first order: the quoted unit prices still hold, and the totals shown are what you will pay.`;
}
