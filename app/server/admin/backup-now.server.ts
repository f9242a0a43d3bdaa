/**
 * "Back up now" on /admin (docs/decisions/083-backups-that-restore.md): the way to make a backup on
 * demand while the shop runs on its embedded database, which `npm run backup` cannot open beside
 * the server. Queued as a job, so the archive is made by the process that holds the database, once
 * at a time (makeBackup's claim), and recorded in the audit log.
 */
import { eq } from "drizzle-orm";
import { backups } from "#db/schema";
import type { StaffMember } from "../accounts/admin-access.server";
import { defineJob, enqueue, NO_PAYLOAD } from "../messages/jobs.server";
import { recordAudit } from "../platform/audit-log.server";
import type { Database } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";

/**
 * Three attempts, as the nightly job has: a backup that outlasts the job's lease is claimed again,
 * finds itself running (makeBackup's claim) and ends there, instead of leaving the job dead.
 */
export const BACKUP_NOW_JOB = defineJob("backup-now", NO_PAYLOAD, { maxAttempts: 3 });

/** "Back up now" presses per member of staff an hour: a backup reads the whole shop. */
export const BACKUP_NOW_LIMIT = { hits: 10, windowSeconds: 3600 } as const;

export const BACKUP_NOW_MESSAGES = {
  queued: "A backup is being made now: this page shows it once it is done, in a minute or a few.",
  running: "A backup is being made already: this page shows it once it is done.",
} as const;

/** Queues one backup now: refused (409) while one is being made or already asked for this minute. */
export async function requestBackupNow(
  db: Database,
  input: { staff: StaffMember; now: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const [running] = await db.select({ id: backups.id }).from(backups).where(eq(backups.status, "running")).limit(1);
  if (running) return failure(409, "BACKUP_RUNNING", BACKUP_NOW_MESSAGES.running);
  const queued = await db.transaction(async (tx) => {
    const added = await enqueue(tx, {
      job: BACKUP_NOW_JOB,
      payload: {},
      key: `backup-now@${input.now.toISOString().slice(0, 16)}`,
    });
    if (added)
      await recordAudit(tx, input.staff, {
        action: "backup.request",
        subject: { kind: "job", id: BACKUP_NOW_JOB.kind },
        summary: "Asked for a backup now",
      });
    return added;
  });
  return queued
    ? { ok: true, message: BACKUP_NOW_MESSAGES.queued }
    : failure(409, "BACKUP_RUNNING", BACKUP_NOW_MESSAGES.running);
}
