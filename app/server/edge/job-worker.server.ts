/**
 * Runs the queue's jobs (jobs.server.ts, decision 030) in every process: claims one due job at a
 * time, runs its handler (job-handlers.server.ts), completes or fails it. It wakes at once when a
 * job is enqueued in this process and polls otherwise, so a job enqueued by another process (or
 * due after a backoff) waits at most one poll. Recurring work is enqueued once per period with the
 * period in the job's key, so however many processes run, each period runs once.
 */
import { randomBytes } from "node:crypto";
import type { Database } from "../platform/db.server";
import {
  JOB_HANDLERS,
  type JobContext,
  type JobHandler,
  RECURRING_JOBS,
  type RecurringJob,
} from "./job-handlers.server";
import { readCatalogue } from "../catalogue/catalogue-store.server";
import { claimJobs, completeJob, enqueue, failJob, type Job, onJobEnqueued } from "../messages/jobs.server";
import type { AppContext } from "../providers/app-context.server";

/** How often an idle worker looks for jobs other processes enqueued, or that came due. */
export const JOB_POLL_MS = 3_000;
/** How often a worker makes sure this period's recurring jobs exist. */
const SCHEDULE_EVERY_MS = 60_000;
/** The first recurring jobs wait this long after start, so they never slow the first requests. */
const FIRST_SCHEDULE_DELAY_MS = 30_000;
/**
 * A nudge can come from inside a transaction not yet committed, so the job is not visible to the
 * worker yet: it looks again this soon, then at twice the wait each time it still finds nothing, up to
 * a poll. A job enqueued in a transaction that takes a second waits about that second, not a poll.
 */
const AFTER_NUDGE_RETRY_MS = 200;

export type WorkerOptions = {
  /** What the handlers are given (job-handlers.server.ts), with the time each job runs at. */
  ctx: AppContext;
  handlers?: Record<string, JobHandler>;
  workerId?: string;
};

const newWorkerId = () => `${process.pid}-${randomBytes(4).toString("hex")}`;

/** The start of the period of `everyMs` that holds `now`: the same instant in every process. */
export function periodStart(now: Date, everyMs: number): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}

/** Enqueues each recurring job for the period that holds `now`, unless some process already did. */
export async function scheduleRecurringJobs(
  db: Database,
  { now = new Date(), recurring = RECURRING_JOBS }: { now?: Date; recurring?: readonly RecurringJob[] } = {},
): Promise<void> {
  for (const { job, everyMs } of recurring) {
    const start = periodStart(now, everyMs);
    await enqueue(db, { job, payload: {}, key: `${job.kind}@${start.toISOString()}`, runAt: start });
  }
}

/** Runs one claimed job to its end: completed, retried later, or dead. Never throws. */
async function runJob(options: WorkerOptions, job: Job, now?: Date): Promise<void> {
  const handler = (options.handlers ?? JOB_HANDLERS)[job.kind];
  try {
    if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}"`);
    // The dates a job counts (a proof due, a digest's ship-by days) skip the shop's current closures.
    await readCatalogue(options.ctx.db);
    await handler({ ...options.ctx, now: now ?? options.ctx.clock() } satisfies JobContext, job);
    await completeJob(options.ctx.db, { job, now });
  } catch (error) {
    const outcome = await failJob(options.ctx.db, { job, error, now }).catch(() => "lost" as const);
    options.ctx.log.error(
      `[jobs] ${job.kind} #${job.id} attempt ${job.attempts}/${job.maxAttempts} failed (${outcome})`,
      error,
    );
  }
}

/**
 * Runs every job due at `now`, one after another, until none is left; answers how many ran. What a
 * test calls instead of waiting for a worker, and what the worker does on each wake.
 */
export async function runDueJobs(
  ctx: AppContext,
  options: Omit<WorkerOptions, "ctx"> & { now?: Date } = {},
): Promise<number> {
  const { db } = ctx;
  const worker: WorkerOptions = { ...options, ctx, workerId: options.workerId ?? newWorkerId() };
  let ran = 0;
  for (;;) {
    const [job] = await claimJobs(db, { workerId: worker.workerId ?? "", now: options.now });
    if (!job) return ran;
    await runJob(worker, job, options.now);
    ran += 1;
  }
}

export type JobWorker = {
  /** Stops taking jobs; waits up to `graceMs` for the one running, which is otherwise left to its lease. */
  stop(graceMs?: number): Promise<void>;
};

/** Starts this process's worker (server.ts). */
export function startJobWorker(options: WorkerOptions & { pollMs?: number; firstScheduleDelayMs?: number }): JobWorker {
  const worker: WorkerOptions = { ...options, workerId: options.workerId ?? newWorkerId() };
  const pollMs = options.pollMs ?? JOB_POLL_MS;
  let stopped = false;
  let nudged = false;
  let wakeUp: (() => void) | undefined;
  let nextSchedule = Date.now() + (options.firstScheduleDelayMs ?? FIRST_SCHEDULE_DELAY_MS);
  const stopListening = onJobEnqueued(() => {
    nudged = true;
    wakeUp?.();
  });

  async function pass(): Promise<void> {
    if (Date.now() >= nextSchedule) {
      await scheduleRecurringJobs(worker.ctx.db);
      nextSchedule = Date.now() + SCHEDULE_EVERY_MS;
    }
    while (!stopped) {
      const [job] = await claimJobs(worker.ctx.db, { workerId: worker.workerId ?? "" });
      if (!job) break;
      await runJob(worker, job);
    }
  }

  const loop = (async () => {
    /** The next wait after a nudge, doubling until it reaches a poll; none otherwise. */
    let retry: number | null = null;
    while (!stopped) {
      if (nudged) retry = AFTER_NUDGE_RETRY_MS;
      nudged = false;
      try {
        await pass();
      } catch (error) {
        options.ctx.log.error("[jobs] worker pass failed", error);
      }
      if (stopped) break;
      if (nudged) continue;
      const wait = retry !== null && retry < pollMs ? retry : pollMs;
      retry = retry !== null && retry < pollMs ? retry * 2 : null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  })();

  return {
    async stop(graceMs = 1_500) {
      stopped = true;
      stopListening();
      wakeUp?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([loop, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
    },
  };
}
