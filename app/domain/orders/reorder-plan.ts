/**
 * Order again: what a delivered order puts back into the cart. Each line keeps
 * its quantity, sizes, colour, customisation, branding and approved artwork, asks to skip the
 * proof as a repeat of the order (A-40, repeat-orders.ts), and is priced at today's tiers. What
 * today's catalogue no longer allows is left out or changed, each with a note the cart shows.
 * Pure: the server reads the order and the catalogue and writes what this decides.
 */
import type { Product } from "~/catalogue/types";
import type { CustomisationPatch, ArtworkFileEntry } from "../checkout/draft-schemas";
import type { LineCustomization } from "./order-snapshot";
import { formatPence } from "../core/money";
import { clampQuantity, maxQuantity, unitPricePence } from "../pricing/pricing";
import { normaliseSizes, sizesTotal, type SizeCount } from "../pricing/sizes";
import { productQuantities } from "../checkout/draft-totals";

/** Only a delivered order is ordered again: before that its artwork may still change. */
export const canReorder = (status: string): boolean => status === "delivered";

export const REORDER_MESSAGES = {
  notDelivered: "Only a delivered order can be ordered again.",
  nothingLeft: "Nothing from this order can be ordered again: its products are no longer sold.",
  rateLimited: "Too many reorders at once. Please try again later.",
} as const;

/** A line of the earlier order as it was sold, and the draft it was paid as. */
export type PreviousLine = {
  draftId: string;
  productId: string;
  title: string;
  quantity: number;
  unitPence: number;
  customization: LineCustomization;
};

/** Whether a product's colour is still offered (the catalogue's palette); injected to keep this pure. */
export type ColourOffered = (productId: string, hex: string) => boolean;

/** One line for the new cart: its cart row, its draft's step-2 patch, and the artwork to copy. */
export type ReorderLine = {
  /** The earlier order's line it repeats, by the draft that line was paid as. */
  fromDraftId: string;
  productId: string;
  title: string;
  quantity: number;
  unitPence: number;
  previousUnitPence: number;
  cart: {
    quantity: number;
    selectedColor: string;
    customizationSelections: string[];
    handwrittenNote: boolean;
    notes: string;
    sizes: SizeCount[];
  };
  patch: CustomisationPatch;
  /** The approved artwork, for the server to copy into the new draft. */
  artwork: ArtworkFileEntry[];
};

export type ReorderNote = { productId: string; title: string; text: string };

export type ReorderPlan = { lines: ReorderLine[]; notes: ReorderNote[] };

const n = (value: number) => value.toLocaleString("en-GB");

/** "Price now £4.20 each, was £4.50", or null when the unit price is unchanged. */
export function priceChangeText(unitPence: number, previousUnitPence: number): string | null {
  if (unitPence === previousUnitPence) return null;
  return `Price now ${formatPence(unitPence)} each, was ${formatPence(previousUnitPence)}`;
}

function quantityNote(wanted: number, quantity: number, product: Product): string | null {
  if (wanted === quantity) return null;
  if (quantity > wanted) {
    return `${n(wanted)} is below today's minimum order of ${n(product.moq)}, so the quantity is now ${n(quantity)}.`;
  }
  return `${n(wanted)} is above today's maximum of ${n(maxQuantity(product.tiers))}, so the quantity is now ${n(quantity)}.`;
}

/** One earlier line against today's product: the new line and what changed. */
function planLine(
  orderNumber: string,
  line: PreviousLine,
  product: Product,
  colourOffered: ColourOffered,
  tierQuantity: number,
): { line: ReorderLine; notes: string[] } {
  const notes: string[] = [];
  const c = line.customization;
  const quantity = clampQuantity(line.quantity, product.moq, maxQuantity(product.tiers));
  const clamped = quantityNote(line.quantity, quantity, product);
  if (clamped) notes.push(clamped);

  const hex = c.variant.color_hex;
  const colour = hex === "" || colourOffered(product.id, hex) ? hex : "";
  if (colour !== hex) notes.push("That colour is no longer offered: choose one in step 2.");

  const offered = new Set(product.customizationOptions.map((option) => option.title));
  const selections = c.customization_selections.filter((title) => offered.has(title));
  if (selections.length < c.customization_selections.length) {
    const gone = c.customization_selections.filter((title) => !offered.has(title));
    notes.push(`No longer offered, so left out: ${gone.join(", ")}.`);
  }

  const handwritten = c.handwritten_note && product.allowHandwrittenNote;
  if (handwritten !== c.handwritten_note) notes.push("A handwritten note is no longer offered with this product.");

  const sizes = normaliseSizes(product, c.sizes);
  if ((c.sizes.length > 0 || sizes.length > 0) && sizesTotal(sizes) !== quantity) {
    notes.push(`Sizes add up to ${n(sizesTotal(sizes))}; the quantity is ${n(quantity)}: split them again in step 2.`);
  }

  // A repeat is the same design the same way: a method no longer offered needs a new proof.
  const sameMethod = product.branding.methods.includes(c.branding.method);
  const branding = sameMethod ? c.branding : { ...c.branding, method: product.branding.default };
  if (!sameMethod)
    notes.push("The branding method is no longer offered for this product, so a new proof will be sent.");

  const unitPence = unitPricePence(product.tiers, clampQuantity(tierQuantity, quantity, maxQuantity(product.tiers)));
  const price = priceChangeText(unitPence, line.unitPence);
  if (price) notes.push(price);

  const cart = {
    quantity,
    selectedColor: colour,
    customizationSelections: selections,
    handwrittenNote: handwritten,
    notes: c.notes,
    sizes,
  };
  const patch: CustomisationPatch = {
    quantity,
    variant: { color_hex: colour },
    branding: { method: branding.method, placement: branding.placement, placement_details: branding.placement_details },
    proof: sameMethod
      ? { preference: "skip_proof", previous_order_ref: orderNumber }
      : { preference: c.proof.preference === "skip_proof" ? "ai_mockup" : c.proof.preference, previous_order_ref: "" },
    artwork: { email_later: c.artwork.email_later },
    notes: c.notes,
    handwritten_note: handwritten,
    customization_selections: selections,
    sizes,
  };
  return {
    line: {
      fromDraftId: line.draftId,
      productId: product.id,
      title: product.title,
      quantity,
      unitPence,
      previousUnitPence: line.unitPence,
      cart,
      patch,
      artwork: c.artwork.files.map((file) => ({ ...file })),
    },
    notes,
  };
}

/**
 * The earlier order's lines against today's catalogue: a line per product and colour still sold,
 * in the order's order (the same twice keeps its first line), each priced at the tier of its
 * product's quantity across them (decision 086), and a note for each change.
 */
export function planReorder(
  order: { number: string },
  previous: readonly PreviousLine[],
  findProduct: (id: string) => Product | undefined,
  colourOffered: ColourOffered,
): ReorderPlan {
  const lines: ReorderLine[] = [];
  const notes: ReorderNote[] = [];
  const seen = new Set<string>();
  const kept = previous.filter((line) => {
    const key = `${line.productId}:${line.customization.variant.color_hex}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const tiers = productQuantities(
    kept.flatMap((line) => {
      const product = findProduct(line.productId);
      if (!product) return [];
      return [
        { productId: line.productId, quantity: clampQuantity(line.quantity, product.moq, maxQuantity(product.tiers)) },
      ];
    }),
  );
  for (const line of kept) {
    const product = findProduct(line.productId);
    if (!product) {
      if (notes.some((note) => note.productId === line.productId)) continue;
      const text = "No longer sold, so it was left out.";
      notes.push({ productId: line.productId, title: line.title, text });
      continue;
    }
    const planned = planLine(order.number, line, product, colourOffered, tiers.get(product.id) ?? line.quantity);
    lines.push(planned.line);
    for (const text of planned.notes) notes.push({ productId: product.id, title: product.title, text });
  }
  return { lines, notes };
}
