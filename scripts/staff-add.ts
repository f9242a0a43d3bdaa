/**
 * Gives an existing, confirmed account the staff role (B-7; decision 010):
 *
 *   npm run staff:add -- someone@example.com
 *
 * It uses the same DATA_DIR / DATABASE_URL as the server (and .env). The embedded database
 * (PGlite) can be open in one process only, so with it this refuses while the server runs; stop
 * the server first, or list the address in STAFF_EMAILS and sign in instead (README "Staff and
 * the back office"). With DATABASE_URL it works while the server runs.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { z } from "zod";
import { grantStaffRole } from "../app/server/accounts/admin-staff.server";
import { openDatabase } from "../app/server/platform/db.server";
import { getEnv } from "../app/server/platform/env.server";

function refuse(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const email = z.email().safeParse(process.argv[2]?.trim() ?? "");
if (!email.success || process.argv.length > 3) refuse("Usage: npm run staff:add -- someone@example.com", 2);

const env = (() => {
  try {
    return getEnv();
  } catch (error) {
    return refuse(error instanceof Error ? error.message : String(error));
  }
})();

let dataDir: string | undefined;
if (!env.DATABASE_URL) {
  dataDir = join(resolve(env.DATA_DIR), "db");
  if (!existsSync(join(dataDir, "PG_VERSION"))) {
    refuse(
      `There is no shop database in ${dataDir} yet. Start the shop once (npm start), sign up with ${email.data}, then run this again.`,
    );
  }
  // PGlite writes this file while a process has the database open and removes it on a clean close.
  if (existsSync(join(dataDir, "postmaster.pid"))) {
    refuse(
      [
        `The database in ${dataDir} is in use by a running server, and the embedded database can only be opened by one process.`,
        `Either stop the server and run this again, or start the server with STAFF_EMAILS=${email.data} and sign in with that address (confirmed).`,
        `If no server is running (it was killed), start and stop it once (npm start, then Ctrl+C) to release the database.`,
      ].join("\n"),
    );
  }
}

const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
// Closed before any exit: an embedded database left open keeps its lock file and looks in use.
const result = await grantStaffRole(handle.db, email.data).finally(() => handle.close());
if (!result.ok) refuse(result.message);
console.log(
  result.alreadyStaff
    ? `${result.email} is already staff.`
    : `${result.email} is now staff. They can open /admin after signing in.`,
);
