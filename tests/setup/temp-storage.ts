import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { createLocalStorage, type FileStorage } from "~/server/providers/storage.server";

/** Local file storage in a fresh temporary folder for one test file, removed after its tests. */
export function tempLocalStorage(prefix: string): FileStorage {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return createLocalStorage(join(dir, "uploads"));
}
