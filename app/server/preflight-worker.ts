/**
 * The preflight worker thread (issue 20): one per file, started by preflight.server.ts with time
 * and memory limits, so a hostile or huge upload costs an isolate, never the request thread. It
 * reads one job, answers once, and is terminated. No database, no environment, no app imports
 * beyond the readers, Ghostscript's boxed-in child for an EPS's picture, and the domain's types.
 */
import { parentPort } from "node:worker_threads";
import type { PreflightReport } from "~/domain/preflight";
import { renderEpsPreview } from "./eps-preview.server";
import { epsPostScript } from "./preflight-eps.server";
import { readEps, readPdfWithPreview } from "./preflight-read.server";

export type PreflightJob = { kind: "pdf" | "eps"; bytes: Uint8Array };
export type PreflightAnswer = { report: PreflightReport; preview: Uint8Array | null };

const port = parentPort;
/** An EPS's report, and its picture when Ghostscript can draw it (eps-preview.server.ts). */
async function readEpsWithPreview(bytes: Uint8Array): Promise<PreflightAnswer> {
  const report = readEps(bytes);
  const postscript = epsPostScript(bytes);
  if (report.kind !== "eps" || !report.boundingBox || !postscript) return { report, preview: null };
  return { report, preview: await renderEpsPreview(postscript, report.boundingBox) };
}

port?.once("message", async ({ kind, bytes }: PreflightJob) => {
  const answer: PreflightAnswer = kind === "pdf" ? await readPdfWithPreview(bytes) : await readEpsWithPreview(bytes);
  const { preview } = answer;
  port.postMessage(answer, preview ? [preview.buffer as ArrayBuffer] : []);
});
