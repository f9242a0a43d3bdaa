/**
 * Product pictures (R-PDP-01, R-CARD-06). Each illustration is a hand-drawn SVG in ./images,
 * rendered to WebP at 400 and 320 px by scripts/render-product-images.ts, which also writes the
 * blurred placeholders. Vite turns each import into a hashed, immutably cached URL; `?no-inline`
 * keeps the small files out of the JS bundle (the catalogue is imported on every page).
 */
import type { ProductImage } from "./types";
import { PLACEHOLDER_KEYS, type PlaceholderKey } from "./images/placeholders";

import cap1Full from "./images/cap-1.svg?no-inline";
import cap1W400 from "./images/cap-1-400.webp?no-inline";
import cap1W320 from "./images/cap-1-320.webp?no-inline";
import cap2Full from "./images/cap-2.svg?no-inline";
import cap2W400 from "./images/cap-2-400.webp?no-inline";
import cap2W320 from "./images/cap-2-320.webp?no-inline";
import cap3Full from "./images/cap-3.svg?no-inline";
import cap3W400 from "./images/cap-3-400.webp?no-inline";
import cap3W320 from "./images/cap-3-320.webp?no-inline";
import shorts1Full from "./images/shorts-1.svg?no-inline";
import shorts1W400 from "./images/shorts-1-400.webp?no-inline";
import shorts1W320 from "./images/shorts-1-320.webp?no-inline";
import shorts2Full from "./images/shorts-2.svg?no-inline";
import shorts2W400 from "./images/shorts-2-400.webp?no-inline";
import shorts2W320 from "./images/shorts-2-320.webp?no-inline";
import shorts3Full from "./images/shorts-3.svg?no-inline";
import shorts3W400 from "./images/shorts-3-400.webp?no-inline";
import shorts3W320 from "./images/shorts-3-320.webp?no-inline";
import diary1Full from "./images/diary-1.svg?no-inline";
import diary1W400 from "./images/diary-1-400.webp?no-inline";
import diary1W320 from "./images/diary-1-320.webp?no-inline";
import diary2Full from "./images/diary-2.svg?no-inline";
import diary2W400 from "./images/diary-2-400.webp?no-inline";
import diary2W320 from "./images/diary-2-320.webp?no-inline";
import diary3Full from "./images/diary-3.svg?no-inline";
import diary3W400 from "./images/diary-3-400.webp?no-inline";
import diary3W320 from "./images/diary-3-320.webp?no-inline";
import yogaMat1Full from "./images/yoga-mat-1.svg?no-inline";
import yogaMat1W400 from "./images/yoga-mat-1-400.webp?no-inline";
import yogaMat1W320 from "./images/yoga-mat-1-320.webp?no-inline";
import yogaMat2Full from "./images/yoga-mat-2.svg?no-inline";
import yogaMat2W400 from "./images/yoga-mat-2-400.webp?no-inline";
import yogaMat2W320 from "./images/yoga-mat-2-320.webp?no-inline";
import yogaMat3Full from "./images/yoga-mat-3.svg?no-inline";
import yogaMat3W400 from "./images/yoga-mat-3-400.webp?no-inline";
import yogaMat3W320 from "./images/yoga-mat-3-320.webp?no-inline";

function image(
  key: PlaceholderKey,
  full: string,
  src400: string,
  src320: string,
  alt: string,
  colour?: string,
): ProductImage {
  const files = { src400, src320, full, placeholderClass: `placeholder-${key}`, width: 400, height: 400 } as const;
  return { ...files, alt, ...(colour ? { colour } : {}) };
}

/** Gallery images per product id, first image first (the card shows the second on hover). */
export const PRODUCT_IMAGES = {
  "8": [
    image(
      "cap-1",
      cap1Full,
      cap1W400,
      cap1W320,
      "Navy six-panel cap, three-quarter front view, with a placeholder for your embroidered front logo",
      "Navy",
    ),
    image(
      "cap-2",
      cap2Full,
      cap2W400,
      cap2W320,
      "Navy cap, side view, showing the side logo position and the adjustable back strap",
    ),
    image("cap-3", cap3Full, cap3W400, cap3W320, "Back of the cap with a close-up of the custom woven strap tag"),
  ],
  "15": [
    image(
      "shorts-1",
      shorts1Full,
      shorts1W400,
      shorts1W320,
      "Black running shorts with orange trim, front view, with a placeholder for your leg logo",
      "Black",
    ),
    image(
      "shorts-2",
      shorts2Full,
      shorts2W400,
      shorts2W320,
      "Orange running shorts, back view, with the rear zip pocket and a placeholder for a back-waist print",
      "Orange",
    ),
    image(
      "shorts-3",
      shorts3Full,
      shorts3W400,
      shorts3W320,
      "Close-up of the split hem with orange piping, a printed logo and the lightweight fabric",
    ),
  ],
  "16": [
    image(
      "diary-1",
      diary1Full,
      diary1W400,
      diary1W320,
      "Blue A5 hardback diary, front cover, with a placeholder for your debossed logo",
      "Blue",
    ),
    image(
      "diary-2",
      diary2Full,
      diary2W400,
      diary2W320,
      "The diary open on a week-to-view spread, with a custom printed page for your logo",
    ),
    image(
      "diary-3",
      diary3Full,
      diary3W400,
      diary3W320,
      "Three diaries stacked in blue, burgundy and black, with a foil-stamped logo on the top one",
    ),
  ],
  "17": [
    image(
      "yoga-mat-1",
      yogaMat1Full,
      yogaMat1W400,
      yogaMat1W320,
      "Green yoga mat rolled up with its carry strap, with a placeholder for your printed logo",
    ),
    image(
      "yoga-mat-2",
      yogaMat2Full,
      yogaMat2W400,
      yogaMat2W320,
      "The yoga mat rolled out flat, with a placeholder for your printed logo at one end",
    ),
    image(
      "yoga-mat-3",
      yogaMat3Full,
      yogaMat3W400,
      yogaMat3W320,
      "Close-up of a corner of the mat: 6 mm thick, two-tone layers and a non-slip texture",
    ),
  ],
} satisfies Record<string, ProductImage[]>;

/** The files of a picture that ships with the shop; the catalogue gives its alt text and colour. */
export type BuiltinImage = Omit<ProductImage, "alt" | "colour">;

/** The pictures that ship with the shop, by key ('cap-1'): the database names them `builtin:cap-1`. */
export const BUILTIN_IMAGES: ReadonlyMap<string, BuiltinImage> = new Map(
  Object.values(PRODUCT_IMAGES)
    .flat()
    .map(({ alt: _alt, colour: _colour, ...files }) => [files.placeholderClass.replace("placeholder-", ""), files]),
);

/**
 * The source files behind every image, relative to app/catalogue/images (for the catalogue
 * test's on-disk check; the imported URLs are hashed in a build).
 */
export const IMAGE_FILES: readonly string[] = PLACEHOLDER_KEYS.flatMap((key) => [
  `${key}.svg`,
  `${key}-400.webp`,
  `${key}-320.webp`,
]);
