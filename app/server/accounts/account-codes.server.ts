/**
 * The account calls' shared ground: their answer, their rate limits, and the one-time codes they
 * send and check (decision 062).
 */
import { isAPIError } from "better-auth/api";
import { eq, inArray, or } from "drizzle-orm";
import { authUser, authVerification } from "#db/schema";
import {
  identityErrorMessage,
  parseIdentifier,
  placeholderEmailForPhone,
  type Identifier,
} from "~/domain/people/auth-rules";
import type { AccountsContext } from "./auth.server";
import type { Database } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";
import { clientIp, hitRateLimit, peekRateLimit, unhitRateLimit } from "../platform/rate-limit.server";
import { cookieValue, verifiedToken } from "./session-lookup.server";

/** What an account call answers: its headers (cookies) and values, or the one failure shape. */
export type Outcome<T = object> = ({ ok: true; headers: Headers } & T) | Failure;

export type Rule = { limit: number; windowSeconds: number };

export const LIMITS = {
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
 * before it is compared, right or not (decision 062). Ten guesses at a 6-digit code are a
 * 1-in-100,000 chance an hour for one account, and an owner who mistypes needs two or three; 30 per
 * address lets an office behind one address mistype while one address gets three accounts' worth.
 */
const WRONG_CODES = {
  perAccount: { limit: 10, windowSeconds: 3600 },
  perIp: { limit: 30, windowSeconds: 3600 },
} as const;

function tooMany(retryAfterSeconds: number): Failure {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return failure(
    429,
    "RATE_LIMITED",
    `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    {
      retryAfterSeconds,
    },
  );
}

export type Counter = { key: string; rule: Rule };

/** Counts one hit on the counter; its refusal once the hit takes it past its limit. */
export async function limit(db: Database, { key, rule }: Counter): Promise<Failure | null> {
  const result = await hitRateLimit(db, { key, limit: rule.limit, windowSeconds: rule.windowSeconds });
  return result.allowed ? null : tooMany(result.retryAfterSeconds);
}

/** The refusal for the first counter whose window is used up, without counting a hit. */
export async function spent(db: Database, counters: Counter[]): Promise<Failure | null> {
  for (const { key, rule } of counters) {
    const seen = await peekRateLimit(db, { key, windowSeconds: rule.windowSeconds });
    if (seen.count >= rule.limit) return tooMany(seen.retryAfterSeconds);
  }
  return null;
}

export async function countHit(db: Database, counters: Counter[]) {
  for (const { key, rule } of counters)
    await hitRateLimit(db, { key, limit: rule.limit, windowSeconds: rule.windowSeconds });
}

/**
 * better-auth's refusal as the app's failure, with its own code (INVALID_OTP, INVALID_PASSWORD…)
 * and the app's wording for it; anything but a refusal is a fault and is thrown on.
 */
export function authFailure(error: unknown): Failure {
  if (!isAPIError(error)) throw error;
  const code = typeof error.body?.code === "string" ? error.body.code : undefined;
  return failure(
    error.statusCode >= 500 ? 502 : error.statusCode || 400,
    code ?? "AUTH_FAILED",
    identityErrorMessage(code),
  );
}

/** better-auth's refusal of a password check (it answers a wrong one as 400 or 401), in the shop's words. */
export function passwordFailure(error: unknown, wrongPassword: string): Failure {
  const result = authFailure(error);
  return result.status === 400 || result.status === 401 ? { ...result, message: wrongPassword } : result;
}

const invalidIdentifier = (phones: boolean) =>
  failure(
    400,
    "INVALID_IDENTIFIER",
    phones ? "Enter a valid e-mail address or phone number." : "Enter a valid e-mail address.",
  );

/** Without an SMS provider no code can reach a phone, so accounts are by e-mail only. */
export const PHONE_UNAVAILABLE_MESSAGE =
  "We can't send text messages yet, so accounts use e-mail only. Please enter your e-mail address.";

/**
 * The e-mail address or number typed into an account form on the context's shop, or why it is
 * refused: `invalid()` when it is neither (by default, what may be typed), and a number while the
 * shop has no SMS provider.
 */
export function accountIdentifier(
  ctx: Pick<AccountsContext, "sms">,
  { text, invalid }: { text: string; invalid?: () => Failure },
): Identifier | Failure {
  const phones = ctx.sms !== null;
  const identifier = parseIdentifier(text);
  if (!identifier) return invalid ? invalid() : invalidIdentifier(phones);
  if (identifier.kind === "phone" && !phones) return failure(400, "PHONE_UNAVAILABLE", PHONE_UNAVAILABLE_MESSAGE);
  return identifier;
}

/** A new password that breaks the rules: every problem, as its field's one message. */
export const weakPassword = (field: string, problems: string[]) =>
  failure(400, "WEAK_PASSWORD", "That password is too weak.", { fieldErrors: { [field]: problems.join(" ") } });

export const subjectOf = (identifier: Identifier) =>
  identifier.kind === "email" ? identifier.email : identifier.phone;

/** Limits asking for codes to one address, per address and per client address. */
export async function limitCodeRequests(
  db: Database,
  { request, subject }: { request: Request; subject: string },
): Promise<Failure | null> {
  return (
    (await limit(db, { key: `code-ip:${clientIp(request)}`, rule: LIMITS.codePerIp })) ??
    (await limit(db, { key: `code:${subject}`, rule: LIMITS.codePerAccount }))
  );
}

const wrongCodeCounters = (request: Request, subject: string): Counter[] => [
  { key: `code-wrong:${subject}`, rule: WRONG_CODES.perAccount },
  { key: `code-wrong-ip:${clientIp(request)}`, rule: WRONG_CODES.perIp },
];

/**
 * Counts one guess on every counter first, atomically, and answers the refusal of the first one it
 * takes past its limit (every counter is still counted, so none lags behind the others).
 */
async function countGuess(db: Database, counters: Counter[]): Promise<Failure | null> {
  let refused: Failure | null = null;
  for (const counter of counters) {
    const past = await limit(db, counter);
    refused ??= past;
  }
  return refused;
}

async function takeBackGuess(db: Database, counters: Counter[]) {
  for (const { key, rule } of counters) await unhitRateLimit(db, { key, windowSeconds: rule.windowSeconds });
}

/**
 * Runs a check of a one-time code sent to `subject` (an address or number) under the wrong-code
 * ceilings. The guess is counted before it is compared, in one statement per counter, so guesses
 * sent in parallel each see the others' counts and no more than the ceiling are ever compared;
 * once the account or the client address has spent it, a code is refused before better-auth
 * compares it, right or not. A code better-auth does not refuse as wrong is taken back off.
 */
export async function checkCode<T extends object>(
  db: Database,
  { request, subject, check }: { request: Request; subject: string; check: () => Promise<Outcome<T>> },
): Promise<Outcome<T>> {
  const counters = wrongCodeCounters(request, subject);
  const refused = await countGuess(db, counters);
  if (refused) return refused;
  let outcome: Outcome<T>;
  try {
    outcome = await check();
  } catch (error) {
    if (!isAPIError(error) || error.statusCode >= 500) {
      await takeBackGuess(db, counters);
      return authFailure(error);
    }
    // No code waiting (none is ever sent to an unknown or unproven number) reads as a wrong code.
    return error.body?.code === "OTP_NOT_FOUND"
      ? failure(400, "INVALID_OTP", identityErrorMessage("INVALID_OTP"))
      : authFailure(error);
  }
  await takeBackGuess(db, counters);
  return outcome;
}

/**
 * The account a pending second-factor sign-in is for: better-auth's two-factor cookie, read by its
 * exact name and signature as better-auth reads it (session-lookup.server.ts), names a verification
 * row whose value is the user's id. Null without a pending sign-in this shop signed.
 */
export async function pendingSecondFactorUser(
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  request: Request,
): Promise<string | null> {
  const context = await auth.$context;
  if (typeof context.secret !== "string") return null;
  const value = cookieValue(request.headers.get("cookie") ?? "", context.createAuthCookie("two_factor").name);
  const identifier = value ? verifiedToken(value, context.secret) : null;
  if (!identifier) return null;
  const [row] = await db
    .select({ userId: authVerification.value })
    .from(authVerification)
    .where(eq(authVerification.identifier, identifier));
  return row?.userId ?? null;
}

export type Holder = { id: string; proven: boolean };

/** The account an address or number belongs to, and whether it was proven by a code or link sent to it. */
export async function holderOf(db: Database, identifier: Identifier): Promise<Holder | null> {
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
 * removes the other kinds' codes for the address, so there is only ever one to guess at (decision
 * 062). These are better-auth's identifiers (email-otp and phone-number plugins); the tests prove
 * an older code of another kind fails.
 */
export async function dropCodes(db: Database, identifier: Identifier) {
  const identifiers =
    identifier.kind === "email"
      ? ["sign-in", "email-verification", "forget-password"].map((type) => `${type}-otp-${identifier.email}`)
      : [`phone-number-otp-${identifier.phone}`, `phone-number-reset-${identifier.phone}`];
  await db.delete(authVerification).where(inArray(authVerification.identifier, identifiers));
}

/** The code that proves a new or not yet proven address: by e-mail, or by SMS to the number. */
export async function sendConfirmationCode(
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  { request, identifier }: { request: Request; identifier: Identifier },
) {
  await dropCodes(db, identifier);
  if (identifier.kind === "email") {
    await auth.api.sendVerificationOTP({
      body: { email: identifier.email, type: "email-verification" },
      headers: request.headers,
    });
  } else {
    await auth.api.sendPhoneNumberOTP({ body: { phoneNumber: identifier.phone }, headers: request.headers });
  }
}
