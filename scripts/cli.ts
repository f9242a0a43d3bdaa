/** What the operator's commands share: reading the environment, and the embedded database's one-process rule. */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Env, getEnv } from "../app/server/platform/env.server";

export function refuse(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** The validated environment, or the reasons it is not, and exit. */
export function loadEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
}

/**
 * The embedded database's directory (undefined with DATABASE_URL). Refuses while a server holds it
 * (PGlite writes postmaster.pid while a process has it open and removes it on a clean close), and,
 * when `missing` is given, when there is no database there yet.
 */
export function embeddedDataDir(
  env: Env,
  messages: { inUse: (dir: string) => string; missing?: (dir: string) => string },
): string | undefined {
  if (env.DATABASE_URL) return undefined;
  const dir = join(resolve(env.DATA_DIR), "db");
  if (messages.missing && !existsSync(join(dir, "PG_VERSION"))) refuse(messages.missing(dir));
  if (existsSync(join(dir, "postmaster.pid")))
    refuse(
      `${messages.inUse(dir)}\nIf no server is running (it was killed), start and stop it once (npm start, then Ctrl+C) to release the database.`,
    );
  return dir;
}
