/**
 * Making backups (docs/decisions/083-backups-that-restore.md): one at a time however many
 * processes ask, kept in a directory or a bucket, thinned by the retention, recorded for /admin,
 * and made by the nightly job once a London day from 02:00.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { backups } from "#db/schema";
import { BACKUP_ABANDONED_AFTER_MS, backupName, backupWarning } from "~/domain/core/backups";
import { startS3Server } from "../../../tests/setup/s3-server";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { testFileDatabase } from "../../../tests/setup/test-db";
import type { FileStorage } from "./file-storage.server";
import { putBytes } from "./storage.server";
import {
  type BackupSettings,
  backupStatus,
  bucketDestination,
  directoryDestination,
  fetchBucketArchive,
  makeBackup,
  runNightlyBackup,
} from "./backup-runs.server";
import { parseEnv } from "../platform/env.server";
import { verifyArchive } from "./backups.server";

const handle = testFileDatabase();
const storage = tempLocalStorage("swag-backup-runs-");
const root = mkdtempSync(join(tmpdir(), "swag-backup-runs-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let dir: string;
let settings: BackupSettings;

beforeEach(() => {
  dir = join(root, String(Math.random()).slice(2));
  settings = {
    destination: directoryDestination(dir),
    retention: { daily: 2, weekly: 1 },
    authSecretFile: null,
    driver: handle.driver,
  };
});

const input = () => ({ db: handle.db, storage, backups: settings });
// Wednesday 2 December 2026, 02:00 in London (UTC in winter).
const NIGHT = new Date("2026-12-02T02:00:00Z");

describe("making a backup", () => {
  it("puts the archive in the directory, whole, and records where and how big", async () => {
    await putBytes(storage, new Uint8Array([1, 2, 3]));
    const made = await makeBackup(input(), NIGHT);
    expect(made).toMatchObject({ ok: true, name: "swag-backup-2026-12-02T020000Z.tar", files: 1 });
    if (!made.ok) return;
    expect(readdirSync(dir)).toEqual(["swag-backup-2026-12-02T020000Z.tar"]);
    expect((await verifyArchive(made.location)).files).toHaveLength(1);
    const [row] = await handle.db.select().from(backups);
    expect(row).toMatchObject({ status: "done", location: join(dir, made.name), sizeBytes: made.sizeBytes });
    expect(made.sizeBytes).toBeGreaterThan(1000);
  });

  it("makes one at a time: a second asked while one runs is told so, and makes nothing", async () => {
    await handle.db.insert(backups).values({ name: backupName(NIGHT), startedAt: NIGHT });
    expect(await makeBackup(input(), new Date(NIGHT.getTime() + 60_000))).toEqual({ ok: false, reason: "running" });
    expect(existsSync(dir)).toBe(false);
  });

  it("marks one left running by a process that died as failed, and makes a new one", async () => {
    const died = new Date(NIGHT.getTime() - BACKUP_ABANDONED_AFTER_MS - 1000);
    await handle.db.insert(backups).values({ name: backupName(died), startedAt: died });
    expect(await makeBackup(input(), NIGHT)).toMatchObject({ ok: true });
    const rows = await handle.db.select().from(backups).orderBy(backups.id);
    expect(rows.map((row) => row.status)).toEqual(["failed", "done"]);
    expect(rows[0]?.error).toBe("It did not finish: the process making it stopped.");
  });

  it("records a failure with its reason, leaves no half archive, and lets the next one start", async () => {
    const broken: FileStorage = {
      ...storage,
      // biome-ignore lint/correctness/useYield: a store that fails before it lists a file
      async *list() {
        throw new Error("the bucket is unreachable");
      },
    };
    await expect(makeBackup({ ...input(), storage: broken }, NIGHT)).rejects.toThrow("the bucket is unreachable");
    expect(readdirSync(dir)).toEqual([]);
    const [row] = await handle.db.select().from(backups);
    expect(row).toMatchObject({ status: "failed", error: "the bucket is unreachable" });
    expect(await makeBackup(input(), new Date(NIGHT.getTime() + 60_000))).toMatchObject({ ok: true });
  });

  it("removes the archives the retention no longer keeps, and nothing it did not write", async () => {
    mkdirSync(dir, { recursive: true });
    const older = ["2026-11-20", "2026-11-29", "2026-11-30", "2026-12-01"].map((day) =>
      backupName(new Date(`${day}T02:00:00Z`)),
    );
    for (const name of [...older, "keep-me.txt"]) writeFileSync(join(dir, name), "old");
    await makeBackup(input(), NIGHT);
    // Two days (2 and 1 December) and one week (the week of Monday 30 November, whose newest is 2 December).
    expect(readdirSync(dir).sort()).toEqual(["keep-me.txt", backupName(NIGHT), older[3]].sort());
  });

  it("keeps archives in a bucket under backups/, thinned the same way", async () => {
    const s3 = await startS3Server("swag-backups");
    try {
      settings = { ...settings, destination: bucketDestination(s3.config), retention: { daily: 1, weekly: 0 } };
      const first = await makeBackup(input(), NIGHT);
      expect(first).toMatchObject({
        ok: true,
        location: `s3://swag-backups/backups/${backupName(NIGHT)}`,
      });
      const next = new Date("2026-12-03T02:00:00Z");
      await makeBackup(input(), next);
      expect(await s3.keys()).toEqual([`backups/${backupName(next)}`]);
      // npm run restore fetches an archive by its s3:// address, with the same keys.
      const env = parseEnv(s3.env);
      const path = join(root, "fetched.tar");
      expect(await fetchBucketArchive(env, `s3://swag-backups/backups/${backupName(next)}`, path)).toBe(true);
      expect((await verifyArchive(path)).createdAt).toBe(next.toISOString());
      for (const address of ["s3://swag-backups/uploads/x.tar", "s3://swag-backups/backups/notes.txt", "/tmp/x.tar"])
        expect(await fetchBucketArchive(env, address, path), address).toBe(false);
    } finally {
      await s3.close();
    }
  });
});

describe("the nightly backup", () => {
  it("is made from 02:00 London time, once that day", async () => {
    expect(await runNightlyBackup(input(), new Date("2026-12-02T01:45:00Z"))).toBeNull();
    expect(await runNightlyBackup(input(), new Date("2026-12-02T02:00:00Z"))).toMatchObject({ ok: true });
    expect(await runNightlyBackup(input(), new Date("2026-12-02T02:15:00Z"))).toBeNull();
    expect(await runNightlyBackup(input(), new Date("2026-12-03T02:00:00Z"))).toMatchObject({ ok: true });
  });
});

describe("what /admin says of the backups", () => {
  it("says there is none yet, loudly", async () => {
    expect(await backupStatus(handle.db, NIGHT)).toEqual({
      last: null,
      warning: backupWarning(null, NIGHT),
      failure: null,
      running: null,
    });
  });

  it("gives the last one's time and size, and warns past 26 hours", async () => {
    const made = await makeBackup(input(), NIGHT);
    if (!made.ok) throw new Error("not made");
    const status = await backupStatus(handle.db, new Date(NIGHT.getTime() + 26 * 3_600_000));
    expect(status).toEqual({
      last: { at: NIGHT, sizeBytes: made.sizeBytes, location: made.location },
      warning: null,
      failure: null,
      running: null,
    });
    expect((await backupStatus(handle.db, new Date(NIGHT.getTime() + 27 * 3_600_000))).warning).toContain(
      "The last backup is 27 hours old",
    );
  });

  it("names a failure since the last one made", async () => {
    await makeBackup(input(), NIGHT);
    const later = new Date("2026-12-03T02:00:00Z");
    await handle.db
      .insert(backups)
      .values({ name: backupName(later), startedAt: later, status: "failed", finishedAt: later, error: "disk full" });
    expect((await backupStatus(handle.db, later)).failure).toEqual({ at: later, error: "disk full" });
  });
});
