import { eq } from "drizzle-orm";
import { authUser } from "#db/schema";
import { signInWithPassword, signUp } from "~/server/accounts/accounts.server";
import { grantStaffRole } from "~/server/accounts/admin-staff.server";
import type { AccountsContext } from "~/server/accounts/auth.server";
import { TEST_SHOP } from "./test-shop";

let ip = 0;

/** A request as a browser on this site would send it (its own client address, same-origin). */
export function siteRequest(
  path: string,
  init: { method?: string; cookie?: string; form?: Record<string, string> } = {},
) {
  const headers = new Headers({
    "x-real-ip": `10.9.${Math.floor(++ip / 250)}.${ip % 250}`,
    origin: "http://127.0.0.1:3999",
  });
  if (init.cookie) headers.set("cookie", init.cookie);
  const body = init.form ? new URLSearchParams(init.form) : undefined;
  return new Request(`http://127.0.0.1:3999${path}`, { method: init.method ?? (body ? "POST" : "GET"), headers, body });
}

/**
 * Signs a new user up and in through the real auth code, in the test shop, on a test's database and
 * its better-auth (a TestDatabase or a context); returns their id and session cookie.
 */
export async function createSignedInUser(
  on: Pick<AccountsContext, "db" | "auth">,
  email: string,
  password = "marmalade skyline 42",
) {
  const ctx = { ...TEST_SHOP, db: on.db, auth: on.auth };
  const created = await signUp(ctx, {
    request: siteRequest("/sign-up"),
    firstName: "Test",
    lastName: "Buyer",
    identifier: email,
    password,
  });
  if (!created.ok) throw new Error(`sign-up failed: ${created.message}`);
  const signedIn = await signInWithPassword(ctx, { request: siteRequest("/sign-in"), identifier: email, password });
  if (!signedIn.ok) throw new Error(`sign-in failed: ${signedIn.message}`);
  const cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { getSessionInfo } = await import("~/server/accounts/session.server");
  const session = await getSessionInfo(ctx, siteRequest("/", { cookie }));
  if (!session) throw new Error("no session after sign-in");
  return { userId: session.user.id, cookie };
}

/** A member of staff as the back office admits one: confirmed, granted the role, with two-step sign-in on. */
export async function createSignedInStaff(on: Pick<AccountsContext, "db" | "auth">, email: string) {
  const user = await createSignedInUser(on, email);
  await on.db.update(authUser).set({ emailVerified: true, twoFactorEnabled: true }).where(eq(authUser.id, user.userId));
  const granted = await grantStaffRole(on.db, email);
  if (!granted.ok) throw new Error(granted.message);
  return user;
}
