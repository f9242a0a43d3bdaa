/**
 * Issue 20: the preflight of an uploaded PDF or EPS, run in a worker thread of its own
 * (preflight-worker.ts) so a hostile or huge file is refused as "too complex" instead of stalling
 * or crashing the server. A fresh worker per file, so one file cannot poison the next; one at a
 * time per process (the machine has 2 cores and also serves pages), a few waiting, then "busy".
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { PreflightReport } from "~/domain/preflight";
import type { PreflightAnswer, PreflightJob } from "./preflight-worker";

export type PreflightOptions = {
  /** Wall-clock limit from the worker's start, loading included. */
  timeoutMs?: number;
  maxOldGenerationSizeMb?: number;
  maxYoungGenerationSizeMb?: number;
};
export type PreflightResult =
  | { ok: true; report: PreflightReport; preview: Uint8Array | null }
  | { ok: false; busy: true }
  /** Over a limit of the parser's sandbox: the upload is kept, unchecked; `message` starts "We could not check this file: ". */
  | { ok: false; overLimit: "cpu" | "memory" | "time" | "output" | "crash"; message: string };

/**
 * Measured (build/server/preflight-worker.js, 2 cores): a 50 MB PDF of noise images, read and
 * rendered in about 2.4 s, needs between 64 and 96 MB of old generation (64 runs out), so 384 leaves
 * four times the room. Decoded pixels live outside the heap (the process's RSS grows by about
 * 500 MB): preflight-read.server.ts refuses images over 100 megapixels before decoding them.
 */
const DEFAULTS = { timeoutMs: 20_000, maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 48 } as const;
const MAX_RUNNING = 1;
const MAX_WAITING = 4;

/**
 * The built worker: `npm run build` emits build/server/preflight-worker.js (vite.config.ts) and
 * server.ts points here. Without it (vitest, `npm run dev`) the TypeScript entry runs under tsx.
 */
let builtWorkerFile: string | null = null;
export function setPreflightWorkerFile(path: string) {
  builtWorkerFile = path;
}
const SOURCE_WORKER = join(dirname(fileURLToPath(import.meta.url)), "preflight-worker.ts");
/**
 * Node 20 ignores `--import tsx` in a worker's execArgv, so the source entry is loaded by a
 * bootstrap that registers tsx's hooks in the worker first (tsx also resolves tsconfig's "~/").
 */
const SOURCE_BOOTSTRAP = `import("tsx/esm/api")
  .then(({ register }) => { register(); return import(${JSON.stringify(SOURCE_WORKER)}); })
  .catch((error) => { console.error(error); process.exit(1); });`;

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

/**
 * The report and page-one preview of `bytes`. The bytes' buffer is transferred to the worker, not
 * copied (a 50 MB upload is not held twice), so the caller must not use `bytes` afterwards.
 */
export async function runPreflight(
  kind: PreflightJob["kind"],
  bytes: Uint8Array,
  options: PreflightOptions = {},
): Promise<PreflightResult> {
  if (!(await acquire())) return { ok: false, busy: true };
  try {
    return { ok: true, ...(await runWorker({ kind, bytes }, { ...DEFAULTS, ...options })) };
  } finally {
    release();
  }
}

const TOO_COMPLEX: PreflightAnswer = { report: { kind: "unreadable", reason: "too_complex" }, preview: null };

function runWorker(job: PreflightJob, limits: Required<PreflightOptions>): Promise<PreflightAnswer> {
  const { bytes } = job;
  const size = bytes.byteLength;
  // A Buffer from Node's shared pool cannot be transferred; a view of part of a buffer would
  // transfer the rest too. Either is copied once.
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer
      ? bytes
      : bytes.slice();
  return new Promise((resolve) => {
    const worker = new Worker(builtWorkerFile ?? SOURCE_BOOTSTRAP, {
      eval: builtWorkerFile === null,
      // The worker sees no secrets: a file that found a hole in a parser finds an empty environment.
      env: {},
      resourceLimits: {
        maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: limits.maxYoungGenerationSizeMb,
      },
    });
    let settled = false;
    const finish = (answer: PreflightAnswer, cause?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (cause) console.warn(`[preflight] ${job.kind} of ${size} bytes refused as too complex: ${cause}`);
      void worker.terminate();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(TOO_COMPLEX, `over the ${limits.timeoutMs} ms time limit`), limits.timeoutMs);
    worker.once("message", (answer: PreflightAnswer) => finish(answer));
    worker.once("error", (error: Error & { code?: string }) =>
      finish(TOO_COMPLEX, error.code === "ERR_WORKER_OUT_OF_MEMORY" ? "out of memory" : `crashed: ${error.message}`),
    );
    worker.once("exit", (code) => finish(TOO_COMPLEX, `the worker exited (code ${code}) without an answer`));
    worker.postMessage({ kind: job.kind, bytes: whole } satisfies PreflightJob, [whole.buffer as ArrayBuffer]);
  });
}
