/** Which of a product's pictures shows a line's colour: free of the pictures themselves, so any page can ask. */
import type { ColourOption, ProductImage } from "./types";

/**
 * The one picture of a product in the colour a line chose (hex, any case): the cart, step 2 and
 * every order summary show this, so orange shorts are pictured orange everywhere. Only pictures
 * drawn in a colour name one; every other colour falls back to the first picture.
 */
export function imageForColour(
  product: { images: readonly ProductImage[]; colours: readonly ColourOption[] },
  hex: string | null | undefined,
): ProductImage | undefined {
  const wanted = hex?.toLowerCase();
  const name = product.colours.find((colour) => colour.hex.toLowerCase() === wanted)?.name;
  return (name === undefined ? undefined : product.images.find((image) => image.colour === name)) ?? product.images[0];
}
