/**
 * One checkout for the whole cart (decision 055, docs/decisions/016). Step 2
 * customises each cart line in its own draft, as SPEC.md's drafts are per product; Details,
 * Shipping, Design proofing and Payment happen once, on one of those drafts: the checkout's
 * lead. These are the rules that decide which draft leads and how the checkout names and sums its
 * lines; which lines are customised and where step 2's Next goes are ./customisation-gate's.
 */
import { statusRank, type CustomisationGate, type DraftData, type DraftStatus } from "./draft";
import { colourOf } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";
import type { SizeBreakdown } from "../pricing/sizes";
import type { BrandingMethod } from "../pricing/checkout";

/**
 * A cart line as the checkout sees it: the line, its product and colour, and the draft customising
 * it, if any yet. A product in two colours is two lines, each with its own draft (decision 086).
 */
export type CheckoutLineState = {
  lineId: string;
  productId: string;
  /** The line's colour hex, which names it beside another line of its product. */
  colour: string;
  /** The cart's quantity: a product's lines together choose its price tier (decision 086). */
  quantity: number;
  draft: {
    id: string;
    status: DraftStatus;
    data: CustomisationGate & Pick<DraftData, "quantity" | "sizes">;
  } | null;
};

/**
 * The index of the line whose draft carries the steps done once for the cart: the draft furthest
 * along (so details typed once stay with the checkout when the cart changes around them), the
 * first in the cart among equals; -1 for an empty cart. A line without a draft never leads one
 * that has a draft.
 */
export function leadLineIndex(lines: readonly CheckoutLineState[]): number {
  let lead = -1;
  let best = -1;
  lines.forEach((line, index) => {
    const rank = line.draft ? statusRank(line.draft.status) : -1;
    if (lead === -1 || rank > best) {
      lead = index;
      best = rank;
    }
  });
  return lead;
}

/**
 * A line's name where the checkout lists its lines: the product's title, and its colour when
 * another line is of the same product ("Custom Embroidered Cap (Navy)").
 */
export function lineTitle(
  line: { productId: string; colour: string },
  lines: readonly { productId: string }[],
  product: Pick<Product, "title" | "colours"> | undefined,
): string {
  const title = product?.title ?? `Product ${line.productId}`;
  if (lines.filter((other) => other.productId === line.productId).length < 2) return title;
  return `${title} (${(product && colourOf(product, line.colour)?.name) ?? line.colour})`;
}

/**
 * The product's other colours beside a line (decision 086): their quantity, which prices the line
 * with them, and how many colours of the product the cart holds, this one included.
 */
export function otherColours(
  lines: readonly { lineId?: string | null; id?: string; productId: string; quantity: number }[],
  own: { lineId: string; productId: string },
): { quantity: number; colours: number } {
  const ofProduct = lines.filter((line) => line.productId === own.productId);
  const others = ofProduct.filter((line) => (line.lineId ?? line.id) !== own.lineId);
  return { quantity: others.reduce((sum, line) => sum + line.quantity, 0), colours: ofProduct.length };
}

/**
 * Whether another cart line of the same product already has `colour` (decision 086): step 2 may
 * not turn one line into a second line of that colour; the buyer changes that line instead.
 */
export function colourOnAnotherLine(
  cart: readonly { lineId: string; productId: string; colour: string }[],
  own: { lineId: string | null; productId: string },
  colour: string,
): boolean {
  const hex = colour.toLowerCase();
  return cart.some(
    (line) => line.lineId !== own.lineId && line.productId === own.productId && line.colour.toLowerCase() === hex,
  );
}

/** A line as the order summary lists it. */
export type SummaryLine = {
  /** The cart line it is, when it is one (checkoutLines). */
  lineId?: string | null;
  productId: string;
  /** The line's colour hex ('' or absent when not chosen): its picture follows it. */
  colour?: string;
  quantity: number;
  selections: readonly string[];
  /** The branding method step 2 chose (else the product's default): what its charges follow (decision 088). */
  method?: BrandingMethod;
  /** The size breakdown, once step 2 has one. */
  sizes?: SizeBreakdown;
  /** A converted quote's unit price for this quantity (decision 021; draft-totals.ts pricedLine). */
  quotedUnitPence?: number;
};

/**
 * The lines a checkout draft stands for (decision 016): the cart's lines, with the draft's own
 * line replaced by `own` (as the save leaves it, or as it is paid); a draft no line owns (its
 * product left the cart, and it was opened by its link) stands alone. Saves price, the summary
 * lists and the payment charges these lines, so they can never disagree.
 */
export function checkoutLines<T extends { lineId?: string | null }>(cart: readonly T[], own: T): T[] {
  const owned = (line: T) => own.lineId != null && line.lineId === own.lineId;
  if (!cart.some(owned)) return [own];
  return cart.map((line) => (owned(line) ? own : line));
}

/** A file already on another line of the checkout, which step 2 offers to use on this one too. */
export type OtherLineLogo = { draftId: string; productId: string; fileId: string; name: string; size: number };

/**
 * The files uploaded to the checkout's other lines (docs/decisions/044-raster-and-svg-artwork.md: one logo on every line without
 * uploading it again), in cart order, each name once: the first line that has it offers it.
 */
export function logosOnOtherLines(lines: readonly CheckoutLineState[], lineId: string): OtherLineLogo[] {
  const seen = new Set<string>();
  return lines.flatMap((line) => {
    if (line.lineId === lineId || !line.draft) return [];
    const draftId = line.draft.id;
    return line.draft.data.artwork.files.flatMap((file) => {
      if (seen.has(file.name)) return [];
      seen.add(file.name);
      return [{ draftId, productId: line.productId, fileId: file.id, name: file.name, size: file.size }];
    });
  });
}
