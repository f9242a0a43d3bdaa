/**
 * Starts and stops the production build (`<buildDir>/server/index.js`) for the benchmarks, each copy
 * on a free loopback port with a data dir of its own.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { nightlyBackupDue } from "~/domain/core/backups";

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

/** Spawns the production server on `port`; `env` adds to (or overrides) the bench's environment. */
export function spawnServer(options: {
  buildDir: string;
  dataDir: string;
  port: number;
  env?: NodeJS.ProcessEnv;
  /** A PostgreSQL to use instead of the embedded default (PGlite in the data dir). */
  databaseUrl?: string;
}): ChildProcess {
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles each server the bench starts.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  return spawn(process.execPath, [...nodeArgs, resolve(options.buildDir, "server/index.js")], {
    env: {
      ...process.env,
      ...options.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      BASE_URL: `http://127.0.0.1:${options.port}`,
      DATA_DIR: options.dataDir,
      // The day's backup a fresh shop makes goes with its data dir, not into the project's ./backups.
      BACKUP_DIR: join(options.dataDir, "backups"),
      // The embedded default unless the bench asks for PostgreSQL, whatever the shell has set.
      DATABASE_URL: options.databaseUrl ?? "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** The pause between attempts in waitFor200. */
const POLL_MS = 5;

/**
 * Resolves once `url` answers 200. Attempts are POLL_MS apart (a refused connect returns at once), so
 * the time it resolves at is within a few milliseconds of the server's first possible answer.
 */
export async function waitFor200(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let exited: number | null | undefined;
  child.once("exit", (code) => (exited = code));
  while (performance.now() < deadline) {
    if (exited !== undefined) throw new Error(`server exited with code ${exited} before answering ${url}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    // Without a pause the poller would take one of the machine's two cores away from the server it
    // is timing.
    await new Promise((next) => setTimeout(next, POLL_MS));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/** Sends `signal` (SIGTERM: the graceful shutdown) and resolves once the process has exited. */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    child.kill(signal);
  });
}

/**
 * Starts the build and waits until `readyPath` (default: the home page) answers; the error carries
 * the server's output.
 */
export async function startServer(options: {
  buildDir: string;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  databaseUrl?: string;
  readyPath?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawnServer({ ...options, port });
  // The output is kept until the server answers, for the error; after that it is drained and
  // dropped, so that a log line per request costs the bench nothing while it measures.
  let output = "";
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${url}${options.readyPath ?? "/"}`, child);
  } catch (error) {
    await stopChild(child);
    throw new Error(`${error instanceof Error ? error.message : error}\n${output}`);
  }
  child.stdout?.off("data", keep).resume();
  child.stderr?.off("data", keep).resume();
  output = "";
  return { url, port, child, stop: () => stopChild(child) };
}

/**
 * Resolves once a shop just started on `dataDir` has made its nightly backup, when one is due: a
 * fresh shop started after 02:00 London makes the day's at once, and on PGlite the backup holds the
 * database for seconds (the `backup` section measures it). A bench of steady-state pages waits for
 * it, so that one row does not take the night's stall for a page's latency. Resolves with the wait.
 */
export async function afterNightlyBackup(dataDir: string, timeoutMs = 120_000): Promise<number> {
  if (!nightlyBackupDue(null, new Date())) return 0;
  const dir = join(dataDir, "backups");
  const started = performance.now();
  // An archive is written under a hidden name and renamed when whole (backup-runs.server.ts).
  const made = () => existsSync(dir) && readdirSync(dir).some((name) => /^swag-backup-.*\.tar$/.test(name));
  while (!made()) {
    if (performance.now() - started > timeoutMs) throw new Error(`no nightly backup in ${dir} within ${timeoutMs} ms`);
    await new Promise((next) => setTimeout(next, 100));
  }
  return performance.now() - started;
}
