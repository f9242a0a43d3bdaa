/**
 * Checkout autosave under 200 concurrent simulated users (issue 3). Each user is a real account with
 * a real session (signed up and in by autosave-seed.ts on the server's data dir before it starts),
 * opens a draft for the cap and then edits step 2 the way the browser's autosave sends it
 * (use-draft-autosave.ts): one save in flight at a time, at most one every 600 ms, each carrying the
 * version it last saw. At the end every draft is read back: the last acknowledged edit must be there.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, spawnServer, stopChild, waitFor200 } from "./server";
import type { Row } from "./table";

/** Issue 3: 200 concurrent users. */
export const USERS = 200;
/** SPEC.md §9: the client saves 600 ms after the last change; a busy typist saves that often. */
const SAVE_INTERVAL_MS = 600;
const PRODUCT_ID = "8";

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

function seedUsers(env: NodeJS.ProcessEnv, count: number, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The shop logs outgoing mail to stdout; stdout is the table's, so the seeder's goes nowhere.
    const child = spawn("npx", ["tsx", "scripts/bench/autosave-seed.ts", String(count), out], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`seeding users exited with ${code}`))));
  });
}

async function simulateUser(baseUrl: string, cookie: string, deadline: number, n: number): Promise<UserResult> {
  const result: UserResult = { latenciesMs: [], failures: [], conflicts: 0, lost: false };
  const headers = { cookie, origin: baseUrl, "content-type": "application/json" };
  const created = await fetch(`${baseUrl}/api/drafts`, {
    method: "POST",
    headers,
    body: JSON.stringify({ product_id: PRODUCT_ID, patch: { quantity: 50 } }),
  });
  if (created.status !== 201) {
    result.failures.push(`create ${created.status}`);
    await created.body?.cancel();
    return result;
  }
  let { id, version } = ((await created.json()) as { draft: { id: string; version: number } }).draft;
  let acknowledged: string | undefined;

  for (let edit = 1; performance.now() < deadline; edit++) {
    const sentAt = performance.now();
    const notes = `user ${n} edit ${edit}`;
    const response = await fetch(`${baseUrl}/api/drafts/${id}`, {
      method: "POST",
      headers,
      body: JSON.stringify({ step: "customisation", patch: { notes }, expectedVersion: version }),
    });
    result.latenciesMs.push(performance.now() - sentAt);
    const body = (await response.json()) as {
      draft?: { id: string; version: number };
      error?: { code: string; current?: { version: number } };
    };
    if (response.status === 200 && body.draft) {
      ({ id, version } = body.draft);
      acknowledged = notes;
    } else if (response.status === 409 && body.error?.current) {
      // Nobody else edits this draft, so a conflict here means a save was applied twice or lost.
      result.conflicts += 1;
      version = body.error.current.version;
    } else {
      result.failures.push(`save ${response.status} ${body.error?.code ?? ""}`.trim());
    }
    const wait = sentAt + SAVE_INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  const stored = await fetch(`${baseUrl}/api/drafts/${id}`, { headers: { cookie } });
  const { draft } = (await stored.json()) as { draft?: { data: { notes?: string } } };
  result.lost = acknowledged !== undefined && draft?.data.notes !== acknowledged;
  return result;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function autosaveRow(context: AutosaveContext): Promise<Row> {
  const base = { benchmark: `Autosave (${context.users} users, ${context.durationSeconds} s)`, subject: "checkout step 2 saves", target: "no failed, conflicting or lost saves" };
  if (!checkoutBuilt(context.routeIds)) return { ...base, result: "n/a (checkout not built yet)" };

  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-autosave-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    AUTH_SECRET: randomBytes(24).toString("hex"),
    DATABASE_URL: "",
    SMTP_URL: "",
  };
  try {
    const cookiesFile = join(dataDir, "bench-cookies.json");
    await seedUsers(env, context.users, cookiesFile);
    const cookies = JSON.parse(readFileSync(cookiesFile, "utf8")) as string[];

    const child = spawnServer({ buildDir: context.buildDir, dataDir, port, env });
    child.stdout?.resume();
    child.stderr?.resume();
    try {
      await waitFor200(`${baseUrl}/healthz`, child);
      const startedAt = performance.now();
      const deadline = startedAt + context.durationSeconds * 1000;
      const users = await Promise.all(cookies.map((cookie, n) => simulateUser(baseUrl, cookie, deadline, n)));
      const elapsedSeconds = (performance.now() - startedAt) / 1000;

      const latencies = users.flatMap((u) => u.latenciesMs).sort((a, b) => a - b);
      const failures = users.flatMap((u) => u.failures);
      const conflicts = users.reduce((sum, u) => sum + u.conflicts, 0);
      const lost = users.filter((u) => u.lost).length;
      const firstFailures = [...new Set(failures)].slice(0, 3).join("; ");
      return {
        ...base,
        result:
          `${latencies.length} saves, ${Math.round(latencies.length / elapsedSeconds)} saves/s, ` +
          `p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms, ` +
          `${failures.length} failed${firstFailures ? ` (${firstFailures})` : ""}, ${conflicts} conflicts, ${lost} lost`,
        met: failures.length === 0 && conflicts === 0 && lost === 0,
      };
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
