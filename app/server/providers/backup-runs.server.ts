/**
 * Making the shop's backups (docs/decisions/083-backups-that-restore.md): the nightly job and
 * `npm run backup` both call makeBackup, which claims the one running backup, writes the archive
 * (backups.server.ts), puts it in the operator's directory or bucket, records it and applies the
 * retention. /admin reads the last one with backupStatus.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import { mkdir, mkdtemp, opendir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { backups } from "#db/schema";
import {
  BACKUP_ABANDONED_AFTER_MS,
  backupWarning,
  type BackupRetention,
  backupName,
  backupsToKeep,
  backupTime,
  nightlyBackupDue,
} from "~/domain/core/backups";
import { lazyS3Client, type S3StorageConfig } from "./s3-storage.server";
import { isMissing, s3ConfigFromEnv } from "./storage.server";
import type { FileStorage } from "./file-storage.server";
import type { Database, DatabaseHandle } from "../platform/db.server";
import type { Env } from "../platform/env.server";
import { verifyArchive, writeBackup } from "./backups.server";

/** Where archives are kept: a directory (on another disk, ideally) or a bucket. */
export interface BackupDestination {
  /** Where it is, for the operator: a directory's path or s3://bucket/prefix. */
  readonly location: string;
  /** Makes the archive in `write(path)` and keeps it under `name`; answers where it is now. */
  keep(name: string, write: (path: string) => Promise<void>): Promise<string>;
  /** The names of the archives there: the shop's own and others'. */
  names(): Promise<string[]>;
  remove(name: string): Promise<void>;
}

/** Archives in a local directory: written under a hidden name and renamed when whole. */
export function directoryDestination(dir: string): BackupDestination {
  const root = resolve(dir);
  return {
    location: root,
    async keep(name, write) {
      await mkdir(root, { recursive: true, mode: 0o700 });
      const partial = join(root, `.${name}.part`);
      try {
        await write(partial);
        await rename(partial, join(root, name));
      } finally {
        await rm(partial, { force: true });
      }
      return join(root, name);
    },
    async names() {
      try {
        const found: string[] = [];
        for await (const entry of await opendir(root)) if (entry.isFile()) found.push(entry.name);
        return found;
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
    },
    remove: (name) => rm(join(root, name), { force: true }),
  };
}

/** Archives in an S3-compatible bucket under `backups/`, written from a temporary file. */
export function bucketDestination(config: Omit<S3StorageConfig, "prefix">): BackupDestination {
  const prefix = "backups/";
  // An archive goes up as a file stream. With the SDK's default checksums a stream is sent
  // aws-chunked with a trailing checksum, which not every S3-compatible server decodes (s3rver
  // stores the framing); without them it is sent as it is, still signed.
  const client = lazyS3Client(config, { requestChecksumCalculation: "WHEN_REQUIRED" });
  return {
    location: `s3://${config.bucket}/${prefix}`,
    async keep(name, write) {
      const work = await mkdtemp(join(tmpdir(), "swag-backup-upload-"));
      try {
        const path = join(work, name);
        await write(path);
        const { sdk, client: s3 } = await client();
        const { size } = await stat(path);
        await s3.send(
          new sdk.PutObjectCommand({
            Bucket: config.bucket,
            Key: `${prefix}${name}`,
            Body: createReadStream(path),
            ContentLength: size,
          }),
        );
      } finally {
        await rm(work, { recursive: true, force: true });
      }
      return `s3://${config.bucket}/${prefix}${name}`;
    },
    async names() {
      const { sdk, client: s3 } = await client();
      const found: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await s3.send(
          new sdk.ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) if (object.Key) found.push(object.Key.slice(prefix.length));
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async remove(name) {
      const { sdk, client: s3 } = await client();
      await s3.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: `${prefix}${name}` }));
    },
  };
}

/**
 * An archive kept in a bucket, fetched to `path` for a restore: `s3://<bucket>/backups/<name>` with
 * the S3_* keys. Answers false for an address that is not one of the shop's archives in a bucket.
 */
export async function fetchBucketArchive(env: Env, address: string, path: string): Promise<boolean> {
  const match = /^s3:\/\/([^/]+)\/backups\/([^/]+)$/.exec(address);
  if (!match?.[1] || !match[2] || backupTime(match[2]) === null) return false;
  const config = s3ConfigFromEnv(env, match[1]);
  if (!config) return false;
  const { sdk, client } = await lazyS3Client(config)();
  const object = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: `backups/${match[2]}` }));
  if (!object.Body) throw new Error(`${address} is empty`);
  await pipeline(object.Body as NodeJS.ReadableStream, createWriteStream(path, { mode: 0o600 }));
  return true;
}

/** What the shop backs up with, set at boot from BACKUP_* (app-context.server.ts). */
export type BackupSettings = {
  destination: BackupDestination;
  retention: BackupRetention;
  /** The generated auth secret's file, when the shop keeps one (no AUTH_SECRET). */
  authSecretFile: string | null;
  driver: DatabaseHandle["driver"];
};

/** The settings BACKUP_* ask for; the auth secret's file when the shop generated one. */
export function backupSettingsFromEnv(env: Env, driver: DatabaseHandle["driver"]): BackupSettings {
  const bucket = s3ConfigFromEnv(env, env.BACKUP_S3_BUCKET);
  const destination = bucket ? bucketDestination(bucket) : directoryDestination(env.BACKUP_DIR);
  return {
    destination,
    retention: { daily: env.BACKUP_KEEP_DAILY, weekly: env.BACKUP_KEEP_WEEKLY },
    authSecretFile: env.AUTH_SECRET ? null : join(resolve(env.DATA_DIR), "auth-secret"),
    driver,
  };
}

type BackupInput = { db: Database; storage: FileStorage; backups: BackupSettings };

export type BackupMade =
  | { ok: true; name: string; location: string; sizeBytes: number; tables: number; rows: number; files: number }
  | { ok: false; reason: "running" };

/**
 * Takes the one running backup's place: false when another is under way. One that has run past
 * BACKUP_ABANDONED_AFTER_MS died with its process and is marked failed first.
 */
async function claim(db: Database, name: string, now: Date): Promise<number | null> {
  await db
    .update(backups)
    .set({ status: "failed", finishedAt: now, error: "It did not finish: the process making it stopped." })
    .where(
      and(eq(backups.status, "running"), lt(backups.startedAt, new Date(now.getTime() - BACKUP_ABANDONED_AFTER_MS))),
    );
  const [row] = await db
    .insert(backups)
    .values({ name, startedAt: now })
    .onConflictDoNothing()
    .returning({ id: backups.id });
  return row?.id ?? null;
}

/**
 * Makes one backup now: the archive in the destination, its row `done` with where and how big,
 * and the archives the retention no longer keeps removed (only names the shop wrote). A failure is
 * recorded with its reason, and thrown.
 */
export async function makeBackup(input: BackupInput, now: Date): Promise<BackupMade> {
  const { db, backups: settings } = input;
  const name = backupName(now);
  const id = await claim(db, name, now);
  if (id === null) return { ok: false, reason: "running" };
  try {
    let made: Awaited<ReturnType<typeof writeBackup>> | undefined;
    const location = await settings.destination.keep(name, async (path) => {
      made = await writeBackup(
        { db, driver: settings.driver, storage: input.storage, authSecretFile: settings.authSecretFile },
        path,
        now,
      );
      // Read back whole before it is kept: an archive the disk damaged is a failed backup, not a kept one.
      await verifyArchive(path);
    });
    if (!made) throw new Error("The archive was not written");
    await db
      .update(backups)
      .set({ status: "done", finishedAt: new Date(), location, sizeBytes: made.sizeBytes })
      .where(eq(backups.id, id));
    const names = (await settings.destination.names()).filter((entry) => backupTime(entry) !== null);
    const keep = backupsToKeep(names, settings.retention);
    for (const old of names) if (!keep.has(old)) await settings.destination.remove(old);
    const { manifest } = made;
    return {
      ok: true,
      name,
      location,
      sizeBytes: made.sizeBytes,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.files.length,
    };
  } catch (error) {
    await db
      .update(backups)
      .set({ status: "failed", finishedAt: new Date(), error: error instanceof Error ? error.message : String(error) })
      .where(eq(backups.id, id));
    throw error;
  }
}

/** The nightly job: a backup when one is due (from 02:00 London, once a day). */
export async function runNightlyBackup(input: BackupInput, now: Date): Promise<BackupMade | null> {
  const [last] = await input.db
    .select({ startedAt: backups.startedAt })
    .from(backups)
    .where(sql`${backups.status} in ('done', 'running')`)
    .orderBy(desc(backups.startedAt))
    .limit(1);
  if (!nightlyBackupDue(last?.startedAt ?? null, now)) return null;
  return makeBackup(input, now);
}

/**
 * What /admin says of the backups: the last one made (its time is when its snapshot was taken, its
 * start), whether it is too old, and a failure since.
 */
export type BackupStatus = {
  last: { at: Date; sizeBytes: number; location: string } | null;
  /** backupWarning's words when the last backup is missing or too old. */
  warning: string | null;
  failure: { at: Date; error: string } | null;
  /** When the backup being made now started. */
  running: Date | null;
};

export async function backupStatus(db: Database, now: Date): Promise<BackupStatus> {
  const latest = (status: "done" | "failed" | "running") =>
    db.select().from(backups).where(eq(backups.status, status)).orderBy(desc(backups.startedAt)).limit(1);
  const [[done], [failed], [running]] = await Promise.all([latest("done"), latest("failed"), latest("running")]);
  const last = done ? { at: done.startedAt, sizeBytes: done.sizeBytes ?? 0, location: done.location ?? "" } : null;
  return {
    last,
    warning: backupWarning(last?.at ?? null, now),
    failure:
      failed && (!done || failed.startedAt > done.startedAt)
        ? { at: failed.startedAt, error: failed.error ?? "" }
        : null,
    running: running?.startedAt ?? null,
  };
}
