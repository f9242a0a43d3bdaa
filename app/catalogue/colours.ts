import type { ColourOption } from "./types";

/** The colour choices every product offers unless it has its own (R-CAT-09), in this order. */
export const DEFAULT_PALETTE: readonly ColourOption[] = [
  { name: "Black", hex: "#111111" },
  { name: "White", hex: "#ffffff" },
  { name: "Dark Gray", hex: "#4b4f56" },
  { name: "Light Gray", hex: "#c9ccd1" },
  { name: "Burgundy", hex: "#7a1f3d" },
  { name: "Red", hex: "#d62828" },
  { name: "Navy", hex: "#1f2a56" },
  { name: "Blue", hex: "#2c6bdb" },
  { name: "Forest Green", hex: "#1f5f3f" },
  { name: "Orange", hex: "#f26b12" },
];

/** Products made only in their own colours (R-CAT-10): the running shorts come in Black or Orange. */
export const PRODUCT_COLOURS: Readonly<Record<string, readonly ColourOption[]>> = {
  "15": [
    { name: "Black", hex: "#111111" },
    { name: "Orange", hex: "#f26b12" },
  ],
};

/**
 * The colours a product can be ordered in: its own list if it has one, else the default palette.
 * Returns a fresh array, so a caller can never change the shared palette.
 */
export function coloursFor(productId: string): ColourOption[] {
  return (PRODUCT_COLOURS[productId] ?? DEFAULT_PALETTE).map((colour) => ({ ...colour }));
}

/** The display name of a colour hex offered for a product (case-insensitive), e.g. for order summaries. */
export function colourName(productId: string, hex: string): string | undefined {
  const wanted = hex.toLowerCase();
  return coloursFor(productId).find((colour) => colour.hex.toLowerCase() === wanted)?.name;
}

/** True when `hex` is one of the product's offered colours; the server uses it to validate a cart line. */
export function isOfferedColour(productId: string, hex: string): boolean {
  return colourName(productId, hex) !== undefined;
}
