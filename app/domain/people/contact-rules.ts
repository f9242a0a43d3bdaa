/** Contact-detail checks shared by the details, shipping, contact and SMS forms and the server. */

/** RFC 5321's longest deliverable address; also the cap that keeps every check below cheap. */
export const EMAIL_MAX_LENGTH = 254;
/** Longer than any number written with spaces, dashes and a country code. */
export const PHONE_MAX_LENGTH = 40;

// R-DET-09's `local@domain.tld` with the domain's first dot found by `[^\s@.]*`: the spec's
// `[^\s@]+\.[^\s@]+` could end its first part at any dot and took time in the square of the length
// (60 kB of 'a.' blocked the server for 0.7 s; tests/regexes.test.ts). Same language, one way to match, less
// the characters that make one address several recipients or a display name in a mail header
// (`,` `;` `<` `>` `"` `(` `)`) and control characters.
const EMAIL = /^[^\s\p{Cc}@,;<>"()]+@[^\s\p{Cc}@,;<>"()][^\s\p{Cc}@,;<>"().]*\.[^\s\p{Cc}@,;<>"()]+$/u;

/**
 * The spec's deliberately simple e-mail pattern (R-DET-09); deliverability is the mail server's
 * job. One address is one recipient: a list (`a@x.co, b@y.co`), a display name
 * (`Shop <a@x.co>`) or a comment is refused, as the mail's To header would read it as more.
 * Surrounding spaces are ignored because the forms trim before saving (R-DET-08). The one rule of
 * every form that takes an address: sign-up, checkout contact, invitations, quotes, contact.
 */
export function isValidEmail(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL.test(trimmed);
}

/** An Ofcom drama number, so the example can never reach a real person. */
export const PHONE_EXAMPLE = "+44 20 7946 0958";
export const phoneErrorMessage = `Enter a valid phone number, e.g. ${PHONE_EXAMPLE}`;

/**
 * General phone rule (R-CALC-19). Empty passes here; "required" is a separate check (R-DET-10).
 * Any letter fails outright: the spec's strip-everything rule let 'call 02079460958'
 * through. Otherwise only digits and '+' count: international '+', a non-zero digit and 7–14 more
 * digits; national 10–15 digits.
 */
export function isValidPhone(text: string): boolean {
  if (text.trim() === "") return true;
  if (text.length > PHONE_MAX_LENGTH) return false;
  if (/\p{L}/u.test(text)) return false;
  const kept = text.replace(/[^\d+]/g, "");
  if (kept.startsWith("+")) return /^\+[1-9]\d{7,14}$/.test(kept);
  return /^\d{10,15}$/.test(kept);
}

const UK_SMS = /^(\+44|0)(7\d{9}|[1-9]\d{8,9})$/;

/**
 * UK number for the SMS sign-up (R-SMS-05): spaces removed, then +44 or 0 and a mobile or
 * landline-style number. A-21 suggested mobiles only, but DESIGN did not adopt it and R-SMS-05
 * requires '020 7946 0958' to pass. Hyphens are not removed, so '07123-456789' fails (R-SMS-05).
 */
export function isValidUkSmsPhone(text: string): boolean {
  if (text.length > PHONE_MAX_LENGTH) return false;
  return UK_SMS.test(text.replace(/\s+/g, ""));
}

/** '07123 456789' → '+447123456789' for storage (B-14 keeps phone_e164); null when invalid. */
export function ukPhoneToE164(text: string): string | null {
  if (text.length > PHONE_MAX_LENGTH) return null;
  const compact = text.replace(/\s+/g, "");
  const match = UK_SMS.exec(compact);
  if (match?.[2] === undefined) return null;
  return `+44${match[2]}`;
}
