/**
 * Makes one backup of the shop now (docs/decisions/083-backups-that-restore.md):
 *
 *   npm run backup
 *
 * It reads the same DATA_DIR / DATABASE_URL / S3_* as the server (and .env) and writes one archive
 * to BACKUP_DIR (default ./backups) or BACKUP_S3_BUCKET, as the nightly job does, applying the same
 * retention. With DATABASE_URL it runs while the shop runs. The embedded database (PGlite) can be
 * open in one process only: while the server holds it, the server's own nightly backup is the way
 * (or stop the server and run this).
 */
import { performance } from "node:perf_hooks";
import { formatFileSize } from "../app/domain/core/file-size";
import { backupSettingsFromEnv, makeBackup } from "../app/server/providers/backup-runs.server";
import { openDatabase } from "../app/server/platform/db.server";
import { storageFromEnv } from "../app/server/providers/storage.server";
import { embeddedDataDir, loadEnv, refuse } from "./cli";

if (process.argv.length > 2) refuse("Usage: npm run backup", 2);
const env = loadEnv();
const dataDir = embeddedDataDir(env, {
  missing: (dir) => `There is no shop database in ${dir}: nothing to back up.`,
  inUse: (dir) =>
    [
      `The database in ${dir} is in use by a running server, and the embedded database can only be opened by one process.`,
      `The running shop backs itself up every night from 02:00 (London) into ${env.BACKUP_S3_BUCKET ? `the bucket ${env.BACKUP_S3_BUCKET}` : env.BACKUP_DIR}; /admin shows the last one.`,
      "To make one now, stop the server and run this again.",
    ].join("\n"),
});

const started = performance.now();
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, migrate: false });
const made = await makeBackup(
  { db: handle.db, storage: storageFromEnv(env), backups: backupSettingsFromEnv(env, handle.driver) },
  new Date(),
)
  .catch((error: unknown) => refuse(`The backup failed: ${error instanceof Error ? error.message : String(error)}`))
  // Closed before exiting: an embedded database left open keeps its lock file and looks in use.
  .finally(() => handle.close());
if (!made.ok)
  refuse("A backup is being made already (the nightly one, or another npm run backup): wait for it to finish.");
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `Backed up to ${made.location}: ${formatFileSize(made.sizeBytes)}, ${made.rows} rows in ${made.tables} tables and ${made.files} files, in ${seconds} s.`,
);
