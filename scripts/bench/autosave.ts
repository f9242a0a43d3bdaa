/**
 * Checkout autosave under 200 concurrent simulated users. Each user is a real account with
 * a real session (signed up and in by autosave-seed.ts on the server's data dir before it starts),
 * opens a draft for the cap and then edits step 2 the way the browser's autosave sends it
 * (use-draft-autosave.ts): one save in flight at a time, at most one every 600 ms, each carrying the
 * version it last saw. At the end every draft is read back: the last acknowledged edit must be there.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { createDraft, readDraft, saveNotes, seedUsers, usersServerEnv, type DraftRef } from "./checkout-users";
import { cpuSecondsOf, cpuSecondsOfTree, postgresBinDir, startPostgres, type Postgres } from "./postgres";
import { freePort, spawnServer, stopChild, waitFor200 } from "./server";
import type { Row } from "./table";

/** The target's load: 200 concurrent users. */
export const USERS = 200;
/** SPEC.md §9: the client saves 600 ms after the last change; a busy typist saves that often. */
const SAVE_INTERVAL_MS = 600;
/** The latency target: the server's 99th percentile, on PGlite and on PostgreSQL. */
const P99_TARGET_MS = 50;
/** CPU per save: the shop's Node processes together, and PostgreSQL's. */
const NODE_CPU_TARGET_MS = 1.0;
const POSTGRES_CPU_TARGET_MS = 0.3;
/** Saves before this long after the start are not counted: the servers compile and warm their caches first. */
const WARM_UP_MS = 3_000;

export interface AutosaveContext {
  buildDir: string;
  users: number;
  /** Route ids of the build, from the client manifest. */
  routeIds: string[];
  durationSeconds: number;
}

/** The checkout exists once the build has its step 2 and the drafts API. */
export function checkoutBuilt(routeIds: string[]): boolean {
  return routeIds.some((id) => /customi[sz]ation/.test(id)) && routeIds.some((id) => /api\.drafts?\b/.test(id));
}

interface UserResult {
  latenciesMs: number[];
  failures: string[];
  conflicts: number;
  lost: boolean;
}

/** Times are performance.now(): saves sent before `countFrom` are made but not counted. */
async function simulateUser(
  baseUrl: string,
  cookie: string,
  window: { countFrom: number; deadline: number },
  n: number,
): Promise<UserResult> {
  const result: UserResult = { latenciesMs: [], failures: [], conflicts: 0, lost: false };
  let draft: DraftRef;
  try {
    draft = await createDraft(baseUrl, cookie);
  } catch (error) {
    result.failures.push(error instanceof Error ? error.message : String(error));
    return result;
  }
  let acknowledged: string | undefined;

  for (let edit = 1; performance.now() < window.deadline; edit++) {
    const sentAt = performance.now();
    const notes = `user ${n} edit ${edit}`;
    const outcome = await saveNotes(baseUrl, cookie, draft, notes);
    if (sentAt >= window.countFrom) result.latenciesMs.push(performance.now() - sentAt);
    if (outcome.kind === "saved") {
      draft = outcome.draft;
      acknowledged = notes;
    } else if (outcome.kind === "conflict") {
      // Nobody else edits this draft, so a conflict here means a save was applied twice or lost.
      result.conflicts += 1;
      draft = outcome.current;
    } else {
      result.failures.push(outcome.reason);
    }
    const wait = sentAt + SAVE_INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  const stored = await readDraft(baseUrl, cookie, draft.id).catch((error: unknown) => {
    result.failures.push(error instanceof Error ? error.message : String(error));
    return undefined;
  });
  result.lost = acknowledged !== undefined && stored?.notes !== acknowledged;
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The target for the saves themselves, one for their latency, and one for their CPU. */
const TARGETS = {
  saves: "no failed, conflicting or lost saves",
  latency: `p99 ≤ ${P99_TARGET_MS} ms`,
  cpu: `Node CPU per save ≤ ${NODE_CPU_TARGET_MS.toFixed(1)} ms`,
  cpuWithPostgres: `Node CPU per save ≤ ${NODE_CPU_TARGET_MS.toFixed(1)} ms, PostgreSQL CPU per save ≤ ${POSTGRES_CPU_TARGET_MS} ms`,
};

/** One row per database the shop runs on: the embedded PGlite (the default) and PostgreSQL. */
export async function autosaveRows(context: AutosaveContext): Promise<Row[]> {
  const rows = await autosaveRow(context, null);
  const binDir = postgresBinDir();
  if (!binDir) {
    const heading = rowHeading(context, "PostgreSQL");
    const result = "n/a (PostgreSQL not installed)";
    rows.push({ ...heading, result });
    rows.push({ ...heading, subject: "server latency", target: TARGETS.latency, result });
    rows.push({ ...heading, subject: "server CPU per save", target: TARGETS.cpuWithPostgres, result });
    return rows;
  }
  const postgres = await startPostgres(binDir);
  try {
    rows.push(...(await autosaveRow(context, postgres)));
  } finally {
    postgres.stop();
  }
  return rows;
}

function rowHeading(context: AutosaveContext, database: string) {
  return {
    benchmark: `Autosave (${context.users} users, ${context.durationSeconds} s, ${database})`,
    subject: "checkout step 2 saves",
    target: TARGETS.saves,
  };
}

/** Milliseconds of CPU per save, to two places. */
const perSave = (seconds: number, saves: number) => ((seconds * 1000) / saves).toFixed(2);

/** Two rows: the saves (none failed, conflicting or lost) and their latency with the CPU each took. */
async function autosaveRow(context: AutosaveContext, postgres: Postgres | null): Promise<Row[]> {
  // On PostgreSQL the shop runs as it would in production on this machine: a process per CPU
  // (WEB_CONCURRENCY, decision 031). PGlite is one process's own.
  const processes = postgres ? Math.min(2, availableParallelism()) : 1;
  const base = rowHeading(context, postgres ? `PostgreSQL, ${processes} processes` : "PGlite");
  if (!checkoutBuilt(context.routeIds)) return [{ ...base, result: "n/a (checkout not built yet)" }];

  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-autosave-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = postgres?.url ?? "";
  const env = { ...usersServerEnv(dataDir, baseUrl, databaseUrl), WEB_CONCURRENCY: String(processes) };
  try {
    const cookies = await seedUsers(env, context.users);

    const child = spawnServer({ buildDir: context.buildDir, dataDir, port, env, databaseUrl });
    child.stdout?.resume();
    child.stderr?.resume();
    try {
      await waitFor200(`${baseUrl}/healthz`, child);
      const pid = child.pid ?? 0;
      // CPU over the counted window only: the shop's Node processes, PostgreSQL's, and this process's
      // own (the load generator, counted apart so that it is seen, not charged to the shop).
      const nodeCpu = () => (processes > 1 ? cpuSecondsOfTree(pid) : cpuSecondsOf(pid));
      const postgresCpu = () => (postgres ? cpuSecondsOfTree(postgres.pid) : 0);
      const generatorCpu = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1e6;
      };
      const startedAt = performance.now();
      const countFrom = startedAt + WARM_UP_MS;
      const deadline = countFrom + context.durationSeconds * 1000;
      let before = { node: 0, postgres: 0, generator: 0 };
      const warm = new Promise<void>((resolve) =>
        setTimeout(() => {
          before = { node: nodeCpu(), postgres: postgresCpu(), generator: generatorCpu() };
          resolve();
        }, WARM_UP_MS),
      );
      const window = { countFrom, deadline };
      const users = await Promise.all(cookies.map((cookie, n) => simulateUser(baseUrl, cookie, window, n)));
      await warm;
      // The reads at the end and the last saves past the deadline are in the CPU, as they were before.
      const elapsedSeconds = (performance.now() - countFrom) / 1000;
      const used = {
        node: nodeCpu() - before.node,
        postgres: postgresCpu() - before.postgres,
        generator: generatorCpu() - before.generator,
      };

      const latencies = users.flatMap((u) => u.latenciesMs).sort((a, b) => a - b);
      const failures = users.flatMap((u) => u.failures);
      const conflicts = users.reduce((sum, u) => sum + u.conflicts, 0);
      const lost = users.filter((u) => u.lost).length;
      const firstFailures = [...new Set(failures)].slice(0, 3).join("; ");
      const p99 = percentile(latencies, 99);
      const saves = latencies.length;
      const nodeMs = (used.node * 1000) / saves;
      const postgresMs = (used.postgres * 1000) / saves;
      const generator = `load generator ${perSave(used.generator, saves)} ms/save, not counted`;
      return [
        {
          ...base,
          result:
            `${saves} saves counted after ${WARM_UP_MS / 1000} s of warm-up, ${Math.round(saves / elapsedSeconds)} saves/s, p50 ${Math.round(percentile(latencies, 50))} ms, ` +
            `${failures.length} failed${firstFailures ? ` (${firstFailures})` : ""}, ${conflicts} conflicts, ${lost} lost`,
          met: failures.length === 0 && conflicts === 0 && lost === 0,
        },
        {
          ...base,
          subject: "server latency",
          target: TARGETS.latency,
          result: `p99 ${Math.round(p99)} ms`,
          met: p99 <= P99_TARGET_MS,
        },
        {
          ...base,
          subject: "server CPU per save",
          target: postgres ? TARGETS.cpuWithPostgres : TARGETS.cpu,
          result: postgres
            ? `Node ${nodeMs.toFixed(2)} ms (${processes} processes) + PostgreSQL ${postgresMs.toFixed(2)} ms; ${generator}`
            : `Node ${nodeMs.toFixed(2)} ms (PGlite inside it); ${generator}`,
          met: nodeMs <= NODE_CPU_TARGET_MS && (!postgres || postgresMs <= POSTGRES_CPU_TARGET_MS),
        },
      ];
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
