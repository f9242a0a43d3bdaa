/**
 * Lighthouse 12 (mobile emulation, simulated throttling: its defaults) against Debian's Chromium,
 * which is started here with the flags this offline machine needs and handed to Lighthouse by port.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { CHROMIUM_LAUNCH } from "../chromium";
import type { Row } from "./table";

const CHROMIUM_ARGS = CHROMIUM_LAUNCH.args;

export interface PageScore {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/** Performance 100 on the home page, the listing and a product page (the fast-path work's target); CLS on every page audited. */
export const TARGETS = { performance: 100, cls: 0.02 };

interface Chromium {
  port: number;
  close(): Promise<void>;
}

async function launchChromium(): Promise<Chromium> {
  const profile = mkdtempSync(join(tmpdir(), "swag-bench-chromium-"));
  const child: ChildProcess = spawn(
    CHROMIUM_LAUNCH.executablePath,
    [...CHROMIUM_ARGS, "--remote-debugging-port=0", `--user-data-dir=${profile}`, "about:blank"],
    // Its own process group, so closing it also ends the renderer and GPU processes it started.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        child.stderr?.off("data", onData);
        resolve(Number(match[1]));
      }
    };
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}) before it listened:\n${output}`)));
  });
  // Chromium keeps writing to stderr; it must be drained or the pipe fills and Chromium stalls.
  child.stderr?.resume();
  return {
    port,
    close: async () => {
      const exited = new Promise((done) => child.once("exit", done));
      if (child.exitCode === null && child.pid) process.kill(-child.pid, "SIGTERM");
      await exited;
      // Helper processes may still be flushing into the profile for a moment after the browser exits.
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    },
  };
}

async function auditOnce(port: number, url: string): Promise<PageScore> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    formFactor: "mobile",
    throttlingMethod: "simulate",
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") throw new Error(`Lighthouse gave no ${id} for ${url}`);
    return value;
  };
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric("first-contentful-paint"),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The run with the median score stands for the page, so its metrics belong together. */
function medianRun(runs: PageScore[]): PageScore {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance || a.lcpMs - b.lcpMs);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

function describe(score: PageScore): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  return `perf ${score.performance}, FCP ${seconds(score.fcpMs)}, LCP ${seconds(score.lcpMs)}, TBT ${Math.round(score.tbtMs)} ms, CLS ${score.cls.toFixed(3)}`;
}

export interface LighthousePage {
  path: string;
  /** Pages held to the performance target; every page is held to the CLS target. */
  scoreTarget: boolean;
  /** Shown instead of a measurement while the route answers 404. */
  missing?: string;
}

/** Audits each page `runs` times in one Chromium and reports the median run. */
export async function lighthouseRows(baseUrl: string, pages: LighthousePage[], runs: number): Promise<Row[]> {
  const chromium = await launchChromium();
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const target = `${page.scoreTarget ? `performance ${TARGETS.performance} on a quiet machine (median of 3), ` : ""}CLS ≤ ${TARGETS.cls}`;
      const status = (await fetch(`${baseUrl}${page.path}`)).status;
      if (status === 404 && page.missing) {
        rows.push({ benchmark: "Lighthouse mobile", subject: page.path, result: page.missing, target });
        continue;
      }
      const results: PageScore[] = [];
      const problems: string[] = [];
      // Lighthouse sometimes loses a trace (NO_NAVSTART and the like); such a run is noted and made
      // again, up to two extra attempts per page, and the table says how many were lost.
      for (let attempt = 0; results.length < runs && attempt < runs + 2; attempt++) {
        try {
          results.push(await auditOnce(chromium.port, `${baseUrl}${page.path}`));
        } catch (error) {
          problems.push(error instanceof Error ? error.message : String(error));
          process.stderr.write(`[bench] Lighthouse run on ${page.path} failed: ${problems.at(-1)}\n`);
        }
      }
      if (results.length === 0) {
        rows.push({
          benchmark: "Lighthouse mobile",
          subject: page.path,
          result: `failed: ${problems.at(-1)}`,
          target,
          met: false,
        });
        continue;
      }
      const chosen = medianRun(results);
      const spread =
        (results.length > 1 ? ` (scores ${results.map((r) => r.performance).join("/")})` : "") +
        (problems.length > 0 ? ` [${problems.length} run(s) lost]` : "");
      rows.push({
        benchmark: "Lighthouse mobile",
        subject: page.path,
        result: `${describe(chosen)}${spread}`,
        target,
        met:
          (!page.scoreTarget || chosen.performance >= TARGETS.performance) &&
          median(results.map((r) => r.cls)) <= TARGETS.cls,
      });
    }
  } finally {
    await chromium.close();
  }
  return rows;
}
