/**
 * Opens the shop's database, embedded PGlite or a PostgreSQL server, applies the committed migrations,
 * and gives both drivers one `Database` type.
 */
import { existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type SQL, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import * as schema from "#db/schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

/**
 * The project's db/migrations, found upwards from this module: app/server in dev and tests,
 * build/server or one of its chunk folders in production.
 */
export const MIGRATIONS_FOLDER = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, "db", "migrations");
    if (existsSync(join(candidate, "meta", "_journal.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`db/migrations not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
})();

/** The extensions an embedded database loads: trigram matching, for the catalogue's search (migration 0037). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** Opens PGlite (embedded) or a PostgreSQL server, and applies the committed migrations. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  migrate?: boolean;
  /** Migrations from elsewhere than MIGRATIONS_FOLDER: a restore's, stopping at its archive's level. */
  migrationsFolder?: string;
}): Promise<DatabaseHandle> {
  const shouldMigrate = options.migrate ?? true;
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.databaseUrl) {
    // Loaded only for a PostgreSQL server, so the embedded default does not pay for them at start.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import("pg"),
      import("drizzle-orm/node-postgres"),
      import("drizzle-orm/node-postgres/migrator"),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the next
    // query opens a new one.
    pool.on("error", (error) => console.error("PostgreSQL connection lost:", error.message));
    const db = drizzlePg(pool, { schema });
    if (shouldMigrate) await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, driver: "postgres", close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error("openDatabase needs a databaseUrl, a dataDir or a PGlite");
    mkdirSync(options.dataDir, { recursive: true });
    client = new PGlite(options.dataDir, { extensions: PGLITE_EXTENSIONS });
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  if (shouldMigrate) await migratePglite(db, { migrationsFolder });
  const owned = client;
  return { db: db as unknown as Database, driver: "pglite", close: () => owned.close() };
}

/** Values as a comma-separated list of bound parameters, for `in (…)`. */
export function sqlList(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
