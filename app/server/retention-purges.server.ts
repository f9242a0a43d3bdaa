/**
 * The retention the Privacy Policy promises, carried out (issue 18 item 5): deletes every record
 * past its period in the business profile (app/domain/retention.ts has the cutoffs) and the artwork
 * files of the drafts it deletes. It never touches a draft that was paid or became an order line,
 * nor quotes, orders or their documents: those are kept for the tax period. Run by the periodic work
 * (periodic-work.server.ts); safe in any number of processes, as each statement deletes what is
 * past its cutoff and a second run finds nothing left.
 */
import { type SQL, sql } from "drizzle-orm";
import { type PurgeCounts, purgePlan } from "~/domain/retention";
import type { BusinessProfile } from "~/domain/business-profile";
import { queryRows, type Database } from "./db.server";
import { type FileStorage, getUploadStorage } from "./storage.server";

async function deletedCount(db: Database, statement: SQL): Promise<number> {
  const [row] = await queryRows<{ deleted: number }>(
    db,
    sql`with gone as (${statement}) select count(*)::int as deleted from gone`,
  );
  return row?.deleted ?? 0;
}

/**
 * Checkout drafts never paid whose last change is before the cutoff, with their artwork records
 * (one statement), then the artwork files on disk.
 */
async function purgeUnpaidDrafts(db: Database, before: Date, storage: FileStorage) {
  const [result] = await queryRows<{ deleted: number; stored_names: string[] }>(
    db,
    sql`with doomed as (
          select d.id from order_drafts d
           where d.updated_at < ${before.toISOString()}
             and d.paid_at is null and d.status <> 'paid'
             and not exists (select 1 from order_lines l where l.draft_id = d.id)
        ),
        files as (
          delete from artwork_files where draft_id in (select id from doomed) returning stored_name
        ),
        drafts as (
          delete from order_drafts where id in (select id from doomed) returning id
        )
        select (select count(*) from drafts)::int as deleted,
               coalesce((select array_agg(stored_name) from files), '{}') as stored_names`,
  );
  const storedNames = result?.stored_names ?? [];
  let files = 0;
  for (const storedName of storedNames) {
    // The records are gone either way; a file that cannot be removed now is logged for the operator.
    try {
      await storage.delete(storedName);
      files += 1;
    } catch (error) {
      console.error(`[purge] could not remove artwork file ${storedName} of a purged draft:`, error);
    }
  }
  return { drafts: result?.deleted ?? 0, files };
}

/** Deletes everything past its period at `now`; answers how many of each went. */
export async function purgeExpiredRecords(
  db: Database,
  input: { retention: BusinessProfile["retention"]; now?: Date; storage?: FileStorage },
): Promise<PurgeCounts> {
  const plan = purgePlan(input.retention, input.now ?? new Date());
  const drafts = await purgeUnpaidDrafts(db, plan.unpaidDraftsChangedBefore, input.storage ?? getUploadStorage());
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
  const smsSignups = await deletedCount(
    db,
    sql`delete from sms_signups where opted_out_at < ${plan.smsOptedOutBefore.toISOString()} returning 1`,
  );
  return { unpaidDrafts: drafts.drafts, artworkFiles: drafts.files, pageViews, rateLimits, outbox, smsSignups };
}
