/**
 * The catalogue at scale (docs/decisions/067-catalogue-search.md): a shop holding 5,000 published products, made by
 * `npm run seed:demo -- --products 5000` on a fresh data dir before the server starts, and its
 * listing under load: all products, a category, a search and a search with a typo, each with
 * autocannon at 10 connections; and a product's page beside the same page on a shop of the spec's
 * four products only, measured the same way in the same run. Once on PGlite, then (the listing
 * only) on a throwaway PostgreSQL cluster with a process per CPU, as the autosave bench runs it.
 *
 * Every request renders: each carries a cookie the signed-out page cache does not key on, so no
 * page is replayed from it (a shop's searches are too varied to be cached). The bench acts as the
 * shop's proxy (TRUST_PROXY=127.0.0.1) and spreads its requests over 10,000 client addresses in
 * X-Forwarded-For, as many visitors' searches would come: the per-address search limit then
 * refuses none, while the limiter's own write stays part of what each search costs.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { postgresBinDir, startPostgres } from "./postgres";
import { afterNightlyBackup, startServer } from "./server";
import type { Row } from "./table";

/** How many products the shop holds: the scale the catalogue's targets are set at. */
export const PRODUCTS = 5000;
const CONNECTIONS = 10;
const P99_TARGET_MS = 50;

/** The listing's pages under test, in the listing's own query words. */
const LISTING_PATHS = ["/products", "/products/hats", "/products?search=cap", "/products?search=embroiderd%20cap"];
const PRODUCT_PATH = "/product/8";

const TARGETS = {
  listing: `p99 ≤ ${P99_TARGET_MS} ms at ${CONNECTIONS} connections for 10 s`,
  productPage: "unchanged from today's figure",
} as const;

/**
 * How far the product page's p99 may move and still count as unchanged: autocannon reports whole
 * milliseconds, and on a shared two-core machine the same build's p99 moves about this much from
 * one run to the next.
 */
const UNCHANGED = { ratio: 1.2, ms: 2 } as const;

/** A cookie the page cache does not know, so every request renders (html-cache.server.ts). */
const UNCACHED_COOKIE = "bench-catalogue=render";
const ADDRESSES = 10_000;

type Load = { p50Ms: number; p99Ms: number; requestsPerSecond: number; failures: number };

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

/** The n-th of the bench's client addresses, 10.x.y.z. */
const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

/**
 * `url` under load for `seconds`, from one of ADDRESSES client addresses in turn: every request
 * rendered, or as signed-out visitors ask, whom the page cache answers once a page is rendered.
 */
async function measure(url: string, seconds: number, rendered = true): Promise<Load> {
  let sent = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: {
      "accept-encoding": "gzip, deflate, br",
      accept: "text/html",
      ...(rendered ? { cookie: UNCACHED_COOKIE } : {}),
    },
    requests: [
      {
        setupRequest: (request) => {
          sent += 1;
          return { ...request, headers: { ...request.headers, "x-forwarded-for": addressOf(sent % ADDRESSES) } };
        },
      },
    ],
  });
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requestsPerSecond: result.requests.average,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** A JIT warm-up (and the catalogue's first read), then the measurement. */
async function warmedUp(url: string, seconds: number, rendered = true): Promise<Load> {
  await measure(url, 2, rendered);
  return measure(url, seconds, rendered);
}

const describeLoad = (load: Load) =>
  `p99 ${load.p99Ms} ms (p50 ${load.p50Ms} ms, ${Math.round(load.requestsPerSecond)} req/s)` +
  (load.failures > 0 ? `, ${load.failures} failed` : "");

/** Runs the demo seed on `dataDir` (and `databaseUrl`), before any server holds it; resolves with its last line. */
function seedCatalogue(dataDir: string, databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", "scripts/seed-demo.ts", "--products", String(PRODUCTS)], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      // stdout is the table's: the seed's report is kept and only its summary logged.
      stdio: ["ignore", "pipe", "inherit"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => {
      const last = output.trim().split("\n").at(-1) ?? "";
      if (code === 0) resolve(last);
      else reject(new Error(`seeding ${PRODUCTS} products exited with ${code}: ${last}`));
    });
  });
}

type Shop = { url: string; stop(): Promise<void> };

/** The build on `dataDir` (and `databaseUrl`), as the bench's proxy sees it. */
async function startShop(options: {
  buildDir: string;
  dataDir: string;
  databaseUrl: string;
  processes: number;
}): Promise<Shop> {
  const shop = await startServer({
    buildDir: options.buildDir,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    env: { TRUST_PROXY: "127.0.0.1", WEB_CONCURRENCY: String(options.processes) },
    readyPath: "/healthz",
  });
  try {
    const waited = await afterNightlyBackup(options.dataDir);
    if (waited > 0) log(`waited ${(waited / 1000).toFixed(1)} s for the fresh shop's nightly backup`);
  } catch (error) {
    await shop.stop();
    throw error;
  }
  return shop;
}

/** A fresh data dir for `work`, removed afterwards. */
async function inDataDir<T>(work: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-catalogue-"));
  try {
    return await work(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split("\n")[0]!;

type Database = { name: string; url: string; processes: number };

const listingBenchmark = (database: string, seconds: number) =>
  `Catalogue of ${PRODUCTS.toLocaleString("en-GB")} products, every request rendered (${database}, ${CONNECTIONS} conn, ${seconds} s)`;

/** The listing's rows on one database, and the product page's p99 there when asked. */
async function seededRows(
  context: { buildDir: string; seconds: number },
  database: Database,
  productPage: boolean,
): Promise<{ rows: Row[]; productPage?: Load }> {
  const benchmark = listingBenchmark(database.name, context.seconds);
  return inDataDir(async (dataDir) => {
    log(`seeding ${PRODUCTS} products (${database.name})`);
    log(await seedCatalogue(dataDir, database.url));
    const shop = await startShop({ ...context, dataDir, databaseUrl: database.url, processes: database.processes });
    try {
      const rows: Row[] = [];
      for (const path of LISTING_PATHS) {
        log(`${path} (${database.name})`);
        const load = await warmedUp(`${shop.url}${path}`, context.seconds);
        rows.push({
          benchmark,
          subject: path,
          result: describeLoad(load),
          target: TARGETS.listing,
          met: load.p99Ms <= P99_TARGET_MS && load.failures === 0,
        });
      }
      if (!productPage) return { rows };
      // What signed-out visitors get: the page cache replays a page rendered in the last 10 s.
      for (const path of LISTING_PATHS) {
        log(`${path} (${database.name}, signed out)`);
        const load = await warmedUp(`${shop.url}${path}`, context.seconds, false);
        rows.push({
          benchmark: `Catalogue of ${PRODUCTS.toLocaleString("en-GB")} products, signed-out visitors, page cache on (${database.name}, ${CONNECTIONS} conn, ${context.seconds} s)`,
          subject: path,
          result: describeLoad(load),
          target: TARGETS.listing,
          met: load.p99Ms <= P99_TARGET_MS && load.failures === 0,
        });
      }
      log(`${PRODUCT_PATH} (${database.name})`);
      return { rows, productPage: await warmedUp(`${shop.url}${PRODUCT_PATH}`, context.seconds) };
    } finally {
      await shop.stop();
    }
  });
}

/** The product page on a shop of the spec's four products: today's figure, in the same run. */
async function baselineProductPage(context: { buildDir: string; seconds: number }): Promise<Load> {
  return inDataDir(async (dataDir) => {
    log(`${PRODUCT_PATH} on the spec's four products`);
    const shop = await startShop({ ...context, dataDir, databaseUrl: "", processes: 1 });
    try {
      return await warmedUp(`${shop.url}${PRODUCT_PATH}`, context.seconds);
    } finally {
      await shop.stop();
    }
  });
}

function productPageRow(database: string, seconds: number, seeded: Load, baseline: Load): Row {
  const allowed = Math.max(baseline.p99Ms * UNCHANGED.ratio, baseline.p99Ms + UNCHANGED.ms);
  return {
    benchmark: `Product page beside ${PRODUCTS.toLocaleString("en-GB")} products, every request rendered (${database}, ${CONNECTIONS} conn, ${seconds} s)`,
    subject: PRODUCT_PATH,
    result:
      `${describeLoad(seeded)}; with the spec's 4 products only: ${describeLoad(baseline)} ` +
      `(unchanged: within ${Math.round((UNCHANGED.ratio - 1) * 100)}% or ${UNCHANGED.ms} ms)`,
    target: TARGETS.productPage,
    met: seeded.p99Ms <= allowed && seeded.failures === 0 && baseline.failures === 0,
  };
}

/** Rows that say why a database was not measured. */
function unmeasured(database: string, seconds: number, why: string): Row[] {
  return LISTING_PATHS.map((path) => ({
    benchmark: listingBenchmark(database, seconds),
    subject: path,
    result: why,
    target: TARGETS.listing,
  }));
}

async function pgliteRows(context: { buildDir: string; seconds: number }): Promise<Row[]> {
  const pglite: Database = { name: "PGlite", url: "", processes: 1 };
  try {
    const seeded = await seededRows(context, pglite, true);
    const baseline = await baselineProductPage(context);
    return [...seeded.rows, productPageRow(pglite.name, context.seconds, seeded.productPage!, baseline)];
  } catch (error) {
    return unmeasured(pglite.name, context.seconds, `failed: ${firstLine(error)}`).map((row) => ({
      ...row,
      met: false,
    }));
  }
}

async function postgresRows(context: { buildDir: string; seconds: number }): Promise<Row[]> {
  const binDir = postgresBinDir();
  if (!binDir) return unmeasured("PostgreSQL", context.seconds, "n/a (no PostgreSQL)");
  const processes = Math.min(2, availableParallelism());
  const postgres = await startPostgres(binDir);
  const name = `PostgreSQL, ${processes} processes`;
  try {
    return (await seededRows(context, { name, url: postgres.url, processes }, false)).rows;
  } catch (error) {
    return unmeasured(name, context.seconds, `failed: ${firstLine(error)}`).map((row) => ({ ...row, met: false }));
  } finally {
    postgres.stop();
  }
}

/**
 * The listing's p99 on 5,000 products, on PGlite and on PostgreSQL, and the product page's beside
 * today's four-product shop. A database that cannot be seeded or started gives rows that say so.
 */
export async function catalogueSearchRows(context: { buildDir: string; seconds: number }): Promise<Row[]> {
  return [...(await pgliteRows(context)), ...(await postgresRows(context))];
}
