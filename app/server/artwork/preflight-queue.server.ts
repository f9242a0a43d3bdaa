/**
 * The one queue of artwork checks across processes (decision 033). An upload stores its file, adds
 * a row to `preflight_checks` and waits for the row's result. The checks are run by the requests
 * that wait: while one waits, its process takes the next check in fair order (any account's) when it
 * has a free slot, so the work is bounded per process, spread over every process that serves
 * uploads, and no check runs for which nobody waits. Fair order: never two of one account's checks
 * at once (the unique partial index `preflight_checks_one_running_idx`), and the next check is the
 * oldest of the account whose last check started longest ago, so an account that sends twenty files
 * gets one turn in each round, not twenty. A check whose process died is taken over once its lease
 * runs out. Each account may ask for CHECKS_PER_HOUR checks an hour.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { ARTWORK_MESSAGES, type ArtworkKind, CHECKS_PER_HOUR } from "~/domain/artwork/artwork-rules";
import { formatLondonTime } from "~/domain/core/dates";
import {
  boundReport,
  judgePreflight,
  keptUnchecked,
  type PreflightReport,
  SVG_UNCHECKED_MESSAGE,
} from "~/domain/artwork/preflight";
import { queryRows, type Database } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";
import { type PreflightOptions, runPreflight } from "./preflight.server";
import { deleteStored, type FileStorage, putBytes } from "../providers/storage.server";

const HOUR_MS = 60 * 60_000;
/** A claimed check is its process's for this long; the sandbox's wall limit is 10 s, the worker's 20 s. */
export const CHECK_LEASE_MS = 60_000;
/** A check whose process died this many times is given up: the file is kept, unchecked. */
export const CHECK_MAX_ATTEMPTS = 2;
/** How long an upload waits for its check before it answers "busy" and the check is withdrawn. */
export const CHECK_WAIT_MS = 60_000;
/** How often a waiting upload looks at its row (a check finished in its own process wakes it at once). */
const CHECK_POLL_MS = 400;

export const PREFLIGHT_BUSY_MESSAGE = "We're checking other files right now. Please upload yours again in a minute.";
/** A check whose process died on its last attempt: the file is kept, unchecked, as if the reader had crashed on it. */
export const GAVE_UP = {
  ok: true,
  report: { kind: "unchecked", overLimit: "crash" },
  previewStoredName: null,
} as const satisfies CheckOutcome;

/** What a check answers: the file's report and preview, or the refusal (the file is then deleted). */
export type CheckOutcome =
  | {
      ok: true;
      /** "unchecked" when the file could not be checked within the limits: it is kept, and staff check it by hand. */
      report: PreflightReport;
      previewStoredName: string | null;
    }
  | Failure;

export type CheckRow = {
  id: number;
  userId: string;
  kind: ArtworkKind;
  storedName: string;
  size: number;
  attempts: number;
};

type RawRow = {
  id: string | number;
  user_id: string;
  kind: string;
  stored_name: string;
  size: number;
  attempts: number;
};
const toCheck = (row: RawRow): CheckRow => ({
  id: Number(row.id),
  userId: row.user_id,
  kind: row.kind as ArtworkKind,
  storedName: row.stored_name,
  size: row.size,
  attempts: row.attempts,
});

// ---------------------------------------------------------------------------------------------
// The hourly limit

/** The 429 for an account past its checks: when it may upload again, as a London clock time and in minutes. */
export function tooManyChecks(retryAt: Date, now: Date): Failure {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return failure(429, "TOO_MANY_CHECKS", ARTWORK_MESSAGES.tooManyChecks(formatLondonTime(retryAt), minutes), {
    retryAfterSeconds: seconds,
  });
}

/** The 429 when `userId` has asked for CHECKS_PER_HOUR checks in the hour before now; null while allowed. */
export async function checksLimited(db: Database, userId: string): Promise<Failure | null> {
  const [row] = await queryRows<{ n: number; oldest: string | Date | null; now: string | Date }>(
    db,
    sql`select count(*)::int as n, min(created_at) as oldest, statement_timestamp() as now from (
          select created_at from preflight_checks
           where user_id = ${userId} and created_at > statement_timestamp() - interval '1 hour'
           order by created_at desc limit ${CHECKS_PER_HOUR}) as recent`,
  );
  if (!row || row.n < CHECKS_PER_HOUR || row.oldest === null) return null;
  return tooManyChecks(new Date(new Date(row.oldest).getTime() + HOUR_MS), new Date(row.now));
}

/**
 * Adds the check of a stored file to the queue, unless its account is past its hourly limit (then
 * the 429). Counted and added under the account's lock, so two uploads at once cannot make 31.
 */
export async function enqueueCheck(
  db: Database,
  input: { userId: string; kind: ArtworkKind; storedName: string; size: number },
): Promise<{ ok: true; id: number } | Failure> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`preflight-checks:${input.userId}`}))`);
    // Finished rows older than the hour count for nothing any more (preflight_checks_finished_idx).
    await tx.execute(sql`delete from preflight_checks
      where status in ('done', 'abandoned') and created_at < statement_timestamp() - interval '1 hour'`);
    const limited = await checksLimited(tx, input.userId);
    if (limited) return limited;
    const [row] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into preflight_checks (user_id, kind, stored_name, size)
          values (${input.userId}, ${input.kind}, ${input.storedName}, ${input.size}) returning id`,
    );
    if (!row) throw new Error("The check was not added");
    return { ok: true as const, id: Number(row.id) };
  });
}

// ---------------------------------------------------------------------------------------------
// Claiming and finishing

const isUniqueViolation = (error: unknown): boolean => {
  for (let cause = error; cause && typeof cause === "object"; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === "23505") return true;
  }
  return false;
};

/**
 * Takes the next check in fair order for `workerId`: queued, or running under a lease that ran out
 * (its process died), of an account with no other check running, the oldest of the account whose
 * last check started longest ago (never: first). Null when there is none, or when another process
 * took one of the same account's at the same instant (the unique index refuses the second).
 * A check whose lease ran out on its last attempt is given up first: its file is kept, unchecked.
 * The check is chosen once, in a materialized CTE: written as `where id in (…)`, PostgreSQL may
 * run the choice again for every row it scans (a nested-loop semi join) and take two of one
 * account's checks in one statement, which the unique index then refuses.
 */
export async function claimCheck(
  db: Database,
  input: { workerId: string; now?: Date; leaseMs?: number },
): Promise<CheckRow | null> {
  const now = input.now ? sql`${input.now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const until = sql`${now} + ${input.leaseMs ?? CHECK_LEASE_MS} * interval '1 millisecond'`;
  await db.execute(sql`
    update preflight_checks set status = 'done', finished_at = ${now}, locked_until = null,
      result = ${JSON.stringify(GAVE_UP)}::jsonb
    where status = 'running' and locked_until <= ${now} and attempts >= ${CHECK_MAX_ATTEMPTS}`);
  try {
    const rows = await queryRows<RawRow>(
      db,
      sql`
      with next as materialized (
        select c.id from preflight_checks c
        where (c.status = 'queued' or (c.status = 'running' and c.locked_until <= ${now}))
          and not exists (
            select 1 from preflight_checks r where r.user_id = c.user_id and r.status = 'running' and r.id <> c.id)
        order by (select max(s.started_at) from preflight_checks s where s.user_id = c.user_id) asc nulls first, c.id
        limit 1
        for update of c skip locked)
      update preflight_checks p set status = 'running', attempts = attempts + 1, started_at = ${now},
        locked_until = ${until}, locked_by = ${input.workerId}
      from next
      where p.id = next.id and (p.status = 'queued' or (p.status = 'running' and p.locked_until <= ${now}))
      returning p.id, p.user_id, p.kind, p.stored_name, p.size, p.attempts`,
    );
    return rows[0] ? toCheck(rows[0]) : null;
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Records the outcome, only while this attempt still holds the check; false when it was withdrawn or taken over. */
export async function finishCheck(
  db: Database,
  { check, outcome }: { check: CheckRow; outcome: CheckOutcome },
): Promise<boolean> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`update preflight_checks set status = 'done', result = ${JSON.stringify(outcome)}::jsonb,
          finished_at = statement_timestamp(), locked_until = null
        where id = ${check.id} and attempts = ${check.attempts} and status = 'running'
        returning id`,
  );
  return rows.length > 0;
}

/** Puts a claimed check back in the queue without counting the attempt (the parser here was busy). */
async function releaseCheck(db: Database, check: CheckRow): Promise<void> {
  await db.execute(sql`update preflight_checks set status = 'queued', attempts = attempts - 1, locked_until = null
    where id = ${check.id} and attempts = ${check.attempts} and status = 'running'`);
}

// ---------------------------------------------------------------------------------------------
// Running a check

/** A stored file's bytes, read whole: the upload's own limit bounds them. */
async function readStored(storage: FileStorage, storedName: string, size: number): Promise<Uint8Array | null> {
  const stream = await storage.get(storedName);
  if (!stream) return null;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for await (const chunk of stream) {
    if (offset + chunk.byteLength > size) throw new Error(`${storedName} is larger than its ${size} bytes`);
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return offset === size ? bytes : bytes.slice(0, offset);
}

const fileGone = () =>
  failure(404, "FILE_NOT_FOUND", "The file went missing while we checked it. Please upload it again.");

/**
 * Checks the stored file of `check`: refused (and deleted) when it cannot be read, kept without a
 * report when it is over the parser's limits, else its report and a stored PNG of page one.
 * Null when the parser was busy (the check goes back to the queue).
 */
async function checkStoredFile(
  storage: FileStorage,
  check: CheckRow,
  options: PreflightOptions,
): Promise<CheckOutcome | null> {
  const bytes = await readStored(storage, check.storedName, check.size);
  if (!bytes) return fileGone();
  const result = await runPreflight(check.kind, bytes, options);
  if (!result.ok) {
    if ("busy" in result) return null;
    // Over a limit of the sandbox: the upload is kept, and staff check the file by hand (decision 032);
    // an SVG is refused when its outcome is read (readOutcome, decision 044).
    return { ok: true, report: { kind: "unchecked", overLimit: result.overLimit }, previewStoredName: null };
  }
  // Blockers do not depend on the method or the placement: a file that has one is never printable.
  const blocker = judgePreflight(result.report, { method: "none", placement: null }).find(
    (finding) => finding.level === "blocker",
  );
  if (blocker) {
    await storage.delete(check.storedName);
    return failure(422, "ARTWORK_UNREADABLE", blocker.message);
  }
  const png = result.preview;
  const preview = png ? await putBytes(storage, png) : null;
  return { ok: true, report: boundReport(result.report), previewStoredName: preview?.storedName ?? null };
}

/** How many checks a process runs at once: the 2-core machine also serves pages. */
export type CheckSlots = { free: number; workerId: string };
export function createCheckSlots(size: number): CheckSlots {
  return { free: size, workerId: `${process.pid}-${randomBytes(4).toString("hex")}` };
}
const processSlots = createCheckSlots(1);

const finishedListeners = new Set<() => void>();
const announceFinished = () => {
  for (const listener of finishedListeners) listener();
};

export type CheckContext = {
  db: Database;
  storage: FileStorage;
  /** This process's slots unless a test plays two processes in one. */
  slots?: CheckSlots;
  preflight?: PreflightOptions;
};

/**
 * Runs the next check in fair order if this process has a free slot: true when one ran. Its
 * outcome is recorded only while the check is still wanted; a withdrawn one's files are deleted.
 */
export async function runNextCheck(context: CheckContext): Promise<boolean> {
  const slots = context.slots ?? processSlots;
  if (slots.free <= 0) return false;
  slots.free -= 1;
  try {
    const check = await claimCheck(context.db, { workerId: slots.workerId });
    if (!check) return false;
    let outcome: CheckOutcome | null;
    try {
      outcome = await checkStoredFile(context.storage, check, context.preflight ?? {});
    } catch (error) {
      console.error(`[preflight] check #${check.id} failed:`, error instanceof Error ? error.message : error);
      await context.storage.delete(check.storedName);
      outcome = failure(503, "PREFLIGHT_FAILED", "We couldn't check your file just now. Please upload it again.");
    }
    if (outcome === null) {
      await releaseCheck(context.db, check);
      return false;
    }
    if (!(await finishCheck(context.db, { check, outcome }))) {
      // Withdrawn (its upload gave up or went away) or taken over: nobody will use what this made.
      if (outcome.ok) await deleteStored(context.storage, [outcome.previewStoredName]);
      const [row] = await queryRows<{ status: string }>(
        context.db,
        sql`select status from preflight_checks where id = ${check.id}`,
      );
      if (!row || row.status === "abandoned") await context.storage.delete(check.storedName);
    }
    announceFinished();
    return true;
  } finally {
    slots.free += 1;
  }
}

/**
 * Withdraws a check nobody waits for any more: a queued one is never run and its file is deleted
 * here; a running one's process deletes its files when it finishes. Answers the outcome when the
 * check finished meanwhile.
 */
async function withdrawCheck(context: CheckContext, id: number): Promise<CheckOutcome | null> {
  const [row] = await queryRows<{ previous: string; stored_name: string }>(
    context.db,
    sql`update preflight_checks c set status = 'abandoned', finished_at = statement_timestamp(), locked_until = null
        from (select id, status as previous from preflight_checks where id = ${id} for update) as p
        where c.id = p.id and p.previous in ('queued', 'running')
        returning p.previous, c.stored_name`,
  );
  if (row?.previous === "queued") await context.storage.delete(row.stored_name);
  if (row) return null;
  return readOutcome(context, id);
}

/**
 * The finished check's outcome; an unchecked file of a kind never kept unchecked (an SVG, decision
 * 044) is deleted and refused here, whether its check went over a limit or was given up.
 */
async function readOutcome(context: CheckContext, id: number): Promise<CheckOutcome | null> {
  const [row] = await queryRows<{
    status: string;
    result: CheckOutcome | null;
    kind: ArtworkKind;
    stored_name: string;
  }>(context.db, sql`select status, result, kind, stored_name from preflight_checks where id = ${id}`);
  if (!row) return fileGone();
  if (row.status !== "done" || !row.result) return null;
  if (row.result.ok && row.result.report.kind === "unchecked" && !keptUnchecked(row.kind)) {
    await context.storage.delete(row.stored_name);
    return failure(422, "ARTWORK_UNREADABLE", SVG_UNCHECKED_MESSAGE);
  }
  return row.result;
}

/**
 * The outcome of check `id`, waited for up to `waitMs` while this process helps run the queue.
 * When the wait runs out, or `signal` says the upload went away, the check is withdrawn and the
 * answer is "busy" (503, try again in a minute).
 */
export async function awaitCheck(
  context: CheckContext,
  { id, signal, waitMs = CHECK_WAIT_MS }: { id: number; signal?: AbortSignal; waitMs?: number },
): Promise<CheckOutcome> {
  const deadline = Date.now() + waitMs;
  let wake: (() => void) | undefined;
  const listener = () => wake?.();
  finishedListeners.add(listener);
  signal?.addEventListener("abort", listener);
  try {
    for (;;) {
      const outcome = await readOutcome(context, id);
      if (outcome) return outcome;
      if (Date.now() >= deadline || signal?.aborted) break;
      if (await runNextCheck(context)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(CHECK_POLL_MS, Math.max(0, deadline - Date.now())));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
    const late = await withdrawCheck(context, id);
    return late ?? failure(503, "PREFLIGHT_BUSY", PREFLIGHT_BUSY_MESSAGE, { retryAfterSeconds: 60 });
  } finally {
    finishedListeners.delete(listener);
    signal?.removeEventListener("abort", listener);
  }
}
