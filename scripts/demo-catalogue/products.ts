/**
 * How the demo catalogue's hand-written products are written: the types that describe them, the colours
 * they are made in and the helpers the category files (drinkware.ts to other.ts) write them with.
 */
import { DEMO_SEED } from "~/domain/catalogue/product-edit";
import type { ColourOption, ProductTag } from "~/catalogue/types";
import type { ProductEdit } from "~/domain/catalogue/product-edit";
import { type ProductDetails, SIZING_HEADERS } from "~/domain/catalogue/product-details-edit";
import type { BrandingMethod } from "~/domain/pricing/checkout";
import type { TierRow } from "~/domain/pricing/tier-table";

/** Who the products' history says made them: no member of staff did. */
export const SEED_STAFF_ID = DEMO_SEED.id;

/** The shop's shipping text, as the spec's products have it (the checkout's flat rates are what is charged). */
const SHIPPING_INFO =
  "Sent by air courier once production is finished. Shipping is calculated at checkout (Standard £18, Express £35).";

// ---------------------------------------------------------------------------------------------
// Colours

export const COLOURS = {
  Black: "#111111",
  White: "#ffffff",
  Navy: "#1f2a56",
  "Royal Blue": "#2b59c3",
  "Sky Blue": "#7fb8e6",
  Red: "#c8102e",
  Burgundy: "#6d1a36",
  Orange: "#f26b1d",
  Yellow: "#f5c518",
  "Forest Green": "#1f5135",
  "Kelly Green": "#2e9d4f",
  Sage: "#9caf88",
  Olive: "#5f6431",
  Teal: "#128a8a",
  Purple: "#5b2a86",
  Pink: "#f4a6c0",
  Charcoal: "#3a3d42",
  "Heather Grey": "#a7a9ac",
  Stone: "#d8cfc0",
  Sand: "#c9b28f",
  Natural: "#efe6d2",
  Cream: "#f5efdf",
  Khaki: "#b8a878",
  Silver: "#c0c4c8",
  "Natural Jute": "#c4a574",
  "Gloss White": "#fdfdfd",
  "Matt White": "#f1f0ec",
  "Gold Plating": "#c9a24a",
  "Silver Plating": "#bfc3c8",
  "Black Nickel": "#35383d",
} as const;
type ColourName = keyof typeof COLOURS;

/** The colours a variant may be made in besides its template's: the common stock colours. */
export const STOCK_COLOURS: readonly ColourName[] = [
  "Black",
  "White",
  "Navy",
  "Royal Blue",
  "Sky Blue",
  "Red",
  "Burgundy",
  "Orange",
  "Yellow",
  "Forest Green",
  "Kelly Green",
  "Sage",
  "Teal",
  "Purple",
  "Pink",
  "Charcoal",
  "Heather Grey",
  "Stone",
];

export const colours = (...names: ColourName[]): ColourOption[] => names.map((name) => ({ name, hex: COLOURS[name] }));

// ---------------------------------------------------------------------------------------------
// The hand-written products

/** The drawings this script can make, one per kind of product. */
export type Shape =
  | "bottle"
  | "sportsBottle"
  | "glassBottle"
  | "mug"
  | "enamelMug"
  | "tumbler"
  | "coffeeCup"
  | "wineTumbler"
  | "notebook"
  | "pocketNotebook"
  | "spiralNotebook"
  | "pen"
  | "stylusPen"
  | "mouseMat"
  | "stickyNotes"
  | "tee"
  | "polo"
  | "longSleeve"
  | "hoodie"
  | "zipHoodie"
  | "tote"
  | "jute"
  | "backpack"
  | "rollTop"
  | "drawstring"
  | "cooler"
  | "cap"
  | "campCap"
  | "trucker"
  | "beanie"
  | "pomBeanie"
  | "bucketHat"
  | "lanyard"
  | "sticker"
  | "umbrella"
  | "powerBank"
  | "keyring"
  | "pinBadge";

/** A product as written here: its fields as the editor would save them, and how it is drawn. */
export type DemoProduct = {
  edit: ProductEdit;
  shape: Shape;
  /** What the drawing shows, "{colour}" standing for the colour it is drawn in: the alt text's words. */
  pictured: string;
  /** Other names the same kind of product sells under: the generated variants' titles. */
  alsoSold: readonly string[];
};

/** Bands from `[from, pence]` pairs: each runs until the next starts, the last is open; the first is the minimum order. */
function bands(pairs: ReadonlyArray<readonly [number, number]>): TierRow[] {
  return pairs.map(([from, unitPence], index) => {
    const next = pairs[index + 1];
    return { from, to: next ? next[0] - 1 : null, unitPence };
  });
}

/** "Title | what it is" lines as the editor keeps customisations. */
export const options = (...lines: string[]): ProductDetails["customizationOptions"] =>
  lines.map((line) => {
    const [title = "", subtitle] = line.split(" | ");
    return subtitle ? { title, subtitle } : { title };
  });

/** "Label: value" lines as the editor keeps specifications. */
export const specs = (...lines: string[]): ProductDetails["specifications"] =>
  lines.map((line) => {
    const colon = line.indexOf(":");
    return { label: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
  });

/** A top's sizes: body measurements, and the garment's back length measured flat (`extra` cm longer for a hoodie). */
export function topSizes(extra = 0): ProductDetails["sizingTable"] {
  const rows: Array<[string, string, string, string, number]> = [
    ["XS", "155-165", "45-55", "64-70", 66],
    ["S", "160-170", "55-62", "70-76", 69],
    ["M", "168-176", "62-72", "76-82", 72],
    ["L", "174-182", "72-82", "82-88", 75],
    ["XL", "180-188", "82-92", "88-96", 77],
    ["XXL", "185-193", "92-102", "96-104", 79],
  ];
  return {
    headers: [...SIZING_HEADERS],
    rows: rows.map(([size, height, weight, waist, length]) => ({
      size,
      height,
      weight,
      waist,
      length: String(length + extra),
    })),
    note:
      "Height, weight and waist are body measurements; length is the garment's back length from the collar, measured flat. " +
      "Allow 1-2 cm either way. Between sizes? Choose the larger.",
  };
}

type Written = {
  title: string;
  slug: string;
  sku: string;
  /** One of the spec's six categories, which a fresh shop has (docs/decisions/068-categories-are-data.md). */
  category: string;
  description: string;
  bands: ReadonlyArray<readonly [number, number]>;
  colours: ColourOption[];
  leadTime: string;
  deliveryTime?: string;
  tags?: ProductTag[];
  branding: readonly BrandingMethod[];
  theme: ProductDetails["customizationTheme"];
  handwrittenNote?: boolean;
  options: ProductDetails["customizationOptions"];
  features: string[];
  goodFor: string[];
  specifications: ProductDetails["specifications"];
  shippingPence: number;
  sizes?: ProductDetails["sizingTable"];
  shape: Shape;
  pictured: string;
  alsoSold: readonly string[];
};

/** A product from its written fields; the first branding method listed is the one the checkout starts on. */
export function written(p: Written): DemoProduct {
  const tiers = bands(p.bands);
  const details: ProductDetails = {
    branding: { methods: p.branding, default: p.branding[0]! },
    customizationTheme: p.theme,
    allowHandwrittenNote: p.handwrittenNote ?? false,
    customizationOptions: p.options,
    features: p.features,
    goodFor: p.goodFor,
    specifications: p.specifications,
    shippingInfo: SHIPPING_INFO,
    shippingPerUnitPence: p.shippingPence,
    ...(p.sizes ? { sizingTable: p.sizes } : {}),
  };
  return {
    edit: {
      title: p.title,
      slug: p.slug,
      sku: p.sku,
      description: p.description,
      category: p.category,
      moq: tiers[0]!.from,
      leadTime: p.leadTime,
      deliveryTime: p.deliveryTime ?? "5-7 days",
      tags: p.tags ?? [],
      tiers,
      colours: p.colours,
      details,
    },
    shape: p.shape,
    pictured: p.pictured,
    alsoSold: p.alsoSold,
  };
}
