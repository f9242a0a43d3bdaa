/**
 * What a collection of sizes by link (docs/decisions/090-sizes-collected-by-link.md) costs at 500
 * answers, on the production build over PGlite: its buyer's tally page (every answer listed, the
 * count by size, the spares form), loaded one at a time as a buyer reads it, and closing it into
 * step 2, which writes the sizes to the cart line. A buyer and the answers are made before the
 * server starts (seed-users.ts, seed-collection.ts), through the shop's own code. No figure is set:
 * the closing note of the work on team links gives these.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { seedUsers, usersServerEnv } from "./checkout-users";
import { freePort, spawnServer, stopChild, waitFor200 } from "./server";
import type { Row } from "./table";

/** How many people answered: the scale the closing note is asked for. */
export const ANSWERS = 500;
/** Loads warming the page up, then loads timed; together under the buyer's 120 a minute. */
const WARM_UP_LOADS = 5;
const TIMED_LOADS = 40;
/** The target as the team-links work words it: no figure, only the closing note's. */
const TARGET = "the closing note gives what a collection of 500 responses costs to render and to close";

const benchmark = `Size collection of ${ANSWERS} answers (PGlite)`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs seed-collection.ts on `env`'s data dir (no server may hold it); resolves with the collection's id. */
function seedCollection(env: NodeJS.ProcessEnv): Promise<string> {
  const out = join(env.DATA_DIR ?? ".", "bench-collection.json");
  return new Promise((resolve, reject) => {
    // The catalogue's code imports its pictures as Vite does: the hook teaches this process the same.
    const args = ["tsx", "--import", "./tests/setup/asset-imports.mjs", "scripts/bench/seed-collection.ts"];
    const child = spawn("npx", [...args, String(ANSWERS), out], {
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`seeding the collection exited with ${code}`));
      const id: unknown = JSON.parse(readFileSync(out, "utf8"));
      if (typeof id === "string") resolve(id);
      else reject(new Error(`${out} holds no collection id`));
    });
  });
}

/** One load of the tally page: its time to the last byte and its size. */
async function loadTally(url: string, cookie: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const bytes = (await response.arrayBuffer()).byteLength;
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`the tally page answered ${response.status}`);
  return { ms, bytes };
}

export async function sizeCollectionRows(buildDir: string): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-collection-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = usersServerEnv(dataDir, baseUrl);
  try {
    const [cookie] = await seedUsers(env, 1);
    if (!cookie) throw new Error("no buyer was seeded");
    const id = await seedCollection(env);
    const child = spawnServer({ buildDir, dataDir, port, env });
    child.stdout?.resume();
    child.stderr?.resume();
    try {
      await waitFor200(`${baseUrl}/healthz`, child);
      const page = `${baseUrl}/collections/${id}`;
      for (let i = 0; i < WARM_UP_LOADS; i += 1) await loadTally(page, cookie);
      const loads: { ms: number; bytes: number }[] = [];
      for (let i = 0; i < TIMED_LOADS; i += 1) loads.push(await loadTally(page, cookie));
      const times = loads.map((load) => load.ms).sort((a, b) => a - b);

      const started = performance.now();
      const closed = await fetch(page, {
        method: "POST",
        redirect: "manual",
        headers: { cookie, origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "close" }),
      });
      await closed.arrayBuffer();
      const closeMs = performance.now() - started;
      const location = closed.headers.get("location") ?? "";
      if (closed.status < 300 || closed.status >= 400 || !location.startsWith("/customization"))
        throw new Error(`closing answered ${closed.status} ${location}`);

      return [
        {
          benchmark,
          subject: `its buyer's tally page, rendered, ${TIMED_LOADS} loads one at a time`,
          result:
            `p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms, ` +
            `${((loads[0]?.bytes ?? 0) / 1000).toFixed(0)} kB of HTML`,
          target: TARGET,
        },
        {
          benchmark,
          subject: "closing it into step 2 (the sizes written to the cart line)",
          result: `${closeMs.toFixed(0)} ms`,
          target: TARGET,
        },
      ];
    } finally {
      await stopChild(child);
    }
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";
    return [{ benchmark, subject: "tally page and closing", result: `failed: ${message}`, target: TARGET, met: false }];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
