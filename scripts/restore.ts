/**
 * Brings a backup back into an empty shop (docs/decisions/083-backups-that-restore.md):
 *
 *   DATA_DIR=/srv/shop-restored npm run restore -- backups/swag-backup-2026-12-02T020000Z.tar
 *   DATA_DIR=/srv/shop-restored npm run restore -- s3://swag-backups/backups/swag-backup-2026-12-02T020000Z.tar
 *
 * It restores into the database and uploads store the environment names (DATA_DIR, or DATABASE_URL
 * and S3_*), which must be empty, and checks the whole archive before touching them. Start the shop
 * on the same settings afterwards.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../app/server/platform/db.server";
import { fetchBucketArchive } from "../app/server/providers/backup-runs.server";
import { RestoreRefused, restoreBackup } from "../app/server/providers/backups.server";
import { storageFromEnv } from "../app/server/providers/storage.server";
import { embeddedDataDir, loadEnv, refuse } from "./cli";

const asked = process.argv[2];
if (!asked || process.argv.length > 3)
  refuse("Usage: npm run restore -- ARCHIVE (a swag-backup-….tar file, or s3://<bucket>/backups/swag-backup-….tar)", 2);
const env = loadEnv();
// An archive in a bucket is fetched first, to a file only this user can read, removed however this ends.
const fetchedDir = asked.startsWith("s3://") ? mkdtempSync(join(tmpdir(), "swag-restore-")) : null;
if (fetchedDir) process.on("exit", () => rmSync(fetchedDir, { recursive: true, force: true }));
const fetched = fetchedDir ? join(fetchedDir, "archive.tar") : null;
if (
  fetched &&
  !(await fetchBucketArchive(env, asked, fetched).catch((error: unknown) =>
    refuse(`Could not fetch ${asked}: ${error instanceof Error ? error.message : String(error)}`),
  ))
)
  refuse(
    `${asked} is not a backup in a bucket: s3://<bucket>/backups/swag-backup-….tar, with S3_REGION and the keys set.`,
  );
const archive = fetched ?? asked;
if (!existsSync(archive)) refuse(`There is no file ${archive}.`);
const dataDir = embeddedDataDir(env, {
  inUse: (dir) => `The database in ${dir} is in use by a running server: stop it, and restore into an empty DATA_DIR.`,
});

const started = performance.now();
try {
  const manifest = await restoreBackup(archive, {
    open: (migrationsFolder) =>
      openDatabase({
        databaseUrl: env.DATABASE_URL,
        dataDir,
        migrate: migrationsFolder !== undefined,
        migrationsFolder,
      }),
    storage: storageFromEnv(env),
    authSecretFile: env.AUTH_SECRET ? null : join(resolve(env.DATA_DIR), "auth-secret"),
  });
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      `Restored ${asked}, made ${manifest.createdAt} at migration ${manifest.migration.tag}: ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files, checked against the archive's checksums and counts, in ${seconds} s.`,
      `Start the shop with the same settings (${env.DATABASE_URL ? "DATABASE_URL" : `DATA_DIR=${env.DATA_DIR}`}) to serve it.`,
    ].join("\n"),
  );
} catch (error) {
  if (error instanceof RestoreRefused) refuse(`Nothing was restored. ${error.message}.`);
  refuse(
    `The restore failed: ${error instanceof Error ? error.message : String(error)}. The database and uploads store may hold part of the archive: empty them (or use a new DATA_DIR or database) before trying again.`,
  );
}
