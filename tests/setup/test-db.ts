import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { inject, vi } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "~/server/db.server";
import { adminQuery, withDatabase } from "./global-db";

/**
 * A database for one test file, copied from the run's migrated template: in memory on PGlite, or a
 * database of its own on the PostgreSQL server of TEST_DATABASE_URL, dropped when the handle closes.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
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

/** Empties every application table between tests (migrations bookkeeping stays). */
export async function resetDatabase(handle: DatabaseHandle) {
  const rows = await queryRows<{ tablename: string }>(
    handle.db,
    sql`select tablename from pg_tables where schemaname = 'public'`,
  );
  const names = rows.map((r) => `"${r.tablename}"`);
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
