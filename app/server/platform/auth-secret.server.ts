/**
 * The secret better-auth signs cookies and tokens with: AUTH_SECRET, else one generated on first
 * start and kept beside the database. Read once at boot (app-context.server.ts).
 */
import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Env } from "./env.server";

export function authSecretOf(env: Pick<Env, "AUTH_SECRET" | "DATA_DIR">): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const dir = resolve(env.DATA_DIR);
  const file = join(dir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dir, { recursive: true });
  // Written whole under a name of its own, then linked into place, which fails if another process
  // got there first (WEB_CONCURRENCY servers starting together): then every process reads that one.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, randomBytes(32).toString("hex"), { mode: 0o600 });
  try {
    linkSync(partial, file);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  } finally {
    rmSync(partial, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}
