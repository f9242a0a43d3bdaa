/**
 * The audit log's vocabulary and its filters (docs/decisions/081-audit-log.md): what an event is
 * about, and what staff may search it by. No I/O: app/server/platform/audit-log.server.ts writes
 * events and app/server/admin/audit-log-view.server.ts reads them.
 */
import { isCalendarDate } from "./form-rules";
import type { IsoDate } from "./dates";

export const AUDIT_SUBJECTS = [
  "order",
  "quote",
  "review",
  "product",
  "category",
  "closure",
  "job",
  "problem_report",
  "staff",
  "person",
  "credit_account",
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

export const AUDIT_SUBJECT_LABELS: Record<AuditSubject, string> = {
  order: "Orders",
  quote: "Quotes",
  review: "Reviews",
  product: "Products",
  category: "Categories",
  closure: "Closures",
  job: "Jobs",
  problem_report: "Problem reports",
  staff: "Staff",
  person: "People's data",
  credit_account: "Credit accounts",
};

/** Events a page of the log lists, and the most one CSV download holds. */
export const AUDIT_PAGE_SIZE = 100;
export const AUDIT_EXPORT_MAX = 10_000;

/** The longest text a filter takes: an e-mail address, an order number, a word of a summary. */
export const AUDIT_TEXT_MAX = 100;

export type AuditFilters = {
  subject: AuditSubject | null;
  /** Part of the staff member's e-mail address. */
  staff: string;
  /** Part of the event's words or its subject's id (an order number, a product id). */
  text: string;
  from: IsoDate | null;
  to: IsoDate | null;
  /** Events older than this id: the next page. */
  before: number | null;
};

const isSubject = (value: string): value is AuditSubject => AUDIT_SUBJECTS.some((subject) => subject === value);

/**
 * The filters of the log's address, each read on its own: a value out of range (an unknown
 * subject, text over 100 characters or with a control character, a date that is not one, a cursor
 * that is not a whole number)
 * is no filter, so a shared link never fails and never widens what is read past the page's limit.
 */
export function readAuditFilters(params: URLSearchParams): AuditFilters {
  const text = (name: string) => {
    const value = (params.get(name) ?? "").trim();
    // A control character (a NUL, say) is in no address or summary, and the database refuses a NUL.
    return value.length <= AUDIT_TEXT_MAX && !/\p{Cc}/u.test(value) ? value : "";
  };
  const day = (name: string) => {
    const value = (params.get(name) ?? "").trim();
    return isCalendarDate(value) ? value : null;
  };
  const subject = params.get("subject") ?? "";
  const before = params.get("before") ?? "";
  return {
    subject: isSubject(subject) ? subject : null,
    staff: text("staff"),
    text: text("q"),
    from: day("from"),
    to: day("to"),
    before: /^\d{1,15}$/.test(before) ? Number(before) : null,
  };
}

/** The filters as the address keeps them (the next page's link, the CSV's): empty ones left out. */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.subject) params.set("subject", filters.subject);
  if (filters.staff) params.set("staff", filters.staff);
  if (filters.text) params.set("q", filters.text);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

/** A LIKE pattern that finds `text` anywhere, its own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
