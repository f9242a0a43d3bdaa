/**
 * `npm run bench`: builds the app into its own directory, measures it and prints one table.
 *
 *   BUILD_DIR=build-bench           where to build (default build-bench; `build` is never touched)
 *   BENCH_SKIP_BUILD=1              measure the build already in BUILD_DIR
 *   BENCH_ONLY=bundles,lighthouse   run some sections only: bundles, lighthouse, throughput, autosave, cold-start, crash, upload-flood, preflight, pictures, catalogue, csv-import, backup, collections
 *   BENCH_SECONDS=10                autocannon duration per measurement
 *   BENCH_LIGHTHOUSE_RUNS=3         Lighthouse runs per page (the median run is reported)
 *   BENCH_COLD_STARTS=5             measured restarts
 *   BENCH_AUTOSAVE_USERS=200        simulated checkout users
 *   BENCH_CRASH_KILLS=100           SIGKILLs of the server while users autosave (then one graceful SIGTERM)
 *   BENCH_CRASH_USERS=30            simulated checkout users in the crash-safety section
 *
 * Progress goes to stderr; stdout carries only the table.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { autosaveRows, USERS } from "./autosave";
import { backupRows, ORDERS as BACKUP_ORDERS } from "./backup";
import { bundleRows, routeIds } from "./bundle-size";
import { catalogueSearchRows, PRODUCTS as CATALOGUE_PRODUCTS } from "./catalogue-search";
import { coldStartRow } from "./cold-start";
import { crashSafetyRows, KILLS as CRASH_KILLS, USERS as CRASH_USERS } from "./crash-safety";
import { csvImportRows, IMPORT_ROWS } from "./csv-import";
import { lighthouseRows, type LighthousePage } from "./lighthouse";
import { pictureRows } from "./pictures";
import { preflightRows } from "./preflight";
import { ANSWERS as COLLECTION_ANSWERS, sizeCollectionRows } from "./size-collections";
import { startServer } from "./server";
import { formatTable, type Row } from "./table";
import { throughputRows } from "./throughput";
import { uploadFloodRows, UPLOADS as FLOOD_UPLOADS } from "./upload-flood";

const SECTIONS = [
  "bundles",
  "lighthouse",
  "throughput",
  "autosave",
  "cold-start",
  "crash",
  "upload-flood",
  "preflight",
  "pictures",
  "catalogue",
  "csv-import",
  "backup",
  "collections",
] as const;
type Section = (typeof SECTIONS)[number];

const LIGHTHOUSE_PAGES: LighthousePage[] = [
  { path: "/", scoreTarget: true },
  { path: "/products", scoreTarget: true },
  { path: "/product/8", scoreTarget: true },
  { path: "/cart", scoreTarget: false, missing: "n/a (route not built yet)" },
];
const THROUGHPUT_PAGES = ["/", "/product/8"];

function numberFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function selectedSections(): Set<Section> {
  const only = process.env.BENCH_ONLY?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only?.length) return new Set(SECTIONS);
  const unknown = only.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length)
    throw new Error(`BENCH_ONLY: unknown section(s) ${unknown.join(", ")}; known: ${SECTIONS.join(", ")}`);
  return new Set(only as Section[]);
}

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

async function main() {
  const buildDir = process.env.BUILD_DIR ?? "build-bench";
  const sections = selectedSections();
  const seconds = numberFromEnv("BENCH_SECONDS", 10);
  const lighthouseRuns = numberFromEnv("BENCH_LIGHTHOUSE_RUNS", 3);
  const coldStarts = numberFromEnv("BENCH_COLD_STARTS", 5);
  const autosaveUsers = numberFromEnv("BENCH_AUTOSAVE_USERS", USERS);
  const crashKills = numberFromEnv("BENCH_CRASH_KILLS", CRASH_KILLS);
  const crashUsers = numberFromEnv("BENCH_CRASH_USERS", CRASH_USERS);

  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log(`building into ${buildDir}`);
    execFileSync("npx", ["react-router", "build"], {
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: ["ignore", "ignore", "inherit"],
    });
  }

  const rows: Row[] = [];
  if (sections.has("bundles")) rows.push(...bundleRows(join(buildDir, "client")));

  const needsServer = sections.has("lighthouse") || sections.has("throughput");
  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-data-"));
  const coldStartDataDir = mkdtempSync(join(tmpdir(), "swag-bench-cold-"));
  try {
    if (needsServer) {
      log(`starting ${buildDir}`);
      const server = await startServer({ buildDir, dataDir });
      try {
        if (sections.has("lighthouse")) {
          log(`Lighthouse, ${lighthouseRuns} run(s) per page`);
          rows.push(...(await lighthouseRows(server.url, LIGHTHOUSE_PAGES, lighthouseRuns)));
        }
        if (sections.has("throughput")) {
          log(`SSR vs a plain Node server, ${seconds} s each`);
          rows.push(
            ...(await throughputRows(server.url, THROUGHPUT_PAGES, { connections: 10, durationSeconds: seconds })),
          );
        }
      } finally {
        await server.stop();
      }
    }
    if (sections.has("autosave")) {
      log(`autosave, ${autosaveUsers} users for ${seconds} s on PGlite, then on PostgreSQL (signing them up first)`);
      rows.push(
        ...(await autosaveRows({
          buildDir,
          users: autosaveUsers,
          routeIds: routeIds(join(buildDir, "client")),
          durationSeconds: seconds,
        })),
      );
    }
    if (sections.has("cold-start")) {
      log(`cold start, ${coldStarts} restarts`);
      rows.push(await coldStartRow(buildDir, coldStartDataDir, coldStarts));
    }
    if (sections.has("crash")) {
      log(`crash safety, ${crashKills} SIGKILLs while ${crashUsers} users autosave, then a SIGTERM`);
      rows.push(...(await crashSafetyRows({ buildDir, users: crashUsers, kills: crashKills })));
    }
    if (sections.has("upload-flood")) {
      log(`upload flood, ${FLOOD_UPLOADS} unauthenticated chunked 50 MB uploads at once`);
      rows.push(...(await uploadFloodRows(buildDir)));
    }
    if (sections.has("preflight")) {
      log("artwork preflight of a 50 MB PDF, with /healthz meanwhile");
      rows.push(...(await preflightRows(buildDir)));
    }
    if (sections.has("pictures")) {
      log("a 12-megapixel product picture made into its renders");
      rows.push(...(await pictureRows()));
    }
    if (sections.has("catalogue")) {
      log(
        `the listing and a product page with ${CATALOGUE_PRODUCTS} products, ${seconds} s each, on PGlite, then PostgreSQL (seeding first)`,
      );
      rows.push(...(await catalogueSearchRows({ buildDir, seconds })));
    }
    if (sections.has("csv-import")) {
      log(`a CSV import of ${IMPORT_ROWS} new products, upload to applied, in this process on PGlite`);
      rows.push(...(await csvImportRows()));
    }
    if (sections.has("collections")) {
      log(`a collection of sizes with ${COLLECTION_ANSWERS} answers: its tally page and closing it, on PGlite`);
      rows.push(...(await sizeCollectionRows(buildDir)));
    }
    if (sections.has("backup")) {
      log(`a backup and a restore of ${BACKUP_ORDERS} orders and 2 GB of uploads, in this process on PGlite`);
      rows.push(...(await backupRows()));
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(coldStartDataDir, { recursive: true, force: true });
  }

  const [one] = loadavg();
  console.log(
    `Benchmarks of ${resolve(buildDir)} on Node ${process.versions.node}, ${availableParallelism()} CPU(s), load average ${one?.toFixed(2)} at the end`,
  );
  console.log(formatTable(rows));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
