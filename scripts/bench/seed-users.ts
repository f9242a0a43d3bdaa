/**
 * Run by checkout-users.ts in a process of its own, before the server starts on the same data dir: signs
 * `count` users up and in through the shop's own account code (as the server tests do) and writes
 * their session cookies, one JSON array, to the file named by the last argument. DATA_DIR,
 * AUTH_SECRET and BASE_URL come from the environment and must be the server's; with
 * BENCH_SEED_VERIFIED=1 their addresses are confirmed.
 *
 *   tsx scripts/bench/seed-users.ts <count> <out.json>
 */
import { writeFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { authUser } from "#db/schema";
import { signInWithPassword, signUp } from "~/server/accounts/accounts.server";
import { type AccountsContext, withAuth } from "~/server/accounts/auth.server";
import { getEnv } from "~/server/platform/env.server";
import { openAppContext } from "~/server/providers/app-context.server";

const PASSWORD = "marmalade skyline 42";

/** Each user signs up from an address of its own, as separate visitors would (per-address limits). */
function visitorRequest(path: string, n: number, cookie?: string): Request {
  const base = process.env.BASE_URL ?? "";
  const headers = new Headers({ "x-real-ip": `10.77.${Math.floor(n / 250)}.${n % 250}`, origin: base });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${base}${path}`, { method: "POST", headers });
}

async function seedUser(ctx: AccountsContext, n: number): Promise<string> {
  const { db } = ctx;
  const identifier = `bench-buyer-${n}@bench.example`;
  const created = await signUp(ctx, {
    request: visitorRequest("/sign-up", n),
    firstName: "Bench",
    lastName: `Buyer ${n}`,
    identifier,
    password: PASSWORD,
  });
  if (!created.ok) throw new Error(`sign-up ${n}: ${created.message}`);
  const signedIn = await signInWithPassword(ctx, {
    request: visitorRequest("/sign-in", n),
    identifier,
    password: PASSWORD,
  });
  if (!signedIn.ok) throw new Error(`sign-in ${n}: ${signedIn.message}`);
  // A bench that uploads artwork needs confirmed addresses (docs/security.md), as a real buyer's is.
  if (process.env.BENCH_SEED_VERIFIED === "1") {
    await db.update(authUser).set({ emailVerified: true }).where(eq(authUser.email, identifier));
  }
  return signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function main(ctx: AccountsContext) {
  const [countArg, out] = process.argv.slice(2);
  const count = Number(countArg);
  if (!Number.isInteger(count) || count < 1 || !out) throw new Error("usage: seed-users.ts <count> <out.json>");
  const cookies: string[] = new Array(count);
  // A few at a time: password hashing is the slow part and the machine has two cores.
  const workers = 4;
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < count) {
        const n = next++;
        cookies[n] = await seedUser(ctx, n);
      }
    }),
  );
  writeFileSync(out, JSON.stringify(cookies));
}

const { ctx, close } = await openAppContext(getEnv());
// As the server does: the accounts are made through better-auth opened on this context.
main(withAuth(ctx))
  .finally(close)
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
