/**
 * The rules of the shop's backups (docs/decisions/083-backups-that-restore.md): what an archive is
 * called and says of itself, when the nightly one is due, which archives the retention keeps, when
 * the back office says the last one is too old, and the order tables are loaded in on a restore.
 * Reading and writing archives is app/server/providers/backups.server.ts.
 */
import { z } from "zod";
import { londonToday, londonWallTimeToInstant } from "./dates";

/** Past this, /admin says loudly that the shop has no recent backup. */
export const BACKUP_STALE_AFTER_MS = 26 * 60 * 60_000;

/** A backup still `running` after this died with its process: it is marked failed and another may start. */
export const BACKUP_ABANDONED_AFTER_MS = 6 * 60 * 60_000;

/** The London time from which the nightly backup is due, when the shop is quietest. */
export const NIGHTLY_BACKUP_TIME = "02:00";

const NAME = /^swag-backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/;

/** An archive's name: the shop's and the UTC second it was started, so names sort by age. */
export function backupName(startedAt: Date): string {
  const iso = startedAt.toISOString();
  return `swag-backup-${iso.slice(0, 10)}T${iso.slice(11, 19).replaceAll(":", "")}Z.tar`;
}

/** When the archive called `name` was started; null for a name the shop did not write. */
export function backupTime(name: string): Date | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds] = match;
  const at = new Date(`${year}-${month}-${day}T${hours}:${minutes}:${seconds}Z`);
  return !Number.isNaN(at.getTime()) && backupName(at) === name ? at : null;
}

/**
 * Whether the nightly backup is due at `now`: from 02:00 London time, once a London day. A shop
 * that was down at 02:00 makes it when it is back; one started after a backup today waits for tomorrow.
 */
export function nightlyBackupDue(lastStartedAt: Date | null, now: Date): boolean {
  const from = londonWallTimeToInstant(londonToday(now), NIGHTLY_BACKUP_TIME);
  if (!from || now < from) return false;
  return lastStartedAt === null || lastStartedAt < from;
}

/**
 * What /admin says loudly when the shop has no recent backup: none yet, or the last one's age in
 * hours past BACKUP_STALE_AFTER_MS; null while the last one is recent.
 */
export function backupWarning(lastAt: Date | null, now: Date): string | null {
  if (!lastAt)
    return "No backup has been made yet. The shop makes one every night from 02:00; check the server's log, or run npm run backup.";
  const ms = now.getTime() - lastAt.getTime();
  if (ms <= BACKUP_STALE_AFTER_MS) return null;
  return `The last backup is ${Math.floor(ms / 3_600_000)} hours old: the nightly backup has not been made since. Check the server's log, or run npm run backup.`;
}

/** How long the operator keeps archives: the newest of each of the last `daily` days and `weekly` weeks. */
export type BackupRetention = { daily: number; weekly: number };

/** Monday of the London week holding `at`, as a date: the key of a weekly archive. */
function londonWeek(at: Date): string {
  const day = londonToday(at);
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The archives the retention keeps among `names` (the shop's own; other names are never touched):
 * the newest archive of each of the `daily` most recent London days that have one, and of each of
 * the `weekly` most recent weeks. The newest archive is always kept.
 */
export function backupsToKeep(names: readonly string[], retention: BackupRetention): Set<string> {
  const dated = names
    .map((name) => ({ name, at: backupTime(name) }))
    .filter((entry): entry is { name: string; at: Date } => entry.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  const newestOf = (key: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const { name, at } of dated) {
      const period = key(at);
      if (seen.has(period)) continue;
      if (seen.size >= count) break;
      seen.add(period);
      keep.add(name);
    }
  };
  newestOf(londonToday, retention.daily);
  newestOf(londonWeek, retention.weekly);
  if (dated[0]) keep.add(dated[0].name);
  return keep;
}

/**
 * The order tables are loaded in so every row's foreign keys point at rows already there: a table
 * after every table it references. `references` maps a table to the tables it points at. Throws on a
 * cycle (a table pointing at itself included), which a restore could not load table by table.
 */
export function loadOrder(tables: readonly string[], references: ReadonlyMap<string, readonly string[]>): string[] {
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string, path: readonly string[]) => {
    const seen = state.get(table);
    if (seen === "done") return;
    if (seen === "visiting") throw new Error(`Tables reference each other in a cycle: ${[...path, table].join(" → ")}`);
    state.set(table, "visiting");
    for (const target of references.get(table) ?? []) {
      if (tables.includes(target)) visit(target, [...path, table]);
    }
    state.set(table, "done");
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table, []);
  return order;
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "must be a SHA-256 in hex");

/** What an archive says of itself, written last into it and checked before a restore touches anything. */
export const backupManifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The shop's version (package.json) that wrote it. */
  version: z.string(),
  driver: z.enum(["pglite", "postgres"]),
  /** The last migration applied to the database it was taken from (db/migrations/meta/_journal.json). */
  migration: z.object({ tag: z.string().min(1), when: z.number().int() }),
  /** Every table with its rows' count and the SHA-256 of its entry. */
  tables: z.array(z.object({ name: z.string().min(1), rows: z.number().int().min(0), sha256 })),
  sequences: z.array(z.object({ name: z.string().min(1), value: z.string().regex(/^-?\d+$/), called: z.boolean() })),
  /** Every uploaded file, by its stored name. */
  files: z.array(z.object({ name: z.string().min(1), size: z.number().int().min(0), sha256 })),
  /** The generated secret sessions are signed with, when the shop keeps one beside its data (no AUTH_SECRET). */
  authSecret: z.object({ sha256 }).nullable(),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** Where each piece lives inside an archive. */
export const ARCHIVE_PATHS = {
  manifest: "manifest.json",
  table: (name: string) => `database/${name}.jsonl.gz`,
  file: (name: string) => `uploads/${name}`,
  authSecret: "auth-secret",
} as const;
