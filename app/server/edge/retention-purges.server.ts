/**
 * The retention the Privacy Policy promises, carried out (B-17, R-POL-05): deletes every record
 * past its period in the business profile (app/domain/people/retention.ts has the cutoffs) and the artwork
 * files of the drafts it deletes, and the photos of problem reports resolved long enough ago. It never touches a draft that was paid or became an order line,
 * nor quotes, orders or their documents: those are kept for the tax period. Run by the periodic work
 * (a recurring job, job-handlers.server.ts); safe in any number of processes, as each statement deletes what is
 * past its cutoff and a second run finds nothing left.
 */
import { type SQL, sql } from "drizzle-orm";
import { type PurgeCounts, purgePlan } from "~/domain/people/retention";
import type { BusinessProfile } from "~/domain/people/business-profile";
import { queryRows, type Database } from "../platform/db.server";
import { deleteDraftsWithArtwork } from "../checkout/draft-deletion.server";
import { deleteStored, type FileStorage } from "../providers/storage.server";
import { purgeDataExports } from "../admin/data-exports.server";

async function deletedCount(db: Database, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with gone as (${statement}) select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
}

/** Checkout drafts never paid nor ordered whose last change is before the cutoff, with their artwork. */
function purgeUnpaidDrafts(db: Database, before: Date, storage: FileStorage) {
  return deleteDraftsWithArtwork(db, {
    doomed: sql`select d.id from order_drafts d
                 where d.updated_at < ${before.toISOString()}
                   and d.paid_at is null and d.status <> 'paid'
                   and not exists (select 1 from order_lines l where l.draft_id = d.id)`,
    storage,
    why: "purged",
  });
}

/** Deletes everything past its period at `now`; answers how many of each went. */
export async function purgeExpiredRecords(
  db: Database,
  input: { retention: BusinessProfile["retention"]; now?: Date; storage: FileStorage },
): Promise<PurgeCounts> {
  const plan = purgePlan(input.retention, input.now ?? new Date());
  const storage = input.storage;
  const drafts = await purgeUnpaidDrafts(db, plan.unpaidDraftsChangedBefore, storage);
  const pageViews = await deletedCount(
    db,
    sql`delete from page_views where created_at < ${plan.pageViewsBefore.toISOString()} returning 1`,
  );
  const rateLimits =
    (await deletedCount(
      db,
      sql`delete from rate_limits where window_start < ${plan.rateLimitsStartedBefore.toISOString()} returning 1`,
    )) +
    (await deletedCount(
      db,
      sql`delete from auth_rate_limit where last_request < ${plan.rateLimitsStartedBefore.getTime()} returning 1`,
    ));
  const outbox = await deletedCount(
    db,
    sql`delete from outbox where created_at < ${plan.outboxBefore.toISOString()} returning 1`,
  );
  // A sign-up never confirmed goes the same period after its YES request lapsed (decision 034);
  // one from before the double opt-in has no request, so its consent time stands in.
  const smsSignups = await deletedCount(
    db,
    sql`delete from sms_signups
         where opted_out_at < ${plan.smsOptedOutBefore.toISOString()}
            or (opted_out_at is null and confirmed_at is null
                and coalesce(confirm_expires_at, consent_at) < ${plan.smsOptedOutBefore.toISOString()})
         returning 1`,
  );
  const problemPhotos = await purgeProblemPhotos(db, plan.problemReportsResolvedBefore, storage);
  // Their answers go with them (decision 090). The closing day is a London day: one past the cutoff's
  // day is over wherever the cutoff falls in it.
  const sizeCollections = await deletedCount(
    db,
    sql`delete from size_collections
         where coalesce(closed_at, (closes_on + 1)::timestamp at time zone 'Europe/London') < ${plan.sizeCollectionsEndedBefore.toISOString()}
         returning 1`,
  );
  const auditEvents = await deletedCount(
    db,
    sql`delete from audit_events where at < ${plan.auditEventsBefore.toISOString()} returning 1`,
  );
  const dataExports = await purgeDataExports({ db, storage }, input.now ?? new Date());
  return {
    unpaidDrafts: drafts.drafts,
    artworkFiles: drafts.files,
    pageViews,
    rateLimits,
    outbox,
    smsSignups,
    problemPhotos,
    sizeCollections,
    auditEvents,
    dataExports,
  };
}

/**
 * The photos of problem reports resolved before the cutoff, rows then files (a file left by a
 * crash between the two is only bytes nobody can reach; the next run finds no row for it).
 */
async function purgeProblemPhotos(db: Database, before: Date, storage: FileStorage): Promise<number> {
  const gone = await queryRows<{ stored_name: string }>(
    db,
    sql`delete from problem_report_photos p using problem_reports r
         where p.report_id = r.id and r.resolved_at < ${before.toISOString()}
         returning p.stored_name`,
  );
  await deleteStored(
    storage,
    gone.map((photo) => photo.stored_name),
  );
  return gone.length;
}
