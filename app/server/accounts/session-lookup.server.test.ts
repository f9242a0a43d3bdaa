import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authMember, authOrganization, authSession } from "#db/schema";
import { countStatements, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { signOut } from "./account-security.server";
import { getSessionInfo } from "./session.server";
import { ASK_BETTER_AUTH, cookieValue, lookUpSession, verifiedToken } from "./session-lookup.server";

const handle = testFileDatabase();

afterEach(() => {
  vi.restoreAllMocks();
});

const DAY_MS = 86_400_000;
const asBrowser = (cookie: string) => siteRequest("/", { cookie });

/** Spies on better-auth's own lookup, to tell which path answered. */
function betterAuthLookups() {
  return vi.spyOn(handle.auth.api, "getSession");
}

async function tokenOf(userId: string) {
  const [row] = await handle.db.select().from(authSession).where(eq(authSession.userId, userId));
  if (!row) throw new Error("no session row");
  return row;
}

describe("the per-request session lookup (decision 029)", () => {
  it("finds a signed-in buyer in one statement, without asking better-auth", async () => {
    const jane = await createSignedInUser(handle, "jane@acme.example");
    const lookups = betterAuthLookups();
    const statements = countStatements(handle);
    const session = await getSessionInfo(handle, asBrowser(jane.cookie));
    expect(statements()).toBe(1);
    expect(session).toMatchObject({
      user: {
        id: jane.userId,
        email: "jane@acme.example",
        firstName: "Test",
        lastName: "Buyer",
        twoFactorEnabled: false,
      },
      accountId: jane.userId,
    });
    expect(lookups).not.toHaveBeenCalled();
  });

  it("answers as better-auth does for the same cookie", async () => {
    const jane = await createSignedInUser(handle, "jane@acme.example");
    const ours = await lookUpSession(handle, { request: asBrowser(jane.cookie) });
    const theirs = await handle.auth.api.getSession({ headers: asBrowser(jane.cookie).headers });
    if (ours === ASK_BETTER_AUTH || !ours || !theirs) throw new Error("both should have found the session");
    expect(ours.session.id).toBe(theirs.session.id);
    expect(ours.user).toMatchObject({ id: theirs.user.id, email: theirs.user.email, name: theirs.user.name });
  });

  it("refuses a session at once once it is signed out, or revoked from another device", async () => {
    const jane = await createSignedInUser(handle, "jane@acme.example");
    expect(await getSessionInfo(handle, asBrowser(jane.cookie))).not.toBeNull();
    expect((await signOut(handle, { request: asBrowser(jane.cookie), scope: "local" })).ok).toBe(true);
    expect(await getSessionInfo(handle, asBrowser(jane.cookie))).toBeNull();

    const bob = await createSignedInUser(handle, "bob@acme.example");
    expect(await getSessionInfo(handle, asBrowser(bob.cookie))).not.toBeNull();
    // What revoking a session does to its row, whichever page asks for it.
    await handle.db.delete(authSession).where(eq(authSession.userId, bob.userId));
    expect(await getSessionInfo(handle, asBrowser(bob.cookie))).toBeNull();
  });

  it("refuses a cookie whose signature does not match, and one signed with another secret", async () => {
    const jane = await createSignedInUser(handle, "jane@acme.example");
    const { token } = await tokenOf(jane.userId);
    const [name] = jane.cookie.split("=");
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect(await getSessionInfo(handle, asBrowser(forged))).toBeNull();
    const value = cookieValue(jane.cookie, name!);
    expect(value && verifiedToken(value, "test-secret-test-secret-test-secret-1234")).toBe(token);
    expect(value && verifiedToken(value, "another-secret-another-secret-another-1")).toBeNull();
    expect(verifiedToken(token, "test-secret-test-secret-test-secret-1234")).toBeNull();
  });

  it("drops the active organisation of a member who was removed from it", async () => {
    const jane = await createSignedInUser(handle, "jane@acme.example");
    const organisation = await handle.auth.api.createOrganization({
      body: { name: "Acme Events", slug: "acme-events" },
      headers: asBrowser(jane.cookie).headers,
    });
    expect((await getSessionInfo(handle, asBrowser(jane.cookie)))?.accountId).toBe(organisation?.id);
    await handle.db.delete(authMember).where(eq(authMember.organizationId, organisation!.id));
    const removed = await getSessionInfo(handle, asBrowser(jane.cookie));
    expect(removed?.accountId).toBe(jane.userId);
    expect(removed?.session.activeOrganizationId).toBeNull();
    expect(await handle.db.select().from(authOrganization)).toHaveLength(1);
  });

  it("leaves extending a day-old session to better-auth, which writes the new expiry", async () => {
    const jane = await createSignedInUser(handle, "jane@acme.example");
    const row = await tokenOf(jane.userId);
    // Thirty days' lifetime, extended once a day (auth.server.ts): signed in 25 hours ago.
    const stale = new Date(Date.now() + 30 * DAY_MS - 25 * 3_600_000);
    await handle.db.update(authSession).set({ expiresAt: stale }).where(eq(authSession.id, row.id));
    expect(await lookUpSession(handle, { request: asBrowser(jane.cookie) })).toBe(ASK_BETTER_AUTH);
    const lookups = betterAuthLookups();
    expect((await getSessionInfo(handle, asBrowser(jane.cookie)))?.user.id).toBe(jane.userId);
    expect(lookups).toHaveBeenCalledTimes(1);
    const extended = await tokenOf(jane.userId);
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(await lookUpSession(handle, { request: asBrowser(jane.cookie) })).not.toBe(ASK_BETTER_AUTH);
  });

  it("refuses an expired session, and better-auth deletes it", async () => {
    const jane = await createSignedInUser(handle, "jane@acme.example");
    const row = await tokenOf(jane.userId);
    await handle.db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSession.id, row.id));
    expect(await getSessionInfo(handle, asBrowser(jane.cookie))).toBeNull();
    expect(await handle.db.select().from(authSession).where(eq(authSession.id, row.id))).toHaveLength(0);
  });

  it("finds nobody without a cookie, or with only other cookies", async () => {
    expect(await getSessionInfo(handle, siteRequest("/"))).toBeNull();
    expect(await getSessionInfo(handle, asBrowser("theme=dark; swag.session_token_x=1"))).toBeNull();
  });
});
