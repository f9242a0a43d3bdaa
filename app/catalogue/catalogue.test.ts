import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { BRANDING_METHOD_IDS } from "~/domain/pricing/checkout";
import { parsePrice, parseTierRange, tierFor } from "~/domain/pricing/pricing";
import {
  PRODUCTS,
  cardOf,
  findProductById,
  forBuyers,
  onSale,
  productByKey,
  promotedCategories,
  relatedProducts,
} from "./catalogue";
import { categoryBySlug, homeCategoryOrder, SPEC_CATEGORIES as CATEGORIES, visibleCategories } from "./categories";
import { DEFAULT_PALETTE, coloursFor } from "./colours";
import { IMAGE_FILES, PRODUCT_IMAGES } from "./images";
import { PLACEHOLDER_KEYS } from "./images/placeholders";
import { CAP, DIARY, RUNNING_SHORTS, YOGA_MAT } from "./products";
import { CUSTOMIZATION_THEMES, PRODUCT_TAGS, type PricingRow, type Product, type StoredProduct } from "./types";

/** The pricing table a product's entry in products.ts writes, which its tiers are parsed from. */
const tableOf = (id: string): PricingRow[] =>
  [CAP, RUNNING_SHORTS, DIARY, YOGA_MAT].find((entry) => entry.id === id)?.pricingTable ?? [];

const IMAGE_DIR = fileURLToPath(new URL("./images/", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

const nonEmpty = z.string().trim().min(1);

/** R-CAT-02: every field of SPEC.md §3 "Product", plus createdAt and shippingPerUnitPence. */
const productSchema = z.strictObject({
  id: z.string().regex(/^\d+$/),
  title: nonEmpty,
  description: nonEmpty.min(80),
  category: z.enum(["Drinkware", "Office Essentials", "Other", "Apparel", "Bags", "Hats"]),
  images: z
    .array(
      z.strictObject({
        src400: nonEmpty,
        src320: nonEmpty,
        full: nonEmpty,
        placeholderClass: z.string().regex(/^placeholder-[a-z0-9-]+$/),
        alt: nonEmpty.min(20),
        width: z.literal(400),
        height: z.literal(400),
        colour: nonEmpty.optional(),
      }),
    )
    .min(2),
  unitPrice: z.union([z.number().positive(), z.tuple([z.number().positive(), z.number().positive()])]),
  moq: z.number().int().positive(),
  leadTime: nonEmpty,
  deliveryTime: nonEmpty,
  tags: z.array(z.enum(PRODUCT_TAGS)),
  customizationTheme: z.enum(CUSTOMIZATION_THEMES),
  allowHandwrittenNote: z.boolean(),
  customizationOptions: z
    .array(z.strictObject({ title: nonEmpty, subtitle: nonEmpty.optional(), className: nonEmpty.optional() }))
    .min(3)
    .max(5),
  branding: z.strictObject({
    methods: z.array(z.enum(BRANDING_METHOD_IDS)).min(1),
    default: z.enum(BRANDING_METHOD_IDS),
  }),
  features: z.array(nonEmpty).min(3),
  goodFor: z.array(nonEmpty).min(3),
  colours: z.array(z.strictObject({ name: nonEmpty, hex: z.string().regex(/^#[0-9a-f]{6}$/) })).min(1),
  tiers: z
    .array(
      z.strictObject({
        label: nonEmpty,
        min: z.number().int().positive(),
        max: z.number().int().positive().nullable(),
        unitPence: z.number().int().positive(),
      }),
    )
    .min(1),
  shippingInfo: nonEmpty,
  specifications: z.array(z.strictObject({ label: nonEmpty, value: nonEmpty })).min(4),
  sizingTable: z
    .strictObject({
      headers: z.array(nonEmpty).length(5),
      rows: z
        .array(
          z.strictObject({ size: nonEmpty, height: nonEmpty, weight: nonEmpty, waist: nonEmpty, length: nonEmpty }),
        )
        .min(1),
      note: nonEmpty,
    })
    .optional(),
  createdAt: z.iso.date(),
  shippingPerUnitPence: z.number().int().positive(),
});

/** '£5.50' → 5.5; anything but '£' followed by a plain decimal fails. */
function poundsOf(price: string): number {
  const match = /^£(\d+(?:\.\d{1,2})?)$/.exec(price);
  if (!match?.[1]) throw new Error(`Not a '£' price: "${price}"`);
  return Number(match[1]);
}

type Band = { min: number; max: number | null };
function bandOf(quantity: string): Band {
  const open = /^(\d+)\+$/.exec(quantity);
  if (open?.[1]) return { min: Number(open[1]), max: null };
  const bounded = /^(\d+)-(\d+)$/.exec(quantity);
  if (bounded?.[1] && bounded[2]) return { min: Number(bounded[1]), max: Number(bounded[2]) };
  throw new Error(`Not a quantity band: "${quantity}"`);
}

const byId = (id: string): Product => {
  const product = findProductById(id);
  if (!product) throw new Error(`product ${id} missing`);
  return product;
};
const cap = () => byId("8");
const ids = (products: readonly Product[]) => products.map((product) => product.id);

describe("catalogue data (R-CAT-01..05)", () => {
  test("exactly four products, ids '8', '15', '16', '17' as strings, in that order", () => {
    expect(PRODUCTS).toHaveLength(4);
    expect(ids(PRODUCTS)).toEqual(["8", "15", "16", "17"]);
    for (const product of PRODUCTS) expect(typeof product.id).toBe("string");
  });

  test.each(PRODUCTS.map((product) => [product.id, product] as const))("product %s has every field", (_id, product) => {
    const parsed = productSchema.safeParse(product);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  test("each product's numeric tiers are its table's rows, one for one, in pence", () => {
    for (const product of PRODUCTS) {
      expect(product.tiers.map((tier) => [tier.min, tier.max])).toEqual(
        tableOf(product.id).map((row) => Object.values(parseTierRange(row.quantity))),
      );
      expect(product.tiers.map((tier) => tier.unitPence / 100)).toEqual(
        tableOf(product.id).map((row) => parsePrice(row.price)),
      );
    }
  });

  test("tier labels are the real bands, never overlapping", () => {
    expect(PRODUCTS.map((product) => [product.id, product.tiers.map((tier) => tier.label)])).toEqual([
      ["8", ["50–399", "400+"]],
      ["15", ["50–99", "100–199", "200–299", "300–399", "400+"]],
      ["16", ["50–999", "1000+"]],
      ["17", ["50–399", "400+"]],
    ]);
  });

  test("each product offers its own branding methods, the default among them", () => {
    expect(PRODUCTS.map((product) => [product.id, product.branding])).toEqual([
      ["8", { methods: ["embroidery", "dtf"], default: "embroidery" }],
      ["15", { methods: ["dtf", "screen_print"], default: "dtf" }],
      ["16", { methods: ["deboss", "laser"], default: "deboss" }],
      ["17", { methods: ["screen_print", "laser"], default: "screen_print" }],
    ]);
    for (const product of PRODUCTS) {
      expect(product.branding.methods).toContain(product.branding.default);
      expect(new Set(product.branding.methods).size).toBe(product.branding.methods.length);
      // Everything we sell is branded: "No branding" is what a draft holds before a choice.
      expect(product.branding.methods).not.toContain("none");
    }
    // Neither fabric nor a cap's crown can be engraved or debossed.
    for (const id of ["8", "15"]) {
      expect(byId(id).branding.methods).not.toContain("laser");
      expect(byId(id).branding.methods).not.toContain("deboss");
    }
  });

  test("ids map to the products of decision 048, each in its category", () => {
    expect(PRODUCTS.map((product) => [product.id, product.category])).toEqual([
      ["8", "Hats"],
      ["15", "Apparel"],
      ["16", "Office Essentials"],
      ["17", "Other"],
    ]);
    expect(byId("8").title).toMatch(/cap/i);
    expect(byId("15").title).toMatch(/shorts/i);
    expect(byId("16").title).toMatch(/diary/i);
    expect(byId("17").title).toMatch(/yoga mat/i);
  });

  test("every product is tagged Hot; the other tags are as specified", () => {
    expect(PRODUCTS.map((product) => product.tags)).toEqual([
      ["Hot", "Low MOQ"],
      ["Hot", "Sporty", "New"],
      ["Hot"],
      ["Hot", "Sporty"],
    ]);
  });

  test("one customisation theme each; only the diary allows a handwritten note (R-PDP-13)", () => {
    expect(PRODUCTS.map((product) => product.customizationTheme)).toEqual(["blue", "orange", "purple", "green"]);
    expect(PRODUCTS.filter((product) => product.allowHandwrittenNote).map((product) => product.id)).toEqual(["16"]);
  });

  test("customisation option titles are unique within a product (they are stored on the cart line)", () => {
    for (const product of PRODUCTS) {
      const titles = product.customizationOptions.map((option) => option.title);
      expect(new Set(titles).size).toBe(titles.length);
    }
  });

  test("only the shorts carry a sizing table, with one value per header", () => {
    expect(PRODUCTS.filter((product) => product.sizingTable).map((product) => product.id)).toEqual(["15"]);
    const table = byId("15").sizingTable;
    expect(table?.rows.map((row) => row.size)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    for (const row of table?.rows ?? []) expect(Object.keys(row)).toHaveLength(table?.headers.length ?? 0);
  });

  test("createdAt gives a distinct 'newest' order (A-32)", () => {
    const dates = PRODUCTS.map((product) => product.createdAt);
    expect(new Set(dates).size).toBe(dates.length);
    for (const date of dates) expect(Number.isNaN(Date.parse(date))).toBe(false);
  });

  test("the category list and its order (R-CAT-05)", () => {
    expect(CATEGORIES.map((category) => category.name)).toEqual([
      "Drinkware",
      "Office Essentials",
      "Other",
      "Apparel",
      "Bags",
      "Hats",
    ]);
    expect(CATEGORIES.map((category) => category.slug)).toEqual([
      "drinkware",
      "office-essentials",
      "other",
      "apparel",
      "bags",
      "hats",
    ]);
    expect(categoryBySlug(CATEGORIES, "office-essentials")?.name).toBe("Office Essentials");
    expect(categoryBySlug(CATEGORIES, "shoes")).toBeUndefined();
  });
});

describe("pricing tables (R-CAT-12, R-CONST-01..05)", () => {
  test.each(PRODUCTS.map((product) => [product.id, product] as const))("product %s: integrity", (_id, product) => {
    const table: PricingRow[] = tableOf(product.id);
    // Every price is '£' + a number, and the app's own parser agrees (R-CALC-02).
    for (const row of table) {
      expect(poundsOf(row.price)).toBeGreaterThan(0);
      expect(parsePrice(row.price)).toBe(poundsOf(row.price));
      expect(parseTierRange(row.quantity)).toEqual(bandOf(row.quantity));
    }
    const bands = table.map((row) => bandOf(row.quantity));
    // The first tier starts at the MOQ.
    expect(bands[0]?.min).toBe(product.moq);
    // The last tier is open-ended 'N+'; every earlier one is bounded.
    expect(bands.at(-1)?.max).toBeNull();
    expect(table.at(-1)?.quantity).toMatch(/^\d+\+$/);
    // Contiguous, lower-bound inclusive: each band's upper bound is where the next band starts
    // ('50-100' then '100-200'), or the last quantity before it ('50-399' then '400+'). No gaps.
    for (let i = 0; i + 1 < bands.length; i += 1) {
      const band = bands[i];
      const next = bands[i + 1];
      if (!band || !next) throw new Error("unreachable");
      expect(band.max).not.toBeNull();
      expect(band.max ?? 0).toBeGreaterThan(band.min);
      expect([band.max, (band.max ?? 0) + 1]).toContain(next.min);
    }
    // The headline range is exactly the lowest and highest tier price.
    const prices = table.map((row) => poundsOf(row.price));
    expect(product.unitPrice).toEqual([Math.min(...prices), Math.max(...prices)]);
  });

  test("every quantity from the MOQ to the top of the table is priced by its own band", () => {
    for (const product of PRODUCTS) {
      const bands = tableOf(product.id).map((row) => ({ ...bandOf(row.quantity), price: row.price }));
      const top = (bands.at(-1)?.min ?? 0) + 1;
      for (let quantity = product.moq; quantity <= top; quantity += 1) {
        // The band a reader expects: the last one starting at or below the quantity.
        const expected = bands.filter((band) => band.min <= quantity).at(-1)?.price;
        const tier = tierFor(product.tiers, quantity);
        expect(tableOf(product.id)[product.tiers.indexOf(tier)]?.price, `${product.id} @ ${quantity}`).toBe(expected);
      }
    }
  });

  test("the tables hold exactly the stated prices (decision 049)", () => {
    expect(tableOf("8")).toEqual([
      { quantity: "50-399", price: "£5.50" },
      { quantity: "400+", price: "£3.88" },
    ]);
    expect(tableOf("15")).toEqual([
      { quantity: "50-100", price: "£9.20" },
      { quantity: "100-200", price: "£10.40" },
      { quantity: "200-300", price: "£10.00" },
      { quantity: "300-400", price: "£9.00" },
      { quantity: "400+", price: "£8.00" },
    ]);
    expect(tableOf("16")).toEqual([
      { quantity: "50-999", price: "£2.24" },
      { quantity: "1000+", price: "£1.65" },
    ]);
    expect(tableOf("17")).toEqual([
      { quantity: "50-399", price: "£5.50" },
      { quantity: "400+", price: "£3.80" },
    ]);
  });

  test("boundary prices: cap 399/400, shorts 99/100/250/400, diary 999/1000, mat 399/400", () => {
    const at = (id: string, quantity: number) => {
      const product = byId(id);
      return tableOf(product.id)[product.tiers.indexOf(tierFor(product.tiers, quantity))]?.price;
    };
    expect([at("8", 50), at("8", 399), at("8", 400), at("8", 10000)]).toEqual(["£5.50", "£5.50", "£3.88", "£3.88"]);
    expect([at("15", 99), at("15", 100), at("15", 250), at("15", 400)]).toEqual(["£9.20", "£10.40", "£10.00", "£8.00"]);
    expect([at("16", 999), at("16", 1000)]).toEqual(["£2.24", "£1.65"]);
    expect([at("17", 399), at("17", 400)]).toEqual(["£5.50", "£3.80"]);
  });
});

describe("business constants (R-CONST-01, 06..09)", () => {
  test("MOQ is 50 for all four", () => {
    expect(PRODUCTS.map((product) => product.moq)).toEqual([50, 50, 50, 50]);
  });

  test("air-express cost per unit: cap £1.95, shorts £1.95, diary £1.25, mat £2.80", () => {
    expect(PRODUCTS.map((product) => product.shippingPerUnitPence)).toEqual([195, 195, 125, 280]);
  });

  test("shipping text points to the checkout's rates (A-6) and never quotes a per-unit price", () => {
    for (const product of PRODUCTS) {
      expect(product.shippingInfo).toMatch(/calculated at checkout/i);
      expect(product.shippingInfo).toContain("£18");
      expect(product.shippingInfo).toContain("£35");
      expect(product.shippingInfo).not.toMatch(/£1\.95|£1\.25|£2\.80|per unit/i);
    }
  });

  test("lead and delivery times", () => {
    expect(PRODUCTS.map((product) => product.leadTime)).toEqual(["3.5 weeks", "9 days", "2-3 weeks", "2 weeks"]);
    expect(PRODUCTS.map((product) => product.deliveryTime)).toEqual(["5-7 days", "10 days", "5-7 days", "5-7 days"]);
  });

  // Decision 023: ratings and counts come from published reviews only, never the catalogue.
  test("no product carries a rating or a review count of its own", () => {
    for (const product of PRODUCTS) {
      expect(Object.keys(product)).not.toContain("reviews");
      expect(JSON.stringify(product)).not.toMatch(/"(rating|reviews?|reviewCount|aggregateRating)"/);
    }
  });
});

describe("colours (R-CAT-09, R-CAT-10)", () => {
  test("the default palette: 10 colours in order, each a distinct #rrggbb", () => {
    expect(DEFAULT_PALETTE.map((colour) => colour.name)).toEqual([
      "Black",
      "White",
      "Dark Gray",
      "Light Gray",
      "Burgundy",
      "Red",
      "Navy",
      "Blue",
      "Forest Green",
      "Orange",
    ]);
    for (const colour of DEFAULT_PALETTE) expect(colour.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(new Set(DEFAULT_PALETTE.map((colour) => colour.hex)).size).toBe(10);
  });

  test("only the shorts have their own colours: Black and Orange", () => {
    expect(coloursFor("15").map((colour) => colour.name)).toEqual(["Black", "Orange"]);
    for (const id of ["8", "16", "17", "999"]) expect(coloursFor(id)).toEqual(DEFAULT_PALETTE);
    coloursFor("8").pop();
    expect(coloursFor("8")).toHaveLength(10);
  });
});

describe("helpers (R-CAT-06..08, R-PDP-22, R-HOME-04)", () => {
  /** The spec's products as the database keeps them, with a status each. */
  const stored = (status: (id: string) => StoredProduct["status"]): StoredProduct[] =>
    PRODUCTS.map((product) => ({
      ...product,
      slug: `slug-${product.id}`,
      sku: `SKU-${product.id}`,
      demo: false,
      status: status(product.id),
      version: 1,
    }));

  test("only published products are on sale, in catalogue order", () => {
    expect(ids(onSale(stored(() => "published")))).toEqual(["8", "15", "16", "17"]);
    const statuses: Record<string, StoredProduct["status"]> = { "8": "archived", "15": "draft" };
    const mixed = stored((id) => statuses[id] ?? "published");
    expect(ids(onSale(mixed))).toEqual(["16", "17"]);
    expect(onSale([])).toEqual([]);
  });

  test("a card carries what the card shows and no more: two pictures at most, no texts or tiers", () => {
    const cap = findProductById("8")!;
    const card = cardOf({ ...cap, images: [...cap.images, ...cap.images] });
    expect(Object.keys(card).sort()).toEqual([
      "colours",
      "id",
      "images",
      "leadTime",
      "moq",
      "tags",
      "title",
      "unitPrice",
    ]);
    expect(card.images).toEqual(cap.images.slice(0, 2));
    expect(card).toMatchObject({ id: "8", title: cap.title, moq: 50, unitPrice: cap.unitPrice, colours: cap.colours });
    const asStored = cardOf(stored(() => "published")[0]!);
    for (const kept of ["sku", "status", "description", "tiers"]) expect(asStored).not.toHaveProperty(kept);
  });

  test("a URL names a product by its id or its slug, nothing else", () => {
    const products = stored(() => "published");
    expect(productByKey(products, "8")?.id).toBe("8");
    expect(productByKey(products, "slug-15")?.id).toBe("15");
    expect(productByKey(products, "SKU-8")).toBeUndefined();
    expect(productByKey(products, "Cap")).toBeUndefined();
    expect(productByKey(products, "")).toBeUndefined();
  });

  test("buyers' pages get a product without its supplier reference, status or version", () => {
    const [product] = stored(() => "published");
    const shown = forBuyers(product!);
    expect(shown).not.toHaveProperty("sku");
    expect(shown).not.toHaveProperty("status");
    expect(shown).not.toHaveProperty("version");
    expect(shown).toMatchObject({ id: "8", slug: "slug-8", title: cap().title, tiers: cap().tiers });
  });

  test("findProductById", () => {
    expect(findProductById("8")).toBe(cap());
    expect(findProductById("8")?.title).toMatch(/cap/i);
    expect(findProductById("999")).toBeUndefined();
    expect(findProductById("")).toBeUndefined();
  });

  // R-CAT-08's featured set (the first four tagged Hot) is the home page's fallback before any
  // paid order: choosePicks, app/domain/pricing/most-loved.ts (decision 024).

  test("related: other products only, same category first, at most the limit", () => {
    for (const product of PRODUCTS) {
      const related = relatedProducts(PRODUCTS, product);
      expect(ids(related)).not.toContain(product.id);
      expect(related.length).toBeLessThanOrEqual(4);
      expect(related).toHaveLength(PRODUCTS.length - 1);
      expect(new Set(ids(related)).size).toBe(related.length);
      const firstOther = related.findIndex((other) => other.category !== product.category);
      if (firstOther >= 0) {
        expect(related.slice(firstOther).every((other) => other.category !== product.category)).toBe(true);
      }
    }
    expect(ids(relatedProducts(PRODUCTS, cap()))).toEqual(["15", "16", "17"]);
    expect(ids(relatedProducts(PRODUCTS, findProductById("16")!, 2))).toEqual(["8", "15"]);
    expect(relatedProducts(PRODUCTS, cap(), 0)).toEqual([]);
    // A product no longer on the shelf (archived): the shelf's same-category products first.
    const gone = { id: "99", category: "Apparel" as const };
    expect(ids(relatedProducts(PRODUCTS, gone))).toEqual(["15", "8", "16", "17"]);
  });

  test("home category order keeps every category and puts Other last", () => {
    const order = homeCategoryOrder(CATEGORIES);
    expect(order).toHaveLength(CATEGORIES.length);
    expect(order.at(-1)?.name).toBe("Other");
    expect(order.map((category) => category.slug)).toEqual([
      "drinkware",
      "office-essentials",
      "apparel",
      "bags",
      "hats",
      "other",
    ]);
    expect(homeCategoryOrder([...CATEGORIES].reverse()).at(-1)?.slug).toBe("other");
    expect(homeCategoryOrder(promotedCategories(PRODUCTS, CATEGORIES)).map((category) => category.slug)).toEqual([
      "office-essentials",
      "apparel",
      "hats",
      "other",
    ]);
  });

  test("a category is promoted iff it has products", () => {
    expect(promotedCategories(PRODUCTS, CATEGORIES).map((category) => category.slug)).toEqual([
      "office-essentials",
      "other",
      "apparel",
      "hats",
    ]);
    for (const category of CATEGORIES) {
      expect(promotedCategories(PRODUCTS, CATEGORIES).includes(category)).toBe(
        PRODUCTS.some((product) => product.category === category.name),
      );
    }
    // A mug in the catalogue would promote Drinkware, in the catalogue's order.
    const withMug = [...PRODUCTS, { category: "Drinkware" as const }];
    expect(promotedCategories(withMug, CATEGORIES).map((category) => category.slug)).toEqual([
      "drinkware",
      "office-essentials",
      "other",
      "apparel",
      "hats",
    ]);
    expect(promotedCategories([], CATEGORIES)).toEqual([]);
    expect(promotedCategories(PRODUCTS, [])).toEqual([]);
  });

  test("the operator's categories: a hidden one is neither promoted nor listed, a renamed one is promoted by its products (decision 068)", () => {
    const hidden = CATEGORIES.map((category) => (category.slug === "hats" ? { ...category, hidden: true } : category));
    expect(visibleCategories(hidden).map((category) => category.slug)).not.toContain("hats");
    expect(promotedCategories(PRODUCTS, hidden).map((category) => category.slug)).toEqual([
      "office-essentials",
      "other",
      "apparel",
    ]);
    const reordered = [...CATEGORIES].reverse();
    expect(promotedCategories(PRODUCTS, reordered).map((category) => category.slug)).toEqual([
      "hats",
      "apparel",
      "other",
      "office-essentials",
    ]);
    const renamed = [{ slug: "caps", name: "Caps", hidden: false, menu: "header" as const }];
    expect(promotedCategories([{ ...cap(), category: "Caps" }], renamed).map((category) => category.slug)).toEqual([
      "caps",
    ]);
  });
});

describe("images", () => {
  /** The on-disk file behind an imported asset URL ('/app/…' in dev and tests). */
  function fileFor(url: string): string {
    const path = url.split("?")[0] ?? url;
    expect(path.startsWith("/")).toBe(true);
    return fileURLToPath(new URL(`.${path}`, `file://${ROOT}`));
  }

  test("every image a product references exists on disk", () => {
    for (const product of PRODUCTS) {
      expect(product.images).toBe(PRODUCT_IMAGES[product.id as keyof typeof PRODUCT_IMAGES]);
      for (const image of product.images) {
        for (const url of [image.src400, image.src320, image.full]) {
          const file = fileFor(url);
          expect(existsSync(file), file).toBe(true);
        }
        expect(image.src400).toMatch(/-400\.webp(\?|$)/);
        expect(image.src320).toMatch(/-320\.webp(\?|$)/);
        expect(image.full).toMatch(/\.svg(\?|$)/);
      }
    }
  });

  test("every source and rendered file is present, and every SVG has its renders and placeholder", () => {
    expect(PLACEHOLDER_KEYS).toHaveLength(12);
    expect(IMAGE_FILES).toHaveLength(36);
    for (const name of IMAGE_FILES) expect(existsSync(`${IMAGE_DIR}${name}`), name).toBe(true);
  });

  test("SVGs are small, square 400×400 drawings; WebPs are real WebP at their stated size", () => {
    for (const name of IMAGE_FILES) {
      const path = `${IMAGE_DIR}${name}`;
      if (name.endsWith(".svg")) {
        expect(statSync(path).size, name).toBeLessThan(8 * 1024);
        expect(readFileSync(path, "utf8")).toContain('viewBox="0 0 400 400"');
        continue;
      }
      const bytes = readFileSync(path);
      expect(bytes.toString("ascii", 0, 4)).toBe("RIFF");
      expect(bytes.toString("ascii", 8, 12)).toBe("WEBP");
      expect(bytes.toString("ascii", 12, 16), name).toBe("VP8 ");
      // Lossy VP8 frame header: 14-bit width and height straight after the 9d 01 2a start code.
      const size = Number(/-(\d+)\.webp$/.exec(name)?.[1]);
      expect(bytes.readUInt16LE(26) & 0x3fff, name).toBe(size);
      expect(bytes.readUInt16LE(28) & 0x3fff, name).toBe(size);
    }
  });

  test("images have distinct alt texts and tiny placeholders", () => {
    const alts = PRODUCTS.flatMap((product) => product.images.map((image) => image.alt));
    expect(new Set(alts).size).toBe(alts.length);
    const css = readFileSync(`${IMAGE_DIR}placeholders.css`, "utf8");
    for (const key of PLACEHOLDER_KEYS) {
      const uri = new RegExp(
        `\\.placeholder-${key} \\{\\n  background-image: url\\("(data:image/webp;base64,[^"]+)"\\);`,
      ).exec(css)?.[1];
      expect(uri, key).toBeDefined();
      expect(uri!.length, key).toBeLessThan(400);
    }
  });
});
