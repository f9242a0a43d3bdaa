import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { inject } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "~/server/db.server";

/** A database for one test file: a copy of the run's migrated template, held in memory. */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const file = inject("pgliteTemplate");
  const blob = new Blob([readFileSync(file)]);
  const client = new PGlite({ loadDataDir: blob });
  return openDatabase({ pglite: client, migrate: false });
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
