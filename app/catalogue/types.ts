/**
 * Types of the catalogue (SPEC.md §3 "Product", "Colour option"; REQUIREMENTS R-CAT-01..12), as
 * the database holds it and the spec's four products are written (docs/decisions/066-catalogue-is-data.md,
 * 068-categories-are-data.md).
 */
import type { BrandingMethod } from "~/domain/pricing/checkout";
import type { PriceTier } from "~/domain/pricing/pricing";
import type { ProductCharge } from "~/domain/pricing/charges";

/**
 * Where the header and the small screens' drawer link a category (docs/decisions/068-categories-are-data.md):
 * `header` in both, `drawer` in the drawer only (as the spec links Drinkware), `none` in neither; the
 * footer, the home grid and the listing show every visible category with products on sale.
 */
export const CATEGORY_MENUS = ["header", "drawer", "none"] as const;
export type CategoryMenu = (typeof CATEGORY_MENUS)[number];

/**
 * A category as the operator runs it (decision 068): its page is /products/<slug>, `name` is what
 * a product's `category` holds, a hidden one shows only in the back office. `id` is the
 * database's; the spec's six as written (categories.ts) have none.
 */
export type Category = { id?: string; slug: string; name: string; hidden: boolean; menu: CategoryMenu };

export const PRODUCT_TAGS = ["Hot", "New", "Sporty", "Low MOQ"] as const;
export type ProductTag = (typeof PRODUCT_TAGS)[number];

export const CUSTOMIZATION_THEMES = ["blue", "orange", "purple", "green"] as const;
export type CustomizationTheme = (typeof CUSTOMIZATION_THEMES)[number];

/** One colour swatch: a display name and a '#rrggbb' hex. */
export type ColourOption = { name: string; hex: string };

/**
 * One product picture. `src400`/`src320` are WebP renders for <img srcset>, `full` is the
 * vector original for the zoom view, `placeholderClass` the class (images/placeholders.css) that
 * shows a tiny blurred preview while loading. Every image is square.
 */
export type ProductImage = {
  src400: string;
  src320: string;
  full: string;
  placeholderClass: string;
  alt: string;
  width: 400;
  height: 400;
  /** The colour (by name) the picture shows the product in, if it is drawn in one: a line in that colour is pictured in it. */
  colour?: string;
};

/** A customisation the buyer can tick on the product page (R-PDP-12). Titles are stored on the cart line. */
export type CustomizationOption = { title: string; subtitle?: string; className?: string };

/**
 * One row of a tier table, as shown to the buyer: quantity '50-399', '100-200' or '400+', price
 * '£5.50'. Bands are lower-bound inclusive (decision 049); app/domain/pricing/pricing.ts reads them.
 */
export type PricingRow = { quantity: string; price: string };

export type Specification = { label: string; value: string };

export type SizingRow = { size: string; height: string; weight: string; waist: string; length: string };
export type SizingTable = { headers: string[]; rows: SizingRow[]; note: string };

/** A product as the catalogue writes it (products.ts). */
export type CatalogueEntry = {
  /** String ids '8', '15', '16', '17' (R-CAT-01; mapping per decision 048). */
  id: string;
  title: string;
  description: string;
  /** The name of its category, e.g. 'Office Essentials' (a category of the shop's, decision 068). */
  category: string;
  images: ProductImage[];
  /** A single price, or the [lowest, highest] of the tier table, shown '£x.xx - £y.yy'. Display and sorting only. */
  unitPrice: number | [number, number];
  moq: number;
  /** Production time, e.g. '3.5 weeks', '9 days', '2-3 weeks'. */
  leadTime: string;
  /** Courier time after production, e.g. '5-7 days'. */
  deliveryTime: string;
  tags: ProductTag[];
  customizationTheme: CustomizationTheme;
  allowHandwrittenNote: boolean;
  customizationOptions: CustomizationOption[];
  /**
   * How the factory can put a logo on this product: step 2 offers only these
   * methods, with `default` preselected, and a draft is saved and paid only with one of them.
   */
  branding: { methods: readonly BrandingMethod[]; default: BrandingMethod };
  features: string[];
  goodFor: string[];
  pricingTable: PricingRow[];
  /** Buyer-facing shipping text (A-6: the checkout's flat rates are what is charged). */
  shippingInfo: string;
  specifications: Specification[];
  sizingTable?: SizingTable;
  /** When the product joined the catalogue (ISO date): the key of the 'newest' sort. */
  createdAt: string;
  /**
   * The supplier's quoted air-express courier cost per unit, in pence (SPEC §9: cap and shorts
   * 195, diary 125, mat 280). Reference data only: it is not charged and not shown as a price
   * until the business issues one rate card.
   */
  shippingPerUnitPence: number;
  /** Set-up fees and surcharges the operator sets (decision 088); the spec's products have none. */
  charges?: ProductCharge[];
};

/** Where a product stands: being written, on sale, or no longer sold. */
export const PRODUCT_STATUSES = ["draft", "published", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/**
 * A product as the shop uses it: its price bands as numbers and the colours it is made in, read
 * from the catalogue's entry (catalogue.ts) or from the database (app/server/catalogue).
 */
export type Product = Omit<CatalogueEntry, "pricingTable"> & {
  tiers: readonly PriceTier[];
  colours: readonly ColourOption[];
};

/** A product as its card in a list shows it (cardOf). */
export type ProductCardData = Pick<
  Product,
  "id" | "title" | "images" | "tags" | "unitPrice" | "moq" | "leadTime" | "colours"
>;

/** A product as the database keeps it: with what the back office knows of it besides what buyers see. */
export type StoredProduct = Product & {
  slug: string;
  sku: string | null;
  status: ProductStatus;
  version: number;
  /** Made by `npm run seed:demo` for an evaluation, not the operator's own. */
  demo: boolean;
};
