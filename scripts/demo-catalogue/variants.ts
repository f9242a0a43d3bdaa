/** The `--products N` variants: generated products like the hand-written ones, written in batches of plain inserts. */
import { and, eq, inArray, sql } from "drizzle-orm";
import { productChanges, productColours, productImages, productPriceTiers, products } from "#db/schema";
import { type ColourOption, PRODUCT_TAGS, type ProductTag } from "~/catalogue/types";
import { leadDaysOf } from "~/domain/catalogue/lead-days";
import { checkTierTable, type TierRow } from "~/domain/pricing/tier-table";
import type * as CatalogueEditsServer from "~/server/catalogue/catalogue-edits.server";
import type { Database } from "~/server/platform/db.server";
import { HAND_WRITTEN } from "./hand-written";
import { COLOURS, type DemoProduct, SEED_STAFF_ID, STOCK_COLOURS } from "./products";

/** Variants inserted per statement: well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 250;

/**
 * The catalogue's server code the variants are written with, passed in by the script: it is loaded only after
 * the script's asset hook, so it is never imported here.
 */
type CatalogueEdits = Pick<typeof CatalogueEditsServer, "nextProduct" | "raiseCatalogueVersion" | "analyseCatalogue">;

// ---------------------------------------------------------------------------------------------
// Generated variants, for a catalogue at scale

/** A small seeded generator (mulberry32): the same variant number gives the same product every run. */
export function randomFor(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

/** Names of ranges a supplier might sell the same kind of product under. */
export const RANGES = [
  "Classic",
  "Essential",
  "Signature",
  "Everyday",
  "Studio",
  "Summit",
  "Harbour",
  "Metro",
  "Coastline",
  "Northern",
  "Compact",
  "Heritage",
  "Voyager",
  "Pioneer",
  "Crest",
  "Horizon",
  "Atlas",
  "Keystone",
  "Camden",
  "Clifton",
  "Hampton",
  "Kendal",
  "Whitby",
  "Tenby",
  "Brixton",
  "Ashford",
  "Premium",
  "Value",
] as const;

const RANGE_LINES: ReadonlyArray<(range: string) => string> = [
  (range) => `Part of the ${range} range, for teams that want one look across a whole welcome kit.`,
  (range) => `The ${range} version is a dependable pick for events, conferences and client gifts.`,
  (range) => `Agencies often order the ${range} line for several clients at once.`,
  (range) => `From the ${range} collection, which matches items in the other categories.`,
  (range) => `${range} is the range our account managers suggest for first orders.`,
];

const LEAD_TIMES = [
  "5 working days",
  "7 working days",
  "10 working days",
  "12 working days",
  "15 working days",
  "1 week",
  "2 weeks",
  "2-3 weeks",
  "3 weeks",
  "3.5 weeks",
  "4 weeks",
];
const DELIVERY_TIMES = ["2-3 days", "3-5 days", "5-7 days"];
const MINIMUMS = [25, 50, 100, 150, 250];

/** A URL name from a title: lower-case words joined by hyphens, short enough to add a number to. */
function slugOf(title: string): string {
  return title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .slice(0, 70)
    .replace(/^-+|-+$/g, "");
}

/** A template's bands at another price and, sometimes, another minimum order. */
function variantBands(random: () => number, template: readonly TierRow[]): TierRow[] {
  const factor = 0.85 + random() * 0.45;
  const second = template[1];
  const minimums = MINIMUMS.filter((moq) => second === undefined || moq < second.from);
  const moq = random() < 0.5 || minimums.length === 0 ? template[0]!.from : pick(random, minimums);
  return template.map((row, index) => ({
    from: index === 0 ? moq : row.from,
    to: row.to,
    unitPence: Math.max(5, Math.round((row.unitPence * factor) / 5) * 5),
  }));
}

/** One to four colours: often the template's first, with stock colours besides. */
function variantColours(random: () => number, template: readonly ColourOption[]): ColourOption[] {
  const count = 1 + Math.floor(random() * 4);
  const chosen = new Map<string, string>();
  if (random() < 0.6) chosen.set(template[0]!.name, template[0]!.hex);
  while (chosen.size < count) {
    const name = pick(random, STOCK_COLOURS);
    chosen.set(name, COLOURS[name]);
  }
  return [...chosen].map(([name, hex]) => ({ name, hex }));
}

function variantTags(random: () => number, template: readonly ProductTag[], moq: number): ProductTag[] {
  const tags = new Set<ProductTag>();
  if (template.includes("Sporty")) tags.add("Sporty");
  if (moq <= 50 && random() < 0.7) tags.add("Low MOQ");
  if (random() < 0.2) tags.add("Hot");
  if (random() < 0.15) tags.add("New");
  return PRODUCT_TAGS.filter((tag) => tags.has(tag));
}

type Variant = {
  template: DemoProduct;
  slug: string;
  title: string;
  sku: string;
  description: string;
  moq: number;
  leadTime: string;
  deliveryTime: string;
  tags: ProductTag[];
  tiers: TierRow[];
  colours: ColourOption[];
  createdAt: Date;
};

/** Variant number `n` (from 1): a product like one of the hand-written ones, under another range's name, price and colours. */
function variantOf(n: number, now: number): Variant {
  const random = randomFor(n * 7919 + 17);
  const template = HAND_WRITTEN[(n - 1) % HAND_WRITTEN.length]!;
  const range = pick(random, RANGES);
  const title = `${range} ${pick(random, [template.edit.title, ...template.alsoSold])}`;
  const tiers = variantBands(random, template.edit.tiers);
  const colours = variantColours(random, template.edit.colours);
  const moq = tiers[0]!.from;
  const problems = checkTierTable(tiers, moq).problems;
  if (problems.length > 0) throw new Error(`variant ${n}'s bands do not check: ${problems[0]!.message}`);
  return {
    template,
    slug: `${slugOf(title)}-${n}`,
    title,
    sku: `${template.edit.sku}-V${String(n).padStart(5, "0")}`,
    description: `${template.edit.description} ${pick(random, RANGE_LINES)(range)} Made in ${colours.map((c) => c.name).join(", ")}.`,
    moq,
    leadTime: pick(random, LEAD_TIMES),
    deliveryTime: pick(random, DELIVERY_TIMES),
    tags: variantTags(random, template.edit.tags, moq),
    tiers,
    colours,
    // Spread over the last two years, so "newest first" orders them as a real catalogue would be.
    createdAt: new Date(now - Math.floor(random() * 730) * 86_400_000),
  };
}

type Picture = { source: string; alt: string; colour: string | null };

/** The first picture of each hand-written demo product, by URL name: what its variants show. */
async function templatePictures(db: Database): Promise<Map<string, Picture>> {
  const rows = await db
    .select({ slug: products.slug, source: productImages.source, alt: productImages.alt, colour: productImages.colour })
    .from(productImages)
    .innerJoin(products, eq(products.id, productImages.productId))
    .where(
      and(
        eq(products.demo, true),
        inArray(
          products.slug,
          HAND_WRITTEN.map((p) => p.edit.slug),
        ),
      ),
    )
    .orderBy(productImages.position);
  const pictures = new Map<string, Picture>();
  for (const row of rows) if (!pictures.has(row.slug)) pictures.set(row.slug, row);
  return pictures;
}

/** Writes a batch of variants as published demo products, with their bands, colours, picture and history; returns their ids. */
async function insertVariants(
  db: Database,
  variants: readonly Variant[],
  pictures: ReadonlyMap<string, Picture>,
  { nextProduct }: Pick<CatalogueEdits, "nextProduct">,
): Promise<number[]> {
  return db.transaction(async (tx) => {
    // The next number and place as createProduct takes them, under its lock; the batch takes the ones after.
    const next = await nextProduct(tx);
    const rows = variants.map((variant, index) => ({ variant, id: String(Number(next.id) + index) }));
    await tx.insert(products).values(
      rows.map(({ variant: v, id }, index) => ({
        id,
        position: next.position + index,
        slug: v.slug,
        sku: v.sku,
        status: "published",
        version: 1,
        category: v.template.edit.category,
        title: v.title,
        description: v.description,
        moq: v.moq,
        leadTime: v.leadTime,
        leadDays: leadDaysOf(v.leadTime),
        deliveryTime: v.deliveryTime,
        tags: v.tags,
        details: v.template.edit.details,
        demo: true,
        createdAt: v.createdAt,
        updatedAt: v.createdAt,
      })),
    );
    await tx
      .insert(productPriceTiers)
      .values(
        rows.flatMap(({ variant, id }) =>
          variant.tiers.map((t) => ({ productId: id, fromQuantity: t.from, toQuantity: t.to, unitPence: t.unitPence })),
        ),
      );
    await tx
      .insert(productColours)
      .values(
        rows.flatMap(({ variant, id }) =>
          variant.colours.map((colour, index) => ({ productId: id, position: index + 1, ...colour })),
        ),
      );
    const images = rows.flatMap(({ variant, id }) => {
      const picture = pictures.get(variant.template.edit.slug);
      if (!picture) return [];
      // The drawing names a colour only when the variant is made in it.
      const colour = variant.colours.some((c) => c.name === picture.colour) ? picture.colour : null;
      return [{ productId: id, position: 1, source: picture.source, alt: picture.alt, colour }];
    });
    if (images.length > 0) await tx.insert(productImages).values(images);
    await tx.insert(productChanges).values(
      rows.map(({ variant, id }) => ({
        productId: id,
        changedBy: SEED_STAFF_ID,
        field: "Created",
        oldValue: null,
        newValue: `${variant.title}, published as demo data (npm run seed:demo)`,
      })),
    );
    return rows.map(({ id }) => Number(id));
  });
}

/** Adds generated variants until the shop holds `total` demo products (the hand-written ones count). */
export async function seedVariants(
  db: Database,
  total: number,
  { nextProduct, raiseCatalogueVersion, analyseCatalogue }: CatalogueEdits,
): Promise<void> {
  const started = performance.now();
  const handSlugs = HAND_WRITTEN.map((p) => p.edit.slug);
  const [hand] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.demo, true), inArray(products.slug, handSlugs)));
  const wanted = total - (hand?.count ?? 0);
  if (wanted <= 0) {
    console.log(`Variants: none needed for ${total.toLocaleString("en-GB")} demo products.`);
    return;
  }
  const taken = new Set((await db.select({ slug: products.slug }).from(products)).map((row) => row.slug));
  const pictures = await templatePictures(db);
  const now = Date.now();
  const missing: Variant[] = [];
  for (let n = 1; n <= wanted; n += 1) {
    const variant = variantOf(n, now);
    if (!taken.has(variant.slug)) missing.push(variant);
  }
  const ids: number[] = [];
  for (let start = 0; start < missing.length; start += BATCH) {
    ids.push(...(await insertVariants(db, missing.slice(start, start + BATCH), pictures, { nextProduct })));
  }
  if (ids.length > 0) {
    await raiseCatalogueVersion(db);
    await analyseCatalogue(db);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const range = ids.length > 0 ? ` as products ${ids[0]}–${ids.at(-1)}` : "";
  const present = wanted - missing.length;
  console.log(
    `Variants: ${ids.length.toLocaleString("en-GB")} added${range} in ${seconds} s` +
      (present > 0 ? `; ${present.toLocaleString("en-GB")} were already there` : "") +
      (pictures.size < HAND_WRITTEN.length
        ? `; ${HAND_WRITTEN.length - pictures.size} templates had no picture to share, so their variants have none`
        : "") +
      ".",
  );
}
