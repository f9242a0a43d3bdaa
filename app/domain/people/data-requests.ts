/**
 * A person who asks the shop to erase what they sent without an account (UK GDPR, erasure;
 * docs/decisions/082-erasing-entries-without-an-account.md): staff find their entries by the e-mail
 * address or UK phone number they give, exactly, never by part of one, and erase them. No I/O:
 * app/server/admin/data-requests.server.ts finds and erases.
 */
import { EMAIL_MAX_LENGTH, isValidEmail, PHONE_MAX_LENGTH, ukPhoneToE164 } from "./contact-rules";

/** Who is asked for: their e-mail address (lower case), or their phone number in E.164. */
export type PersonLookup = { kind: "email"; email: string } | { kind: "phone"; phoneE164: string };

export const DATA_REQUEST_MESSAGES = {
  missing: "Enter the e-mail address or UK phone number the person gave, in full.",
  invalid: "That is neither an e-mail address nor a UK phone number: enter the one the person gave, in full.",
  // For an account holder (docs/decisions/084).
  noAccount: "No account uses that address or number.",
  copyQueued: "We're preparing a copy of the account's data: find the person again in a minute to download it.",
  confirmOwner: "Tick the box to confirm the request came from the account's owner.",
  accountDeleted: (deletedCustomer: string) =>
    `Deleted the account. Its orders and their invoices stay under "${deletedCustomer}".`,
} as const;

/** The address or number typed, read as one or the other; a refusal says what to enter. */
export function readPersonLookup(
  text: string | undefined,
): { ok: true; lookup: PersonLookup } | { ok: false; message: string } {
  const typed = (text ?? "").trim();
  if (typed === "") return { ok: false, message: DATA_REQUEST_MESSAGES.missing };
  if (typed.length > Math.max(EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH))
    return { ok: false, message: DATA_REQUEST_MESSAGES.invalid };
  if (typed.includes("@"))
    return isValidEmail(typed)
      ? { ok: true, lookup: { kind: "email", email: typed.toLowerCase() } }
      : { ok: false, message: DATA_REQUEST_MESSAGES.invalid };
  const phoneE164 = ukPhoneToE164(typed);
  return phoneE164
    ? { ok: true, lookup: { kind: "phone", phoneE164 } }
    : { ok: false, message: DATA_REQUEST_MESSAGES.invalid };
}

/** What an erasure removed, as staff are told and the audit log records it. */
export type ErasedCounts = { inquiries: number; quoteRequests: number; smsSignups: number; messages: number };

export function erasedSummary(counts: ErasedCounts): string {
  const parts = [
    [counts.inquiries, "contact message", "contact messages"],
    [counts.quoteRequests, "quote request", "quote requests"],
    [counts.smsSignups, "SMS sign-up", "SMS sign-ups"],
    [counts.messages, "e-mail sent to them", "e-mails sent to them"],
  ] as const;
  return parts.map(([count, one, many]) => `${count} ${count === 1 ? one : many}`).join(", ");
}
