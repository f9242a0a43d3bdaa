import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import { and, eq, gt, inArray, ne, or } from "drizzle-orm";
import { authAccount, authSession, authTwoFactor, authUser, authVerification } from "#db/schema";
import { SITE } from "~/content/links";
import {
  GENERIC_SIGN_IN_ERROR,
  identityErrorMessage,
  parseIdentifier,
  passwordProblems,
  placeholderEmailForPhone,
  type Identifier,
} from "~/domain/auth-rules";
import { getAuth, hashPassword } from "./auth.server";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { signUpAttemptMail } from "./mail-templates.server";
import { sendMail } from "./mail.server";
import { clearRateLimit, clientIp, hitRateLimit, peekRateLimit } from "./rate-limit.server";
import { sendSms } from "./sms.server";

export type Failure = { ok: false; status: number; message: string; problems?: string[]; retryAfterSeconds?: number };
export type Success<T = object> = { ok: true; headers: Headers } & T;
export type Outcome<T = object> = Success<T> | Failure;

type Rule = { limit: number; windowSeconds: number };

const LIMITS = {
  signInPerIp: { limit: 50, windowSeconds: 900 },
  signUpPerIp: { limit: 10, windowSeconds: 3600 },
  codePerAccount: { limit: 5, windowSeconds: 900 },
  codePerIp: { limit: 20, windowSeconds: 3600 },
  resetPerAccount: { limit: 5, windowSeconds: 3600 },
  resetPerIp: { limit: 20, windowSeconds: 3600 },
} as const;

/**
 * Wrong one-time codes allowed per hour over every kind (sign-in, e-mail and phone confirmation,
 * reset by code, e-mail change), per account and per client address; past either, a code is refused
 * before it is compared, right or not (issue 13 item 2). Ten guesses at a 6-digit code are a
 * 1-in-100,000 chance an hour for one account, and an owner who mistypes needs two or three; 30 per
 * address lets an office behind one address mistype while one address gets three accounts' worth.
 */
const WRONG_CODES = {
  perAccount: { limit: 10, windowSeconds: 3600 },
  perIp: { limit: 30, windowSeconds: 3600 },
} as const;

/**
 * Failed sign-ins per account from one client address back off in steps: five quick retries, then
 * a wait to the end of the minute, of up to 15 minutes after ten, of up to an hour after twenty.
 * Counted per address as well as account, so a stranger's failures never lock the owner out (issue
 * 13 item 9); `signInPerIp` caps one address across accounts.
 */
const FAILED_SIGN_IN_STEPS = [
  { limit: 5, windowSeconds: 60 },
  { limit: 10, windowSeconds: 900 },
  { limit: 20, windowSeconds: 3600 },
] as const;

/** How long the browser that signed up keeps its claim on the account (see settleProof). */
const SIGN_UP_CLAIM_SECONDS = 60 * 60 * 24;
/** better-auth's own lifetime for a two-step challenge (two-factor plugin, twoFactorCookieMaxAge). */
const TWO_FACTOR_SECONDS = 600;

function tooMany(retryAfterSeconds: number): Failure {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    ok: false,
    status: 429,
    retryAfterSeconds,
    message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

async function limit(key: string, rule: Rule): Promise<Failure | null> {
  const result = await hitRateLimit(key, rule.limit, rule.windowSeconds);
  return result.allowed ? null : tooMany(result.retryAfterSeconds);
}

type Counter = { key: string; rule: Rule };

/** The refusal for the first counter whose window is used up, without counting a hit. */
async function spent(counters: Counter[]): Promise<Failure | null> {
  for (const { key, rule } of counters) {
    const seen = await peekRateLimit(key, rule.windowSeconds);
    if (seen.count >= rule.limit) return tooMany(seen.retryAfterSeconds);
  }
  return null;
}

async function countHit(counters: Counter[]) {
  for (const { key, rule } of counters) await hitRateLimit(key, rule.limit, rule.windowSeconds);
}

export function failure(error: unknown, fallbackStatus = 400): Failure {
  if (isAPIError(error)) {
    const code = typeof error.body?.code === "string" ? error.body.code : undefined;
    return {
      ok: false,
      status: error.statusCode >= 500 ? 502 : error.statusCode || fallbackStatus,
      message: identityErrorMessage(code),
    };
  }
  throw error;
}

function invalidIdentifier(): Failure {
  return { ok: false, status: 400, message: "Enter a valid e-mail address or phone number." };
}

const subjectOf = (identifier: Identifier) => (identifier.kind === "email" ? identifier.email : identifier.phone);

/** Limits asking for codes to one address, per address and per client address. */
export async function limitCodeRequests(request: Request, subject: string): Promise<Failure | null> {
  return (
    (await limit(`code-ip:${clientIp(request)}`, LIMITS.codePerIp)) ??
    (await limit(`code:${subject}`, LIMITS.codePerAccount))
  );
}

const wrongCodeCounters = (request: Request, subject: string): Counter[] => [
  { key: `code-wrong:${subject}`, rule: WRONG_CODES.perAccount },
  { key: `code-wrong-ip:${clientIp(request)}`, rule: WRONG_CODES.perIp },
];

/**
 * Runs a check of a one-time code sent to `subject` (an address or number) under the wrong-code
 * ceilings: once the account or the client address has spent them, the code is refused before
 * better-auth compares it; every code better-auth refuses counts against both.
 */
export async function checkCode<T extends object>(
  request: Request,
  subject: string,
  check: () => Promise<Outcome<T>>,
): Promise<Outcome<T>> {
  const refused = await spent(wrongCodeCounters(request, subject));
  if (refused) return refused;
  try {
    return await check();
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) return failure(error);
    await countHit(wrongCodeCounters(request, subject));
    // No code waiting (none is ever sent to an unknown or unproven number) reads as a wrong code.
    return error.body?.code === "OTP_NOT_FOUND"
      ? { ok: false, status: 400, message: identityErrorMessage("INVALID_OTP") }
      : failure(error);
  }
}

type Holder = { id: string; proven: boolean };

/** The account an address or number belongs to, and whether it was proven by a code or link sent to it. */
async function holderOf(identifier: Identifier): Promise<Holder | null> {
  const db = await getDb();
  if (identifier.kind === "email") {
    const [row] = await db
      .select({ id: authUser.id, proven: authUser.emailVerified })
      .from(authUser)
      .where(eq(authUser.email, identifier.email));
    return row ?? null;
  }
  // A phone sign-up's placeholder address names the number too.
  const rows = await db
    .select({ id: authUser.id, phone: authUser.phoneNumber, verified: authUser.phoneNumberVerified })
    .from(authUser)
    .where(
      or(eq(authUser.phoneNumber, identifier.phone), eq(authUser.email, placeholderEmailForPhone(identifier.phone))),
    );
  const row = rows.find((r) => r.phone === identifier.phone) ?? rows[0];
  return row ? { id: row.id, proven: row.phone === identifier.phone && row.verified === true } : null;
}

/**
 * better-auth keeps one code per address and kind and compares only the newest; a new code also
 * removes the other kinds' codes for the address, so there is only ever one to guess at (issue 13
 * item 2). These are better-auth's identifiers (email-otp and phone-number plugins); the tests prove
 * an older code of another kind fails.
 */
async function dropCodes(identifier: Identifier) {
  const identifiers =
    identifier.kind === "email"
      ? ["sign-in", "email-verification", "forget-password"].map((type) => `${type}-otp-${identifier.email}`)
      : [`phone-number-otp-${identifier.phone}`, `phone-number-reset-${identifier.phone}`];
  const db = await getDb();
  await db.delete(authVerification).where(inArray(authVerification.identifier, identifiers));
}

/** The code that proves a new or not yet proven address: by e-mail, or by SMS to the number. */
async function sendConfirmationCode(request: Request, identifier: Identifier) {
  await dropCodes(identifier);
  const auth = await getAuth();
  if (identifier.kind === "email") {
    await auth.api.sendVerificationOTP({
      body: { email: identifier.email, type: "email-verification" },
      headers: request.headers,
    });
  } else {
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: identifier.phone }, headers: request.headers });
  }
}

type CookieAttributes = {
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string | boolean;
};

function setCookie(name: string, value: string, attributes: CookieAttributes): string {
  const sameSite = typeof attributes.sameSite === "string" ? attributes.sameSite : undefined;
  return [
    `${name}=${value}`,
    attributes.maxAge === undefined ? null : `Max-Age=${attributes.maxAge}`,
    `Path=${attributes.path ?? "/"}`,
    attributes.httpOnly ? "HttpOnly" : null,
    attributes.secure ? "Secure" : null,
    sameSite ? `SameSite=${sameSite.charAt(0).toUpperCase()}${sameSite.slice(1)}` : null,
  ]
    .filter(Boolean)
    .join("; ");
}

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [cookieName, ...value] = part.trim().split("=");
    if (cookieName === name) return value.join("=");
  }
  return null;
}

type SignUpClaim = { userId: string; passwordHash: string; firstName: string; lastName: string };

async function signUpClaimCookie() {
  const context = await (await getAuth()).$context;
  return context.createAuthCookie("sign_up", { maxAge: SIGN_UP_CLAIM_SECONDS });
}

/**
 * The cookie every sign-up answer sets: a random token that names a claim on the account when the
 * sign-up made one, and looks the same when it did not, so the answer never tells whether the
 * address already had a proven account.
 */
async function signUpAnswer(claim: SignUpClaim | null): Promise<Headers> {
  const token = randomBytes(32).toString("base64url");
  if (claim) {
    const db = await getDb();
    await db.insert(authVerification).values({
      id: randomUUID(),
      identifier: `sign-up-claim-${token}`,
      value: JSON.stringify(claim),
      expiresAt: new Date(Date.now() + SIGN_UP_CLAIM_SECONDS * 1000),
    });
  }
  const cookie = await signUpClaimCookie();
  return new Headers({ "set-cookie": setCookie(cookie.name, token, cookie.attributes) });
}

/** This browser's sign-up claim on the account, used up once read. */
async function takeClaim(request: Request, userId: string): Promise<SignUpClaim | null> {
  const token = readCookie(request, (await signUpClaimCookie()).name);
  if (!token) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(authVerification)
    .where(and(eq(authVerification.identifier, `sign-up-claim-${token}`), gt(authVerification.expiresAt, new Date())));
  if (!row) return null;
  const claim = JSON.parse(row.value) as SignUpClaim;
  if (claim.userId !== userId) return null;
  await db.delete(authVerification).where(eq(authVerification.id, row.id));
  return claim;
}

/**
 * What proving an address or number (a code or link sent to it) does to an account on which it was
 * not proven yet (issue 13 item 3): whoever registered it may not own it, so its sessions (but the
 * prover's) and its second factor end, and its password goes, unless the prover chose one just now
 * (a reset) or is the browser that signed up with the address (its claim sets the password and
 * names it chose). Anyone else who proves it can set a password by resetting it.
 */
async function settleProof(
  request: Request,
  holder: Holder,
  proof: { channel: "email" | "phone"; passwordChosen?: boolean; keepSession?: string },
) {
  if (holder.proven) return;
  const db = await getDb();
  await db
    .delete(authSession)
    .where(
      proof.keepSession
        ? and(eq(authSession.userId, holder.id), ne(authSession.token, proof.keepSession))
        : eq(authSession.userId, holder.id),
    );
  await db.delete(authTwoFactor).where(eq(authTwoFactor.userId, holder.id));
  const credential = and(eq(authAccount.userId, holder.id), eq(authAccount.providerId, "credential"));
  const claim = proof.passwordChosen ? null : await takeClaim(request, holder.id);
  if (claim) {
    const [current] = await db.select({ password: authAccount.password }).from(authAccount).where(credential);
    if (!current) {
      await db.insert(authAccount).values({
        id: randomUUID(),
        accountId: holder.id,
        providerId: "credential",
        userId: holder.id,
        password: claim.passwordHash,
      });
    } else if (current.password !== claim.passwordHash) {
      await db.update(authAccount).set({ password: claim.passwordHash, updatedAt: new Date() }).where(credential);
    }
  } else if (!proof.passwordChosen) {
    await db.delete(authAccount).where(credential);
  }
  // Through better-auth, so its hooks see the address become proven.
  const context = await (await getAuth()).$context;
  await context.internalAdapter.updateUser(holder.id, {
    twoFactorEnabled: false,
    ...(proof.channel === "email" ? { emailVerified: true } : { phoneNumberVerified: true }),
    ...(claim
      ? { firstName: claim.firstName, lastName: claim.lastName, name: `${claim.firstName} ${claim.lastName}`.trim() }
      : {}),
  });
}

/**
 * After a code proved the address, the session better-auth opened stands only if the account has
 * no second factor; otherwise it is closed unseen and the person goes on to the two-step check, as
 * after a password (issue 13 item 3). A trusted device is not asked for a code after a password;
 * after a one-time code it always is.
 */
async function afterCodeSignIn(
  userId: string,
  session: { token: string; headers: Headers },
): Promise<Success<{ twoFactor: boolean }>> {
  const db = await getDb();
  const [user] = await db
    .select({ twoFactor: authUser.twoFactorEnabled })
    .from(authUser)
    .where(eq(authUser.id, userId));
  if (!user?.twoFactor) return { ok: true, headers: session.headers, twoFactor: false };
  const context = await (await getAuth()).$context;
  await context.internalAdapter.deleteSession(session.token);
  return { ok: true, headers: await twoFactorChallenge(userId), twoFactor: true };
}

/** better-auth's two-step challenge (two-factor plugin): a short-lived record and its signed cookie, which verifyTOTP reads. */
async function twoFactorChallenge(userId: string): Promise<Headers> {
  const context = await (await getAuth()).$context;
  const cookie = context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_SECONDS });
  const identifier = `2fa-${randomBytes(15).toString("hex")}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_SECONDS * 1000);
  await context.internalAdapter.createVerificationValue({ value: userId, identifier, expiresAt });
  await context.internalAdapter.createVerificationValue({
    value: "0",
    identifier: `2fa-attempts-${identifier}`,
    expiresAt,
  });
  // better-call's signed cookie: the value, a dot and its HMAC-SHA256 in base64, URI-encoded.
  const signature = createHmac("sha256", context.secret).update(identifier).digest("base64");
  return new Headers({
    "set-cookie": setCookie(cookie.name, encodeURIComponent(`${identifier}.${signature}`), cookie.attributes),
  });
}

/** Tells the owner of a proven address or number that someone tried to sign up with it. */
async function tellOwnerOfSignUpAttempt(identifier: Identifier) {
  const base = getEnv().BASE_URL;
  if (identifier.kind === "email") {
    await sendMail(
      signUpAttemptMail(identifier.email, { signIn: `${base}/sign-in`, reset: `${base}/forgot-password` }),
    );
  } else {
    await sendSms({
      to: identifier.phone,
      text: `Someone tried to create a ${SITE.name} account with this number, which already has one. Sign in or reset your password at ${base}/sign-in`,
      meta: { kind: "sms-sign-up-attempt" },
    });
  }
}

/**
 * Signs up with an e-mail address or phone number. The answer is the same whether or not the
 * address has an account (issue 13 item 9): a proven one gets a notice instead of a code; one that
 * was registered but never proven gets a code, and this browser a claim that gives it the account
 * with this password once it enters the code. Nobody is signed in before the code is entered.
 */
export async function signUp(
  request: Request,
  input: { firstName: string; lastName: string; identifier: string; password: string },
): Promise<Outcome<{ identifier: Identifier }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const email = identifier.kind === "email" ? identifier.email : placeholderEmailForPhone(identifier.phone);
  const problems = passwordProblems(input.password, { email: identifier.kind === "email" ? email : undefined });
  if (problems.length > 0) return { ok: false, status: 400, message: "That password is too weak.", problems };
  const limited =
    (await limit(`signup-ip:${clientIp(request)}`, LIMITS.signUpPerIp)) ??
    (await limit(`code:${subjectOf(identifier)}`, LIMITS.codePerAccount));
  if (limited) return limited;

  const names = { firstName: input.firstName, lastName: input.lastName };
  const holder = await holderOf(identifier);
  try {
    if (holder?.proven) {
      // Hashed all the same, so the answer takes as long as for a new account.
      await hashPassword(input.password);
      await tellOwnerOfSignUpAttempt(identifier);
      return { ok: true, headers: await signUpAnswer(null), identifier };
    }
    if (holder) {
      const claim = { userId: holder.id, passwordHash: await hashPassword(input.password), ...names };
      await sendConfirmationCode(request, identifier);
      return { ok: true, headers: await signUpAnswer(claim), identifier };
    }
    const auth = await getAuth();
    const created = await auth.api.signUpEmail({
      body: { email, password: input.password, name: `${input.firstName} ${input.lastName}`.trim(), ...names },
      headers: request.headers,
    });
    const userId = created.user.id;
    const db = await getDb();
    await db.delete(authSession).where(eq(authSession.userId, userId));
    if (identifier.kind === "phone") {
      // The phone becomes the account's sign-in name once its code is confirmed.
      await db
        .update(authUser)
        .set({ phoneNumber: identifier.phone, phoneNumberVerified: false })
        .where(eq(authUser.id, userId));
    }
    const [credential] = await db
      .select({ password: authAccount.password })
      .from(authAccount)
      .where(and(eq(authAccount.userId, userId), eq(authAccount.providerId, "credential")));
    await sendConfirmationCode(request, identifier);
    return {
      ok: true,
      headers: await signUpAnswer({ userId, passwordHash: credential?.password ?? "", ...names }),
      identifier,
    };
  } catch (error) {
    return failure(error);
  }
}

export async function signInWithPassword(
  request: Request,
  input: { identifier: string; password: string; rememberMe?: boolean },
): Promise<Outcome<{ twoFactor: boolean }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return { ok: false, status: 400, message: GENERIC_SIGN_IN_ERROR };
  const failures = FAILED_SIGN_IN_STEPS.map((rule) => ({
    key: `signin-fail:${rule.windowSeconds}:${subjectOf(identifier)}:${clientIp(request)}`,
    rule,
  }));
  const backOff = await spent(failures);
  if (backOff) return backOff;
  const limited = await limit(`signin-ip:${clientIp(request)}`, LIMITS.signInPerIp);
  if (limited) return limited;
  // One message for every wrong-credentials case: never say which part was wrong.
  const wrong = async (): Promise<Failure> => {
    await countHit(failures);
    return { ok: false, status: 401, message: GENERIC_SIGN_IN_ERROR };
  };
  // A number signs in only once it is proven (issue 13 item 3).
  if (identifier.kind === "phone" && !(await holderOf(identifier))?.proven) return wrong();

  const auth = await getAuth();
  try {
    const { headers, response } =
      identifier.kind === "email"
        ? await auth.api.signInEmail({
            body: { email: identifier.email, password: input.password, rememberMe: input.rememberMe ?? true },
            headers: request.headers,
            returnHeaders: true,
          })
        : await auth.api.signInPhoneNumber({
            body: { phoneNumber: identifier.phone, password: input.password, rememberMe: input.rememberMe ?? true },
            headers: request.headers,
            returnHeaders: true,
          });
    for (const { key } of failures) await clearRateLimit(key);
    const twoFactor = "twoFactorRedirect" in response && response.twoFactorRedirect === true;
    return { ok: true, headers, twoFactor };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return wrong();
    return failure(error);
  }
}

/** Sends a one-time sign-in code by e-mail or SMS; answers the same whether or not the account exists. */
export async function sendSignInCode(
  request: Request,
  input: { identifier: string },
): Promise<Outcome<{ identifier: Identifier }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const limited = await limitCodeRequests(request, subjectOf(identifier));
  if (limited) return limited;
  const auth = await getAuth();
  try {
    const holder = await holderOf(identifier);
    // A number gets a code only once it is proven; an address also before, so its owner can claim it back.
    if (holder && (identifier.kind === "email" || holder.proven)) {
      await dropCodes(identifier);
      if (identifier.kind === "email") {
        await auth.api.sendVerificationOTP({
          body: { email: identifier.email, type: "sign-in" },
          headers: request.headers,
        });
      } else {
        await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: identifier.phone }, headers: request.headers });
      }
    }
    return { ok: true, headers: new Headers(), identifier };
  } catch (error) {
    return failure(error);
  }
}

/** Signs in with a code sent to the address or number (also how a number is confirmed after sign-up). */
export async function signInWithCode(
  request: Request,
  input: { identifier: string; code: string },
): Promise<Outcome<{ twoFactor: boolean }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  return checkCode(request, subjectOf(identifier), async () => {
    const holder = await holderOf(identifier);
    const auth = await getAuth();
    const { headers, response } =
      identifier.kind === "email"
        ? await auth.api.signInEmailOTP({
            body: { email: identifier.email, otp: input.code.trim() },
            headers: request.headers,
            returnHeaders: true,
          })
        : await auth.api.verifyPhoneNumber({
            body: { phoneNumber: identifier.phone, code: input.code.trim() },
            headers: request.headers,
            returnHeaders: true,
          });
    const token = response.token ?? "";
    if (holder) await settleProof(request, holder, { channel: identifier.kind, keepSession: token });
    return afterCodeSignIn(response.user.id, { token, headers });
  });
}

/** Confirms an e-mail address with the code sent to it, and signs its owner in. */
export async function verifyEmailCode(
  request: Request,
  input: { email: string; code: string },
): Promise<Outcome<{ twoFactor: boolean }>> {
  const email = input.email.trim().toLowerCase();
  return checkCode(request, email, async () => {
    const holder = await holderOf({ kind: "email", email });
    const auth = await getAuth();
    await auth.api.verifyEmailOTP({ body: { email, otp: input.code.trim() }, headers: request.headers });
    if (holder) await settleProof(request, holder, { channel: "email" });
    // The address is proven now: a sign-in code minted on the server opens the session through
    // better-auth, and the second step applies as to any code.
    const otp = await auth.api.createVerificationOTP({ body: { email, type: "sign-in" } });
    const { headers, response } = await auth.api.signInEmailOTP({
      body: { email, otp },
      headers: request.headers,
      returnHeaders: true,
    });
    return afterCodeSignIn(response.user.id, { token: response.token, headers });
  });
}

/** Resends the code that confirms an address or number; answers the same whether or not one was sent. */
export async function resendCode(request: Request, input: { identifier: string }): Promise<Outcome> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const limited = await limitCodeRequests(request, subjectOf(identifier));
  if (limited) return limited;
  try {
    const holder = await holderOf(identifier);
    if (holder && !holder.proven) await sendConfirmationCode(request, identifier);
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return failure(error);
  }
}

/**
 * Starts a password reset: a link or a code by e-mail, or a code by SMS to a proven number. The
 * answer never says whether the account exists.
 */
export async function requestPasswordReset(
  request: Request,
  input: { identifier: string; method: "link" | "code" },
): Promise<Outcome<{ identifier: Identifier }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const limited =
    (await limit(`reset-ip:${clientIp(request)}`, LIMITS.resetPerIp)) ??
    (await limit(`reset:${subjectOf(identifier)}`, LIMITS.resetPerAccount));
  if (limited) return limited;
  const auth = await getAuth();
  try {
    const holder = await holderOf(identifier);
    if (identifier.kind === "phone") {
      if (holder?.proven) {
        await dropCodes(identifier);
        await auth.api.requestPasswordResetPhoneNumber({
          body: { phoneNumber: identifier.phone },
          headers: request.headers,
        });
      }
    } else if (input.method === "code") {
      if (holder) {
        await dropCodes(identifier);
        await auth.api.requestPasswordResetEmailOTP({ body: { email: identifier.email }, headers: request.headers });
      }
    } else {
      await auth.api.requestPasswordReset({ body: { email: identifier.email }, headers: request.headers });
    }
    return { ok: true, headers: new Headers(), identifier };
  } catch (error) {
    return failure(error);
  }
}

/** The account a reset link was sent for (better-auth's `reset-password:<token>` record). */
async function holderOfResetToken(token: string): Promise<Holder | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: authUser.id, proven: authUser.emailVerified })
    .from(authVerification)
    .innerJoin(authUser, eq(authUser.id, authVerification.value))
    .where(eq(authVerification.identifier, `reset-password:${token}`));
  return row ?? null;
}

export async function resetPassword(
  request: Request,
  input: { password: string } & ({ token: string } | { identifier: string; code: string }),
): Promise<Outcome> {
  const problems = passwordProblems(input.password);
  if (problems.length > 0) return { ok: false, status: 400, message: "That password is too weak.", problems };
  const auth = await getAuth();
  if ("token" in input) {
    try {
      const holder = await holderOfResetToken(input.token);
      await auth.api.resetPassword({
        body: { token: input.token, newPassword: input.password },
        headers: request.headers,
      });
      if (holder) await settleProof(request, holder, { channel: "email", passwordChosen: true });
      return { ok: true, headers: new Headers() };
    } catch (error) {
      return failure(error);
    }
  }
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  return checkCode(request, subjectOf(identifier), async () => {
    const holder = await holderOf(identifier);
    if (identifier.kind === "email") {
      await auth.api.resetPasswordEmailOTP({
        body: { email: identifier.email, otp: input.code.trim(), password: input.password },
        headers: request.headers,
      });
    } else {
      await auth.api.resetPasswordPhoneNumber({
        body: { phoneNumber: identifier.phone, otp: input.code.trim(), newPassword: input.password },
        headers: request.headers,
      });
    }
    if (holder) await settleProof(request, holder, { channel: identifier.kind, passwordChosen: true });
    return { ok: true, headers: new Headers() };
  });
}

/** Finishes a sign-in that needs a second factor: an authenticator code or a backup code. */
export async function verifySecondFactor(
  request: Request,
  input: { code: string; kind: "totp" | "backup"; trustDevice?: boolean },
): Promise<Outcome> {
  const auth = await getAuth();
  try {
    const { headers } =
      input.kind === "totp"
        ? await auth.api.verifyTOTP({
            body: { code: input.code.replace(/\s/g, ""), trustDevice: input.trustDevice ?? false },
            headers: request.headers,
            returnHeaders: true,
          })
        : await auth.api.verifyBackupCode({
            body: { code: input.code.trim(), trustDevice: input.trustDevice ?? false },
            headers: request.headers,
            returnHeaders: true,
          });
    return { ok: true, headers };
  } catch (error) {
    return failure(error);
  }
}

/** Signs out this device (local), every device (global) or every other device (others). */
export async function signOut(request: Request, scope: "local" | "global" | "others"): Promise<Outcome> {
  const auth = await getAuth();
  try {
    if (scope === "others") {
      await auth.api.revokeOtherSessions({ headers: request.headers });
      return { ok: true, headers: new Headers() };
    }
    if (scope === "global") await auth.api.revokeSessions({ headers: request.headers });
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    return failure(error);
  }
}
