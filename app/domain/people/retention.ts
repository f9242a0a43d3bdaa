/**
 * When each kind of record the Privacy Policy lists has outlived its period (B-17): the
 * purge plan. A record is deleted once the moment its period counts from is before its cutoff, so
 * a record exactly one period old stays until the next run. The periods come from the business
 * profile (BUSINESS_RETENTION_*_DAYS), the clock is passed in.
 */
import type { BusinessProfile } from "./business-profile";

const DAY_MS = 86_400_000;

/**
 * The longest window any abuse counter uses (the contact mail's per-day limits; better-auth's are a
 * minute). Neither counter table stores its window, so a row's window is taken to end this long after
 * it started: no counter is deleted before its period has run from the end of its window.
 */
export const LONGEST_RATE_LIMIT_WINDOW_MS = DAY_MS;

export type PurgePlan = {
  /** Checkout drafts never paid (nor ordered) whose last change is before this, with their artwork. */
  unpaidDraftsChangedBefore: Date;
  /** Page views recorded before this. */
  pageViewsBefore: Date;
  /** Abuse counters whose window started (or, for better-auth's, last counted) before this. */
  rateLimitsStartedBefore: Date;
  /** Outbox e-mails and texts written before this. */
  outboxBefore: Date;
  /** SMS sign-ups whose number opted out before this, or whose unanswered YES request lapsed before it. */
  smsOptedOutBefore: Date;
  /** Problem reports' photos whose report was resolved before this. */
  problemReportsResolvedBefore: Date;
  /**
   * Sizes collected by link, with the names given (decision 090): collections closed, or past their
   * closing day, before this. Kept as long as an unpaid checkout, whose sizes they are.
   */
  sizeCollectionsEndedBefore: Date;
  /**
   * Audit log entries written before this (docs/decisions/081-audit-log.md): six years, as VAT
   * records are kept, and a day more, so the table's own guard (six years by the database's clock)
   * never refuses a delete this plan asks for.
   */
  auditEventsBefore: Date;
};

/** How long the audit log is kept, in years: fixed by the VAT records it sits beside, not the profile. */
export const AUDIT_KEEP_YEARS = 6;

export type PurgeKind = keyof PurgePlan;

/** The cutoffs for a purge at `now` with the profile's periods. */
export function purgePlan(retention: BusinessProfile["retention"], now: Date): PurgePlan {
  const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * DAY_MS - extraMs);
  return {
    unpaidDraftsChangedBefore: daysAgo(retention.unpaidDraftDays),
    pageViewsBefore: daysAgo(retention.pageViewDays),
    rateLimitsStartedBefore: daysAgo(retention.rateLimitDays, LONGEST_RATE_LIMIT_WINDOW_MS),
    outboxBefore: daysAgo(retention.outboxDays),
    smsOptedOutBefore: daysAgo(retention.smsDays),
    problemReportsResolvedBefore: daysAgo(retention.problemPhotoDays),
    sizeCollectionsEndedBefore: daysAgo(retention.unpaidDraftDays),
    auditEventsBefore: (() => {
      const cutoff = daysAgo(1);
      cutoff.setUTCFullYear(cutoff.getUTCFullYear() - AUDIT_KEEP_YEARS);
      return cutoff;
    })(),
  };
}

export type PurgeCounts = {
  unpaidDrafts: number;
  artworkFiles: number;
  pageViews: number;
  rateLimits: number;
  outbox: number;
  smsSignups: number;
  problemPhotos: number;
  sizeCollections: number;
  auditEvents: number;
  dataExports: number;
};

/** The one log line of a run: every count, so a run that deleted nothing says so too. */
export function purgeSummary(counts: PurgeCounts): string {
  return [
    `${counts.unpaidDrafts} unpaid drafts`,
    `${counts.artworkFiles} artwork files`,
    `${counts.pageViews} page views`,
    `${counts.rateLimits} rate-limit rows`,
    `${counts.outbox} outbox messages`,
    `${counts.smsSignups} opted-out or unconfirmed SMS sign-ups`,
    `${counts.problemPhotos} photos of resolved problem reports`,
    `${counts.sizeCollections} size collections`,
    `${counts.auditEvents} audit log entries`,
    `${counts.dataExports} expired copies of people's data`,
  ].join(", ");
}
