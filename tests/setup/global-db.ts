import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, PGLITE_EXTENSIONS } from "../../app/server/platform/db.server";

/** Where each test file gets its database from: a PGlite dump, or a template on a PostgreSQL server. */
export type TestDatabaseSource =
  | { kind: "pglite"; templateFile: string }
  | { kind: "postgres"; adminUrl: string; template: string; prefix: string };

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

/** The same server and credentials as `url`, another database. */
export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

export async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Migrates one database per test run. Without TEST_DATABASE_URL it is PGlite, dumped to a file that
 * every test file loads; with it, a template database on that server that every test file copies
 * (CREATE DATABASE … TEMPLATE …, see test-db.ts). Databases this run made are dropped at the end.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) return setupPostgres(project, adminUrl);

  const dir = mkdtempSync(join(tmpdir(), "swag-test-db-"));
  const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
  const handle = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir("gzip");
  await handle.close();
  const file = join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("testDatabase", { kind: "pglite", templateFile: file });
  return () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject, adminUrl: string) {
  // Names are unquoted-safe (lower case, digits, underscores) and unique to this run.
  const prefix = `swag_test_${randomBytes(4).toString("hex")}`;
  const template = `${prefix}_template`;
  await adminQuery(adminUrl, `create database ${template}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(adminUrl, template) });
  await handle.close();
  project.provide("testDatabase", { kind: "postgres", adminUrl, template, prefix });

  return async () => {
    const { rows } = await adminQuery(adminUrl, `select datname from pg_database where datname like '${prefix}\\_%'`);
    for (const { datname } of rows as { datname: string }[]) {
      // FORCE ends connections a test file left open (PostgreSQL 13+).
      await adminQuery(adminUrl, `drop database if exists ${datname} with (force)`);
    }
  };
}
