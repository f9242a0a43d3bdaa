/**
 * The audit log as staff read it (docs/decisions/081-audit-log.md): newest first, filtered by what
 * an event is about, who did it, its words and its days, a page of 100 at a time; and the same as
 * CSV, up to 10,000 events. The events are written by app/server/platform/audit-log.server.ts.
 */
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { auditEvents, authUser } from "#db/schema";
import { AUDIT_EXPORT_MAX, AUDIT_PAGE_SIZE, type AuditFilters, containsPattern } from "~/domain/core/audit";
import { toCsv } from "~/domain/core/csv";
import type { Database } from "../platform/db.server";

/** Page loads of `/admin/audit` and CSV downloads per member of staff. */
export const AUDIT_LIMITS = {
  page: { hits: 120, windowSeconds: 60 },
  export: { hits: 10, windowSeconds: 3600 },
} as const;

export type AuditRow = {
  id: number;
  at: Date;
  /** The e-mail address recorded, or the account's now, or "Command line". */
  who: string;
  address: string | null;
  action: string;
  subjectKind: string;
  subjectId: string;
  summary: string;
  before: unknown;
  after: unknown;
};

function conditions(filters: AuditFilters): SQL | undefined {
  const who = sql`coalesce(${auditEvents.staffEmail}, ${authUser.email}, '')`;
  return and(
    filters.subject ? eq(auditEvents.subjectKind, filters.subject) : undefined,
    filters.staff ? ilike(who, containsPattern(filters.staff)) : undefined,
    filters.text
      ? or(ilike(auditEvents.summary, containsPattern(filters.text)), eq(auditEvents.subjectId, filters.text))
      : undefined,
    // London days, as every date in the back office.
    filters.from ? gte(sql`(${auditEvents.at} at time zone 'Europe/London')::date`, filters.from) : undefined,
    filters.to ? sql`(${auditEvents.at} at time zone 'Europe/London')::date <= ${filters.to}` : undefined,
    filters.before ? lt(auditEvents.id, filters.before) : undefined,
  );
}

async function readEvents(db: Database, filters: AuditFilters, limit: number): Promise<AuditRow[]> {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      staffId: auditEvents.staffId,
      staffEmail: auditEvents.staffEmail,
      accountEmail: authUser.email,
      address: auditEvents.address,
      action: auditEvents.action,
      subjectKind: auditEvents.subjectKind,
      subjectId: auditEvents.subjectId,
      summary: auditEvents.summary,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .leftJoin(authUser, eq(authUser.id, auditEvents.staffId))
    .where(conditions(filters))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return rows.map(({ staffId, staffEmail, accountEmail, ...row }) => ({
    ...row,
    who: staffEmail ?? accountEmail ?? (staffId ? staffId : "Command line"),
  }));
}

/** A page of the log: 100 events, and the cursor of the next page when there are more. */
export async function auditPage(
  db: Database,
  filters: AuditFilters,
): Promise<{ events: AuditRow[]; next: number | null }> {
  const events = await readEvents(db, filters, AUDIT_PAGE_SIZE + 1);
  const more = events.length > AUDIT_PAGE_SIZE;
  const shown = events.slice(0, AUDIT_PAGE_SIZE);
  return { events: shown, next: more ? (shown.at(-1)?.id ?? null) : null };
}

/** The filtered log as CSV, newest first, up to AUDIT_EXPORT_MAX events (the page says to narrow it). */
export async function auditCsv(db: Database, filters: AuditFilters): Promise<string> {
  const events = await readEvents(db, { ...filters, before: null }, AUDIT_EXPORT_MAX);
  return toCsv(
    ["When", "Who", "Address", "Action", "Subject", "Subject id", "What", "Before", "After"],
    events.map((event) => [
      event.at.toISOString(),
      event.who,
      event.address ?? "",
      event.action,
      event.subjectKind,
      event.subjectId,
      event.summary,
      event.before === null ? "" : JSON.stringify(event.before),
      event.after === null ? "" : JSON.stringify(event.after),
    ]),
  );
}
