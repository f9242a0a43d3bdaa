/**
 * The preflight worker thread (issue 20): one per file, started by preflight.server.ts with time
 * and memory limits, so a hostile or huge upload costs an isolate, never the request thread. It
 * reads one job, answers once, and is terminated. No database, no environment, no app imports
 * beyond the readers and the domain's types.
 */
import { parentPort } from "node:worker_threads";
import type { PreflightReport } from "~/domain/preflight";
import { readEps, readPdfWithPreview } from "./preflight-read.server";

export type PreflightJob = { kind: "pdf" | "eps"; bytes: Uint8Array };
export type PreflightAnswer = { report: PreflightReport; preview: Uint8Array | null };

const port = parentPort;
port?.once("message", async ({ kind, bytes }: PreflightJob) => {
  const answer: PreflightAnswer =
    kind === "pdf" ? await readPdfWithPreview(bytes) : { report: readEps(bytes), preview: null };
  const { preview } = answer;
  port.postMessage(answer, preview ? [preview.buffer as ArrayBuffer] : []);
});
