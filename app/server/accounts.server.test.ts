import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authAccount, authMember, authUser, outbox, profiles } from "#db/schema";
import { createTestDatabase, resetDatabase } from "../../tests/setup/test-db";
import { startSmtpServer } from "../../tests/setup/smtp";
import {
  requestPasswordReset,
  resetPassword,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  signUp,
  verifyEmailCode,
} from "./accounts.server";
import { getAuth, hashPassword, verifyPasswordHash } from "./auth.server";
import { closeDatabase, useDatabaseForTests, type DatabaseHandle } from "./db.server";
import { getSessionInfo } from "./session.server";

let handle: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-1234";
  process.env.BASE_URL = "http://127.0.0.1:3999";
  handle = await createTestDatabase();
  useDatabaseForTests(handle);
});
afterAll(async () => {
  await closeDatabase();
  await smtp.close();
});
beforeEach(async () => {
  await resetDatabase(handle);
  smtp.messages.length = 0;
});

let ipCounter = 0;
function request(headers: Record<string, string> = {}) {
  // A fresh address per request keeps the per-IP limits out of tests that aren't about them.
  return new Request("http://127.0.0.1:3999/sign-in", {
    method: "POST",
    headers: { "x-real-ip": `10.0.0.${++ipCounter % 250}`, origin: "http://127.0.0.1:3999", ...headers },
  });
}

function cookieFrom(headers: Headers) {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const codeIn = (text: string) => /Your code: (\d{6})/.exec(text)?.[1] ?? "";

async function signUpJane() {
  const result = await signUp(request(), {
    firstName: "Jane",
    lastName: "Smith",
    identifier: "jane@acme.co",
    password: "marmalade skyline 42",
  });
  expect(result.ok).toBe(true);
  return result;
}

describe("sign-up and e-mail verification", () => {
  it("stores an argon2id hash and e-mails a verification code over SMTP", async () => {
    await signUpJane();
    const [account] = await handle.db.select().from(authAccount);
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await smtp.waitFor("jane@acme.co");
    expect(mail.subject).toMatch(/verification code/);
    const code = codeIn(mail.text);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await verifyEmailCode(request(), { email: "jane@acme.co", code: code === "000000" ? "111111" : "000000" });
    expect(wrong).toMatchObject({ ok: false, message: "That code isn't right. Check it and try again." });
    const verified = await verifyEmailCode(request(), { email: "jane@acme.co", code });
    expect(verified.ok).toBe(true);
    const [user] = await handle.db.select().from(authUser).where(eq(authUser.email, "jane@acme.co"));
    expect(user?.emailVerified).toBe(true);
  });

  it("refuses weak passwords with the reasons and malformed e-mail addresses", async () => {
    const weak = await signUp(request(), { firstName: "J", lastName: "S", identifier: "j@acme.co", password: "1234567890" });
    expect(weak).toMatchObject({ ok: false, status: 400, message: "That password is too weak." });
    expect(weak.ok === false && weak.problems).toContain("Don't use only numbers; add some words.");
    const malformed = await signUp(request(), { firstName: "J", lastName: "S", identifier: "j@acme", password: "marmalade skyline 42" });
    expect(malformed).toMatchObject({ ok: false, message: "Enter a valid e-mail address or phone number." });
    expect(await handle.db.select().from(authUser)).toHaveLength(0);
  });

  it("says an account exists rather than creating a second one", async () => {
    await signUpJane();
    const again = await signUp(request(), { firstName: "J", lastName: "S", identifier: "JANE@acme.co", password: "another long phrase 9" });
    expect(again).toMatchObject({ ok: false, message: expect.stringMatching(/already exists/) });
  });
});

describe("signing in", () => {
  it("signs in with the password, upserts the profile and gives one generic message when wrong", async () => {
    await signUpJane();
    const ok = await signInWithPassword(request(), { identifier: "jane@acme.co", password: "marmalade skyline 42" });
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const session = await getSessionInfo(new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieFrom(ok.headers) } }));
    expect(session?.user.email).toBe("jane@acme.co");
    expect(session?.accountId).toBe(session?.user.id);
    const [profile] = await handle.db.select().from(profiles);
    expect(profile).toMatchObject({ email: "jane@acme.co", firstName: "Jane", lastName: "Smith" });

    const wrongPassword = await signInWithPassword(request(), { identifier: "jane@acme.co", password: "wrong password here" });
    const unknownUser = await signInWithPassword(request(), { identifier: "nobody@acme.co", password: "marmalade skyline 42" });
    expect(wrongPassword).toMatchObject({ ok: false, status: 401 });
    expect(unknownUser.ok === false && unknownUser.message).toBe(wrongPassword.ok === false && wrongPassword.message);
  });

  it("locks an account after 100 failed sign-ins in an hour, answering 429 with a retry time", async () => {
    await signUpJane();
    await handle.db.execute(
      sql`insert into rate_limits (key, count, window_start) values ('signin-fail:jane@acme.co', 100, now())`,
    );
    const locked = await signInWithPassword(request(), { identifier: "jane@acme.co", password: "marmalade skyline 42" });
    expect(locked).toMatchObject({ ok: false, status: 429 });
    expect(locked.ok === false && locked.retryAfterSeconds).toBeGreaterThan(3500);
  });

  it("signs in with a one-time code sent by e-mail", async () => {
    await signUpJane();
    smtp.messages.length = 0;
    const sent = await sendSignInCode(request(), { identifier: "jane@acme.co" });
    expect(sent.ok).toBe(true);
    const code = codeIn((await smtp.waitFor("jane@acme.co")).text);
    const signedIn = await signInWithCode(request(), { identifier: "jane@acme.co", code });
    expect(signedIn.ok).toBe(true);
  });

  it("stops accepting a code after too many wrong tries", async () => {
    await signUpJane();
    smtp.messages.length = 0;
    await sendSignInCode(request(), { identifier: "jane@acme.co" });
    const code = codeIn((await smtp.waitFor("jane@acme.co")).text);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signInWithCode(request(), { identifier: "jane@acme.co", code: wrong }));
    expect(answers.every((a) => !a.ok)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, message: "Too many wrong codes. Ask for a new one." });
    // Even the right code is refused now: a new one must be asked for.
    expect((await signInWithCode(request(), { identifier: "jane@acme.co", code })).ok).toBe(false);
  });

  it("limits code requests per account", async () => {
    await signUpJane();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await sendSignInCode(request(), { identifier: "jane@acme.co" }));
    expect(results.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(results[5]).toMatchObject({ ok: false, status: 429 });
  });

  it("signs up, confirms and signs in with a phone number and an SMS code (via the outbox)", async () => {
    const created = await signUp(request(), {
      firstName: "Raj",
      lastName: "Patel",
      identifier: "07123 456789",
      password: "marmalade skyline 42",
    });
    expect(created.ok).toBe(true);
    const [user] = await handle.db.select().from(authUser);
    expect(user).toMatchObject({ phoneNumber: "+447123456789", email: "phone-447123456789@phone.swagstudio.invalid" });
    const texts = await handle.db.select().from(outbox).where(eq(outbox.to, "+447123456789"));
    expect(texts).toHaveLength(1);
    const code = /^(\d{6})/.exec(texts[0]!.text)?.[1] ?? "";
    const confirmed = await signInWithCode(request(), { identifier: "+44 7123 456789", code });
    expect(confirmed.ok).toBe(true);
    const withPassword = await signInWithPassword(request(), { identifier: "07123456789", password: "marmalade skyline 42" });
    expect(withPassword.ok).toBe(true);
  });
});

describe("the active organisation", () => {
  it("counts only while the user is still a member: a removed member's sessions lose it", async () => {
    await signUpJane();
    const signedIn = await signInWithPassword(request(), { identifier: "jane@acme.co", password: "marmalade skyline 42" });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = cookieFrom(signedIn.headers);
    const asJane = () => getSessionInfo(new Request("http://127.0.0.1:3999/", { headers: { cookie } }));
    const auth = await getAuth();
    const organisation = await auth.api.createOrganization({ body: { name: "Acme Events", slug: "acme-events" }, headers: new Headers({ cookie }) });
    expect((await asJane())?.accountId).toBe(organisation?.id);

    // What removing a member does; better-auth leaves the session's activeOrganizationId as it was.
    await handle.db.delete(authMember).where(eq(authMember.organizationId, organisation!.id));
    const removed = await asJane();
    expect(removed?.accountId).toBe(removed?.user.id);
    expect(removed?.session.activeOrganizationId).toBeNull();
  });
});

describe("password reset", () => {
  it("resets by e-mailed link and revokes existing sessions", async () => {
    await signUpJane();
    const before = await signInWithPassword(request(), { identifier: "jane@acme.co", password: "marmalade skyline 42" });
    smtp.messages.length = 0;
    await requestPasswordReset(request(), { identifier: "jane@acme.co", method: "link" });
    const mail = await smtp.waitFor("jane@acme.co");
    const token = /reset-password\?token=([^\s]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const weak = await resetPassword(request(), { token: decodeURIComponent(token!), password: "short" });
    expect(weak).toMatchObject({ ok: false, message: "That password is too weak." });
    const done = await resetPassword(request(), { token: decodeURIComponent(token!), password: "a brand new phrase 77" });
    expect(done.ok).toBe(true);
    if (before.ok) {
      const stale = await getSessionInfo(new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieFrom(before.headers) } }));
      expect(stale).toBeNull();
    }
    const replay = await resetPassword(request(), { token: decodeURIComponent(token!), password: "yet another phrase 88" });
    expect(replay).toMatchObject({ ok: false, message: "This link is invalid or has expired. Please ask for a new one." });
    expect((await signInWithPassword(request(), { identifier: "jane@acme.co", password: "a brand new phrase 77" })).ok).toBe(true);
  });

  it("resets by e-mailed code", async () => {
    await signUpJane();
    smtp.messages.length = 0;
    await requestPasswordReset(request(), { identifier: "jane@acme.co", method: "code" });
    const code = codeIn((await smtp.waitFor("jane@acme.co")).text);
    const done = await resetPassword(request(), { identifier: "jane@acme.co", code, password: "a brand new phrase 77" });
    expect(done.ok).toBe(true);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const result = await requestPasswordReset(request(), { identifier: "nobody@acme.co", method: "link" });
    expect(result.ok).toBe(true);
    expect(smtp.messages).toHaveLength(0);
  });
});

describe("password hashing", () => {
  it("verifies argon2id and older scrypt hashes", async () => {
    const argon = await hashPassword("marmalade skyline 42");
    expect(await verifyPasswordHash({ hash: argon, password: "marmalade skyline 42" })).toBe(true);
    expect(await verifyPasswordHash({ hash: argon, password: "marmalade skyline 43" })).toBe(false);
    const { hashPassword: scrypt } = await import("better-auth/crypto");
    const old = await scrypt("legacy password 1");
    expect(old).not.toMatch(/^\$argon2/);
    expect(await verifyPasswordHash({ hash: old, password: "legacy password 1" })).toBe(true);
  });
});

describe("JWKS", () => {
  it("publishes a public key set and signs JWTs for the signed-in user", async () => {
    await signUpJane();
    const signedIn = await signInWithPassword(request(), { identifier: "jane@acme.co", password: "marmalade skyline 42" });
    if (!signedIn.ok) throw new Error("sign-in failed");
    const auth = await getAuth();
    const { token } = await auth.api.getToken({ headers: new Headers({ cookie: cookieFrom(signedIn.headers) }) });
    expect(token.split(".")).toHaveLength(3);
    const jwks = await auth.api.getJwks();
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(jwks)).not.toMatch(/"d":/);
  });
});
