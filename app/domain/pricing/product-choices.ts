/**
 * A product page's choices written into its address, so they survive signing in or up
 * (docs/decisions/037-choices-through-sign-in.md): the page a buyer comes back to reads them, and
 * `add=1` asks the server to put the line in the cart once the buyer is signed in. Whatever comes
 * back from an address is checked again: this module keeps only what the product offers, and the
 * cart's own schema (shopping-rules.ts) judges the line before it is added.
 */
import type { Product } from "~/catalogue/types";
import { maxQuantity } from "./pricing";
import { offeredSizes, type SizeCount } from "./sizes";

export type ProductChoices = {
  quantity: number;
  /** The colour's hex as the catalogue spells it, or null before one is chosen. */
  colour: string | null;
  selections: string[];
  handwrittenNote: boolean;
  sizes: SizeCount[];
};

type ChoiceProduct = Pick<
  Product,
  "id" | "moq" | "tiers" | "colours" | "customizationOptions" | "allowHandwrittenNote" | "sizingTable"
>;

/** What a product page starts with when its address carries no choices (SPEC.md §4 "Product detail"). */
export function defaultChoices(product: Pick<Product, "moq">): ProductChoices {
  return { quantity: product.moq, colour: null, selections: [], handwrittenNote: false, sizes: [] };
}

/** The product page's address with these choices; `add` when Add to Cart was pressed. */
export function productPathWithChoices(productId: string, choices: ProductChoices, options: { add?: boolean } = {}) {
  const params = new URLSearchParams();
  params.set("quantity", String(choices.quantity));
  if (choices.colour) params.set("colour", choices.colour.replace(/^#/, "").toLowerCase());
  for (const title of choices.selections) params.append("option", title);
  if (choices.handwrittenNote) params.set("note", "1");
  const sizes = choices.sizes.filter((entry) => entry.count > 0);
  if (sizes.length > 0) params.set("sizes", sizes.map(({ size, count }) => `${size}:${count}`).join(","));
  if (options.add) params.set("add", "1");
  return `/product/${encodeURIComponent(productId)}?${params}`;
}

/** The most a size split in an address may list; a product's table has far fewer sizes. */
const MAX_SIZE_ENTRIES = 20;

/** "XS:10,M:50" as the size split it says; null when it is not of that shape. */
function parseSizes(text: string | null): SizeCount[] | null {
  if (!text || text.length > 200) return null;
  const entries = text.split(",");
  if (entries.length > MAX_SIZE_ENTRIES) return null;
  const sizes: SizeCount[] = [];
  for (const entry of entries) {
    const match = /^([A-Za-z0-9]{1,10}):(\d{1,9})$/.exec(entry);
    if (!match) return null;
    sizes.push({ size: match[1] as string, count: Number(match[2]) });
  }
  return sizes;
}

/**
 * The choices an address carries for this product, each kept only when the product offers it: a
 * quantity within [MOQ, max] (else the MOQ), one of its colours, its own customisations, a note
 * only where one may be added, and sizes of its table. Anything else falls back to the default.
 */
export function choicesFromSearch(product: ChoiceProduct, params: URLSearchParams): ProductChoices {
  const choices = defaultChoices(product);
  const quantityText = params.get("quantity") ?? "";
  if (/^\d{1,9}$/.test(quantityText)) {
    const quantity = Number(quantityText);
    if (quantity >= product.moq && quantity <= maxQuantity(product.tiers)) choices.quantity = quantity;
  }
  const colour = (params.get("colour") ?? "").toLowerCase();
  choices.colour = product.colours.find((c) => c.hex.replace(/^#/, "").toLowerCase() === colour)?.hex ?? null;
  const titles = product.customizationOptions.map((option) => option.title);
  choices.selections = titles.filter((title) => params.getAll("option").includes(title));
  choices.handwrittenNote = product.allowHandwrittenNote && params.get("note") === "1";
  const offered = offeredSizes(product);
  const sizes = parseSizes(params.get("sizes"));
  if (sizes?.every((entry) => offered.includes(entry.size))) {
    choices.sizes = offered
      .map((size) => ({ size, count: sizes.find((entry) => entry.size === size)?.count ?? 0 }))
      .filter((entry) => entry.count > 0);
  }
  return choices;
}

/**
 * The Add to Cart form an address asks for, in the shape the product page posts to /cart, for the
 * cart's schema to judge like any other (MOQ, colours, customisations, sizes adding up). Read from
 * the address as given, not from `choicesFromSearch`: a quantity below the MOQ is refused, never
 * quietly raised to it.
 */
export function cartAddFormFromSearch(productId: string, params: URLSearchParams): Record<string, string> {
  const colour = params.get("colour") ?? "";
  return {
    intent: "add",
    productId,
    quantity: params.get("quantity") ?? "",
    selectedColor: colour === "" ? "" : `#${colour}`,
    customizationSelections: JSON.stringify(params.getAll("option")),
    handwrittenNote: params.get("note") === "1" ? "true" : "false",
    notes: "",
    // A split the address garbles is sent as it is, for the schema to refuse rather than drop.
    sizes: params.has("sizes") ? JSON.stringify(parseSizes(params.get("sizes")) ?? params.get("sizes")) : "[]",
  };
}
