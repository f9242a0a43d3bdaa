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
import { z } from "zod";
import { grantStaffRole } from "../app/server/accounts/admin-staff.server";
import { openDatabase } from "../app/server/platform/db.server";
import { embeddedDataDir, loadEnv, refuse } from "./cli";

const email = z.email().safeParse(process.argv[2]?.trim() ?? "");
if (!email.success || process.argv.length > 3) refuse("Usage: npm run staff:add -- someone@example.com", 2);

const env = loadEnv();
const dataDir = embeddedDataDir(env, {
  missing: (dir) =>
    `There is no shop database in ${dir} yet. Start the shop once (npm start), sign up with ${email.data}, then run this again.`,
  inUse: (dir) =>
    [
      `The database in ${dir} is in use by a running server, and the embedded database can only be opened by one process.`,
      `Either stop the server and run this again, or start the server with STAFF_EMAILS=${email.data} and sign in with that address (confirmed).`,
    ].join("\n"),
});

const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
// Closed before any exit: an embedded database left open keeps its lock file and looks in use.
const result = await grantStaffRole(handle.db, email.data).finally(() => handle.close());
if (!result.ok) refuse(result.message);
console.log(
  result.alreadyStaff
    ? `${result.email} is already staff.`
    : `${result.email} is now staff. They can open /admin after signing in.`,
);
