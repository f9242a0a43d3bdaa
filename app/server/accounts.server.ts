import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { authUser } from "#db/schema";
import {
  GENERIC_SIGN_IN_ERROR,
  identityErrorMessage,
  parseIdentifier,
  passwordProblems,
  placeholderEmailForPhone,
  type Identifier,
} from "~/domain/auth-rules";
import { getAuth } from "./auth.server";
import { getDb } from "./db.server";
import { clearRateLimit, clientIp, hitRateLimit, peekRateLimit } from "./rate-limit.server";

export type Failure = { ok: false; status: number; message: string; problems?: string[]; retryAfterSeconds?: number };
export type Success<T = object> = { ok: true; headers: Headers } & T;
export type Outcome<T = object> = Success<T> | Failure;

/** Issue 4 item 8: at most 100 failed sign-ins per account per hour. */
const FAILED_SIGN_INS = { limit: 100, windowSeconds: 3600 };
const LIMITS = {
  signInPerIp: { limit: 50, windowSeconds: 900 },
  signUpPerIp: { limit: 10, windowSeconds: 3600 },
  codePerAccount: { limit: 5, windowSeconds: 900 },
  codePerIp: { limit: 20, windowSeconds: 3600 },
  resetPerAccount: { limit: 5, windowSeconds: 3600 },
  resetPerIp: { limit: 20, windowSeconds: 3600 },
} as const;

function tooMany(retryAfterSeconds: number): Failure {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    ok: false,
    status: 429,
    retryAfterSeconds,
    message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  };
}

async function limit(key: string, rule: { limit: number; windowSeconds: number }): Promise<Failure | null> {
  const result = await hitRateLimit(key, rule.limit, rule.windowSeconds);
  return result.allowed ? null : tooMany(result.retryAfterSeconds);
}

export function failure(error: unknown, fallbackStatus = 400): Failure {
  if (isAPIError(error)) {
    const code = typeof error.body?.code === "string" ? error.body.code : undefined;
    return { ok: false, status: error.statusCode >= 500 ? 502 : error.statusCode || fallbackStatus, message: identityErrorMessage(code) };
  }
  throw error;
}

function invalidIdentifier(): Failure {
  return { ok: false, status: 400, message: "Enter a valid e-mail address or phone number." };
}

const key = (identifier: Identifier) => (identifier.kind === "email" ? identifier.email : identifier.phone);

export async function signUp(
  request: Request,
  input: { firstName: string; lastName: string; identifier: string; password: string },
): Promise<Outcome<{ identifier: Identifier }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const email = identifier.kind === "email" ? identifier.email : placeholderEmailForPhone(identifier.phone);
  const problems = passwordProblems(input.password, { email: identifier.kind === "email" ? email : undefined });
  if (problems.length > 0) return { ok: false, status: 400, message: "That password is too weak.", problems };
  const limited = await limit(`signup-ip:${clientIp(request)}`, LIMITS.signUpPerIp);
  if (limited) return limited;

  const auth = await getAuth();
  const db = await getDb();
  if (identifier.kind === "phone") {
    const [taken] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.phoneNumber, identifier.phone));
    if (taken) return { ok: false, status: 409, message: identityErrorMessage("PHONE_NUMBER_EXIST") };
  }
  try {
    const { headers, response } = await auth.api.signUpEmail({
      body: {
        email,
        password: input.password,
        name: `${input.firstName} ${input.lastName}`.trim(),
        firstName: input.firstName,
        lastName: input.lastName,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    if (identifier.kind === "phone") {
      // The phone becomes the account's sign-in name once its code is confirmed.
      await db.update(authUser).set({ phoneNumber: identifier.phone, phoneNumberVerified: false }).where(eq(authUser.id, response.user.id));
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: identifier.phone }, headers: request.headers });
    } else {
      await auth.api.sendVerificationOTP({ body: { email, type: "email-verification" }, headers: request.headers });
    }
    return { ok: true, headers, identifier };
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
  const failuresKey = `signin-fail:${key(identifier)}`;
  const failures = await peekRateLimit(failuresKey, FAILED_SIGN_INS.windowSeconds);
  if (failures.count >= FAILED_SIGN_INS.limit) return tooMany(failures.retryAfterSeconds);
  const limited = await limit(`signin-ip:${clientIp(request)}`, LIMITS.signInPerIp);
  if (limited) return limited;

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
    await clearRateLimit(failuresKey);
    const twoFactor = "twoFactorRedirect" in response && response.twoFactorRedirect === true;
    return { ok: true, headers, twoFactor };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      await hitRateLimit(failuresKey, FAILED_SIGN_INS.limit, FAILED_SIGN_INS.windowSeconds);
      // One message for every wrong-credentials case: never say which part was wrong.
      return { ok: false, status: 401, message: GENERIC_SIGN_IN_ERROR };
    }
    return failure(error);
  }
}

/** Sends a one-time sign-in code by e-mail or SMS; answers the same whether or not the account exists. */
export async function sendSignInCode(request: Request, input: { identifier: string }): Promise<Outcome<{ identifier: Identifier }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const limited =
    (await limit(`code-ip:${clientIp(request)}`, LIMITS.codePerIp)) ??
    (await limit(`code:${key(identifier)}`, LIMITS.codePerAccount));
  if (limited) return limited;
  const auth = await getAuth();
  try {
    if (identifier.kind === "email") {
      await auth.api.sendVerificationOTP({ body: { email: identifier.email, type: "sign-in" }, headers: request.headers });
    } else if (await phoneAccountExists(identifier.phone)) {
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: identifier.phone }, headers: request.headers });
    }
    return { ok: true, headers: new Headers(), identifier };
  } catch (error) {
    return failure(error);
  }
}

export async function signInWithCode(request: Request, input: { identifier: string; code: string }): Promise<Outcome> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const auth = await getAuth();
  try {
    const { headers } =
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
    return { ok: true, headers };
  } catch (error) {
    return failure(error);
  }
}

async function phoneAccountExists(phone: string) {
  const db = await getDb();
  const [row] = await db.select({ id: authUser.id }).from(authUser).where(eq(authUser.phoneNumber, phone));
  return Boolean(row);
}

export async function verifyEmailCode(request: Request, input: { email: string; code: string }): Promise<Outcome> {
  const auth = await getAuth();
  try {
    const { headers } = await auth.api.verifyEmailOTP({
      body: { email: input.email.trim().toLowerCase(), otp: input.code.trim() },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers };
  } catch (error) {
    return failure(error);
  }
}

/** Resends the e-mail verification code, or the phone confirmation code. */
export async function resendCode(request: Request, input: { identifier: string }): Promise<Outcome> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const limited =
    (await limit(`code-ip:${clientIp(request)}`, LIMITS.codePerIp)) ??
    (await limit(`code:${key(identifier)}`, LIMITS.codePerAccount));
  if (limited) return limited;
  const auth = await getAuth();
  try {
    if (identifier.kind === "email") {
      await auth.api.sendVerificationOTP({ body: { email: identifier.email, type: "email-verification" }, headers: request.headers });
    } else {
      await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: identifier.phone }, headers: request.headers });
    }
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return failure(error);
  }
}

/**
 * Starts a password reset: a link or a code by e-mail, or a code by SMS. The answer never says
 * whether the account exists.
 */
export async function requestPasswordReset(
  request: Request,
  input: { identifier: string; method: "link" | "code" },
): Promise<Outcome<{ identifier: Identifier }>> {
  const identifier = parseIdentifier(input.identifier);
  if (!identifier) return invalidIdentifier();
  const limited =
    (await limit(`reset-ip:${clientIp(request)}`, LIMITS.resetPerIp)) ??
    (await limit(`reset:${key(identifier)}`, LIMITS.resetPerAccount));
  if (limited) return limited;
  const auth = await getAuth();
  try {
    if (identifier.kind === "phone") {
      if (await phoneAccountExists(identifier.phone)) {
        await auth.api.requestPasswordResetPhoneNumber({ body: { phoneNumber: identifier.phone }, headers: request.headers });
      }
    } else if (input.method === "code") {
      await auth.api.requestPasswordResetEmailOTP({ body: { email: identifier.email }, headers: request.headers });
    } else {
      await auth.api.requestPasswordReset({ body: { email: identifier.email }, headers: request.headers });
    }
    return { ok: true, headers: new Headers(), identifier };
  } catch (error) {
    return failure(error);
  }
}

export async function resetPassword(
  request: Request,
  input: { password: string } & ({ token: string } | { identifier: string; code: string }),
): Promise<Outcome> {
  const problems = passwordProblems(input.password);
  if (problems.length > 0) return { ok: false, status: 400, message: "That password is too weak.", problems };
  const auth = await getAuth();
  try {
    if ("token" in input) {
      await auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: request.headers });
    } else {
      const identifier = parseIdentifier(input.identifier);
      if (!identifier) return invalidIdentifier();
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
    }
    return { ok: true, headers: new Headers() };
  } catch (error) {
    return failure(error);
  }
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
