/**
 * Approving a proof together (decision 025): share links to one proof version, who may answer
 * from their own account, and the record of who answered, when and by which route. Pure, no zod:
 * the order page and the public approval page use these rules too (decision 008).
 */
import { isValidEmail, EMAIL_MAX_LENGTH } from "../people/contact-rules";
import { refillValues, type FormParseResult, type FormValues } from "../core/form-rules";
import { PROOF_ANSWER_MESSAGES, PROOF_COMMENT_MAX } from "../fulfilment/orders";

/** A share link works for 7 days from its creation, to the millisecond. */
export const SHARE_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Links one user may create in an hour (a link is e-mailed on by hand, so this is generous). */
export const SHARE_LINKS_PER_HOUR = 20;
/** Live links one proof version may have at once. */
export const SHARE_LINKS_PER_PROOF = 10;
/** Loads and answers of share links from one address in 15 minutes. */
export const SHARE_LINK_HITS_PER_ADDRESS = 120;
export const GUEST_NAME_MAX = 100;

export function shareLinkExpiry(createdAt: Date): Date {
  return new Date(createdAt.getTime() + SHARE_LINK_TTL_MS);
}

// ---------------------------------------------------------------------------------------------
// Share links

export type ShareLinkRefusal = "revoked" | "expired" | "stale" | "answered" | "closed";
export type ShareLinkState = { ok: true } | { ok: false; reason: ShareLinkRefusal };

/**
 * Whether a link still opens its proof at `now`: not revoked, younger than 7 days (it is expired
 * at exactly 7 days), its version still the newest of its line, not answered yet, and the order
 * still waiting on proofs. The first reason that applies is the one given.
 */
export function shareLinkState(input: {
  revokedAt: Date | null;
  expiresAt: Date;
  now: Date;
  version: number;
  latestVersion: number;
  decided: boolean;
  orderWaitsForProof: boolean;
}): ShareLinkState {
  if (input.revokedAt) return { ok: false, reason: "revoked" };
  if (input.now.getTime() >= input.expiresAt.getTime()) return { ok: false, reason: "expired" };
  if (input.version < input.latestVersion) return { ok: false, reason: "stale" };
  if (input.decided) return { ok: false, reason: "answered" };
  if (!input.orderWaitsForProof) return { ok: false, reason: "closed" };
  return { ok: true };
}

export const SHARE_LINK_MESSAGES = {
  notFound: "This approval link is not valid. Please check you copied all of it, or ask for a new one.",
  revoked: "This approval link was withdrawn by the person who shared it. Ask them for a new one.",
  expired: "This approval link has expired: links work for 7 days. Ask the person who shared it for a new one.",
  stale:
    "A newer version of this proof has been sent, so this link no longer works. Ask for a link to the new version.",
  answered: "This proof has already been answered, so there is nothing more to do here.",
  closed: "This order is no longer waiting for an answer to its proof.",
  /** Decision 035: the link lives only while whoever shared it may still answer for the order. */
  sharerLeft:
    "This approval link no longer works: the person who shared it can no longer answer for this order. Ask the organisation for a new one.",
  tooMany: "Too many requests from your address. Please try again in a few minutes.",
  tooManyLinks: "You've created 20 share links in the last hour. Please try again later.",
  perProof: "This proof already has 10 live share links. Revoke one before creating another.",
  notShareable: "Only a proof that is waiting for an answer can be shared.",
  notAllowed: "Only the buyer or an organisation approver can share or answer this proof.",
  linkNotFound: "That share link was not found.",
  created: "Share link created. Copy it and send it to your colleague; it works for 7 days.",
  revokedDone: "Share link revoked: it no longer opens the proof.",
} as const;

/** The page's message for a refused link. */
export function shareLinkRefusalMessage(reason: ShareLinkRefusal): string {
  return SHARE_LINK_MESSAGES[reason];
}

/** A token as links carry it: 32 random bytes in base64url, 43 characters. */
export function looksLikeShareToken(token: string): boolean {
  if (token.length !== 43) return false;
  for (const char of token) {
    const ok =
      (char >= "A" && char <= "Z") ||
      (char >= "a" && char <= "z") ||
      (char >= "0" && char <= "9") ||
      char === "-" ||
      char === "_";
    if (!ok) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// The guest's answer

export const GUEST_ANSWER_FIELDS = ["name", "email", "decision", "comment"] as const;
export type GuestAnswerField = (typeof GUEST_ANSWER_FIELDS)[number];
export type GuestAnswerValues = FormValues<GuestAnswerField>;
export type GuestAnswer = { name: string; email: string; decision: "approve" | "changes"; comment: string };

export const GUEST_MESSAGES = {
  name: "Enter your name.",
  nameTooLong: `Keep your name under ${GUEST_NAME_MAX} characters.`,
  email: "Enter a valid e-mail address.",
} as const;

const MAX_LENGTHS: Record<GuestAnswerField, number> = {
  name: GUEST_NAME_MAX,
  email: EMAIL_MAX_LENGTH,
  decision: 20,
  comment: PROOF_COMMENT_MAX,
};

/**
 * A colleague's answer through a share link: a name and a valid e-mail address, approve or
 * request changes, and for changes a comment, as the buyer's own form asks. Lengths are checked
 * before any pattern (decision 062).
 */
export function parseGuestAnswer(values: GuestAnswerValues): FormParseResult<GuestAnswerField, GuestAnswer> {
  const errors: Partial<Record<GuestAnswerField, string>> = {};
  const name = values.name.trim();
  if (!name) errors.name = GUEST_MESSAGES.name;
  else if (name.length > GUEST_NAME_MAX) errors.name = GUEST_MESSAGES.nameTooLong;
  const email = values.email.trim();
  if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) errors.email = GUEST_MESSAGES.email;
  const decision = values.decision === "approve" || values.decision === "changes" ? values.decision : null;
  if (!decision) errors.decision = PROOF_ANSWER_MESSAGES.choose;
  const comment = values.comment.trim();
  if (comment.length > PROOF_COMMENT_MAX) errors.comment = PROOF_ANSWER_MESSAGES.commentTooLong;
  else if (decision === "changes" && !comment) errors.comment = PROOF_ANSWER_MESSAGES.commentRequired;
  if (Object.keys(errors).length > 0 || !decision) {
    return { ok: false, errors, values: refillValues(GUEST_ANSWER_FIELDS, MAX_LENGTHS, values) };
  }
  return { ok: true, data: { name, email, decision, comment } };
}

// ---------------------------------------------------------------------------------------------
// Who answered

export const ANSWER_ROUTES = ["order_page", "share_link", "approver_account", "staff_phone", "staff_email"] as const;
export type AnswerRoute = (typeof ANSWER_ROUTES)[number];

export const ANSWER_ROUTE_LABELS: Readonly<Record<AnswerRoute, string>> = {
  order_page: "the order page",
  share_link: "a share link",
  approver_account: "an approver's account",
  staff_phone: "a phone call recorded by our staff",
  staff_email: "an e-mail recorded by our staff",
};

/** How an approval given outside the shop reached staff (docs/decisions/039-staff-recorded-approval.md). */
export const RECORDED_APPROVAL_METHODS = ["phone", "email"] as const;
export type RecordedApprovalMethod = (typeof RECORDED_APPROVAL_METHODS)[number];

/** Each recorded method's answer route, and how the history ("by phone") and staff ("from a phone call") word it. */
const RECORDED_METHODS: Readonly<
  Record<RecordedApprovalMethod, { via: "staff_phone" | "staff_email"; by: string; from: string }>
> = {
  phone: { via: "staff_phone", by: "phone", from: "a phone call" },
  email: { via: "staff_email", by: "e-mail", from: "an e-mail" },
};

/** The answer route an approval recorded by staff is kept under. */
export const recordedAnswerRoute = (method: RecordedApprovalMethod) => RECORDED_METHODS[method].via;

const recordedMethodOf = (via: "staff_phone" | "staff_email"): RecordedApprovalMethod =>
  via === "staff_phone" ? "phone" : "email";

/**
 * The order history's note for an answer staff recorded: "Proof version 2 approved by Jane Doe by
 * phone, recorded by staff", and the note staff added to an approval after a colon.
 */
export function recordedAnswerNote(input: {
  said: string;
  approver: string;
  method: RecordedApprovalMethod;
  approvedWithNote: string | null;
}): string {
  const note = input.approvedWithNote ? `: ${input.approvedWithNote}` : "";
  return `${input.said} by ${input.approver} by ${RECORDED_METHODS[input.method].by}, recorded by staff${note}`;
}

/**
 * The proof table's "how" for staff: "Buyer online", "By share link", or "Recorded by staff Sam
 * Lee from a phone call".
 */
export function answerRouteForStaff(record: ProofAnswerRecord | null): string | null {
  if (!record) return null;
  switch (record.via) {
    case "order_page":
    case "approver_account":
      return "Buyer online";
    case "share_link":
      return "By share link";
    case "staff_phone":
    case "staff_email":
      return `Recorded by staff ${record.recordedBy ?? "(unknown)"} from ${RECORDED_METHODS[recordedMethodOf(record.via)].from}`;
  }
}

export function toAnswerRoute(value: string | null): AnswerRoute | null {
  return (ANSWER_ROUTES as readonly string[]).includes(value ?? "") ? (value as AnswerRoute) : null;
}

/** Who answered a proof version, as stored with the answer. */
export type ProofAnswerRecord = {
  via: AnswerRoute;
  userId: string | null;
  name: string | null;
  email: string | null;
  /** The staff member who recorded an answer given by phone or e-mail, by name. */
  recordedBy?: string | null;
};

/**
 * "Approved by Jane Doe (jane@x.co) via a share link, Tue, Dec 1, 2026, 10:04"; the name or
 * address is left out when not known (older answers say only what and when).
 */
export function answeredByText(input: {
  decision: "approved" | "changes_requested";
  record: ProofAnswerRecord | null;
  at: string;
}): string {
  const what = input.decision === "approved" ? "Approved" : "Changes requested";
  const record = input.record;
  if (!record) return `${what} ${input.at}`;
  const who = answererName(record);
  return `${what}${who ? ` by ${who}` : ""} via ${ANSWER_ROUTE_LABELS[record.via]}, ${input.at}`;
}

/** Who answered as "Jane Doe (jane@x.co)", either alone when the other is not known, or null. */
export function answererName(record: Pick<ProofAnswerRecord, "name" | "email">): string | null {
  if (record.name && record.email) return `${record.name} (${record.email})`;
  return record.name || record.email || null;
}

/** The record kept on an answered proof version, or null for an older answer that kept none. */
export function answerRecordOf(row: {
  decidedVia: string | null;
  decidedByUserId: string | null;
  decidedByName: string | null;
  decidedByEmail: string | null;
  recordedByName?: string | null;
}): ProofAnswerRecord | null {
  const via = toAnswerRoute(row.decidedVia);
  if (!via) return null;
  return {
    via,
    userId: row.decidedByUserId,
    name: row.decidedByName,
    email: row.decidedByEmail,
    recordedBy: row.recordedByName ?? null,
  };
}
