/**
 * Signing up and in: passwords, one-time codes, address confirmation and password resets, run on the
 * server through better-auth within the shop's own limits (decision 012, docs/security.md). Signing
 * out is in account-security.server.ts, with the other sessions of the account.
 */
import { isAPIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import { authAccount, authSession, authUser, authVerification } from "#db/schema";
import {
  GENERIC_SIGN_IN_ERROR,
  passwordProblems,
  placeholderEmailForPhone,
  type Identifier,
} from "~/domain/people/auth-rules";
import {
  accountIdentifier,
  authFailure,
  checkCode,
  pendingSecondFactorUser,
  countHit,
  dropCodes,
  type Holder,
  holderOf,
  LIMITS,
  limit,
  limitCodeRequests,
  type Outcome,
  sendConfirmationCode,
  spent,
  subjectOf,
  weakPassword,
} from "./account-codes.server";
import { afterCodeSignIn, settleProof, signUpAnswer, tellOwnerOfSignUpAttempt } from "./account-proof.server";
import { type AccountsContext, type Auth, hashPassword } from "./auth.server";
import type { Database } from "../platform/db.server";
import { type Failure, failure, isFailure } from "../platform/http.server";
import { clearRateLimit, clientIp } from "../platform/rate-limit.server";

/**
 * Failed sign-ins per account from one client address back off in steps: five quick retries, then
 * a wait to the end of the minute, of up to 15 minutes after ten, of up to an hour after twenty.
 * Counted per address as well as account, so a stranger's failures never lock the owner out
 * (docs/security.md); `signInPerIp` caps one address across accounts.
 */
const FAILED_SIGN_IN_STEPS = [
  { limit: 5, windowSeconds: 60 },
  { limit: 10, windowSeconds: 900 },
  { limit: 20, windowSeconds: 3600 },
] as const;

/** What the sign-in flows use of the context: the database, better-auth on it, and whether texts reach phones. */
type SignInContext = Pick<AccountsContext, "db" | "auth" | "sms">;

/**
 * Signs up with an e-mail address or phone number. The answer is the same whether or not the
 * address has an account (docs/security.md): a proven one gets a notice instead of a code; one that
 * was registered but never proven gets a code, and this browser a claim that gives it the account
 * with this password once it enters the code. Nobody is signed in before the code is entered.
 */
export async function signUp(
  ctx: SignInContext & Pick<AccountsContext, "business" | "baseUrl">,
  {
    request,
    ...input
  }: { request: Request; firstName: string; lastName: string; identifier: string; password: string },
): Promise<Outcome<{ identifier: Identifier }>> {
  const { db, auth } = ctx;
  const identifier = accountIdentifier(ctx, { text: input.identifier });
  if (isFailure(identifier)) return identifier;
  const email = identifier.kind === "email" ? identifier.email : placeholderEmailForPhone(identifier.phone);
  const problems = passwordProblems(input.password, { email: identifier.kind === "email" ? email : undefined });
  if (problems.length > 0) return weakPassword("password", problems);
  const limited =
    (await limit(db, { key: `signup-ip:${clientIp(request)}`, rule: LIMITS.signUpPerIp })) ??
    (await limit(db, { key: `code:${subjectOf(identifier)}`, rule: LIMITS.codePerAccount }));
  if (limited) return limited;

  const names = { firstName: input.firstName, lastName: input.lastName };
  const holder = await holderOf(db, identifier);
  try {
    if (holder?.proven) {
      // Hashed all the same, so the answer takes as long as for a new account.
      await hashPassword(input.password);
      await tellOwnerOfSignUpAttempt(ctx, identifier);
      return { ok: true, headers: await signUpAnswer(ctx, null), identifier };
    }
    if (holder) {
      const claim = { userId: holder.id, passwordHash: await hashPassword(input.password), ...names };
      await sendConfirmationCode(ctx, { request, identifier });
      return { ok: true, headers: await signUpAnswer(ctx, claim), identifier };
    }
    const created = await auth.api.signUpEmail({
      body: { email, password: input.password, name: `${input.firstName} ${input.lastName}`.trim(), ...names },
      headers: request.headers,
    });
    const userId = created.user.id;
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
    await sendConfirmationCode(ctx, { request, identifier });
    return {
      ok: true,
      headers: await signUpAnswer(ctx, { userId, passwordHash: credential?.password ?? "", ...names }),
      identifier,
    };
  } catch (error) {
    return authFailure(error);
  }
}

export async function signInWithPassword(
  ctx: SignInContext,
  { request, ...input }: { request: Request; identifier: string; password: string; rememberMe?: boolean },
): Promise<Outcome<{ twoFactor: boolean }>> {
  const { db, auth } = ctx;
  const identifier = accountIdentifier(ctx, {
    text: input.identifier,
    invalid: () => failure(400, "INVALID_CREDENTIALS", GENERIC_SIGN_IN_ERROR),
  });
  if (isFailure(identifier)) return identifier;
  const failures = FAILED_SIGN_IN_STEPS.map((rule) => ({
    key: `signin-fail:${rule.windowSeconds}:${subjectOf(identifier)}:${clientIp(request)}`,
    rule,
  }));
  const backOff = await spent(db, failures);
  if (backOff) return backOff;
  const limited = await limit(db, { key: `signin-ip:${clientIp(request)}`, rule: LIMITS.signInPerIp });
  if (limited) return limited;
  // One message for every wrong-credentials case: never say which part was wrong.
  const wrong = async (): Promise<Failure> => {
    await countHit(db, failures);
    return failure(401, "INVALID_CREDENTIALS", GENERIC_SIGN_IN_ERROR);
  };
  // A number signs in only once it is proven (docs/security.md).
  if (identifier.kind === "phone" && !(await holderOf(db, identifier))?.proven) return wrong();

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
    for (const { key } of failures) await clearRateLimit(db, key);
    const twoFactor = "twoFactorRedirect" in response && response.twoFactorRedirect === true;
    return { ok: true, headers, twoFactor };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return wrong();
    return authFailure(error);
  }
}

/** Sends a one-time sign-in code by e-mail or SMS; answers the same whether or not the account exists. */
export async function sendSignInCode(
  ctx: SignInContext,
  { request, ...input }: { request: Request; identifier: string },
): Promise<Outcome<{ identifier: Identifier }>> {
  const { db, auth } = ctx;
  const identifier = accountIdentifier(ctx, { text: input.identifier });
  if (isFailure(identifier)) return identifier;
  const limited = await limitCodeRequests(db, { request, subject: subjectOf(identifier) });
  if (limited) return limited;
  try {
    const holder = await holderOf(db, identifier);
    // A number gets a code only once it is proven; an address also before, so its owner can claim it back.
    if (holder && (identifier.kind === "email" || holder.proven)) {
      await dropCodes(db, identifier);
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
    return authFailure(error);
  }
}

/** Signs in with a code sent to the address or number (also how a number is confirmed after sign-up). */
export async function signInWithCode(
  ctx: SignInContext,
  { request, ...input }: { request: Request; identifier: string; code: string },
): Promise<Outcome<{ twoFactor: boolean }>> {
  const { db, auth } = ctx;
  const identifier = accountIdentifier(ctx, { text: input.identifier });
  if (isFailure(identifier)) return identifier;
  const check = async () => {
    const holder = await holderOf(db, identifier);
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
    if (holder) await settleProof(ctx, { request, holder, channel: identifier.kind, keepSession: token });
    return afterCodeSignIn(ctx, { userId: response.user.id, token, headers });
  };
  return checkCode(db, { request, subject: subjectOf(identifier), check });
}

/** Confirms an e-mail address with the code sent to it, and signs its owner in. */
export async function verifyEmailCode(
  ctx: Pick<AccountsContext, "db" | "auth">,
  { request, ...input }: { request: Request; email: string; code: string },
): Promise<Outcome<{ twoFactor: boolean }>> {
  const { db, auth } = ctx;
  const email = input.email.trim().toLowerCase();
  const check = async () => {
    const holder = await holderOf(db, { kind: "email", email });
    await auth.api.verifyEmailOTP({ body: { email, otp: input.code.trim() }, headers: request.headers });
    if (holder) await settleProof(ctx, { request, holder, channel: "email" });
    // The address is proven now: a sign-in code minted on the server opens the session through
    // better-auth, and the second step applies as to any code.
    const otp = await auth.api.createVerificationOTP({ body: { email, type: "sign-in" } });
    const { headers, response } = await auth.api.signInEmailOTP({
      body: { email, otp },
      headers: request.headers,
      returnHeaders: true,
    });
    return afterCodeSignIn(ctx, { userId: response.user.id, token: response.token, headers });
  };
  return checkCode(db, { request, subject: email, check });
}

/** Resends the code that confirms an address or number; answers the same whether or not one was sent. */
export async function resendCode(
  ctx: SignInContext,
  { request, ...input }: { request: Request; identifier: string },
): Promise<Outcome> {
  const { db } = ctx;
  const identifier = accountIdentifier(ctx, { text: input.identifier });
  if (isFailure(identifier)) return identifier;
  const limited = await limitCodeRequests(db, { request, subject: subjectOf(identifier) });
  if (limited) return limited;
  try {
    const holder = await holderOf(db, identifier);
    if (holder && !holder.proven) await sendConfirmationCode(ctx, { request, identifier });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return authFailure(error);
  }
}

/**
 * Starts a password reset: a link or a code by e-mail, or a code by SMS to a proven number. The
 * answer never says whether the account exists.
 */
export async function requestPasswordReset(
  ctx: SignInContext,
  { request, ...input }: { request: Request; identifier: string; method: "link" | "code" },
): Promise<Outcome<{ identifier: Identifier }>> {
  const { db, auth } = ctx;
  const identifier = accountIdentifier(ctx, { text: input.identifier });
  if (isFailure(identifier)) return identifier;
  const limited =
    (await limit(db, { key: `reset-ip:${clientIp(request)}`, rule: LIMITS.resetPerIp })) ??
    (await limit(db, { key: `reset:${subjectOf(identifier)}`, rule: LIMITS.resetPerAccount }));
  if (limited) return limited;
  try {
    const holder = await holderOf(db, identifier);
    if (identifier.kind === "phone") {
      if (holder?.proven) {
        await dropCodes(db, identifier);
        await auth.api.requestPasswordResetPhoneNumber({
          body: { phoneNumber: identifier.phone },
          headers: request.headers,
        });
      }
    } else if (input.method === "code") {
      if (holder) {
        await dropCodes(db, identifier);
        await auth.api.requestPasswordResetEmailOTP({ body: { email: identifier.email }, headers: request.headers });
      }
    } else {
      await auth.api.requestPasswordReset({ body: { email: identifier.email }, headers: request.headers });
    }
    return { ok: true, headers: new Headers(), identifier };
  } catch (error) {
    return authFailure(error);
  }
}

/** The account a reset link was sent for (better-auth's `reset-password:<token>` record). */
async function holderOfResetToken(db: Database, token: string): Promise<Holder | null> {
  const [row] = await db
    .select({ id: authUser.id, proven: authUser.emailVerified })
    .from(authVerification)
    .innerJoin(authUser, eq(authUser.id, authVerification.value))
    .where(eq(authVerification.identifier, `reset-password:${token}`));
  return row ?? null;
}

export async function resetPassword(
  ctx: SignInContext,
  {
    request,
    ...input
  }: { request: Request; password: string } & ({ token: string } | { identifier: string; code: string }),
): Promise<Outcome> {
  const { db, auth } = ctx;
  const problems = passwordProblems(input.password);
  if (problems.length > 0) return weakPassword("password", problems);
  if ("token" in input) {
    try {
      const holder = await holderOfResetToken(db, input.token);
      await auth.api.resetPassword({
        body: { token: input.token, newPassword: input.password },
        headers: request.headers,
      });
      if (holder) await settleProof(ctx, { request, holder, channel: "email", passwordChosen: true });
      return { ok: true, headers: new Headers() };
    } catch (error) {
      return authFailure(error);
    }
  }
  const identifier = accountIdentifier(ctx, { text: input.identifier });
  if (isFailure(identifier)) return identifier;
  const check = async (): Promise<Outcome> => {
    const holder = await holderOf(db, identifier);
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
    if (holder) await settleProof(ctx, { request, holder, channel: identifier.kind, passwordChosen: true });
    return { ok: true, headers: new Headers() };
  };
  return checkCode(db, { request, subject: subjectOf(identifier), check });
}

type SecondFactor = { code: string; kind: "totp" | "backup"; trustDevice?: boolean };

/** better-auth's check of an authenticator or backup code; a wrong one throws its refusal. */
async function compareSecondFactor(auth: Auth, request: Request, input: SecondFactor): Promise<Outcome> {
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
}

/**
 * Finishes a sign-in that needs a second factor: an authenticator code or a backup code. They count
 * against the same wrong-code ceilings as the codes the shop sends, per account and per client
 * address, counted before they are compared. Without a pending sign-in better-auth refuses it.
 */
export async function verifySecondFactor(
  ctx: Pick<AccountsContext, "db" | "auth">,
  { request, ...input }: { request: Request } & SecondFactor,
): Promise<Outcome> {
  // Counted whether or not the cookie names a pending sign-in: a client address's ceiling always holds.
  const userId = await pendingSecondFactorUser(ctx, request);
  const check = () => compareSecondFactor(ctx.auth, request, input);
  return checkCode(ctx.db, { request, subject: `2fa:${userId ?? "none"}`, check });
}
