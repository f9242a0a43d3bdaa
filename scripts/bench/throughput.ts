/**
 * SSR throughput against a plain Node HTTP server sending the same page from memory (gzipped
 * once, as the shop gzips its answer), each in a process of its own, in the same run. The plain server
 * is the ceiling of a Node process answering HTTP; the ratio says how much of it the shop keeps while
 * it renders (or replays) the page, sets its headers and compresses it.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
/** The signed-out page cache's own targets: the pages measured here are its hits. */
export const CACHED_TARGETS = { ratio: 0.6, p99Ms: 10 };

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

/**
 * The plain server: each page's bytes in memory, gzipped once, sent with a length. It logs as the
 * shop does (one JSON line per request with a request id, written to stdout without blocking in
 * whole lines of at most 4 kB), so the two pay the same for their logs and the bench drains both.
 */
const PLAIN_SERVER = `
const http = require("node:http"), zlib = require("node:zlib"), fs = require("node:fs"), crypto = require("node:crypto");
const pages = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
const bodies = new Map(pages.map((p) => [p.path, { plain: Buffer.from(p.html), gzip: zlib.gzipSync(p.html) }]));
let pending = "", writing = false;
const flush = () => {
  if (writing || pending === "") return;
  const cut = pending.length <= 4096 ? pending.length : pending.lastIndexOf("\\n", 4096) + 1 || pending.length;
  const chunk = pending.slice(0, cut);
  pending = pending.slice(cut);
  writing = true;
  process.stdout.write(chunk, () => { writing = false; flush(); });
};
http.createServer((request, response) => {
  const startedAt = performance.now();
  const body = bodies.get(request.url);
  if (!body) { response.statusCode = 404; response.end(); return; }
  const gzip = (request.headers["accept-encoding"] || "").includes("gzip");
  const bytes = gzip ? body.gzip : body.plain;
  const requestId = crypto.randomUUID();
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": bytes.length, "x-request-id": requestId, ...(gzip ? { "content-encoding": "gzip" } : {}) });
  response.end(bytes);
  pending += JSON.stringify({ level: 30, time: new Date().toISOString(), pid: process.pid, requestId, method: request.method, path: request.url, status: 200, ms: Math.round((performance.now() - startedAt) * 10) / 10, msg: "request" }) + "\\n";
  flush();
}).listen(0, "127.0.0.1", function () { process.stderr.write("port " + this.address().port + "\\n"); });
`;

/** Fetches each page's SSR HTML once and starts the plain server with it; resolves with its origin. */
export async function startPlainServer(
  baseUrl: string,
  paths: string[],
): Promise<{ url: string; stop(): Promise<void> }> {
  const copies = [];
  for (const path of paths) {
    const response = await fetch(`${baseUrl}${path}`);
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    copies.push({ path, html: await response.text() });
  }
  const dir = mkdtempSync(join(tmpdir(), "swag-bench-plain-"));
  const file = join(dir, "pages.json");
  writeFileSync(file, JSON.stringify(copies));
  const child = spawn(process.execPath, ["-e", PLAIN_SERVER, file], { stdio: ["ignore", "pipe", "pipe"] });
  // Its log is drained and dropped, as the shop's is (server.ts).
  child.stdout.resume();
  const port = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the plain server exited with ${code}`)));
    child.stderr.setEncoding("utf8").once("data", (line: string) => resolve(line.replace(/^port /, "").trim()));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function describe(result: LoadResult): string {
  return `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`;
}

/** For each page: a warm-up, then SSR and static back to back, each for the same fixed duration. */
export async function throughputRows(
  baseUrl: string,
  paths: string[],
  options: { connections: number; durationSeconds: number },
): Promise<Row[]> {
  const plain = await startPlainServer(baseUrl, paths);
  try {
    return await measurePairs(baseUrl, plain.url, paths, options);
  } finally {
    await plain.stop();
  }
}

async function measurePairs(
  baseUrl: string,
  plainUrl: string,
  paths: string[],
  options: { connections: number; durationSeconds: number },
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const path of paths) {
    const ssrUrl = `${baseUrl}${path}`;
    const staticUrl = `${plainUrl}${path}`;
    // JIT warm-up, so neither side pays for the first compilations.
    await load(ssrUrl, { connections: options.connections, durationSeconds: 2 });
    await load(staticUrl, { connections: options.connections, durationSeconds: 2 });
    const ssr = await load(ssrUrl, options);
    const staticCopy = await load(staticUrl, options);
    const ratio = ssr.requestsPerSecond / staticCopy.requestsPerSecond;
    const failures = ssr.failures + staticCopy.failures;
    rows.push({
      benchmark: `SSR vs plain Node server (${options.connections} conn, ${options.durationSeconds} s)`,
      subject: path,
      result:
        `SSR ${describe(ssr)} | plain Node ${describe(staticCopy)} | ratio ${ratio.toFixed(2)}` +
        (failures > 0 ? ` | ${failures} failed` : ""),
      target: `ratio ≥ ${TARGETS.ratio}, SSR p99 ≤ ${TARGETS.p99Ms} ms`,
      met: ratio >= TARGETS.ratio && ssr.p99Ms <= TARGETS.p99Ms && failures === 0,
    });
    rows.push({
      benchmark: `Cached page vs plain Node server (${options.connections} conn, ${options.durationSeconds} s)`,
      subject: path,
      result: `ratio ${ratio.toFixed(2)}, p99 ${ssr.p99Ms} ms (the row above)`,
      target: `≥ ${CACHED_TARGETS.ratio} of a plain Node server sending the same bytes, p99 ≤ ${CACHED_TARGETS.p99Ms} ms`,
      met: ratio >= CACHED_TARGETS.ratio && ssr.p99Ms <= CACHED_TARGETS.p99Ms && failures === 0,
    });
  }
  return rows;
}
