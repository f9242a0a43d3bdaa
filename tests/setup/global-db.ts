import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/server/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one PGlite database per test run; every test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "swag-test-db-"));
  const client = new PGlite();
  const handle = await openDatabase({ pglite: client });
  const dump = await client.dumpDataDir("gzip");
  await handle.close();
  const file = join(dir, "template.tar.gz");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
