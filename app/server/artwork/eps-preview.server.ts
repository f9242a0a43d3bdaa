/**
 * Page one of an EPS as a PNG (docs/decisions/027-artwork-preflight.md), drawn by Ghostscript, the
 * one maintained PostScript interpreter: pdfjs draws PDF only. Ghostscript is optional (`apt-get
 * install ghostscript`); without it an EPS keeps its report and has no picture.
 *
 * A stranger's PostScript is a program, so it runs boxed in: only from the preflight worker, which
 * runs inside the sandbox (preflight-sandbox.server.ts, docs/decisions/032-sandboxed-parsers.md),
 * and there with `-dSAFER` (no file or device access beyond its output), 256 MB of address space
 * and 3 s of CPU (prlimit), killed after 9 s of wall time (inside the worker's 10 s), its output cut
 * off past 20 MB. A page drawn at the preview's size fits in 64 MB; a program that only allocates
 * reaches 512 MB after about 2.3 s of CPU on this project's machines, so close to the 3 s that under
 * load it was refused for time, not memory; 256 MB stops it in about 0.9 s.
 */
import { spawn } from "node:child_process";
import type { OverLimit } from "~/domain/artwork/preflight";
import { PREVIEW_PX } from "~/domain/artwork/preflight-image";
import { SANDBOX_PATH } from "./preflight-sandbox.server";

const MB = 1024 * 1024;
const LIMITS = { addressSpace: 256 * MB, cpuSeconds: 3, wallMs: 9_000, outputBytes: 20 * MB } as const;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
const ENV = { PATH: SANDBOX_PATH };

/** Ghostscript's answer: its picture, or null and, when it ran out of one of its limits, which. */
export type EpsDrawing = { png: Uint8Array | null; overLimit?: OverLimit };

/** A PostScript VMerror, or the C library failing to allocate, is the memory limit. */
const OUT_OF_MEMORY = /VMerror|out of memory|cannot allocate/i;

/**
 * The PNG of `postscript` cropped to its bounding box and fitted within `maxPx`; null when
 * Ghostscript is not there, fails, runs out of one of its limits (then which), or draws nothing.
 * Called only by the worker in the box, and only when the server found Ghostscript in it.
 */
export async function drawEps(
  postscript: Uint8Array,
  box: { widthMm: number; heightMm: number },
  options: { maxPx?: number; cpuSeconds?: number } = {},
): Promise<EpsDrawing> {
  const maxPx = options.maxPx ?? PREVIEW_PX;
  if (box.widthMm <= 0 || box.heightMm <= 0) return { png: null };
  const inches = Math.max(box.widthMm, box.heightMm) / 25.4;
  const dpi = Math.max(1, Math.min(600, Math.floor(maxPx / inches)));
  const gs = [
    "gs",
    "-q",
    "-dSAFER",
    "-dBATCH",
    "-dNOPAUSE",
    "-dEPSCrop",
    "-dLastPage=1",
    "-dTextAlphaBits=4",
    "-dGraphicsAlphaBits=4",
    "-sDEVICE=png16m",
    `-r${dpi}`,
    "-sOutputFile=-",
    "-",
  ];
  const cpu = options.cpuSeconds ?? LIMITS.cpuSeconds;
  const child = spawn("prlimit", [`--as=${LIMITS.addressSpace}`, `--cpu=${cpu}`, "--core=0", "--", ...gs], {
    stdio: ["pipe", "pipe", "pipe"],
    env: ENV,
  });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let errors = "";
    let settled = false;
    const finish = (drawing: EpsDrawing) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      resolve(drawing);
    };
    const timer = setTimeout(() => finish({ png: null, overLimit: "time" }), LIMITS.wallMs);
    child.once("error", () => finish({ png: null }));
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMITS.outputBytes) return finish({ png: null, overLimit: "output" });
      chunks.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => {
      if (errors.length < 4096) errors += chunk.toString("latin1");
    });
    child.once("close", (code, signal) => {
      const png = new Uint8Array(Buffer.concat(chunks));
      if (code === 0 && PNG_MAGIC.every((byte, i) => png[i] === byte)) return finish({ png });
      if (signal === "SIGXCPU" || signal === "SIGKILL") return finish({ png: null, overLimit: "cpu" });
      // Ghostscript reports a PostScript error on stdout when its output goes there.
      const said = errors + Buffer.from(png.subarray(0, 4096)).toString("latin1");
      if (OUT_OF_MEMORY.test(said)) return finish({ png: null, overLimit: "memory" });
      if (signal) return finish({ png: null, overLimit: "crash" });
      // A PostScript error (a refused file access, a typo) is no picture, not a limit.
      finish({ png: null });
    });
    // A program that stops reading its input early is not an error here.
    child.stdin.on("error", () => {});
    child.stdin.end(postscript);
  });
}
