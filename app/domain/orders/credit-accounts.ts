/**
 * Accounts on credit terms (docs/decisions/085-accounts-on-credit-terms.md): an organisation applies
 * to pay on account, staff approve it with a credit limit and terms, and its members may then order
 * on account: the order is invoiced at once and goes to production on the proof's approval, and the
 * invoice is due a number of days after it. An order on account is refused with the reason while
 * the account is not approved, an invoice on it is overdue, or the order would take what it owes
 * past its limit. Pure: the account, what it owes and the clock are passed in.
 */
import { addDays, formatDisplayDate, londonToday, type IsoDate } from "../core/dates";
import { formatPence, typedPence } from "../core/money";
import { addWorkingDays } from "../core/working-days";
import { oneOf } from "../core/one-of";
import { isValidEmail } from "../people/contact-rules";
import type { AccountStatement } from "./account-statement";

export const CREDIT_ACCOUNT_STATUSES = ["pending", "approved", "declined", "suspended"] as const;
export type CreditAccountStatus = (typeof CREDIT_ACCOUNT_STATUSES)[number];
export const isCreditAccountStatus = oneOf(CREDIT_ACCOUNT_STATUSES);

/** An organisation's id as a link names it (better-auth's ids): anything else names no account. */
export const isOrganisationId = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z0-9_-]{1,64}$/.test(value);

/** A status read back from the database; one outside the list is a fault in our own data. */
export function toCreditAccountStatus(value: string): CreditAccountStatus {
  if (!isCreditAccountStatus(value)) throw new Error(`credit_accounts holds an unknown status "${value}"`);
  return value;
}

export const CREDIT_ACCOUNT_STATUS_LABELS: Record<CreditAccountStatus, string> = {
  pending: "Applied, waiting for our answer",
  approved: "Approved",
  declined: "Declined",
  suspended: "Suspended",
};

/** The payment terms staff may give, in calendar days from the invoice date. */
export const TERMS_DAYS = [7, 14, 30, 45, 60] as const;
export type TermsDays = (typeof TERMS_DAYS)[number];
export const DEFAULT_TERMS_DAYS: TermsDays = 30;
const isTermsDays = (days: number): days is TermsDays => (TERMS_DAYS as readonly number[]).includes(days);

/** The largest credit limit staff may set, and the smallest worth having. */
export const CREDIT_LIMIT_MAX_PENCE = 100_000_000;
export const CREDIT_LIMIT_MIN_PENCE = 10_000;

/** The reminders of an invoice on account: this many days before its due date, then after it. */
export const ACCOUNT_REMINDER_DAYS_BEFORE = 5;
/** Overdue reminders go the day after the due date, then every this many days, at most OVERDUE_REMINDERS_MAX times. */
export const OVERDUE_REMINDER_EVERY_DAYS = 7;
export const OVERDUE_REMINDERS_MAX = 3;

/**
 * The day an invoice issued at `issuedAt` is due: `termsDays` calendar days on, or the next working
 * day when that is a weekend, a bank holiday or a closure.
 */
export function accountDueOn(issuedAt: Date, termsDays: number): IsoDate {
  return addWorkingDays(addDays(londonToday(issuedAt), termsDays), 0);
}

/** What an invoice on account needs on `today`: a reminder before its due date, one after it, or nothing. */
export type AccountReminder = "before" | "overdue" | null;

export function accountReminder(
  invoice: { dueOn: IsoDate; remindedAt: Date | null; overdueReminders: number; settled: boolean },
  today: IsoDate,
): AccountReminder {
  if (invoice.settled) return null;
  if (today > invoice.dueOn) {
    if (invoice.overdueReminders >= OVERDUE_REMINDERS_MAX) return null;
    const next = addDays(invoice.dueOn, 1 + OVERDUE_REMINDER_EVERY_DAYS * invoice.overdueReminders);
    return today >= next ? "overdue" : null;
  }
  if (!invoice.remindedAt && today >= addDays(invoice.dueOn, -ACCOUNT_REMINDER_DAYS_BEFORE)) return "before";
  return null;
}

/** An approved account's standing: what it owes on its invoices, and what of it is overdue. */
export type AccountStanding = {
  status: CreditAccountStatus;
  limitPence: number;
  termsDays: number;
  /** What the organisation owes: its invoices on account less credits and payments (0 when in credit). */
  owedPence: number;
  overduePence: number;
  /** The oldest overdue invoice, named in the refusal. */
  oldestOverdue: { invoiceNumber: string; dueOn: IsoDate } | null;
};

/**
 * The account's standing from its statement: what it owes (its balance, never below nothing), what
 * is overdue and the oldest overdue invoice.
 */
export function standingFromStatement(
  account: { status: CreditAccountStatus; limitPence: number | null; termsDays: number | null },
  statement: Pick<AccountStatement, "balancePence" | "overduePence" | "oldestOverdue">,
): AccountStanding {
  const oldest = statement.oldestOverdue;
  return {
    status: account.status,
    limitPence: account.limitPence ?? 0,
    termsDays: account.termsDays ?? 0,
    owedPence: Math.max(0, statement.balancePence),
    overduePence: statement.overduePence,
    oldestOverdue: oldest ? { invoiceNumber: oldest.invoiceNumber, dueOn: oldest.dueOn } : null,
  };
}

/** What is left to order on account. */
export const availableCredit = (standing: Pick<AccountStanding, "limitPence" | "owedPence">): number =>
  Math.max(0, standing.limitPence - standing.owedPence);

/**
 * Why an order of `totalPence` (inc VAT) may not be placed on account, or null when it may. The
 * words are the buyer's: the payment step shows them and the server's refusal carries them.
 */
export function onAccountRefusal(
  standing: AccountStanding | null,
  input: { totalPence: number; organisation: string },
): string | null {
  if (!standing) return CREDIT_MESSAGES.noAccount;
  if (standing.status === "pending") return CREDIT_MESSAGES.pending;
  if (standing.status !== "approved") return CREDIT_MESSAGES.notApproved(standing.status);
  if (standing.oldestOverdue)
    return `Invoice ${standing.oldestOverdue.invoiceNumber} on ${input.organisation}'s account was due on ${formatDisplayDate(standing.oldestOverdue.dueOn)} and is not paid yet (${formatPence(standing.overduePence)} overdue). Once it is paid you can order on account again; meanwhile please pay by card.`;
  const available = availableCredit(standing);
  if (input.totalPence > available)
    return `This order (${formatPence(input.totalPence)}) is more than the ${formatPence(available)} of credit left on ${input.organisation}'s account: its limit is ${formatPence(standing.limitPence)} and ${formatPence(standing.owedPence)} is still to pay. Please pay by card, or pay what is due to free up credit.`;
  return null;
}

export const CREDIT_MESSAGES = {
  noAccount: "Your organisation does not have an account with us yet: apply on your account page.",
  pending: "Your organisation's application to pay on account is waiting for our answer.",
  notApproved: (status: CreditAccountStatus) =>
    status === "suspended"
      ? "Ordering on account is suspended for your organisation: please pay by card, or write to us."
      : "Your organisation's application to pay on account was declined: please pay by card.",
  organisationNeeded: "Paying on account is for organisations: create one, or switch to it, on your account page.",
  managersOnly: "Only the organisation's owner or an admin can apply for an account.",
  alreadyApplied: "Your organisation has already applied: its application is below.",
  applied: "Thank you: we will answer your application within two working days, by e-mail.",
  notFound: "There is no such account.",
  stale: "This account changed since the page was opened: look at it again and retry.",
  decided: (name: string, status: CreditAccountStatus) =>
    `${name}'s account is now "${CREDIT_ACCOUNT_STATUS_LABELS[status]}".`,
} as const;

// ---------------------------------------------------------------------------------------------
// The application

export const APPLICATION_FIELDS = [
  "company_name",
  "company_number",
  "accounts_email",
  "phone",
  "monthly_spend",
  "requested_limit",
  "agree",
] as const;
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

export type CreditApplication = {
  companyName: string;
  companyNumber: string;
  accountsEmail: string;
  phone: string;
  monthlySpendPence: number;
  requestedLimitPence: number | null;
};

/** An application as the form sends it, each fault named by its field. */
export function readApplication(
  fields: Readonly<Record<string, string | undefined>>,
): { ok: true; value: CreditApplication } | { ok: false; fieldErrors: Partial<Record<ApplicationField, string>> } {
  const text = (name: ApplicationField) => (fields[name] ?? "").trim();
  const errors: Partial<Record<ApplicationField, string>> = {};
  const companyName = text("company_name");
  if (companyName.length < 2 || companyName.length > 160) errors.company_name = "Enter your company's registered name.";
  const companyNumber = text("company_number").replace(/\s+/g, "").toUpperCase();
  if (!/^(\d{8}|[A-Z]{2}\d{6})$/.test(companyNumber))
    errors.company_number = "Enter the 8-character Companies House number, e.g. 01234567 or SC123456.";
  const accountsEmail = text("accounts_email");
  if (!isValidEmail(accountsEmail))
    errors.accounts_email = "Enter the e-mail address your accounts team reads, e.g. accounts@company.co.uk.";
  const phone = text("phone");
  if (phone !== "" && !/^\+?[0-9 ()-]{7,20}$/.test(phone)) errors.phone = "Enter a phone number, or leave it empty.";
  const monthlySpendPence = typedPence(text("monthly_spend"));
  if (monthlySpendPence === null) errors.monthly_spend = "Enter what you expect to spend a month, in pounds.";
  const requested = text("requested_limit");
  const requestedLimitPence = requested === "" ? null : typedPence(requested);
  if (requested !== "" && (requestedLimitPence === null || requestedLimitPence > CREDIT_LIMIT_MAX_PENCE))
    errors.requested_limit = `Enter a limit in pounds up to ${formatPence(CREDIT_LIMIT_MAX_PENCE)}, or leave it empty.`;
  if (fields.agree !== "yes")
    errors.agree = "Confirm that your organisation will pay each invoice within the terms we agree.";
  if (Object.keys(errors).length > 0 || monthlySpendPence === null) return { ok: false, fieldErrors: errors };
  return {
    ok: true,
    value: { companyName, companyNumber, accountsEmail, phone, monthlySpendPence, requestedLimitPence },
  };
}

// ---------------------------------------------------------------------------------------------
// Staff's decision

export const DECISIONS = ["approve", "decline", "suspend"] as const;
export type CreditDecisionKind = (typeof DECISIONS)[number];
const isDecision = oneOf(DECISIONS);

export type CreditDecision =
  | { kind: "approve"; limitPence: number; termsDays: TermsDays; note: string }
  | { kind: "decline" | "suspend"; note: string };

const NOTE_MAX = 1000;

/**
 * Staff approve (or change) an account with its limit and terms, or decline or suspend it with a
 * reason the applicant is told.
 */
export function readDecision(
  fields: Readonly<Record<string, string | undefined>>,
): { ok: true; value: CreditDecision } | { ok: false; fieldErrors: Record<string, string> } {
  const kind = fields.decision ?? "";
  const note = (fields.note ?? "").trim();
  if (!isDecision(kind)) return { ok: false, fieldErrors: { decision: "Choose approve, decline or suspend." } };
  if (note.length > NOTE_MAX)
    return { ok: false, fieldErrors: { note: `Keep the note under ${NOTE_MAX} characters.` } };
  if (kind !== "approve") {
    if (note === "") return { ok: false, fieldErrors: { note: "Give the reason: the organisation is told it." } };
    return { ok: true, value: { kind, note } };
  }
  const errors: Record<string, string> = {};
  const limitPence = typedPence(fields.limit ?? "");
  if (limitPence === null || limitPence < CREDIT_LIMIT_MIN_PENCE || limitPence > CREDIT_LIMIT_MAX_PENCE)
    errors.limit = `Enter a credit limit from ${formatPence(CREDIT_LIMIT_MIN_PENCE)} to ${formatPence(CREDIT_LIMIT_MAX_PENCE)}.`;
  const terms = Number(fields.terms);
  if (!isTermsDays(terms)) errors.terms = `Choose the terms: ${TERMS_DAYS.join(", ")} days.`;
  if (Object.keys(errors).length > 0 || limitPence === null || !isTermsDays(terms))
    return { ok: false, fieldErrors: errors };
  return { ok: true, value: { kind, limitPence, termsDays: terms, note } };
}

/** The status a decision leaves the account in. */
export const STATUS_AFTER: Record<CreditDecisionKind, CreditAccountStatus> = {
  approve: "approved",
  decline: "declined",
  suspend: "suspended",
};

/** How an account's terms read: "£5,000.00 limit, 30 days from the invoice date". */
export const termsText = (limitPence: number, termsDays: number) =>
  `${formatPence(limitPence)} limit, ${termsDays} days from the invoice date`;

/** An invoice on account's payment, as the invoice and the order page print it. */
export function onAccountPaymentText(input: { dueOn: IsoDate; termsDays: number; paidOn: string | null }): string {
  return input.paidOn
    ? `Paid on account on ${input.paidOn}`
    : `On account: due by ${formatDisplayDate(input.dueOn)} (${input.termsDays} days)`;
}
