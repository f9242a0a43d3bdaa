/**
 * Nobody can hog the checks (decision 033): one account sends 20 EPS files that loop until the
 * parser's CPU limit, and another account's ordinary PDF is still checked within 15 s. Once on this
 * run's database (PGlite, or PostgreSQL under TEST_DATABASE_URL) in one process with its one slot,
 * and once on PostgreSQL with two processes (this one and tests/setup/preflight-flood-process.ts),
 * each with its own slot and parser, the flood's uploads split between them (TEST_DATABASE_URL's
 * server, else a throwaway cluster of its own).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { type Postgres, postgresBinDir, startPostgres } from "../../../scripts/bench/postgres";
import { vectorLogo } from "../../../tests/setup/artwork-corpus";
import { adminQuery, withDatabase } from "../../../tests/setup/global-db";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { preflightStored } from "./artwork-preflight.server";
import { type Database, type DatabaseHandle, openDatabase, queryRows } from "../platform/db.server";
import { awaitCheck, type CheckContext, type CheckOutcome, enqueueCheck } from "./preflight-queue.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 60_000 });

const FLOOD = "user-flood";
const OTHER = "user-other";
const FLOOD_FILES = 20;
const FLOOD_PROCESS = fileURLToPath(new URL("../../../tests/setup/preflight-flood-process.ts", import.meta.url));
/** A valid EPS header, then PostScript that never ends: Ghostscript runs until its CPU limit. */
const LOOPING_EPS = new TextEncoder().encode(
  "%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n%%EndComments\n{} loop\n%%EOF\n",
);

const handle = testFileDatabase({ reset: false });
let dataDir: string;
let storage: FileStorage;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "swag-fairness-"));
  storage = createLocalStorage(dataDir);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const put = (bytes: Uint8Array) =>
  storage.put(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    }),
  );

/** An upload's check as preflightStored runs it, in the "process" of `context`. */
async function upload(
  context: CheckContext,
  userId: string,
  bytes: Uint8Array,
  kind: "pdf" | "eps",
  signal?: AbortSignal,
) {
  const stored = await put(bytes);
  if (!context.slots) return preflightStored(context.db, { userId, storage, stored, kind, signal });
  const queued = await enqueueCheck(context.db, { userId, kind, ...stored });
  if (!queued.ok) return queued;
  return awaitCheck(context, { id: queued.id, signal });
}

const floodRunning = async (db: Database) =>
  (
    await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from preflight_checks where user_id = ${FLOOD} and status = 'running'`,
    )
  )[0]?.n ?? 0;

/**
 * Starts the flood (spread over `contexts` as a balancer spreads uploads), waits until one of its
 * checks runs, then times the other account's PDF from its upload to its answer.
 */
async function timeOtherUnderFlood(
  contexts: CheckContext[],
  files = FLOOD_FILES,
): Promise<{ ms: number; outcome: CheckOutcome }> {
  const db = contexts[0]?.db;
  if (!db) throw new Error("No consumer");
  const stop = new AbortController();
  setMaxListeners(100, stop.signal);
  const flood = Array.from({ length: files }, (_, i) =>
    upload(contexts[i % contexts.length] as CheckContext, FLOOD, LOOPING_EPS, "eps", stop.signal),
  );
  await vi.waitUntil(async () => (await floodRunning(db)) > 0, { timeout: 30_000, interval: 50 });
  const pdf = await vectorLogo();
  const started = performance.now();
  const outcome = await upload(contexts[0] as CheckContext, OTHER, pdf, "pdf");
  const ms = performance.now() - started;
  // The flood's uploads give up; a check already running ends at its CPU limit.
  stop.abort();
  await Promise.all(flood);
  return { ms, outcome };
}

describe("another account's PDF under a flood of looping EPS files", () => {
  it(`is checked within 15 s on this run's database, one slot`, async () => {
    const { ms, outcome } = await timeOtherUnderFlood([{ db: handle.db, storage }]);
    console.log(`[fairness] ${handle.driver}, 1 process: the other account's PDF checked in ${Math.round(ms)} ms`);
    expect(outcome).toMatchObject({ ok: true, report: { kind: "pdf" } });
    expect(ms).toBeLessThan(15_000);
    // Never two of the flood's checks at once, and nothing left queued or running.
    const [left] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from preflight_checks where status in ('queued', 'running')`,
    );
    expect(left?.n).toBe(0);
  });

  describe("on PostgreSQL with two processes", () => {
    let cluster: Postgres | null = null;
    let dropDatabase: (() => Promise<void>) | null = null;
    let consumer: DatabaseHandle | null = null;
    let url = "";

    beforeAll(async () => {
      const source = inject("testDatabase");
      if (source.kind === "postgres") {
        const name = `${source.prefix}_${randomBytes(6).toString("hex")}`;
        await adminQuery(source.adminUrl, `create database ${name} template ${source.template}`);
        url = withDatabase(source.adminUrl, name);
        dropDatabase = async () => {
          await adminQuery(source.adminUrl, `drop database if exists ${name} with (force)`);
        };
      } else {
        const binDir = postgresBinDir();
        if (!binDir)
          throw new Error("This test needs PostgreSQL: set TEST_DATABASE_URL, or apt-get install -y postgresql");
        cluster = await startPostgres(binDir);
        url = cluster.url;
      }
      consumer = await openDatabase({ databaseUrl: url, migrate: source.kind !== "postgres" });
    });
    afterAll(async () => {
      await consumer?.close();
      await dropDatabase?.();
      cluster?.stop();
    });

    it("is checked within 15 s, and the two never run two of one account's checks at once", async () => {
      if (!url) throw new Error("No database");
      const db = consumer?.db as Database;
      // Process two: half the flood's uploads arrive there, and it runs checks with its own slot and parser.
      const epsFile = join(dataDir, "loop.eps");
      writeFileSync(epsFile, LOOPING_EPS);
      const second = spawn(
        process.execPath,
        ["--import", "tsx", FLOOD_PROCESS, url, FLOOD, epsFile, String(FLOOD_FILES / 2), dataDir],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      const exited = new Promise<void>((resolve) => second.once("exit", () => resolve()));
      await new Promise<void>((resolve, reject) => {
        second.stdout.on("data", (chunk: Buffer) => chunk.toString().includes("ready") && resolve());
        second.once("exit", (code) => reject(new Error(`The second process exited (${code}) before its uploads`)));
      });
      let most = 0;
      const watch = setInterval(async () => {
        most = Math.max(most, await floodRunning(db).catch(() => 0));
      }, 100);
      try {
        const { ms, outcome } = await timeOtherUnderFlood([{ db, storage }], FLOOD_FILES / 2);
        console.log(`[fairness] postgres, 2 processes: the other account's PDF checked in ${Math.round(ms)} ms`);
        expect(outcome).toMatchObject({ ok: true, report: { kind: "pdf" } });
        expect(ms).toBeLessThan(15_000);
        expect(most).toBe(1);
      } finally {
        clearInterval(watch);
        second.kill("SIGTERM");
        await exited;
      }
    });
  });
});
