/**
 * The job queue (decision 030) on the test database: PGlite, or PostgreSQL with
 * TEST_DATABASE_URL, where the concurrent claims below run on separate connections of the pool.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { jobs } from "#db/schema";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { recordedLog } from "../../../tests/setup/test-shop";
import type { JobHandler } from "../edge/job-handlers.server";
import { periodStart, runDueJobs, scheduleRecurringJobs, startJobWorker } from "../edge/job-worker.server";
import {
  claimJobs,
  completeJob,
  DEFAULT_LEASE_MS,
  deleteFinishedJobs,
  defineJob,
  enqueue,
  FIRST_RETRY_DELAY_MS,
  failJob,
  NO_PAYLOAD,
  retryDelayMs,
} from "./jobs.server";

const handle = testFileDatabase();

const TEST_PAYLOAD = z.object({ n: z.number().optional(), i: z.number().optional() });
const TEST_JOB = defineJob("test", TEST_PAYLOAD);

const T = new Date("2026-11-26T10:00:00Z");
const at = (ms: number) => new Date(T.getTime() + ms);
const jobRow = async (id: number) => (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0];

describe("enqueue, claim, complete", () => {
  it("hands a due job to one claimer, leased and counted, and completes it", async () => {
    expect(await enqueue(handle.db, { job: TEST_JOB, payload: { n: 1 }, runAt: T })).toBe(true);
    expect(await claimJobs(handle.db, { workerId: "a", now: at(-1) })).toEqual([]);
    const [job] = await claimJobs(handle.db, { workerId: "a", now: T });
    expect(job).toMatchObject({ kind: "test", payload: { n: 1 }, status: "running", attempts: 1, lockedBy: "a" });
    expect(job?.lockedUntil?.getTime()).toBe(T.getTime() + DEFAULT_LEASE_MS);
    expect(await claimJobs(handle.db, { workerId: "b", now: T })).toEqual([]);
    expect(await completeJob(handle.db, { job: job!, now: T })).toBe(true);
    expect(await jobRow(job!.id)).toMatchObject({ status: "done", lockedUntil: null, finishedAt: T });
    expect(await claimJobs(handle.db, { workerId: "b", now: at(DEFAULT_LEASE_MS * 2) })).toEqual([]);
  });

  it("enqueues a keyed job once, however often it is asked", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => enqueue(handle.db, { job: TEST_JOB, payload: {}, key: "once", runAt: T })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await handle.db.select().from(jobs)).toHaveLength(1);
  });
});

describe("two workers never run the same job", () => {
  it("splits 40 jobs between 8 concurrent claimers with no job taken twice", async () => {
    for (let i = 0; i < 40; i += 1) await enqueue(handle.db, { job: TEST_JOB, payload: { i }, runAt: T });
    // On PostgreSQL the pool gives each claim its own connection, so these run at once.
    const claimed = await Promise.all(
      Array.from({ length: 8 }, (_, w) => claimJobs(handle.db, { workerId: `w${w}`, now: T, limit: 10 })),
    );
    const ids = claimed.flat().map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Whatever the first round left, later claims take; in the end each job was taken exactly once.
    for (;;) {
      const more = await claimJobs(handle.db, { workerId: "late", now: T, limit: 10 });
      if (more.length === 0) break;
      ids.push(...more.map((job) => job.id));
    }
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
    const rows = await handle.db.select().from(jobs);
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
  });

  it("runs a job once when two runners work the queue at the same time", async () => {
    const runs: number[] = [];
    const handlers: Record<string, JobHandler> = {
      test: async (_context, job) => {
        runs.push(Number(job.payload.i));
      },
    };
    for (let i = 0; i < 20; i += 1) await enqueue(handle.db, { job: TEST_JOB, payload: { i }, runAt: T });
    const [a, b] = await Promise.all([
      runDueJobs(testContext(handle), { handlers, now: T, workerId: "a" }),
      runDueJobs(testContext(handle), { handlers, now: T, workerId: "b" }),
    ]);
    expect(a + b).toBe(20);
    expect(runs.toSorted((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});

describe("a worker killed mid-job", () => {
  it("leaves the job to be taken again once its lease runs out, and its late completion changes nothing", async () => {
    await enqueue(handle.db, { job: TEST_JOB, payload: {}, runAt: T });
    const [killed] = await claimJobs(handle.db, { workerId: "killed", now: T, leaseMs: 60_000 });
    expect(killed).toBeDefined();
    expect(await claimJobs(handle.db, { workerId: "next", now: at(59_999) })).toEqual([]);
    const [retried] = await claimJobs(handle.db, { workerId: "next", now: at(60_000) });
    expect(retried).toMatchObject({ id: killed!.id, attempts: 2, lockedBy: "next" });
    // The first worker wakes up and reports: its attempt is no longer the job's.
    expect(await completeJob(handle.db, { job: killed!, now: at(60_001) })).toBe(false);
    expect(await failJob(handle.db, { job: killed!, error: new Error("late"), now: at(60_001) })).toBe("lost");
    expect(await jobRow(killed!.id)).toMatchObject({ status: "running", lockedBy: "next" });
    expect(await completeJob(handle.db, { job: retried!, now: at(60_002) })).toBe(true);
  });

  it("is dead when the lease of its last attempt runs out", async () => {
    await enqueue(handle.db, { job: defineJob("test", TEST_PAYLOAD, { maxAttempts: 1 }), payload: {}, runAt: T });
    const [job] = await claimJobs(handle.db, { workerId: "killed", now: T, leaseMs: 1_000 });
    expect(await claimJobs(handle.db, { workerId: "next", now: at(1_000) })).toEqual([]);
    expect(await jobRow(job!.id)).toMatchObject({ status: "dead", lastError: "lease ran out on the last attempt" });
  });
});

describe("a failing job", () => {
  it("is retried after 30 s, then 60 s, and is dead after its last attempt", async () => {
    expect([1, 2, 3, 10, 20].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    const log = recordedLog();
    const ctx = { ...testContext(handle), log };
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      test: async () => {
        calls += 1;
        throw new Error(`refused ${calls}`);
      },
    };
    await enqueue(handle.db, { job: defineJob("test", TEST_PAYLOAD, { maxAttempts: 3 }), payload: {}, runAt: T });
    expect(await runDueJobs(ctx, { handlers, now: T })).toBe(1);
    const [row] = await handle.db.select().from(jobs);
    expect(row).toMatchObject({ status: "queued", attempts: 1, lastError: "refused 1" });
    expect(row?.runAt).toEqual(at(FIRST_RETRY_DELAY_MS));
    expect(await runDueJobs(ctx, { handlers, now: at(FIRST_RETRY_DELAY_MS - 1) })).toBe(0);
    expect(await runDueJobs(ctx, { handlers, now: at(FIRST_RETRY_DELAY_MS) })).toBe(1);
    expect(await jobRow(row!.id)).toMatchObject({ status: "queued", attempts: 2, runAt: at(90_000) });
    expect(await runDueJobs(ctx, { handlers, now: at(90_000) })).toBe(1);
    expect(await jobRow(row!.id)).toMatchObject({ status: "dead", attempts: 3, lastError: "refused 3" });
    expect(await runDueJobs(ctx, { handlers, now: at(24 * 3_600_000) })).toBe(0);
    expect(calls).toBe(3);
    expect(log.lines).toEqual([
      `error [jobs] test #${row!.id} attempt 1/3 failed (retry): refused 1`,
      `error [jobs] test #${row!.id} attempt 2/3 failed (retry): refused 2`,
      `error [jobs] test #${row!.id} attempt 3/3 failed (dead): refused 3`,
    ]);
  });

  it("runs at the context's clock when the worker is given no time", async () => {
    let ranAt: Date | null = null;
    const handlers: Record<string, JobHandler> = {
      test: async ({ now }) => {
        ranAt = now;
      },
    };
    await enqueue(handle.db, { job: TEST_JOB, payload: {}, runAt: T });
    const ctx = { ...testContext(handle), clock: () => at(5_000) };
    expect(await runDueJobs(ctx, { handlers })).toBe(1);
    expect(ranAt).toEqual(at(5_000));
  });
});

describe("finished jobs", () => {
  it("are deleted once older than the cutoff; queued and running ones stay", async () => {
    for (const key of ["done-old", "done-new", "running", "queued"])
      await enqueue(handle.db, { job: TEST_JOB, payload: {}, key, runAt: T });
    const claimed = await claimJobs(handle.db, { workerId: "a", now: T, limit: 3 });
    const byKey = new Map(claimed.map((job) => [job.key, job]));
    await completeJob(handle.db, { job: byKey.get("done-old")!, now: at(-60_000) });
    await completeJob(handle.db, { job: byKey.get("done-new")!, now: T });
    expect(await deleteFinishedJobs(handle.db, at(-1))).toBe(1);
    expect((await handle.db.select({ key: jobs.key }).from(jobs)).map((row) => row.key).sort()).toEqual([
      "done-new",
      "queued",
      "running",
    ]);
  });
});

describe("recurring jobs", () => {
  const recurring = [{ job: defineJob("tick", NO_PAYLOAD, { maxAttempts: 3 }), everyMs: 15 * 60_000 }];

  it("run once per period across two workers, and again in the next period", async () => {
    let runs = 0;
    const handlers: Record<string, JobHandler> = {
      tick: async () => {
        runs += 1;
      },
    };
    const now = new Date("2026-11-26T10:07:00Z");
    expect(periodStart(now, 15 * 60_000)).toEqual(new Date("2026-11-26T10:00:00Z"));
    // Two processes schedule and run the same period at the same time.
    await Promise.all([
      scheduleRecurringJobs(handle.db, { now, recurring }),
      scheduleRecurringJobs(handle.db, { now, recurring }),
    ]);
    await Promise.all([
      runDueJobs(testContext(handle), { handlers, now, workerId: "a" }),
      runDueJobs(testContext(handle), { handlers, now, workerId: "b" }),
    ]);
    await scheduleRecurringJobs(handle.db, { now: new Date("2026-11-26T10:14:59Z"), recurring });
    await runDueJobs(testContext(handle), { handlers, now: new Date("2026-11-26T10:14:59Z") });
    expect(runs).toBe(1);
    const next = new Date("2026-11-26T10:15:00Z");
    await scheduleRecurringJobs(handle.db, { now: next, recurring });
    await runDueJobs(testContext(handle), { handlers, now: next, workerId: "b" });
    expect(runs).toBe(2);
    expect((await handle.db.select({ key: jobs.key }).from(jobs)).map((row) => row.key).sort()).toEqual([
      "tick@2026-11-26T10:00:00.000Z",
      "tick@2026-11-26T10:15:00.000Z",
    ]);
  });
});

describe("the worker", () => {
  /**
   * A worker whose poll is a minute, so only its nudges can make a job run within a test's deadline;
   * `ran` lists the ids of the test jobs it ran. The test stops it.
   */
  function minutePollWorker() {
    const ran: number[] = [];
    const handlers: Record<string, JobHandler> = {
      test: async (_context, job) => {
        ran.push(job.id);
      },
    };
    const worker = startJobWorker({
      ctx: testContext(handle),
      handlers,
      pollMs: 60_000,
      firstScheduleDelayMs: 3_600_000,
    });
    return { worker, ran };
  }

  /** Resolves once `ran` holds a job, or after `ms`. */
  async function firstRun(ran: number[], ms: number) {
    const deadline = Date.now() + ms;
    while (ran.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  it("runs a job enqueued in its process at once, without waiting for its poll", async () => {
    const { worker, ran } = minutePollWorker();
    try {
      await enqueue(handle.db, { job: TEST_JOB, payload: {} });
      await firstRun(ran, 5_000);
      expect(ran).toHaveLength(1);
      await vi.waitFor(async () => expect((await jobRow(ran[0]!))?.status).toBe("done"));
    } finally {
      await worker.stop();
    }
  });

  it("runs a job enqueued in a transaction that commits a while after the nudge, without waiting for its poll", async () => {
    const { worker, ran } = minutePollWorker();
    try {
      // The nudge comes with the insert; the row is visible only at the commit, a second later. On
      // PostgreSQL the worker looks meanwhile and finds nothing; PGlite's one session makes it wait.
      await handle.db.transaction(async (tx) => {
        await enqueue(tx, { job: TEST_JOB, payload: {} });
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      });
      await firstRun(ran, 10_000);
      expect(ran).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });
});
