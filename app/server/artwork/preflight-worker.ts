/**
 * The preflight worker process (docs/decisions/032-sandboxed-parsers.md): one per file, started by
 * preflight.server.ts inside the sandbox with CPU, memory and time limits, for a PDF, an EPS, a PNG,
 * a JPEG or an SVG (decision 044). It reads the file from
 * stdin and writes one answer to stdout: a line of JSON, then the preview's PNG bytes. No database,
 * no environment, no file of the shop's, no app imports beyond the readers, Ghostscript's child for
 * an EPS's picture (only when started with --eps-picture, that is inside the box), and the types.
 */
import type { ArtworkKind } from "~/domain/artwork/artwork-rules";
import type { OverLimit, PreflightReport } from "~/domain/artwork/preflight";
import { drawEps } from "./eps-preview.server";
import { epsPostScript } from "./preflight-eps.server";
import { readRasterWithPreview } from "./preflight-raster.server";
import { readEps, readPdfWithPreview } from "./preflight-read.server";
import { readSvgWithPreview } from "./preflight-svg.server";

export type PreflightKind = ArtworkKind;
/** The JSON line of the answer; `previewBytes` of PNG follow it. */
export type PreflightAnswerHead = { report: PreflightReport; previewBytes: number; overLimit?: OverLimit };
export type PreflightAnswer = { report: PreflightReport; preview: Uint8Array | null; overLimit?: OverLimit };

/** An EPS's report, and its picture when Ghostscript may draw it (eps-preview.server.ts). */
async function readEpsWithPreview(bytes: Uint8Array, picture: boolean): Promise<PreflightAnswer> {
  const report = readEps(bytes);
  if (report.kind !== "eps") return { report, preview: null };
  if (!picture) return { report: { ...report, pictureOff: true }, preview: null };
  const postscript = epsPostScript(bytes);
  if (!report.boundingBox || !postscript) return { report, preview: null };
  const drawing = await drawEps(postscript, report.boundingBox);
  return { report, preview: drawing.png, overLimit: drawing.overLimit };
}

/** The file from stdin, into one buffer of the size the runner announced: a 50 MB upload is held once. */
async function readStdin(size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  let offset = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    if (offset + chunk.byteLength > size) throw new Error(`more than the ${size} bytes announced`);
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return offset === size ? bytes : bytes.subarray(0, offset);
}

/** The reader of each kind: a kind added to ARTWORK_KINDS without one here is a type error. */
const READERS: Readonly<Record<PreflightKind, (bytes: Uint8Array, flags: string[]) => Promise<PreflightAnswer>>> = {
  pdf: (bytes) => readPdfWithPreview(bytes),
  eps: (bytes, flags) => readEpsWithPreview(bytes, flags.includes("--eps-picture")),
  png: (bytes) => readRasterWithPreview(bytes, "png"),
  jpeg: (bytes) => readRasterWithPreview(bytes, "jpeg"),
  svg: (bytes) => readSvgWithPreview(bytes),
};
const isKind = (kind: string | undefined): kind is PreflightKind => kind !== undefined && Object.hasOwn(READERS, kind);

async function main() {
  const [kind, size, ...flags] = process.argv.slice(2);
  if (!isKind(kind)) throw new Error(`unknown kind ${kind}`);
  const bytes = await readStdin(Number(size));
  const answer = await READERS[kind](bytes, flags);
  const preview = answer.preview ?? new Uint8Array();
  const head: PreflightAnswerHead = { report: answer.report, previewBytes: preview.byteLength };
  if ("overLimit" in answer && answer.overLimit) head.overLimit = answer.overLimit;
  process.stdout.write(`${JSON.stringify(head)}\n`);
  process.stdout.write(preview, () => process.exit(0));
}

main().catch((error: unknown) => {
  // The message only (no stack of paths): the runner reads it to tell out-of-memory from a crash.
  process.stderr.write(`${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}\n`, () =>
    process.exit(1),
  );
});
