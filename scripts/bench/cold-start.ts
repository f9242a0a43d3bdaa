/**
 * Cold start: from spawning `node <build>/server/index.js` to the first 200 on `/`, with a data dir
 * that already exists (a restart, not a first install). The first start creates the data dir and is
 * not counted.
 */
import { freePort, spawnServer, stopChild, waitFor200 } from "./server";
import type { Row } from "./table";

export const TARGET_MS = 2_000;

async function timeOneStart(buildDir: string, dataDir: string): Promise<number> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawnServer({ buildDir, dataDir, port });
  // Unread pipes would fill and stall the server.
  child.stdout?.resume();
  child.stderr?.resume();
  try {
    await waitFor200(`http://127.0.0.1:${port}/`, child);
    return performance.now() - startedAt;
  } finally {
    await stopChild(child);
  }
}

export async function coldStartRow(buildDir: string, dataDir: string, starts: number): Promise<Row> {
  await timeOneStart(buildDir, dataDir);
  const times: number[] = [];
  for (let i = 0; i < starts; i++) times.push(await timeOneStart(buildDir, dataDir));
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return {
    benchmark: `Cold start (median of ${starts})`,
    subject: "process start → first 200 on /",
    result: `${(median / 1000).toFixed(2)} s (runs ${times.map((t) => (t / 1000).toFixed(2)).join(", ")} s)`,
    target: `≤ ${(TARGET_MS / 1000).toFixed(1)} s`,
    met: median <= TARGET_MS,
  };
}
