import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authAccount, authMember, authSession, authTwoFactor, authUser, outbox, profiles } from "#db/schema";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { startFakeSmsProvider } from "../../../tests/setup/sms-provider";
import { totp } from "../../../tests/support/http";
import { confirmTwoFactor, startTwoFactor } from "./account-security.server";
import { confirmCurrentEmail, confirmEmailChange, startEmailChange } from "./account-settings.server";
import {
  requestPasswordReset,
  resendCode,
  resetPassword,
  sendSignInCode,
  signInWithCode,
  signInWithPassword,
  signUp,
  verifyEmailCode,
  verifySecondFactor,
} from "./accounts.server";
import { type AccountsContext, hashPassword, verifyPasswordHash, withAuth } from "./auth.server";
import { getSessionInfo } from "./session.server";
import { runDueJobs } from "../edge/job-worker.server";

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** Phone accounts exist only with an SMS provider: texts go to a loopback fake of one. */
let sms: Awaited<ReturnType<typeof startFakeSmsProvider>>;
/** The test shop with a mail server and an SMS provider, both on loopback. */
let ctx: AccountsContext;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  sms = await startFakeSmsProvider();
  ctx = withAuth({ ...testContext(handle), mailer: smtp.mailer, sms: sms.config });
});
afterAll(async () => {
  await smtp.close();
  await sms.close();
});
beforeEach(async () => {
  await smtp.clear();
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
  const result = await signUp(ctx, {
    request: request(),
    firstName: "Jane",
    lastName: "Smith",
    identifier: "jane@acme.co",
    password: "marmalade skyline 42",
  });
  if (!result.ok) throw new Error(result.message);
  return result;
}

/** Jane signed up and confirmed her address from the same browser, as the pages do it. */
async function confirmedJane() {
  const created = await signUpJane();
  const code = codeIn((await smtp.waitFor("jane@acme.co")).text);
  const verified = await verifyEmailCode(ctx, {
    request: request({ cookie: cookieFrom(created.headers) }),
    email: "jane@acme.co",
    code,
  });
  if (!verified.ok) throw new Error(verified.message);
  await smtp.clear();
  return verified;
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

    const wrong = await verifyEmailCode(ctx, {
      request: request(),
      email: "jane@acme.co",
      code: code === "000000" ? "111111" : "000000",
    });
    expect(wrong).toMatchObject({ ok: false, message: "That code isn't right. Check it and try again." });
    const verified = await verifyEmailCode(ctx, { request: request(), email: "jane@acme.co", code });
    expect(verified.ok).toBe(true);
    const [user] = await handle.db.select().from(authUser).where(eq(authUser.email, "jane@acme.co"));
    expect(user?.emailVerified).toBe(true);
  });

  it("refuses weak passwords with the reasons and malformed e-mail addresses", async () => {
    const weak = await signUp(ctx, {
      request: request(),
      firstName: "J",
      lastName: "S",
      identifier: "j@acme.co",
      password: "1234567890",
    });
    expect(weak).toMatchObject({
      ok: false,
      status: 400,
      code: "WEAK_PASSWORD",
      message: "That password is too weak.",
    });
    expect(weak.ok === false && weak.fieldErrors?.password).toContain("Don't use only numbers; add some words.");
    const malformed = await signUp(ctx, {
      request: request(),
      firstName: "J",
      lastName: "S",
      identifier: "j@acme",
      password: "marmalade skyline 42",
    });
    expect(malformed).toMatchObject({ ok: false, message: "Enter a valid e-mail address or phone number." });
    expect(await handle.db.select().from(authUser)).toHaveLength(0);
  });

  it("signs in the signing-up browser when it confirms the address, keeping the password it chose", async () => {
    const verified = await confirmedJane();
    expect(verified.twoFactor).toBe(false);
    const session = await getSessionInfo(
      ctx,
      new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieFrom(verified.headers) } }),
    );
    expect(session?.user.email).toBe("jane@acme.co");
    expect(
      (
        await signInWithPassword(ctx, {
          request: request(),
          identifier: "jane@acme.co",
          password: "marmalade skyline 42",
        })
      ).ok,
    ).toBe(true);
  });
});

describe("signing in", () => {
  it("signs in with the password, upserts the profile and gives one generic message when wrong", async () => {
    await signUpJane();
    const ok = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const session = await getSessionInfo(
      ctx,
      new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieFrom(ok.headers) } }),
    );
    expect(session?.user.email).toBe("jane@acme.co");
    expect(session?.accountId).toBe(session?.user.id);
    const [profile] = await handle.db.select().from(profiles);
    expect(profile).toMatchObject({ email: "jane@acme.co", firstName: "Jane", lastName: "Smith" });

    const wrongPassword = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "wrong password here",
    });
    const unknownUser = await signInWithPassword(ctx, {
      request: request(),
      identifier: "nobody@acme.co",
      password: "marmalade skyline 42",
    });
    expect(wrongPassword).toMatchObject({ ok: false, status: 401 });
    expect(unknownUser.ok === false && unknownUser.message).toBe(wrongPassword.ok === false && wrongPassword.message);
  });

  it("signs in with a one-time code sent by e-mail", async () => {
    await signUpJane();
    await smtp.clear();
    const sent = await sendSignInCode(ctx, { request: request(), identifier: "jane@acme.co" });
    expect(sent.ok).toBe(true);
    const code = codeIn((await smtp.waitFor("jane@acme.co")).text);
    const signedIn = await signInWithCode(ctx, { request: request(), identifier: "jane@acme.co", code });
    expect(signedIn.ok).toBe(true);
  });

  it("stops accepting a code after too many wrong tries", async () => {
    await signUpJane();
    await smtp.clear();
    await sendSignInCode(ctx, { request: request(), identifier: "jane@acme.co" });
    const code = codeIn((await smtp.waitFor("jane@acme.co")).text);
    const wrong = code === "000000" ? "111111" : "000000";
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await signInWithCode(ctx, { request: request(), identifier: "jane@acme.co", code: wrong }));
    expect(answers.every((a) => !a.ok)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ ok: false, message: "Too many wrong codes. Ask for a new one." });
    // Even the right code is refused now: a new one must be asked for.
    expect((await signInWithCode(ctx, { request: request(), identifier: "jane@acme.co", code })).ok).toBe(false);
  });

  it("limits code requests per account, the sign-up's own code included", async () => {
    await signUpJane();
    const results = [];
    for (let i = 0; i < 5; i++)
      results.push(await sendSignInCode(ctx, { request: request(), identifier: "jane@acme.co" }));
    expect(results.slice(0, 4).every((r) => r.ok)).toBe(true);
    expect(results[4]).toMatchObject({ ok: false, status: 429 });
  });

  it("signs up, confirms and signs in with a phone number and an SMS code (through the provider)", async () => {
    const created = await signUp(ctx, {
      request: request(),
      firstName: "Raj",
      lastName: "Patel",
      identifier: "07123 456789",
      password: "marmalade skyline 42",
    });
    expect(created.ok).toBe(true);
    const [user] = await handle.db.select().from(authUser);
    expect(user).toMatchObject({ phoneNumber: "+447123456789", email: "phone-447123456789@phone.swagstudio.invalid" });
    const code = /^(\d{6})/.exec(await lastText("+447123456789"))?.[1] ?? "";
    const texts = await handle.db.select().from(outbox).where(eq(outbox.to, "+447123456789"));
    expect(texts).toHaveLength(1);
    // The outbox keeps the audit copy without the code.
    expect(texts[0]?.text).not.toContain(code);
    if (!created.ok) return;
    const confirmed = await signInWithCode(ctx, {
      request: request({ cookie: cookieFrom(created.headers) }),
      identifier: "+44 7123 456789",
      code,
    });
    expect(confirmed.ok).toBe(true);
    const withPassword = await signInWithPassword(ctx, {
      request: request(),
      identifier: "07123456789",
      password: "marmalade skyline 42",
    });
    expect(withPassword.ok).toBe(true);
  });
});

describe("the active organisation", () => {
  it("counts only while the user is still a member: a removed member's sessions lose it", async () => {
    await signUpJane();
    const signedIn = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const cookie = cookieFrom(signedIn.headers);
    const asJane = () => getSessionInfo(ctx, new Request("http://127.0.0.1:3999/", { headers: { cookie } }));
    const auth = ctx.auth;
    const organisation = await auth.api.createOrganization({
      body: { name: "Acme Events", slug: "acme-events" },
      headers: new Headers({ cookie }),
    });
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
    const before = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    await smtp.clear();
    await requestPasswordReset(ctx, { request: request(), identifier: "jane@acme.co", method: "link" });
    const mail = await smtp.waitFor("jane@acme.co");
    const token = /reset-password\?token=([^\s]+)/.exec(mail.text)?.[1];
    expect(token).toBeTruthy();
    const weak = await resetPassword(ctx, { request: request(), token: decodeURIComponent(token!), password: "short" });
    expect(weak).toMatchObject({ ok: false, message: "That password is too weak." });
    const done = await resetPassword(ctx, {
      request: request(),
      token: decodeURIComponent(token!),
      password: "a brand new phrase 77",
    });
    expect(done.ok).toBe(true);
    if (before.ok) {
      const stale = await getSessionInfo(
        ctx,
        new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieFrom(before.headers) } }),
      );
      expect(stale).toBeNull();
    }
    const replay = await resetPassword(ctx, {
      request: request(),
      token: decodeURIComponent(token!),
      password: "yet another phrase 88",
    });
    expect(replay).toMatchObject({
      ok: false,
      message: "This link is invalid or has expired. Please ask for a new one.",
    });
    expect(
      (
        await signInWithPassword(ctx, {
          request: request(),
          identifier: "jane@acme.co",
          password: "a brand new phrase 77",
        })
      ).ok,
    ).toBe(true);
  });

  it("resets by e-mailed code", async () => {
    await signUpJane();
    await smtp.clear();
    await requestPasswordReset(ctx, { request: request(), identifier: "jane@acme.co", method: "code" });
    const code = codeIn((await smtp.waitFor("jane@acme.co")).text);
    const done = await resetPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      code,
      password: "a brand new phrase 77",
    });
    expect(done.ok).toBe(true);
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const result = await requestPasswordReset(ctx, {
      request: request(),
      identifier: "nobody@acme.co",
      method: "link",
    });
    expect(result.ok).toBe(true);
    expect(await smtp.delivered()).toHaveLength(0);
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
    const signedIn = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    if (!signedIn.ok) throw new Error("sign-in failed");
    const auth = ctx.auth;
    const { token } = await auth.api.getToken({ headers: new Headers({ cookie: cookieFrom(signedIn.headers) }) });
    expect(token.split(".")).toHaveLength(3);
    const jwks = await auth.api.getJwks();
    expect(jwks.keys.length).toBeGreaterThan(0);
    expect(JSON.stringify(jwks)).not.toMatch(/"d":/);
  });
});

/** The newest SMS to `to` in the outbox (texts have no SMTP server to arrive at). */
/** The newest text the provider took for `to`, once the texts queued are sent. */
async function lastText(to: string) {
  await runDueJobs(ctx);
  return sms.lastTo(to);
}

/** Waits for the next mail to `to` after clearing the mailbox, and reads its code. */
async function nextCode(to: string, send: () => Promise<unknown>) {
  await smtp.clear();
  await send();
  return codeIn((await smtp.waitFor(to)).text);
}

const otherThan = (code: string) => (code === "000000" ? "111111" : "000000");
const asCookie = (headers: Headers) =>
  new Request("http://127.0.0.1:3999/", { headers: { cookie: cookieFrom(headers) } });
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

describe("one-time codes cannot be guessed", () => {
  it("refuses every code, the right one too, after 10 wrong ones for an account across kinds and addresses", async () => {
    await signUpJane();
    const jane = { identifier: "jane@acme.co" };
    const signInCode = await nextCode("jane@acme.co", () => sendSignInCode(ctx, { request: request(), ...jane }));
    for (let i = 0; i < 4; i++)
      expect((await signInWithCode(ctx, { request: request(), ...jane, code: otherThan(signInCode) })).ok).toBe(false);
    const resetCode = await nextCode("jane@acme.co", () =>
      requestPasswordReset(ctx, { request: request(), ...jane, method: "code" }),
    );
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await resetPassword(ctx, {
            request: request(),
            ...jane,
            code: otherThan(resetCode),
            password: "a brand new phrase 77",
          })
        ).ok,
      ).toBe(false);
    }
    const confirmCode = await nextCode("jane@acme.co", () => resendCode(ctx, { request: request(), ...jane }));
    for (let i = 0; i < 2; i++)
      expect(
        (await verifyEmailCode(ctx, { request: request(), email: "jane@acme.co", code: otherThan(confirmCode) })).ok,
      ).toBe(false);

    const fresh = await nextCode("jane@acme.co", () => sendSignInCode(ctx, { request: request(), ...jane }));
    const refused = await signInWithCode(ctx, { request: request(), ...jane, code: fresh });
    expect(refused).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(TOO_MANY) });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(3000);
    // Refused before better-auth saw it: the code is still unused, and still refused.
    expect(await signInWithCode(ctx, { request: request(), ...jane, code: fresh })).toMatchObject({ status: 429 });
  });

  it("refuses every code from a client address after 30 wrong ones there, whichever accounts they were for", async () => {
    await signUpJane();
    const ip = { "x-real-ip": "10.77.0.1" };
    for (let i = 0; i < 30; i++) {
      expect(
        await signInWithCode(ctx, { request: request(ip), identifier: `guess-${i}@acme.co`, code: "123456" }),
      ).toMatchObject({
        ok: false,
        status: 400,
      });
    }
    const code = await nextCode("jane@acme.co", () =>
      sendSignInCode(ctx, { request: request(), identifier: "jane@acme.co" }),
    );
    expect(await signInWithCode(ctx, { request: request(ip), identifier: "jane@acme.co", code })).toMatchObject({
      ok: false,
      status: 429,
    });
    expect((await signInWithCode(ctx, { request: request(), identifier: "jane@acme.co", code })).ok).toBe(true);
  });

  it("counts a guess before comparing it: of 30 wrong codes sent at once, at most 10 are compared", async () => {
    await signUpJane();
    const jane = { identifier: "jane@acme.co" };
    const code = await nextCode("jane@acme.co", () => sendSignInCode(ctx, { request: request(), ...jane }));
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => signInWithCode(ctx, { request: request(), ...jane, code: otherThan(code) })),
    );
    const compared = answers.filter((answer) => !answer.ok && answer.status !== 429);
    const refused = answers.filter((answer) => !answer.ok && answer.status === 429);
    expect(compared.length).toBeLessThanOrEqual(10);
    expect(refused).toHaveLength(30 - compared.length);
    expect(refused[0]).toMatchObject({ message: expect.stringMatching(TOO_MANY) });
    expect(await signInWithCode(ctx, { request: request(), ...jane, code })).toMatchObject({ ok: false, status: 429 });
  });

  it("counts authenticator codes the same way, across fresh sign-ins", async () => {
    await confirmedJane();
    const password = { identifier: "jane@acme.co", password: "marmalade skyline 42" };
    const signedIn = await signInWithPassword(ctx, { request: request(), ...password });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const enrolment = await startTwoFactor(ctx, { request: asCookie(signedIn.headers), password: password.password });
    if (!enrolment.ok) throw new Error(enrolment.message);
    expect(
      (await confirmTwoFactor(ctx, { request: asCookie(signedIn.headers), code: totp(enrolment.secret) })).ok,
    ).toBe(true);
    const challenge = async () => {
      const pending = await signInWithPassword(ctx, { request: request(), ...password });
      if (!pending.ok || !pending.twoFactor) throw new Error("no second-factor challenge");
      return cookieFrom(pending.headers);
    };
    const wrong = otherThan(totp(enrolment.secret));
    // Six at once on one challenge, then six more at once on another: twelve guesses, ten allowed.
    for (let round = 0; round < 2; round++) {
      const cookie = await challenge();
      await Promise.all(
        Array.from({ length: 6 }, () =>
          verifySecondFactor(ctx, { request: request({ cookie }), code: wrong, kind: "totp" }),
        ),
      );
    }
    const right = await verifySecondFactor(ctx, {
      request: request({ cookie: await challenge() }),
      code: totp(enrolment.secret),
      kind: "totp",
    });
    expect(right).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(TOO_MANY) });
  });

  it("counts authenticator codes behind a look-alike two-factor cookie all the same", async () => {
    await confirmedJane();
    const password = { identifier: "jane@acme.co", password: "marmalade skyline 42" };
    const signedIn = await signInWithPassword(ctx, { request: request(), ...password });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const enrolment = await startTwoFactor(ctx, { request: asCookie(signedIn.headers), password: password.password });
    if (!enrolment.ok) throw new Error(enrolment.message);
    expect(
      (await confirmTwoFactor(ctx, { request: asCookie(signedIn.headers), code: totp(enrolment.secret) })).ok,
    ).toBe(true);
    // Each challenge behind a junk cookie whose name ends the same way, which better-auth passes over.
    const disguisedChallenge = async () => {
      const pending = await signInWithPassword(ctx, { request: request(), ...password });
      if (!pending.ok || !pending.twoFactor) throw new Error("no second-factor challenge");
      return `x.two_factor=junk; ${cookieFrom(pending.headers)}`;
    };
    const wrong = otherThan(totp(enrolment.secret));
    // Five on each of two challenges (better-auth's own limit per challenge), then the right code.
    for (let round = 0; round < 2; round++) {
      const cookie = await disguisedChallenge();
      for (let i = 0; i < 5; i++)
        await verifySecondFactor(ctx, { request: request({ cookie }), code: wrong, kind: "totp" });
    }
    const right = await verifySecondFactor(ctx, {
      request: request({ cookie: await disguisedChallenge() }),
      code: totp(enrolment.secret),
      kind: "totp",
    });
    expect(right).toMatchObject({ ok: false, status: 429, message: expect.stringMatching(TOO_MANY) });
  });

  it("takes a right code off the count: an owner who signs in often is never locked out by it", async () => {
    await confirmedJane();
    const jane = { identifier: "jane@acme.co" };
    for (let i = 0; i < 12; i++) {
      const code = await nextCode("jane@acme.co", () => sendSignInCode(ctx, { request: request(), ...jane }));
      expect((await signInWithCode(ctx, { request: request(), ...jane, code })).ok).toBe(true);
      // The code-request limit (5 per 15 minutes) is not what this test is about.
      await handle.db.execute(sql`delete from rate_limits where key like 'code:%'`);
    }
  });

  it("lets only the newest code work, whatever kind the older one was", async () => {
    await signUpJane();
    const jane = { identifier: "jane@acme.co" };
    const first = await nextCode("jane@acme.co", () => sendSignInCode(ctx, { request: request(), ...jane }));
    const second = await nextCode("jane@acme.co", () => sendSignInCode(ctx, { request: request(), ...jane }));
    expect(await signInWithCode(ctx, { request: request(), ...jane, code: first })).toMatchObject({
      ok: false,
      message: "That code isn't right. Check it and try again.",
    });

    const reset = await nextCode("jane@acme.co", () =>
      requestPasswordReset(ctx, { request: request(), ...jane, method: "code" }),
    );
    await nextCode("jane@acme.co", () => sendSignInCode(ctx, { request: request(), ...jane }));
    expect(
      (await resetPassword(ctx, { request: request(), ...jane, code: reset, password: "a brand new phrase 77" })).ok,
    ).toBe(false);
    expect((await signInWithCode(ctx, { request: request(), ...jane, code: second })).ok).toBe(false);
  });

  it("prints no code to the server log when SMTP_URL is set, for e-mail or SMS", async () => {
    const printed: string[] = [];
    const capture = (...args: unknown[]) => void printed.push(args.map(String).join(" "));
    for (const method of ["log", "info", "warn", "error", "debug"] as const)
      vi.spyOn(console, method).mockImplementation(capture);
    const write = vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      await signUpJane();
      const emailCode = codeIn((await smtp.waitFor("jane@acme.co")).text);
      await signUp(ctx, {
        request: request(),
        firstName: "Raj",
        lastName: "Patel",
        identifier: "07123 456789",
        password: "marmalade skyline 42",
      });
      const smsCode = /^(\d{6})/.exec(await lastText("+447123456789"))?.[1] ?? "";
      expect(smsCode).toMatch(/^\d{6}$/);
      expect(printed.join("\n")).not.toContain(smsCode);
      expect(printed.join("\n")).not.toContain(emailCode);
    } finally {
      write.mockRestore();
      vi.restoreAllMocks();
    }
  });
});

describe("proving an address binds the account to its owner", () => {
  async function squat(identifier: string) {
    const squatter = await signUp(ctx, {
      request: request(),
      firstName: "Mal",
      lastName: "Icious",
      identifier,
      password: "squatter phrase 1234",
    });
    expect(squatter.ok).toBe(true);
    const signedIn = await signInWithPassword(ctx, {
      request: request(),
      identifier,
      password: "squatter phrase 1234",
    });
    return signedIn.ok ? signedIn.headers : new Headers();
  }

  it("ends a squatter's sessions, password and second factor when the owner signs up and confirms the address", async () => {
    const squatterSession = await squat("jane@acme.co");
    expect(await getSessionInfo(ctx, asCookie(squatterSession))).not.toBeNull();
    const [account] = await handle.db.select().from(authUser);
    await handle.db.update(authUser).set({ twoFactorEnabled: true }).where(eq(authUser.id, account!.id));
    await handle.db.insert(authTwoFactor).values({ id: "tf-1", secret: "x", backupCodes: "x", userId: account!.id });

    const owner = await nextCode("jane@acme.co", () => signUpJane().then((r) => (ownerHeaders = r.headers)));
    const verified = await verifyEmailCode(ctx, {
      request: request({ cookie: cookieFrom(ownerHeaders) }),
      email: "jane@acme.co",
      code: owner,
    });
    expect(verified).toMatchObject({ ok: true, twoFactor: false });

    expect(await getSessionInfo(ctx, asCookie(squatterSession))).toBeNull();
    expect(
      (
        await signInWithPassword(ctx, {
          request: request(),
          identifier: "jane@acme.co",
          password: "squatter phrase 1234",
        })
      ).ok,
    ).toBe(false);
    expect(await handle.db.select().from(authTwoFactor)).toHaveLength(0);
    const signedIn = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    expect(signedIn).toMatchObject({ ok: true, twoFactor: false });
    expect(await handle.db.select({ firstName: authUser.firstName }).from(authUser)).toEqual([{ firstName: "Jane" }]);
  });
  let ownerHeaders = new Headers();

  it("ends a squatter's sessions and password when the owner signs in with an e-mailed code", async () => {
    const squatterSession = await squat("jane@acme.co");
    const code = await nextCode("jane@acme.co", () =>
      sendSignInCode(ctx, { request: request(), identifier: "jane@acme.co" }),
    );
    const owner = await signInWithCode(ctx, { request: request(), identifier: "jane@acme.co", code });
    expect(owner).toMatchObject({ ok: true, twoFactor: false });
    expect(await getSessionInfo(ctx, asCookie(squatterSession))).toBeNull();
    expect(owner.ok && (await getSessionInfo(ctx, asCookie(owner.headers)))?.user.emailVerified).toBe(true);
    expect(await handle.db.select().from(authAccount).where(eq(authAccount.providerId, "credential"))).toHaveLength(0);
  });

  it("counts a phone number only once proven, and lets its owner take it from an unproven account", async () => {
    const phone = "+447123456789";
    await squat("07123 456789");
    expect(
      (await signInWithPassword(ctx, { request: request(), identifier: phone, password: "squatter phrase 1234" })).ok,
    ).toBe(false);
    const textsBefore = (await handle.db.select().from(outbox).where(eq(outbox.to, phone))).length;
    expect((await sendSignInCode(ctx, { request: request(), identifier: phone })).ok).toBe(true);
    expect(await requestPasswordReset(ctx, { request: request(), identifier: phone, method: "code" })).toMatchObject({
      ok: true,
    });
    expect(await handle.db.select().from(outbox).where(eq(outbox.to, phone))).toHaveLength(textsBefore);

    const owner = await signUp(ctx, {
      request: request(),
      firstName: "Raj",
      lastName: "Patel",
      identifier: "07123 456789",
      password: "marmalade skyline 42",
    });
    expect(owner.ok).toBe(true);
    if (!owner.ok) return;
    const code = /^(\d{6})/.exec(await lastText(phone))?.[1] ?? "";
    expect(
      (await signInWithCode(ctx, { request: request({ cookie: cookieFrom(owner.headers) }), identifier: phone, code }))
        .ok,
    ).toBe(true);
    expect(
      await handle.db
        .select({ phone: authUser.phoneNumber, proven: authUser.phoneNumberVerified, firstName: authUser.firstName })
        .from(authUser),
    ).toEqual([{ phone, proven: true, firstName: "Raj" }]);
    expect(
      (await signInWithPassword(ctx, { request: request(), identifier: phone, password: "squatter phrase 1234" })).ok,
    ).toBe(false);
    expect(
      (await signInWithPassword(ctx, { request: request(), identifier: phone, password: "marmalade skyline 42" })).ok,
    ).toBe(true);
  });

  it("asks for the second factor after a sign-in code, as after a password", async () => {
    await confirmedJane();
    const signedIn = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    if (!signedIn.ok) throw new Error(signedIn.message);
    const enrolment = await startTwoFactor(ctx, {
      request: asCookie(signedIn.headers),
      password: "marmalade skyline 42",
    });
    if (!enrolment.ok) throw new Error(enrolment.message);
    expect(
      (await confirmTwoFactor(ctx, { request: asCookie(signedIn.headers), code: totp(enrolment.secret) })).ok,
    ).toBe(true);

    const code = await nextCode("jane@acme.co", () =>
      sendSignInCode(ctx, { request: request(), identifier: "jane@acme.co" }),
    );
    const byCode = await signInWithCode(ctx, { request: request(), identifier: "jane@acme.co", code });
    expect(byCode).toMatchObject({ ok: true, twoFactor: true });
    if (!byCode.ok) return;
    expect(await getSessionInfo(ctx, asCookie(byCode.headers))).toBeNull();
    const second = await verifySecondFactor(ctx, {
      request: request({ cookie: cookieFrom(byCode.headers) }),
      code: totp(enrolment.secret),
      kind: "totp",
    });
    expect(second.ok).toBe(true);
    expect(second.ok && (await getSessionInfo(ctx, asCookie(second.headers)))?.user.email).toBe("jane@acme.co");
  });
});

describe("accounts are not enumerable or lockable by strangers", () => {
  /** What a visitor sees of an answer: everything but the random token in its cookie. */
  const seen = (outcome: { ok: boolean; headers?: Headers; status?: number; message?: string }) => ({
    ok: outcome.ok,
    status: outcome.status,
    message: outcome.message,
    cookies: outcome.headers?.getSetCookie().map((c) => c.replace(/=[^;]*/, "=…")),
  });

  it("answers sign-up, reset and code requests alike for an address with an account and one without", async () => {
    await confirmedJane();

    const input = (identifier: string) => ({
      firstName: "Jane",
      lastName: "Smith",
      identifier,
      password: "another long phrase 9",
    });
    const taken = await signUp(ctx, { request: request(), ...input("jane@acme.co") });
    const fresh = await signUp(ctx, { request: request(), ...input("new@acme.co") });
    expect(seen(taken)).toEqual(seen(fresh));
    expect(taken.ok && taken.headers.getSetCookie()).toHaveLength(1);
    expect(await handle.db.select().from(authUser).where(eq(authUser.email, "jane@acme.co"))).toHaveLength(1);
    const notice = await smtp.waitFor("jane@acme.co");
    expect(notice.subject).toBe("Someone tried to create a Swag Studio account with your address");
    expect(notice.text).toContain("http://127.0.0.1:3999/forgot-password");

    for (const method of ["link", "code"] as const) {
      const known = await requestPasswordReset(ctx, { request: request(), identifier: "jane@acme.co", method });
      const unknown = await requestPasswordReset(ctx, { request: request(), identifier: "nobody@acme.co", method });
      expect(seen(known)).toEqual(seen(unknown));
    }
    expect(seen(await sendSignInCode(ctx, { request: request(), identifier: "jane@acme.co" }))).toEqual(
      seen(await sendSignInCode(ctx, { request: request(), identifier: "nobody@acme.co" })),
    );
  });

  it("backs off an address's failed sign-ins for one account, step by step, while the owner signs in from another", async () => {
    await signUpJane();
    const stranger = { "x-real-ip": "10.66.0.1" };
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(
        await signInWithPassword(ctx, {
          request: request(stranger),
          identifier: "jane@acme.co",
          password: `wrong guess ${i}xyz`,
        }),
      );
    expect(answers.slice(0, 5).every((a) => !a.ok && a.status === 401)).toBe(true);
    expect(answers[5]).toMatchObject({
      ok: false,
      status: 429,
      message: "Too many attempts. Please try again in 1 minute.",
    });
    // Even the right password waits out the back-off from that address.
    expect(
      await signInWithPassword(ctx, {
        request: request(stranger),
        identifier: "jane@acme.co",
        password: "marmalade skyline 42",
      }),
    ).toMatchObject({ status: 429 });

    // Later steps wait longer: as if the first minute had passed with ten failures in the quarter-hour.
    await handle.db.execute(sql`delete from rate_limits where key like 'signin-fail:60:%'`);
    await handle.db.execute(sql`update rate_limits set count = 10 where key like 'signin-fail:900:%'`);
    const longer = await signInWithPassword(ctx, {
      request: request(stranger),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    expect(longer).toMatchObject({ ok: false, status: 429 });
    expect(longer.ok === false && longer.retryAfterSeconds).toBeGreaterThan(60);

    expect(
      (
        await signInWithPassword(ctx, {
          request: request(),
          identifier: "jane@acme.co",
          password: "marmalade skyline 42",
        })
      ).ok,
    ).toBe(true);
  });
});

describe("changing the e-mail address", () => {
  it("needs a code from the current address, tells it afterwards with the way back, and ends other sessions", async () => {
    await confirmedJane();
    const other = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    const here = await signInWithPassword(ctx, {
      request: request(),
      identifier: "jane@acme.co",
      password: "marmalade skyline 42",
    });
    if (!other.ok || !here.ok) throw new Error("sign-in failed");
    const asJane = (headers: Record<string, string> = {}) => request({ cookie: cookieFrom(here.headers), ...headers });
    const session = (await getSessionInfo(ctx, asJane()))!;

    const current = await nextCode("jane@acme.co", () =>
      startEmailChange(ctx, { request: asJane(), session, newEmail: "jane@newco.co" }),
    );
    expect((await smtp.delivered())[0]?.subject).toBe(
      `${current} confirms moving your Swag Studio account to a new address`,
    );
    await smtp.clear();
    expect(
      (
        await confirmCurrentEmail(ctx, {
          request: asJane(),
          session,
          newEmail: "jane@newco.co",
          code: otherThan(current),
        })
      ).ok,
    ).toBe(false);
    expect(await smtp.delivered()).toHaveLength(0);
    expect(
      (await confirmCurrentEmail(ctx, { request: asJane(), session, newEmail: "jane@newco.co", code: current })).ok,
    ).toBe(true);
    const code = codeIn((await smtp.waitFor("jane@newco.co")).text);

    await smtp.clear();
    expect((await confirmEmailChange(ctx, { request: asJane(), session, newEmail: "jane@newco.co", code })).ok).toBe(
      true,
    );
    const [user] = await handle.db.select({ email: authUser.email }).from(authUser);
    expect(user?.email).toBe("jane@newco.co");
    const notice = await smtp.waitFor("jane@acme.co");
    expect(notice.subject).toBe("Your Swag Studio e-mail address was changed");
    expect(notice.text).toContain("jane@newco.co");
    expect(notice.text).toContain(TEST_SHOP.business.supportEmail);
    expect(await getSessionInfo(ctx, asCookie(other.headers))).toBeNull();
    expect(await getSessionInfo(ctx, asCookie(here.headers))).not.toBeNull();
    expect(
      await handle.db
        .select()
        .from(authSession)
        .where(and(eq(authSession.userId, session.user.id))),
    ).toHaveLength(1);
  });
});
