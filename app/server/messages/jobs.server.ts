/**
 * The durable job queue (decision 030): a `jobs` table any number of processes
 * share. A job is claimed with `for update skip locked` and held under a lease; it is completed,
 * or failed and retried with exponential backoff, or dead after its last attempt. A worker that
 * dies mid-job leaves its lease to run out, and the job is claimed again: handlers are idempotent.
 * The worker that runs jobs is job-worker.server.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { jobs } from "#db/schema";
import { queryRows, type Database } from "../platform/db.server";

export type Job = typeof jobs.$inferSelect;

/** How long a claimed job is its worker's; past it, another worker may take the job again. */
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** The first retry waits this long, each later one twice the last, up to MAX_RETRY_DELAY_MS. */
export const FIRST_RETRY_DELAY_MS = 30_000;
export const MAX_RETRY_DELAY_MS = 60 * 60_000;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, attempts - 1));
}

const enqueueListeners = new Set<() => void>();

/** Called after every enqueue in this process, so a worker here wakes at once instead of at its next poll. */
export function onJobEnqueued(listener: () => void): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

/** Tells this process's worker that a job may be waiting (after a commit, or from enqueue). */
export function nudgeJobWorker() {
  for (const listener of enqueueListeners) listener();
}

/**
 * A kind of job: its name, the payload it carries (checked when it is queued and again when it runs,
 * so a handler never reads a payload it was not written for) and how many attempts it gets.
 */
export type JobDefinition<P> = { kind: string; payload: z.ZodType<P>; maxAttempts: number };

export function defineJob<P>(
  kind: string,
  payload: z.ZodType<P>,
  options: { maxAttempts?: number } = {},
): JobDefinition<P> {
  return { kind, payload, maxAttempts: options.maxAttempts ?? 8 };
}

/** A job that carries nothing: the recurring ones, whose work is "whatever is due now". */
export const NO_PAYLOAD = z.object({}).strict();

/**
 * The one writer of the jobs table: queues `job` with `payload`, inside the caller's transaction
 * when `tx` is one, so the job exists exactly when the change that needs it is committed (decision
 * 030). True when it was added, false when its key was taken already: a job with a key is queued once
 * across processes.
 */
export async function enqueue<P>(
  tx: Database,
  { job, payload, key, runAt }: { job: JobDefinition<P>; payload: P; key?: string; runAt?: Date },
): Promise<boolean> {
  const added = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload.parse(payload) as Record<string, unknown>,
      key: key ?? null,
      // Unset, the database's now(): the same clock the worker claims by.
      ...(runAt ? { runAt } : {}),
      maxAttempts: job.maxAttempts,
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  if (added.length > 0) nudgeJobWorker();
  return added.length > 0;
}

type JobRow = {
  id: string | number;
  kind: string;
  payload: Record<string, unknown>;
  key: string | null;
  status: string;
  run_at: string | Date;
  locked_until: string | Date | null;
  locked_by: string | null;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
};

const asDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

function toJob(row: JobRow): Job {
  return {
    id: Number(row.id),
    kind: row.kind,
    payload: row.payload,
    key: row.key,
    status: row.status,
    runAt: asDate(row.run_at),
    lockedUntil: row.locked_until === null ? null : asDate(row.locked_until),
    lockedBy: row.locked_by,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    createdAt: asDate(row.created_at),
    finishedAt: row.finished_at === null ? null : asDate(row.finished_at),
  };
}

/**
 * Takes up to `limit` jobs that are due at `now`: queued ones whose time has come, and running ones
 * whose lease ran out (their worker died). Each is leased to `workerId` and its attempt counted in
 * the same statement, so two workers never take one job. A job whose lease ran out on its last
 * attempt is not taken again: it is dead. The jobs are chosen once, in a materialized CTE, so never
 * more than `limit` (as `where id in (…)` PostgreSQL may run the choice again for every row it scans).
 */
export async function claimJobs(
  db: Database,
  input: { workerId: string; now?: Date; leaseMs?: number; limit?: number },
): Promise<Job[]> {
  // The database's clock unless a test moves time: a row inserted with its default now() carries
  // microseconds, and a claim by the millisecond JavaScript clock just after it would find it not due.
  const now = input.now ? sql`${input.now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const until = sql`${now} + ${input.leaseMs ?? DEFAULT_LEASE_MS} * interval '1 millisecond'`;
  await db.execute(sql`
    update jobs set status = 'dead', finished_at = ${now}, locked_until = null,
      last_error = coalesce(last_error || ' / ', '') || 'lease ran out on the last attempt'
    where status = 'running' and locked_until <= ${now} and attempts >= max_attempts`);
  const rows = await queryRows<JobRow>(
    db,
    sql`
    with due as materialized (
      select id from jobs
      where (status = 'queued' and run_at <= ${now})
         or (status = 'running' and locked_until <= ${now} and attempts < max_attempts)
      order by run_at, id
      limit ${input.limit ?? 1}
      for update skip locked)
    update jobs set status = 'running', attempts = attempts + 1, locked_until = ${until}, locked_by = ${input.workerId}
    from due
    where jobs.id = due.id
    returning jobs.*`,
  );
  return rows.map(toJob);
}

/**
 * Only the holder of the attempt may finish it: a worker whose lease ran out and whose job another
 * worker took since finds no row (attempts moved on) and changes nothing.
 */
const heldBy = (job: Job) => and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, "running"));

export async function completeJob(db: Database, { job, now = new Date() }: { job: Job; now?: Date }): Promise<boolean> {
  const done = await db
    .update(jobs)
    .set({ status: "done", finishedAt: now, lockedUntil: null, lastError: null })
    .where(heldBy(job))
    .returning({ id: jobs.id });
  return done.length > 0;
}

/** Retries after the backoff, or marks the job dead when this was its last attempt. Answers which. */
export async function failJob(
  db: Database,
  { job, error, now = new Date() }: { job: Job; error: unknown; now?: Date },
): Promise<"retry" | "dead" | "lost"> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const dead = job.attempts >= job.maxAttempts;
  const changed = await db
    .update(jobs)
    .set(
      dead
        ? { status: "dead", finishedAt: now, lockedUntil: null, lastError: message }
        : {
            status: "queued",
            runAt: new Date(now.getTime() + retryDelayMs(job.attempts)),
            lockedUntil: null,
            lastError: message,
          },
    )
    .where(heldBy(job))
    .returning({ id: jobs.id });
  if (changed.length === 0) return "lost";
  return dead ? "dead" : "retry";
}

/** Finished jobs (done or dead) older than `before` go: they only prove a recurring period ran. */
export async function deleteFinishedJobs(db: Database, before: Date): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(sql`${jobs.finishedAt} < ${before.toISOString()}`)
    .returning({ id: jobs.id });
  return gone.length;
}
