/**
 * The preflight of an uploaded PDF or EPS (docs/decisions/027-artwork-preflight.md), run in a
 * process of its own per file (preflight-worker.ts) inside the bubblewrap sandbox
 * (preflight-sandbox.server.ts, docs/decisions/032-sandboxed-parsers.md), under CPU, memory, wall
 * time and output limits. A file over a limit, one the reader crashes on, or any file where there is
 * no sandbox is answered as such (the upload is kept for staff to check by hand); the server itself
 * never parses it. One check at
 * a time per process (the machine has 2 cores and also serves pages), a few waiting, then "busy".
 */
import { execFile, spawn } from "node:child_process";
import { constants } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { preflightReportSchema } from "~/domain/artwork/preflight-schema";
import {
  boundReport,
  OVER_LIMIT_MESSAGES,
  OVER_LIMITS,
  type OverLimit,
  type PreflightReport,
} from "~/domain/artwork/preflight";
import {
  boxed as inBox,
  epsPreviewsOn,
  nodeModulesOf,
  SANDBOX_PATH,
  sandboxAvailable,
} from "./preflight-sandbox.server";
import type { PreflightAnswerHead, PreflightKind } from "./preflight-worker";

export type PreflightOptions = {
  /** Wall-clock limit from the process's start, loading included. */
  timeoutMs?: number;
  /** CPU seconds of each process of the check (the worker, and Ghostscript inside it). */
  cpuSeconds?: number;
  /** The worker's memory (RLIMIT_DATA: its heap, decoded pixels, native allocations), on top of what Node reserves at start. */
  memoryMb?: number;
  /** V8's old generation inside that memory. */
  maxOldGenerationSizeMb?: number;
  /** The answer's size on stdout, and any file the process writes (RLIMIT_FSIZE). */
  outputBytes?: number;
};
export type PreflightResult =
  | { ok: true; report: PreflightReport; preview: Uint8Array | null }
  | { ok: false; busy: true }
  | { ok: false; overLimit: OverLimit; message: string };

const MB = 1024 * 1024;
/**
 * The box's limits (docs/decisions/032-sandboxed-parsers.md): 3 s of CPU, 512 MB of memory, 10 s of
 * wall time. The answer is a report of a few kilobytes and a PNG of at most 800 × 800 px, so 24 MB
 * of output is far beyond any honest one.
 */
const DEFAULTS = {
  timeoutMs: 10_000,
  cpuSeconds: 3,
  memoryMb: 512,
  maxOldGenerationSizeMb: 384,
  outputBytes: 24 * MB,
} as const;
const MAX_RUNNING = 1;
const MAX_WAITING = 4;

/**
 * The built worker: `npm run build` emits build/server/preflight-worker.js (vite.config.ts) and
 * server.ts points here; vitest bundles the same entry (tests/setup/preflight-worker-build.ts).
 * Without either (`npm run dev`) the TypeScript entry runs under tsx.
 */
let builtWorkerFile: string | null = null;
export function setPreflightWorkerFile(path: string) {
  builtWorkerFile = path;
}
const SOURCE_WORKER = join(dirname(fileURLToPath(import.meta.url)), "preflight-worker.ts");

let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<boolean> {
  if (running < MAX_RUNNING) {
    running += 1;
    return true;
  }
  if (waiting.length >= MAX_WAITING) return false;
  // release() hands its slot straight over, so no caller arriving meanwhile can take it.
  await new Promise<void>((resolve) => waiting.push(resolve));
  return true;
}

function release() {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

/** The report and page-one preview of `bytes`, or which limit the file ran into. */
export async function runPreflight(
  kind: PreflightKind,
  bytes: Uint8Array,
  options: PreflightOptions = {},
): Promise<PreflightResult> {
  if (!(await acquire())) return { ok: false, busy: true };
  try {
    return await runWorker(kind, bytes, { ...DEFAULTS, ...options });
  } finally {
    release();
  }
}

/** What the box runs: node and the worker's code, and what of the shop's files it needs to see. */
function workerCommand(): { args: string[]; code: string[]; cwd: string; compileSeconds: number; compileMb: number } {
  if (builtWorkerFile) {
    const modules = nodeModulesOf(builtWorkerFile);
    return {
      args: [builtWorkerFile],
      code: [dirname(builtWorkerFile), ...(modules ? [modules] : [])],
      cwd: dirname(builtWorkerFile),
      compileSeconds: 0,
      compileMb: 0,
    };
  }
  // `npm run dev`: the sources and node_modules (for tsx), never the project root with ./data in it.
  // tsx compiles the readers (pdfjs among them) afresh in every process: 2 to 3 s of CPU and a few
  // hundred MB measured, so the dev server allows 10 s more of CPU and wall time and 512 MB more
  // memory; the build and the tests have the real limits.
  // The project's root: the folder that holds the node_modules the sources run with.
  const modules = nodeModulesOf(SOURCE_WORKER);
  if (!modules) throw new Error(`No node_modules above ${SOURCE_WORKER}`);
  const root = dirname(modules);
  return {
    args: ["--import", "tsx", SOURCE_WORKER],
    code: ["app", "node_modules", "package.json", "tsconfig.json"].map((name) => join(root, name)),
    cwd: root,
    compileSeconds: 10,
    compileMb: 512,
  };
}

/**
 * What Node holds as data before it runs a line, which RLIMIT_DATA counts on top of the file's
 * budget: Node 24 reserves about 520 MB of address space for V8's code at start (Node 20 about
 * 45 MB), reserved, not used. Read once per process from a bare node's /proc/self/status, so the
 * box allows the file the same memory whichever Node the shop runs on; 0 where it cannot be read.
 */
let runtimeData: Promise<number> | undefined;
function runtimeDataBytes(): Promise<number> {
  runtimeData ??= new Promise((resolve) => {
    const read =
      "process.stdout.write(/VmData:\\s+(\\d+)/.exec(require('node:fs').readFileSync('/proc/self/status','utf8'))?.[1] ?? '0')";
    execFile(process.execPath, ["-e", read], { timeout: 5_000 }, (error, stdout) =>
      resolve(error ? 0 : Number(stdout) * 1024 || 0),
    );
  });
  return runtimeData;
}

const OUT_OF_MEMORY = /out of memory|allocation failed|cannot allocate memory|bad_alloc/i;
const signalName = (number: number) =>
  (Object.entries(constants.signals).find(([, value]) => value === number)?.[0] ?? null) as NodeJS.Signals | null;
/** A line of the child's stderr fit for the log: printable, short. */
const loggable = (text: string) => text.replace(/[^\x20-\x7e]+/g, " ").slice(0, 200);

async function runWorker(
  kind: PreflightKind,
  bytes: Uint8Array,
  limits: Required<PreflightOptions>,
): Promise<PreflightResult> {
  // A stranger's file is opened only in the box (decision 032): without one it is kept, unchecked.
  if (!(await sandboxAvailable()))
    return { ok: false, overLimit: "no-sandbox", message: OVER_LIMIT_MESSAGES["no-sandbox"] };
  const picture = await epsPreviewsOn();
  const worker = workerCommand();
  const node = [
    process.execPath,
    `--max-old-space-size=${limits.maxOldGenerationSizeMb + worker.compileMb}`,
    ...worker.args,
    kind,
    String(bytes.byteLength),
    ...(picture ? ["--eps-picture"] : []),
  ];
  const prlimit = [
    `--cpu=${limits.cpuSeconds + worker.compileSeconds}:${limits.cpuSeconds + worker.compileSeconds + 1}`,
    `--data=${(limits.memoryMb + worker.compileMb) * MB + (await runtimeDataBytes())}`,
    `--fsize=${limits.outputBytes}`,
    "--core=0",
    "--nofile=256",
    "--",
  ];
  const command = await inBox(worker.code, ["--chdir", worker.cwd, ...node]);
  const started = performance.now();
  const child = spawn("prlimit", [...prlimit, ...command], {
    stdio: ["pipe", "pipe", "pipe"],
    // Nothing of the server's environment: no database URL, no keys (bwrap clears its child's too).
    env: { PATH: SANDBOX_PATH, HOME: "/tmp" },
    cwd: worker.cwd,
    // A process group of its own, so the wall timer kills everything the check started.
    detached: true,
  });

  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let errors = "";
    let killedFor: OverLimit | null = null;
    const kill = (reason: OverLimit) => {
      killedFor ??= reason;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => kill("time"), limits.timeoutMs + worker.compileSeconds * 1000);
    const overLimit = (reason: OverLimit, detail: string) => {
      const ms = Math.round(performance.now() - started);
      console.warn(
        `[preflight] ${kind} of ${bytes.byteLength} bytes over the ${reason} limit after ${ms} ms: ${loggable(detail)}`,
      );
      resolve({ ok: false, overLimit: reason, message: OVER_LIMIT_MESSAGES[reason] });
    };
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limits.outputBytes) return kill("output");
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (errors.length < 8192) errors += chunk.toString("latin1");
    });
    child.once("error", (error) => {
      clearTimeout(timer);
      overLimit("crash", `could not start: ${error.message}`);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      if (killedFor) return overLimit(killedFor, "killed");
      // bwrap reports its child's death by a signal as 128 + the signal's number.
      const died = signal ?? (code !== null && code > 128 ? signalName(code - 128) : null);
      const answer = code === 0 ? parseAnswer(Buffer.concat(chunks)) : null;
      if (answer?.overLimit) return overLimit(answer.overLimit, "Ghostscript");
      if (answer) return resolve({ ok: true, report: answer.report, preview: answer.preview });
      if (OUT_OF_MEMORY.test(errors)) return overLimit("memory", errors);
      // SIGKILL that was not ours is the CPU hard limit, one second after SIGXCPU was ignored.
      if (died === "SIGXCPU" || died === "SIGKILL") return overLimit("cpu", String(died));
      if (died === "SIGXFSZ") return overLimit("output", died);
      overLimit("crash", `${died ?? `exit code ${code}`} ${errors}`);
    });
    // A reader that stops reading its input early is not an error here; it is judged by its exit.
    child.stdin.on("error", () => {});
    child.stdin.end(bytes);
  });
}

/**
 * The worker's answer: a line of JSON, then exactly the PNG bytes it announced; null otherwise. The
 * worker read a stranger's file, so its report is held to the stored report's schema here.
 */
function parseAnswer(
  output: Buffer,
): { report: PreflightReport; preview: Uint8Array | null; overLimit?: OverLimit } | null {
  const newline = output.indexOf(0x0a);
  if (newline < 0) return null;
  try {
    const head = JSON.parse(output.subarray(0, newline).toString("utf8")) as PreflightAnswerHead;
    const png = output.subarray(newline + 1);
    if (png.byteLength !== head.previewBytes) return null;
    const report = preflightReportSchema.parse(boundReport(head.report)) as PreflightReport;
    const overLimit = head.overLimit === undefined ? undefined : z.enum(OVER_LIMITS).parse(head.overLimit);
    return { report, preview: png.byteLength > 0 ? new Uint8Array(png) : null, overLimit };
  } catch {
    return null;
  }
}
