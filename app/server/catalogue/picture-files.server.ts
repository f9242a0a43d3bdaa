/**
 * Where a picture staff uploaded is kept and how the pages fetch it (docs/decisions/066-catalogue-is-data.md).
 * Its `product_images.source` is `stored:<original>/<320>/<400>/<1200>`: the stored names of the
 * upload as it came (never served) and of its three square WebP renders, which the pages fetch
 * from `/product-pictures/<name>`. Only a render a product of the catalogue shows is served.
 */
import type { Product, ProductImage } from "~/catalogue/types";
import { isStoredName } from "../providers/file-storage.server";

/** Where the pages fetch a stored render. */
export const PICTURE_URL_PREFIX = "/product-pictures/";

export type StoredPicture = { original: string; w320: string; w400: string; w1200: string };

/** The source a stored picture is saved under. */
export const storedPictureSource = (names: StoredPicture): string =>
  `stored:${names.original}/${names.w320}/${names.w400}/${names.w1200}`;

/** The stored names a source holds, or undefined for a source that is not a stored picture's. */
export function storedPictureOf(source: string): StoredPicture | undefined {
  const [kind, rest = ""] = source.split(/:(.*)/s);
  if (kind !== "stored") return undefined;
  const names = rest.split("/");
  if (names.length !== 4 || !names.every(isStoredName)) return undefined;
  const [original, w320, w400, w1200] = names as [string, string, string, string];
  return { original, w320, w400, w1200 };
}

/** A stored picture's files as the pages use them: the renders, with no blurred preview while loading. */
export function storedPictureFiles(picture: StoredPicture): Omit<ProductImage, "alt" | "colour"> {
  return {
    src320: `${PICTURE_URL_PREFIX}${picture.w320}`,
    src400: `${PICTURE_URL_PREFIX}${picture.w400}`,
    full: `${PICTURE_URL_PREFIX}${picture.w1200}`,
    placeholderClass: "",
    width: 400,
    height: 400,
  };
}

const served = new WeakMap<readonly Pick<Product, "images">[], ReadonlySet<string>>();

/** The renders the catalogue's products show, whatever their status: what `/product-pictures/` serves. */
export function servedPictureNames(products: readonly Pick<Product, "images">[]): ReadonlySet<string> {
  const held = served.get(products);
  if (held) return held;
  const names = new Set(
    products.flatMap((product) =>
      product.images.flatMap((image) =>
        [image.src320, image.src400, image.full].flatMap((src) =>
          src.startsWith(PICTURE_URL_PREFIX) ? [src.slice(PICTURE_URL_PREFIX.length)] : [],
        ),
      ),
    ),
  );
  served.set(products, names);
  return names;
}
