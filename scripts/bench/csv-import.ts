/**
 * The catalogue's CSV import at a supplier's scale (docs/decisions/066-catalogue-is-data.md): a file of 10,000 new products in the
 * export's layout, taken from upload to applied on a fresh PGlite database in this process, as the
 * import's two jobs would run it but called one after the other (startImport, planStoredImport,
 * confirmImport, applyStoredImport), so no job worker's polling is counted. Reported: the wall time
 * of the four (with the dry run's and the apply's shares), and this process's memory growth over
 * the same span: the peak resident memory over the resident memory before (the kernel's high-water
 * mark, reset first, with VmRSS sampled every 10 ms where it cannot be reset; Linux only) and the
 * peak JavaScript heap sampled every 10 ms over the heap before. Then two checks of what it wrote:
 * 10,000 more rows in `products`, and the export of the result, imported again, planning nothing to
 * create or change.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { register } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { products } from "#db/schema";
import { SPEC_CATEGORIES } from "~/catalogue/categories";
import { PRODUCT_TAGS, type ProductTag } from "~/catalogue/types";
import { CATALOGUE_CSV_HEADER, catalogueCsv } from "~/domain/catalogue/catalogue-csv";
import { type CsvValue, toCsv } from "~/domain/core/csv";
import { openDatabase } from "~/server/platform/db.server";
import { pick, RANGES, randomFor } from "../demo-catalogue/variants";
import type { Row } from "./table";

const MB = 1024 * 1024;
/** How many products the file creates: the scale the import's targets are set at. */
export const IMPORT_ROWS = 10_000;
/** The import's targets: "A CSV import of 10,000 rows: ≤ 30 s on PGlite, memory growth ≤ 200 MB." */
const TARGETS = { seconds: 30, growthMb: 200 } as const;
/** Who the imports' records say uploaded and confirmed them: no member of staff did. */
const BENCH_STAFF_ID = "bench:csv-import";

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// The file

/** What a supplier sells in each category, with a typical unit price in pence for its first band. */
const KINDS: Readonly<Record<string, ReadonlyArray<readonly [string, number]>>> = {
  Drinkware: [
    ["Steel Water Bottle", 950],
    ["Ceramic Mug", 420],
    ["Travel Tumbler", 780],
    ["Glass Bottle", 640],
    ["Enamel Camp Mug", 560],
    ["Bamboo Coffee Cup", 490],
    ["Sports Bottle", 310],
  ],
  "Office Essentials": [
    ["A5 Notebook", 520],
    ["Ballpoint Pen", 65],
    ["Stylus Pen", 140],
    ["Mouse Mat", 380],
    ["Sticky Note Pad", 160],
    ["Desk Organiser", 890],
    ["Spiral Notebook", 410],
  ],
  Other: [
    ["Lanyard", 95],
    ["Vinyl Sticker", 35],
    ["Golf Umbrella", 1450],
    ["Power Bank", 1290],
    ["Metal Keyring", 180],
    ["Enamel Pin Badge", 120],
    ["Phone Stand", 230],
  ],
  Apparel: [
    ["Organic T-Shirt", 690],
    ["Piqué Polo Shirt", 1150],
    ["Long Sleeve Tee", 920],
    ["Pullover Hoodie", 1890],
    ["Zip Hoodie", 2240],
    ["Softshell Jacket", 3450],
    ["Crew Sweatshirt", 1560],
  ],
  Bags: [
    ["Cotton Tote Bag", 310],
    ["Jute Shopper", 450],
    ["Laptop Backpack", 2190],
    ["Roll-Top Backpack", 2650],
    ["Drawstring Bag", 180],
    ["Cooler Bag", 890],
    ["Weekender Holdall", 3190],
  ],
  Hats: [
    ["Baseball Cap", 540],
    ["Trucker Cap", 610],
    ["Five-Panel Camp Cap", 720],
    ["Knitted Beanie", 480],
    ["Pom Beanie", 590],
    ["Bucket Hat", 830],
    ["Sun Visor", 420],
  ],
};

const FINISHES = ["", "", "", "Recycled", "Eco", "Premium", "Value", "Deluxe", "Lightweight", "Heavyweight"] as const;

const COLOURS = [
  ["Black", "#111111"],
  ["White", "#ffffff"],
  ["Navy", "#1f2a56"],
  ["Royal Blue", "#2b59c3"],
  ["Sky Blue", "#7fb8e6"],
  ["Red", "#c8102e"],
  ["Burgundy", "#6d1a36"],
  ["Orange", "#f26b1d"],
  ["Yellow", "#f5c518"],
  ["Forest Green", "#1f5135"],
  ["Kelly Green", "#2e9d4f"],
  ["Sage", "#9caf88"],
  ["Teal", "#128a8a"],
  ["Purple", "#5b2a86"],
  ["Pink", "#f4a6c0"],
  ["Charcoal", "#3a3d42"],
  ["Heather Grey", "#a7a9ac"],
  ["Stone", "#d8cfc0"],
  ["Natural", "#efe6d2"],
  ["Silver", "#c0c4c8"],
] as const;

const MINIMUMS = [10, 25, 50, 100, 150, 250, 500] as const;
const LEAD_TIMES = [
  "5 working days",
  "7 working days",
  "10 working days",
  "2 weeks",
  "2-3 weeks",
  "3 weeks",
  "4 weeks",
] as const;
const DELIVERY_TIMES = ["2-3 days", "3-5 days", "5-7 days"] as const;

const SELLING_LINES = [
  "A dependable pick for events, conferences and client gifts.",
  'Printed or embroidered with your logo; ask for a "pre-production sample" before the run.',
  "Agencies often order it for several clients at once, in each client's colours.",
  "Matches items in the other categories, for one look across a whole welcome kit.",
  "Packed individually, so it can go straight into a gift box.",
  "Supplied with a digital proof within 24 hours of the order.",
] as const;

/** A URL name from a title: lower-case words joined by hyphens. */
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** Two to four bands from the minimum order up, each cheaper per unit; the last is usually open. */
function bandsOf(random: () => number, moq: number, basePence: number): string {
  const count = 2 + Math.floor(random() * 3);
  const bands: string[] = [];
  let from = moq;
  let pence = Math.max(10, Math.round((basePence * (0.8 + random() * 0.5)) / 5) * 5);
  for (let index = 0; index < count; index += 1) {
    const last = index === count - 1;
    const to = from * (2 + Math.floor(random() * 3)) - 1;
    const price = (pence / 100).toFixed(2);
    bands.push(last && random() < 0.85 ? `${from}+ ${price}` : `${from}-${to} ${price}`);
    from = to + 1;
    pence = Math.max(5, Math.round((pence * (0.82 + random() * 0.12)) / 5) * 5);
  }
  return bands.join("; ");
}

/** One to three different colours, as "Name #rrggbb". */
function coloursOf(random: () => number): string {
  const count = 1 + Math.floor(random() * 3);
  const chosen = new Set<(typeof COLOURS)[number]>();
  while (chosen.size < count) chosen.add(pick(random, COLOURS));
  return [...chosen].map(([name, hex]) => `${name} ${hex}`).join("; ");
}

function tagsOf(random: () => number, category: string, moq: number): string {
  const tags = new Set<ProductTag>();
  if (moq <= 50 && random() < 0.7) tags.add("Low MOQ");
  if (random() < 0.2) tags.add("Hot");
  if (random() < 0.15) tags.add("New");
  if ((category === "Drinkware" || category === "Apparel") && random() < 0.3) tags.add("Sporty");
  return PRODUCT_TAGS.filter((tag) => tags.has(tag)).join("; ");
}

/** Row `n` (from 1) of the file: a new product (empty id) as a supplier's range sheet would list it. */
function rowOf(n: number): CsvValue[] {
  const random = randomFor(n * 7919 + 37);
  // The spec's six categories, which a fresh shop has (docs/decisions/068-categories-are-data.md).
  const category = SPEC_CATEGORIES[(n - 1) % SPEC_CATEGORIES.length]!.name;
  const [kind, basePence] = pick(random, KINDS[category] ?? []);
  const range = pick(random, RANGES);
  const finish = pick(random, FINISHES);
  const title = [range, finish, kind].filter(Boolean).join(" ");
  const moq = pick(random, MINIMUMS);
  const description =
    `The ${title} from our ${range} range, ready for your branding. ${pick(random, SELLING_LINES)} ` +
    `Minimum order ${moq} units, £${(basePence / 100).toFixed(2)} guide price before volume bands.`;
  return [
    "",
    `${slugOf(title)}-${n}`,
    `SUP-${category.slice(0, 3).toUpperCase()}-${String(n).padStart(5, "0")}`,
    random() < 0.7 ? "published" : "draft",
    title,
    category,
    description,
    moq,
    pick(random, LEAD_TIMES),
    pick(random, DELIVERY_TIMES),
    tagsOf(random, category, moq),
    bandsOf(random, moq, basePence),
    coloursOf(random),
    0,
  ];
}

/** The whole file, header first, as the export writes it. */
export function importFile(rows: number): string {
  return toCsv(
    CATALOGUE_CSV_HEADER,
    Array.from({ length: rows }, (_, index) => rowOf(index + 1)),
  );
}

// ---------------------------------------------------------------------------------------------
// Memory

const statusKb = (field: "VmRSS" | "VmHWM") =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(readFileSync("/proc/self/status", "utf8"))?.[1]) * 1024;

/**
 * Starts watching this process's memory; the function returned stops and says how far the resident
 * memory and the JavaScript heap rose, at their peaks, above where they were at the start. For the
 * resident memory the kernel's high-water mark, reset first, catches a peak inside a long
 * synchronous stretch (the dry run of 10,000 rows) where a timer cannot fire; where it cannot be
 * reset, the 10 ms samples are what there is. The heap has no such mark, so it is sampled, and
 * also at each step's end (`sample`), where the garbage of a synchronous stretch is still counted.
 */
function watchMemory(): { sample: () => void; stop: () => { rss: number; heap: number } } {
  let highWaterReset = true;
  try {
    // "5" resets VmHWM to the current VmRSS (Linux 4.0 and later).
    writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    highWaterReset = false;
  }
  const before = { rss: statusKb("VmRSS"), heap: process.memoryUsage().heapUsed };
  const peak = { ...before };
  const sample = () => {
    peak.rss = Math.max(peak.rss, statusKb("VmRSS"));
    peak.heap = Math.max(peak.heap, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, 10);
  const stop = () => {
    clearInterval(sampler);
    sample();
    if (highWaterReset) peak.rss = Math.max(peak.rss, statusKb("VmHWM"));
    return { rss: peak.rss - before.rss, heap: peak.heap - before.heap };
  };
  return { sample, stop };
}

// ---------------------------------------------------------------------------------------------
// The run

/**
 * The catalogue's server code imports the shop's built-in pictures as Vite does, each as its URL;
 * this process is taught the same (as scripts/seed-demo.ts does) before that code is loaded, which is
 * why it is imported inside the section and not above.
 */
const ASSET_HOOKS = `
export async function load(url, context, nextLoad) {
  if (/\\.(svg|png|jpe?g|webp)$/.test(new URL(url).pathname)) {
    return { format: "module", source: "export default " + JSON.stringify(url) + ";", shortCircuit: true };
  }
  return nextLoad(url, context);
}`;

const seconds = (from: number, to: number) => (to - from) / 1000;

export async function csvImportRows(): Promise<Row[]> {
  register(`data:text/javascript,${encodeURIComponent(ASSET_HOOKS)}`);
  const [imports, { loadCatalogue }] = await Promise.all([
    import("~/server/admin/catalogue-import.server"),
    import("~/server/catalogue/catalogue-store.server"),
  ]);
  const { applyStoredImport, confirmImport, importForStaff, planStoredImport, startImport } = imports;

  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-csv-import-"));
  const handle = await openDatabase({ dataDir: join(dataDir, "db"), migrate: true });
  const { db } = handle;
  try {
    const countProducts = async () =>
      (await db.select({ count: sql<number>`count(*)::int` }).from(products))[0]?.count ?? 0;
    /** The import as staff see it; the bench stops when it is not where the steps so far should have left it. */
    const expectStatus = async (importId: string, status: string) => {
      const view = await importForStaff(db, importId);
      if (view?.status !== status)
        throw new Error(`the import is ${view?.status ?? "missing"}, not ${status}: ${view?.error ?? ""}`);
      return view;
    };

    const text = importFile(IMPORT_ROWS);
    const bytes = Buffer.byteLength(text);
    const before = await countProducts();
    log(`importing ${IMPORT_ROWS.toLocaleString("en-GB")} new products (${(bytes / MB).toFixed(1)} MB of CSV)`);

    const memory = watchMemory();
    const started = performance.now();
    const upload = await startImport(db, { staffId: BENCH_STAFF_ID, fileName: "supplier-range.csv", text });
    if (!upload.ok) throw new Error(`the benchmark file was refused: ${upload.message}`);
    const uploaded = performance.now();
    memory.sample();
    await planStoredImport(db, upload.id);
    const planned = performance.now();
    memory.sample();
    const confirmed = await confirmImport(db, { importId: upload.id, staffId: BENCH_STAFF_ID });
    if (!confirmed.ok) throw new Error(`the dry run could not be confirmed: ${confirmed.message}`);
    const confirming = performance.now();
    memory.sample();
    await applyStoredImport(db, upload.id);
    const applied = performance.now();
    const growth = memory.stop();

    const dryRun = await expectStatus(upload.id, "applied");
    const created = (await countProducts()) - before;
    log(
      `upload ${seconds(started, uploaded).toFixed(2)} s, dry run ${seconds(uploaded, planned).toFixed(2)} s, ` +
        `confirm ${seconds(planned, confirming).toFixed(2)} s, apply ${seconds(confirming, applied).toFixed(2)} s; ` +
        `dry run counts ${JSON.stringify(dryRun.counts)}`,
    );

    log("importing the export of the result again (dry run only)");
    const again = await startImport(db, {
      staffId: BENCH_STAFF_ID,
      fileName: "catalogue-export.csv",
      text: catalogueCsv((await loadCatalogue(db)).products),
    });
    if (!again.ok) throw new Error(`the export was refused: ${again.message}`);
    await planStoredImport(db, again.id);
    const counts = (await expectStatus(again.id, "planned")).counts!;
    const unchanged = counts.create === 0 && counts.change === 0;

    const total = seconds(started, applied);
    const subject = `${IMPORT_ROWS.toLocaleString("en-GB")} new products (${(bytes / MB).toFixed(1)} MB CSV), upload to applied, PGlite`;
    const count = (n: number) => n.toLocaleString("en-GB");
    return [
      {
        benchmark: "CSV import",
        subject,
        result:
          `${total.toFixed(1)} s (dry run ${seconds(uploaded, planned).toFixed(1)} s, ` +
          `apply ${seconds(confirming, applied).toFixed(1)} s)`,
        target: `≤ ${TARGETS.seconds} s on PGlite`,
        met: total <= TARGETS.seconds,
      },
      {
        benchmark: "CSV import",
        subject: `${subject}: memory growth`,
        result: `RSS ${(growth.rss / MB).toFixed(0)} MB, heap ${(growth.heap / MB).toFixed(0)} MB (peak over before)`,
        target: `memory growth ≤ ${TARGETS.growthMb} MB`,
        met: Math.max(growth.rss, growth.heap) <= TARGETS.growthMb * MB,
      },
      {
        benchmark: "CSV import",
        subject: "products created",
        result: `${count(created)} rows added to products`,
        target: count(IMPORT_ROWS),
        met: created === IMPORT_ROWS,
      },
      {
        benchmark: "CSV import",
        subject: "re-import of the export changes nothing",
        result:
          `${unchanged ? "yes" : "no"} (${count(counts.create)} to create, ${count(counts.change)} to change, ` +
          `${count(counts.unchanged)} unchanged, ${count(counts.refused)} refused)`,
        target: "0 to create, 0 to change",
        met: unchanged,
      },
    ];
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
