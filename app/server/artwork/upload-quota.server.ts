/**
 * How much artwork one user may send in a day (docs/security.md): ARTWORK_BYTES_PER_DAY over a
 * 24-hour window, held in rate_limits under `upload-bytes:<userId>` so it holds across processes.
 *
 * An upload reserves its bytes before the first one is read: its declared length, or when it
 * declares none as much of its file limit as is left. Uploads side by side therefore cannot
 * overrun the allowance between them. Afterwards the upload gives back what it did not read; what
 * it read counts even when the file was refused or later removed, since reading it cost the same.
 */
import { sql } from "drizzle-orm";
import { ARTWORK_BYTES_PER_DAY } from "~/domain/artwork/artwork-rules";
import { queryRows, type Database } from "../platform/db.server";

const WINDOW_SECONDS = 24 * 60 * 60;

const keyFor = (userId: string) => `upload-bytes:${userId}`;

/**
 * Reserves `exactly` bytes, or up to `atMost` when the size is not known yet. Says how many were
 * granted: 0 when the day's allowance cannot cover the request.
 */
export async function reserveUploadBytes(
  db: Database,
  { userId, wanted }: { userId: string; wanted: { exactly: number } | { atMost: number } },
): Promise<number> {
  const key = keyFor(userId);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into rate_limits (key, count, window_start) values (${key}, 0, now()) on conflict (key) do nothing`,
    );
    const [row] = await queryRows<{ count: number; expired: boolean }>(
      tx,
      sql`select count, window_start < now() - make_interval(secs => ${WINDOW_SECONDS}) as expired
            from rate_limits where key = ${key} for update`,
    );
    const used = !row || row.expired ? 0 : row.count;
    const left = Math.max(0, ARTWORK_BYTES_PER_DAY - used);
    const granted = "exactly" in wanted ? (wanted.exactly <= left ? wanted.exactly : 0) : Math.min(wanted.atMost, left);
    if (granted <= 0) return 0;
    const windowStart = row?.expired ? sql`now()` : sql`window_start`;
    await tx.execute(
      sql`update rate_limits set count = ${used + granted}, window_start = ${windowStart} where key = ${key}`,
    );
    return granted;
  });
}

/** Gives back reserved bytes the upload did not read. */
export async function returnUploadBytes(
  db: Database,
  { userId, bytes }: { userId: string; bytes: number },
): Promise<void> {
  if (bytes <= 0) return;
  await db.execute(sql`update rate_limits set count = greatest(0, count - ${bytes}) where key = ${keyFor(userId)}`);
}
