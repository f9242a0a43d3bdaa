/**
 * "Back up now" (docs/decisions/083): staff queue one backup, made by the job worker of the process
 * that holds the database; refused while one is being made, recorded in the audit log.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { auditEvents, backups } from "#db/schema";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import type { StaffMember } from "../accounts/admin-access.server";
import { runDueJobs } from "../edge/job-worker.server";
import { directoryDestination } from "../providers/backup-runs.server";
import { BACKUP_NOW_MESSAGES, requestBackupNow } from "./backup-now.server";

const handle = testFileDatabase();
const dir = mkdtempSync(join(tmpdir(), "swag-backup-now-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const staff: StaffMember = { id: "staff-backup", name: "Olive Ops", email: "ops@swag.example" };
const NOW = new Date("2026-12-02T10:00:00Z");

describe("Back up now", () => {
  it("queues one backup, which the job worker makes into the backups' directory, recorded in the audit log", async () => {
    expect(await requestBackupNow(handle.db, { staff, now: NOW })).toEqual({
      ok: true,
      message: BACKUP_NOW_MESSAGES.queued,
    });
    // The same minute: asked already.
    expect(await requestBackupNow(handle.db, { staff, now: NOW })).toMatchObject({ ok: false, status: 409 });
    const [event] = await handle.db.select().from(auditEvents);
    expect(event).toMatchObject({ action: "backup.request", staffId: staff.id, subjectKind: "job" });
    await runDueJobs({
      ...testContext(handle),
      storage: tempLocalStorage("swag-backup-now-files-"),
      backups: {
        destination: directoryDestination(dir),
        retention: { daily: 7, weekly: 4 },
        authSecretFile: null,
        driver: handle.driver,
      },
    });
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^swag-backup-.+\.tar$/)]);
    expect((await handle.db.select().from(backups)).map((row) => row.status)).toEqual(["done"]);
  });

  it("is refused while a backup is being made", async () => {
    await handle.db.insert(backups).values({ name: "swag-backup-2026-12-02T095900Z.tar", startedAt: NOW });
    expect(await requestBackupNow(handle.db, { staff, now: new Date(NOW.getTime() + 60_000) })).toMatchObject({
      ok: false,
      status: 409,
      message: BACKUP_NOW_MESSAGES.running,
    });
  });
});
