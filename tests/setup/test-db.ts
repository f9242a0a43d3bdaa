import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject, vi } from "vitest";
import { openAuth } from "~/server/accounts/auth.server";
import { openDatabase, queryRows, type DatabaseHandle } from "~/server/platform/db.server";
import type { PaymentProvider } from "~/server/providers/payment-provider.server";
import type { Services } from "~/server/providers/services.server";
import { createTestProvider } from "~/server/providers/test-payment-provider.server";
import { adminQuery, withDatabase } from "./global-db";
import { TEST_SHOP } from "./test-shop";

/**
 * A database for one test file, copied from the run's migrated template: in memory on PGlite, or a
 * database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped when the handle closes.
 * better-auth is open on it for the test shop, as a request's context opens it on a server's
 * (a test for another shop, one with an SMS provider say, opens its own: openAuth).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const handle = await copyTemplate();
  openAuth({ db: handle.db, ...TEST_SHOP });
  return handle;
}

async function copyTemplate(): Promise<DatabaseHandle> {
  const source = inject("testDatabase");
  if (source.kind === "pglite") {
    const blob = new Blob([readFileSync(source.templateFile)]);
    const client = new PGlite({ loadDataDir: blob });
    return openDatabase({ pglite: client, migrate: false });
  }

  const name = `${source.prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(source.adminUrl, `create database ${name} template ${source.template}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(source.adminUrl, name), migrate: false });
  let dropped = false;
  return {
    ...handle,
    async close() {
      await handle.close();
      if (dropped) return;
      dropped = true;
      await adminQuery(source.adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * This test file's database: copied from the template before its first test, emptied before each
 * test (unless `reset: false`) and closed after its last. Call it at the top of the file, before
 * the file's own hooks, so they find the database open. The handle stands for the database of
 * the moment, so tests use it as they would the one `createTestDatabase` gives.
 */
export function testFileDatabase(options: { reset?: boolean } = {}): DatabaseHandle {
  let current: DatabaseHandle | undefined;
  const open = () => {
    if (!current) throw new Error("The test database is opened in beforeAll; use it inside a hook or a test.");
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.close();
  });
  if (options.reset !== false) beforeEach(() => resetDatabase(open()));
  return {
    get db() {
      return open().db;
    },
    get driver() {
      return open().driver;
    },
    close: () => open().close(),
  };
}

/**
 * What a server would hand its requests on this database: by default the test-mode payment
 * provider, as on a machine without Stripe keys; a test about Stripe hands in its own.
 */
export function testServices(
  handle: DatabaseHandle,
  payments: PaymentProvider | null = createTestProvider(handle.db),
): Services {
  return { db: handle.db, payments, ...TEST_SHOP };
}

/**
 * The catalogue every shop starts with (migration 0033) is the shop's own data, not a test's: it
 * stays, and a test that changes it puts it back.
 */
const CATALOGUE_TABLES = ["products", "product_price_tiers", "product_colours", "product_images", "catalogue_version"];

/** Empties every application table between tests (migrations bookkeeping and the catalogue stay). */
export async function resetDatabase(handle: DatabaseHandle) {
  const rows = await queryRows<{ tablename: string }>(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const names = rows.filter((r) => !CATALOGUE_TABLES.includes(r.tablename)).map((r) => `"${r.tablename}"`);
  if (names.length > 0) await handle.db.execute(sql.raw(`truncate ${names.join(", ")} cascade`));
}

/**
 * Counts the SQL statements that reach the database from now on, on either driver: PGlite's
 * query/exec/transaction calls, or every statement a node-postgres client sends. Call the returned
 * function for the count so far; `vi.restoreAllMocks()` removes the counting.
 */
export function countStatements(handle: DatabaseHandle): () => number {
  if (handle.driver === "postgres") {
    const query = vi.spyOn(pg.Client.prototype, "query");
    query.mockClear();
    return () => query.mock.calls.length;
  }
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const spies = [vi.spyOn(client, "query"), vi.spyOn(client, "exec"), vi.spyOn(client, "transaction")];
  for (const spy of spies) spy.mockClear();
  return () => spies.reduce((total, spy) => total + spy.mock.calls.length, 0);
}
