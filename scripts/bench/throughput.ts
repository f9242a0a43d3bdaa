/**
 * SSR throughput against the same server sending a static copy of the same HTML. The copy is written
 * under `<client>/bench-static/` of a bench-only copy of the build, so the production server serves it
 * through its ordinary static middleware: same headers, same gzip, same process, no code of its own.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import type { Row } from "./table";

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export const TARGETS = { ratio: 0.5, p99Ms: 50 };

/** What a browser sends that changes the server's work: it asks for gzip. */
const HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "text/html" };

export async function load(
  url: string,
  options: { connections: number; durationSeconds: number },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: HEADERS,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

export interface PagePair {
  path: string;
  staticName: string;
}

/** Fetches each page's SSR HTML once and writes it where the static middleware will find it. */
export async function writeStaticCopies(baseUrl: string, clientDir: string, pages: PagePair[]): Promise<void> {
  const dir = join(clientDir, "bench-static");
  mkdirSync(dir, { recursive: true });
  for (const page of pages) {
    const response = await fetch(`${baseUrl}${page.path}`);
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    writeFileSync(join(dir, page.staticName), await response.text());
  }
}

function describe(result: LoadResult): string {
  return `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`;
}

/** For each page: a warm-up, then SSR and static back to back, each for the same fixed duration. */
export async function throughputRows(
  baseUrl: string,
  pages: PagePair[],
  options: { connections: number; durationSeconds: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const page of pages) {
    const ssrUrl = `${baseUrl}${page.path}`;
    const staticUrl = `${baseUrl}/bench-static/${page.staticName}`;
    // JIT warm-up, so neither side pays for the first compilations.
    await load(ssrUrl, { connections: options.connections, durationSeconds: 2 });
    await load(staticUrl, { connections: options.connections, durationSeconds: 2 });
    const ssr = await load(ssrUrl, options);
    const staticCopy = await load(staticUrl, options);
    const ratio = ssr.requestsPerSecond / staticCopy.requestsPerSecond;
    const failures = ssr.failures + staticCopy.failures;
    rows.push({
      benchmark: `SSR vs static (${options.connections} conn, ${options.durationSeconds} s)`,
      subject: page.path,
      result:
        `SSR ${describe(ssr)} | static ${describe(staticCopy)} | ratio ${ratio.toFixed(2)}` +
        (failures > 0 ? ` | ${failures} failed` : ""),
      target: `ratio ≥ ${TARGETS.ratio}, SSR p99 ≤ ${TARGETS.p99Ms} ms`,
      met: ratio >= TARGETS.ratio && ssr.p99Ms <= TARGETS.p99Ms && failures === 0,
    });
  }
  return rows;
}
