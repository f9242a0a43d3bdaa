/**
 * What a proof is checked against (B-3, decision 038: the buyer approves what will be made): the line's
 * quantity, colour, sizes, branding and placement as paid, and the studio's note on this version.
 * One shape for the buyer's order page and a colleague's share-link page, so both read the same.
 */
import { BRANDING_METHODS } from "../pricing/checkout";
import type { OrderLine } from "./order-snapshot";
import { soldColourName } from "./sold-colours";
import { describeSizes } from "../pricing/sizes";

export type ProofFacts = {
  quantity: number;
  /** The colour's name (its hex when the catalogue no longer names it); null when none was chosen. */
  colour: { name: string; hex: string } | null;
  /** e.g. "S × 20, M × 40"; null for a product without sizes. */
  sizes: string | null;
  branding: string;
  placement: string;
  /** The studio's note sent with this version; null when there was none. */
  note: string | null;
};

export function proofFacts(
  line: Pick<OrderLine, "quantity" | "product" | "customization">,
  note: string | null,
): ProofFacts {
  const c = line.customization;
  const hex = c.variant.color_hex;
  return {
    quantity: line.quantity,
    colour: hex ? { name: soldColourName(line.product, hex) ?? hex, hex } : null,
    sizes: c.sizes.length > 0 ? describeSizes(c.sizes) : null,
    branding: BRANDING_METHODS[c.branding.method],
    placement: c.branding.placement_details || "As on the product page",
    note: note?.trim() ? note.trim() : null,
  };
}
