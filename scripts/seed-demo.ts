/**
 * Adds a demo catalogue to a shop, for an evaluation or a benchmark: never run by `npm start`,
 * `npm run dev` or the tests, so a shop keeps only the spec's four products unless someone asks.
 *
 *   npm run seed:demo                        about 40 hand-written products, each with a drawing
 *   npm run seed:demo -- --products 5000     the same, then generated variants up to 5,000 demo products
 *
 * It uses DATA_DIR / DATABASE_URL (and the file storage) as the server does. The embedded database
 * can be open in one process only, so with PGlite it refuses while a server holds the data dir.
 *
 * The hand-written products go through the back office's own code: each is checked by the
 * editor's rule (readProductEdit), made with createProduct, marked `demo`, given a drawing made
 * locally (scripts/demo-catalogue/drawings.ts: an SVG rendered to PNG, uploaded with addProductPicture as staff upload a photo) and
 * published with changeProductStatus. The variants are written in batches of plain inserts, so
 * 5,000 of them take seconds rather than 5,000 renders: each shows its template's drawing.
 *
 * Running it again adds nothing already there: a product whose URL name exists is skipped, and the
 * variants are the same ones each time (numbered, from a seeded random generator). It never
 * changes a product it did not add, and never touches the spec's products (8, 15, 16, 17).
 */
import { existsSync } from "node:fs";
import { register } from "node:module";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { products } from "#db/schema";
import { SPEC_CATEGORIES } from "~/catalogue/categories";
import { editFields, type ProductEdit, readProductEdit } from "~/domain/catalogue/product-edit";
import { type Env, getEnv } from "~/server/platform/env.server";
import type { AppContext } from "~/server/providers/app-context.server";
import { altOf, pictureOf } from "./demo-catalogue/drawings";
import { HAND_WRITTEN } from "./demo-catalogue/hand-written";
import { type DemoProduct, SEED_STAFF_ID } from "./demo-catalogue/products";
import { seedVariants } from "./demo-catalogue/variants";

/**
 * The catalogue's server code imports the shop's built-in pictures as Vite does, each as its URL. A
 * plain Node process is taught the same (as tests/setup/asset-imports.mjs teaches the tests' second
 * processes) before that code is loaded, which is why it is imported here, after the hook, and not
 * above: static imports are all loaded before any line of this file runs.
 */
const ASSET_HOOKS = `
export async function load(url, context, nextLoad) {
  if (/\\.(svg|png|jpe?g|webp)$/.test(new URL(url).pathname)) {
    return { format: "module", source: "export default " + JSON.stringify(url) + ";", shortCircuit: true };
  }
  return nextLoad(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(ASSET_HOOKS)}`);
const { analyseCatalogue, changeProductStatus, createProduct, nextProduct, raiseCatalogueVersion } = await import(
  "~/server/catalogue/catalogue-edits.server"
);
const { addProductPicture } = await import("~/server/catalogue/catalogue-pictures.server");
const { openAppContext } = await import("~/server/providers/app-context.server");

/** The most demo products one run may ask for: a benchmark's scale, not a typo's. */
const MAX_PRODUCTS = 50_000;

// ---------------------------------------------------------------------------------------------
// Adding the hand-written products through the back office's code

const SPEC_NAMES = SPEC_CATEGORIES.map((category) => category.name);

/** The editor's check of a product, as if typed into its form: a hand-written demo product that fails it is a mistake in scripts/demo-catalogue. */
function checkedEdit(product: DemoProduct): ProductEdit {
  // The demo catalogue is written in the spec's six categories, which a fresh shop has (decision 068).
  const checked = readProductEdit(editFields(product.edit), SPEC_NAMES);
  if (!checked.ok) {
    throw new Error(`${product.edit.slug} does not pass the editor's checks: ${JSON.stringify(checked.fieldErrors)}`);
  }
  return checked.edit;
}

/** How many colours of each hand-written product are drawn: each drawing is an upload rendered three times. */
const DRAWN_COLOURS = 2;

type HandOutcome =
  | { kind: "added"; id: string; pictures: number }
  | { kind: "exists"; demo: boolean }
  | { kind: "refused"; message: string };

async function addHandWritten(ctx: AppContext, product: DemoProduct): Promise<HandOutcome> {
  const { db } = ctx;
  const edit = checkedEdit(product);
  const [existing] = await db.select({ demo: products.demo }).from(products).where(eq(products.slug, edit.slug));
  if (existing) return { kind: "exists", demo: existing.demo };
  const created = await createProduct(db, { staffId: SEED_STAFF_ID, edit });
  if (!created.ok) return { kind: "refused", message: created.message };
  await db.update(products).set({ demo: true }).where(eq(products.id, created.id));
  let pictures = 0;
  for (const colour of edit.colours.slice(0, DRAWN_COLOURS)) {
    const added = await addProductPicture(db, {
      storage: ctx.storage,
      staffId: SEED_STAFF_ID,
      productId: created.id,
      bytes: await pictureOf(product.shape, colour.hex),
      type: "image/png",
      alt: altOf(product, colour.name),
      colour: colour.name,
    });
    if (!added.ok) return { kind: "refused", message: `picture in ${colour.name}: ${added.message}` };
    pictures += 1;
  }
  const [row] = await db.select({ version: products.version }).from(products).where(eq(products.id, created.id));
  const published = await changeProductStatus(db, {
    staffId: SEED_STAFF_ID,
    productId: created.id,
    to: "published",
    version: row!.version,
  });
  if (!published.ok) return { kind: "refused", message: `publishing: ${published.message}` };
  return { kind: "added", id: created.id, pictures };
}

async function seedHandWritten(ctx: AppContext): Promise<void> {
  let added = 0;
  let present = 0;
  for (const product of HAND_WRITTEN) {
    const outcome = await addHandWritten(ctx, product);
    const { title, slug, category, tiers, colours } = product.edit;
    if (outcome.kind === "added") {
      added += 1;
      console.log(
        `Added product ${outcome.id}: ${title} (${category}, ${tiers.length} price bands, ${colours.length} ${colours.length === 1 ? "colour" : "colours"}, ` +
          `${outcome.pictures} ${outcome.pictures === 1 ? "picture" : "pictures"}), published`,
      );
    } else if (outcome.kind === "exists") {
      present += 1;
      if (!outcome.demo) console.log(`Skipped ${slug}: a product of the shop's own already has that URL name`);
    } else {
      console.log(`Could not add ${slug}: ${outcome.message}`);
    }
  }
  const already = present === 0 ? "" : `; ${present} were already there, left as they are`;
  console.log(`Hand-written demo products: ${added} added${already}.`);
}

// ---------------------------------------------------------------------------------------------
// The command

function refuse(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The number of demo products asked for, or null for the hand-written set alone. */
function requestedTotal(): number | null {
  const usage = `Usage: npm run seed:demo [-- --products N]  (N from ${HAND_WRITTEN.length} to ${MAX_PRODUCTS.toLocaleString("en-GB")})`;
  let values: { products?: string };
  try {
    ({ values } = parseArgs({ args: process.argv.slice(2), options: { products: { type: "string" } } }));
  } catch {
    return refuse(usage, 2);
  }
  if (values.products === undefined) return null;
  const total = Number(values.products);
  if (!Number.isInteger(total) || total < HAND_WRITTEN.length || total > MAX_PRODUCTS) refuse(usage, 2);
  return total;
}

/** With the embedded database, a running server holds the data dir: say so instead of failing inside PGlite. */
function refuseIfHeld(env: Env): void {
  if (env.DATABASE_URL) return;
  const dir = join(resolve(env.DATA_DIR), "db");
  // PGlite writes this file while a process has the database open and removes it on a clean close.
  if (existsSync(join(dir, "postmaster.pid"))) {
    refuse(
      `The database in ${dir} is in use by a running server; the embedded database can be opened by one process only. ` +
        "Stop the server and run this again (if none is running, start and stop it once to release the database).",
    );
  }
}

async function main(): Promise<void> {
  const total = requestedTotal();
  const env = getEnv();
  refuseIfHeld(env);
  // A category left out of the hand-written set would leave its listing empty: noticed here instead.
  const missing = SPEC_NAMES.filter((name) => !HAND_WRITTEN.some((p) => p.edit.category === name));
  if (missing.length > 0) throw new Error(`no demo products in ${missing.join(", ")}`);
  const started = performance.now();
  const { ctx, close } = await openAppContext(env);
  try {
    await seedHandWritten(ctx);
    if (total !== null) await seedVariants(ctx.db, total, { nextProduct, raiseCatalogueVersion, analyseCatalogue });
    const [count] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.demo, true));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`The shop now has ${(count?.count ?? 0).toLocaleString("en-GB")} demo products (${seconds} s in all).`);
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
