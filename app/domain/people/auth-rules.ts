/**
 * The account rules the pages and the server share: password strength, reading "e-mail or phone",
 * how recent a sign-in must be (SPEC.md §6), the account a user acts for, the organisation limit
 * and the identity service's errors in words (SPEC.md §8). Free of zod, so pages may import it.
 */
import { isValidEmail, isValidPhone } from "./contact-rules";

/** Shortest password we accept; longer beats cleverer (NCSC guidance). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 128;

// A few of the passwords that top every breach list; a long list belongs in a breach-check service.
const COMMON_PASSWORDS = new Set([
  "password",
  "password1",
  "password123",
  "passw0rd",
  "1234567890",
  "12345678910",
  "qwertyuiop",
  "qwerty1234",
  "iloveyou12",
  "letmein123",
  "welcome123",
  "admin12345",
  "abc1234567",
  "football12",
  "monkey1234",
  "swagstudio",
]);

/** Why a password is too weak, in words a user can act on; empty when it is fine. */
export function passwordProblems(password: string, context: { email?: string; name?: string } = {}): string[] {
  if (password.length > MAX_PASSWORD_LENGTH) return [`Use at most ${MAX_PASSWORD_LENGTH} characters.`];
  const problems: string[] = [];
  if (password.length < MIN_PASSWORD_LENGTH) problems.push(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) problems.push("This is one of the most common passwords; choose another.");
  if (/^\d+$/.test(password)) problems.push("Don't use only numbers; add some words.");
  if (password.length > 0 && new Set(password).size < 4) problems.push("Use more different characters.");
  const local = context.email?.split("@")[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local)) problems.push("Don't include your e-mail address.");
  return problems;
}

export type Identifier = { kind: "email"; email: string } | { kind: "phone"; phone: string };

/**
 * Reads what the user typed into "E-mail or phone": an e-mail address, or a phone number
 * normalised to E.164 (UK numbers may start with 0). Null when it is neither.
 */
export function parseIdentifier(text: string): Identifier | null {
  const value = text.trim();
  if (value.includes("@")) return isValidEmail(value) ? { kind: "email", email: value.toLowerCase() } : null;
  const phone = normalisePhone(value);
  return phone ? { kind: "phone", phone } : null;
}

/** E.164 form of a phone number (+447123456789), or null if it is not a valid number. */
export function normalisePhone(text: string): string | null {
  const value = text.trim();
  if (value === "" || !isValidPhone(value)) return null;
  let digits = value.replace(/[^\d+]/g, "");
  if (digits.startsWith("00")) digits = `+${digits.slice(2)}`;
  else if (digits.startsWith("0")) digits = `+44${digits.slice(1)}`;
  else if (!digits.startsWith("+")) digits = `+${digits}`;
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/** Phone-only accounts get an address that can never receive mail (RFC 2606 .invalid). */
export function placeholderEmailForPhone(phone: string): string {
  return `phone-${phone.replace(/\D/g, "")}@phone.swagstudio.invalid`;
}

export function isPlaceholderEmail(email: string): boolean {
  return email.endsWith("@phone.swagstudio.invalid");
}

/** SPEC.md §6: how recent a sign-in must be for each kind of change, in minutes. */
export const FRESHNESS_MINUTES = { strict_mfa: 10, strict: 10, moderate: 60, lax: 1440 } as const;

export function isSignInFresh(signedInAt: Date, now: Date, level: keyof typeof FRESHNESS_MINUTES = "strict"): boolean {
  return now.getTime() - signedInAt.getTime() < FRESHNESS_MINUTES[level] * 60_000;
}

/** SPEC.md §3: the account is the active organisation if there is one, else the user (R-DRAFT-02). */
export function accountIdFor(context: { userId: string; activeOrganizationId?: string | null }): string {
  return context.activeOrganizationId || context.userId;
}

/**
 * Organisations one user may belong to (docs/security.md): better-auth's organizationLimit. Each
 * one costs nothing to make, and none of them is a new customer for the first-order discount.
 */
export const ORGANISATION_LIMIT = 5;
export const ORGANISATION_LIMIT_MESSAGE = `You can belong to at most ${ORGANISATION_LIMIT} organisations. Leave one to create another.`;

export const GENERIC_SIGN_IN_ERROR = "That e-mail or phone and password don't match an account.";

/** SPEC.md §8 "Identity errors": every failure the identity service can give, in plain words. */
export function identityErrorMessage(code: string | undefined): string {
  switch (code) {
    case "SESSION_MISSING":
    case "SESSION_EXPIRED":
    case "UNAUTHORIZED":
      return "Your session has ended. Please sign in again.";
    case "INVALID_CREDENTIALS":
    case "INVALID_EMAIL_OR_PASSWORD":
    case "INVALID_PHONE_NUMBER_OR_PASSWORD":
    case "CREDENTIAL_ACCOUNT_NOT_FOUND":
    case "USER_NOT_FOUND":
      return GENERIC_SIGN_IN_ERROR;
    case "WEAK_PASSWORD":
    case "PASSWORD_TOO_SHORT":
    case "PASSWORD_TOO_LONG":
      return "That password is too weak.";
    case "INVALID_JWT":
    case "INVALID_TOKEN":
      return "This link is invalid or has expired. Please ask for a new one.";
    case "INVALID_OTP":
    case "INVALID_CODE":
      return "That code isn't right. Check it and try again.";
    case "OTP_EXPIRED":
      return "That code has expired. Ask for a new one.";
    case "TOO_MANY_ATTEMPTS":
      return "Too many wrong codes. Ask for a new one.";
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
    case "PHONE_NUMBER_EXIST":
      return "An account already exists for that e-mail or phone. Sign in instead.";
    case "SESSION_NOT_FRESH":
      return "For your security, please confirm your password to make this change.";
    case "RETRYABLE_FETCH_ERROR":
    case "NETWORK_ERROR":
      return "We couldn't reach the server. Check your connection and try again.";
    case "REDIRECT_ERROR":
      return "We couldn't finish signing you in. Please start again.";
    case "RATE_LIMITED":
      return "Too many attempts. Please wait and try again.";
    case "YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS":
      return ORGANISATION_LIMIT_MESSAGE;
    case "YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER":
      return "Only the organisation's owner or an admin can change a role, and the owner's role stays as it is.";
    case "NO_ACTIVE_ORGANIZATION":
      return "Choose the organisation you're working in first.";
    case "MEMBER_NOT_FOUND":
      return "That person is no longer a member of this organisation.";
    default:
      return "Something went wrong. Please try again.";
  }
}
