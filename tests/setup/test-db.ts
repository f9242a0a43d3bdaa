import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, inject, vi } from "vitest";
import { type AccountsContext, type Auth, openAuth } from "~/server/accounts/auth.server";
import { openDatabase, PGLITE_EXTENSIONS, queryRows, type DatabaseHandle } from "~/server/platform/db.server";
import type { PaymentProvider } from "~/server/providers/payment-provider.server";
import { createTestProvider } from "~/server/providers/test-payment-provider.server";
import { adminQuery, type TestDatabaseSource, withDatabase } from "./global-db";
import { TEST_SHOP } from "./test-shop";

/** A test's database, with better-auth opened on it for the test shop, once (testContext hands it on). */
export type TestDatabase = DatabaseHandle & { auth: Auth };

/**
 * A database for one test file, copied from the run's migrated template: in memory on PGlite, or a
 * database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped when the handle closes.
 * better-auth is opened on it for the test shop, as server.ts opens it on its context (a test for
 * another shop, one with an SMS provider say, opens its own: withAuth).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const handle = await copyTemplate();
  return { ...handle, auth: openAuth({ db: handle.db, ...TEST_SHOP }) };
}

async function copyTemplate(): Promise<DatabaseHandle> {
  const source = inject("testDatabase");
  return source.kind === "pglite" ? pgliteDatabase(source.templateFile) : postgresDatabase(source);
}

type PostgresSource = Extract<TestDatabaseSource, { kind: "postgres" }>;

/** A database of its own on the PostgreSQL server, copied from the template, dropped when the handle closes. */
async function postgresCopy(source: PostgresSource): Promise<{ name: string; url: string }> {
  const name = `${source.prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(source.adminUrl, `create database ${name} template ${source.template}`);
  return { name, url: withDatabase(source.adminUrl, name) };
}

/**
 * This worker's PostgreSQL database, handed from one test file to the next as the PGlite one is
 * (below): copying the template and dropping the copy costs a few tenths of a second a file on a
 * busy machine, putting the copy back as the template had it a few hundredths. A file that opens a
 * second database while it holds this one gets a copy of its own, dropped when it closes.
 */
let sharedPostgres: { url: string; restore: string; free: boolean } | undefined;

async function postgresDatabase(source: PostgresSource): Promise<DatabaseHandle> {
  if (sharedPostgres?.free) {
    sharedPostgres.free = false;
    await adminQuery(sharedPostgres.url, sharedPostgres.restore);
  } else if (sharedPostgres) {
    const copy = await postgresCopy(source);
    const handle = await openDatabase({ databaseUrl: copy.url, migrate: false });
    let dropped = false;
    return {
      ...handle,
      async close() {
        await handle.close();
        if (dropped) return;
        dropped = true;
        await adminQuery(source.adminUrl, `drop database if exists ${copy.name} with (force)`);
      },
    };
  } else {
    const copy = await postgresCopy(source);
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    try {
      const restore = await templateSnapshot({
        rows: async <T>(text: string) => (await client.query(text)).rows as T[],
        exec: async (text: string) => void (await client.query(text)),
      });
      sharedPostgres = { url: copy.url, restore, free: false };
    } finally {
      await client.end();
    }
  }
  const held = sharedPostgres;
  const handle = await openDatabase({ databaseUrl: held.url, migrate: false });
  return {
    ...handle,
    async close() {
      await handle.close();
      held.free = true;
    },
  };
}

/**
 * This worker's PGlite, handed from one test file to the next: loading a copy of the template costs
 * about 0.7 s, putting one back as the template had it about a tenth of that. A file gets it put
 * back (every table emptied and refilled with the template's rows, every sequence where the
 * template had it) under a Drizzle handle of its own, so nothing an earlier file's code cached
 * against its handle is seen. A file that opens a second database while it holds this one gets a
 * copy of its own.
 */
let shared: { client: PGlite; restore: string; free: boolean } | undefined;

async function pgliteDatabase(templateFile: string): Promise<DatabaseHandle> {
  if (shared?.free) {
    shared.free = false;
    await shared.client.exec(shared.restore);
  } else if (shared) {
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(templateFile)]), extensions: PGLITE_EXTENSIONS });
    return openDatabase({ pglite: client, migrate: false });
  } else {
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(templateFile)]), extensions: PGLITE_EXTENSIONS });
    const restore = await templateSnapshot({
      rows: async <T>(text: string) => (await client.query<T>(text)).rows,
      exec: async (text: string) => void (await client.exec(text)),
    });
    shared = { client, restore, free: false };
  }
  const held = shared;
  const handle = await openDatabase({ pglite: held.client, migrate: false });
  return {
    ...handle,
    async close() {
      held.free = true;
    },
  };
}

/** What the snapshot is taken through: PGlite's client or a PostgreSQL connection. */
type SnapshotClient = { rows<T>(text: string): Promise<T[]>; exec(text: string): Promise<void> };

/**
 * Keeps the template's rows and sequences in a schema of their own, and returns the SQL that puts
 * the database back to them. Foreign keys are not checked while the rows go back in (all of them
 * are the template's, so they hold).
 */
async function templateSnapshot(client: SnapshotClient): Promise<string> {
  const tables = (
    await client.rows<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public'")
  ).map((row) => `"${row.name}"`);
  const sequences = await client.rows<{ name: string; value: string | null }>(
    "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'",
  );
  await client.exec(
    `create schema test_template; ${tables.map((t) => `create table test_template.${t} as table public.${t};`).join(" ")}`,
  );
  const filled: string[] = [];
  for (const table of tables) {
    const [counted] = await client.rows<{ n: number }>(`select count(*)::int as n from test_template.${table}`);
    if ((counted?.n ?? 0) > 0) filled.push(table);
  }
  return [
    "set session_replication_role = replica;",
    `truncate ${tables.map((t) => `public.${t}`).join(", ")} cascade;`,
    ...filled.map((t) => `insert into public.${t} overriding system value select * from test_template.${t};`),
    ...sequences.map((q) =>
      q.value === null
        ? `alter sequence public."${q.name}" restart;`
        : `select setval('public."${q.name}"', ${q.value});`,
    ),
    "set session_replication_role = origin;",
  ].join("\n");
}

/**
 * This test file's database: copied from the template before its first test, emptied before each
 * test (unless `reset: false`) and closed after its last. Call it at the top of the file, before
 * the file's own hooks, so they find the database open. The handle stands for the database of
 * the moment, so tests use it as they would the one `createTestDatabase` gives.
 */
export function testFileDatabase(options: { reset?: boolean } = {}): TestDatabase {
  let current: TestDatabase | undefined;
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
    get auth() {
      return open().auth;
    },
    close: () => open().close(),
  };
}

/**
 * What a server would hand its requests on this database: better-auth as opened on it, and by
 * default the test-mode payment provider, as on a machine without Stripe keys; a test about Stripe
 * hands in its own.
 */
export function testContext(
  handle: TestDatabase,
  payments: PaymentProvider | null = createTestProvider(handle.db),
): AccountsContext {
  return { db: handle.db, payments, ...TEST_SHOP, auth: handle.auth };
}

/**
 * The catalogue every shop starts with (migration 0033) is the shop's own data, not a test's: it
 * stays, and a test that changes it puts it back.
 */
const CATALOGUE_TABLES = [
  "categories",
  "products",
  "product_price_tiers",
  "product_colours",
  "product_images",
  "catalogue_version",
];

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

/**
 * A new, empty database of the run's kind, for a restore to fill: a PGlite data directory of its
 * own, or an empty database on the PostgreSQL server. `open` opens it (migrating with the given
 * folder's migrations when one is given), as often as the restore needs; `drop` removes it.
 */
export async function createEmptyDatabase(): Promise<{
  open(migrationsFolder?: string): Promise<DatabaseHandle>;
  drop(): Promise<void>;
}> {
  const source = inject("testDatabase");
  if (source.kind === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "swag-restore-db-"));
    return {
      open: (migrationsFolder) =>
        openDatabase({ dataDir: join(dir, "db"), migrate: migrationsFolder !== undefined, migrationsFolder }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `${source.prefix}_${randomBytes(6).toString("hex")}`;
  await adminQuery(source.adminUrl, `create database ${name}`);
  const url = withDatabase(source.adminUrl, name);
  return {
    open: (migrationsFolder) =>
      openDatabase({ databaseUrl: url, migrate: migrationsFolder !== undefined, migrationsFolder }),
    drop: async () => void (await adminQuery(source.adminUrl, `drop database if exists ${name} with (force)`)),
  };
}
