/**
 * Page one of an EPS as a PNG (issue 20 item 3), drawn by Ghostscript, the one maintained
 * PostScript interpreter: pdfjs draws PDF only. Ghostscript is optional (`apt-get install
 * ghostscript`); without it an EPS keeps its report and has no picture.
 *
 * A stranger's PostScript is a program, so it runs boxed in: `-dSAFER` (no file or device access
 * beyond its output), in a child process with an empty environment, 512 MB of address space and
 * 10 s of CPU (prlimit), killed after 15 s of wall time, its output cut off past 20 MB. It runs from
 * the preflight worker, so it also sits inside the worker's own time limit.
 */
import { spawn } from "node:child_process";

const MB = 1024 * 1024;
const LIMITS = { addressSpace: 512 * MB, cpuSeconds: 10, wallMs: 15_000, outputBytes: 20 * MB } as const;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47];
const ENV = { PATH: "/usr/bin:/bin" };

let installed: Promise<boolean> | undefined;
/** Whether Ghostscript (and prlimit to box it in) can run here; asked once. */
export function ghostscriptInstalled(): Promise<boolean> {
  installed ??= new Promise((resolve) => {
    const child = spawn("prlimit", ["--", "gs", "--version"], { stdio: "ignore", env: ENV });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
  return installed;
}

/**
 * The PNG of `postscript` cropped to its bounding box and fitted within `maxPx`; null when
 * Ghostscript is not installed, fails, runs out of its limits, or draws nothing.
 */
export async function renderEpsPreview(
  postscript: Uint8Array,
  box: { widthMm: number; heightMm: number },
  options: { maxPx?: number; cpuSeconds?: number } = {},
): Promise<Uint8Array | null> {
  const maxPx = options.maxPx ?? 800;
  if (box.widthMm <= 0 || box.heightMm <= 0 || !(await ghostscriptInstalled())) return null;
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
  const child = spawn("prlimit", [`--as=${LIMITS.addressSpace}`, `--cpu=${cpu}`, "--", ...gs], {
    stdio: ["pipe", "pipe", "ignore"],
    env: ENV,
  });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (png: Uint8Array | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill("SIGKILL");
      resolve(png);
    };
    const timer = setTimeout(() => finish(null), LIMITS.wallMs);
    child.once("error", () => finish(null));
    child.stdout.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > LIMITS.outputBytes) return finish(null);
      chunks.push(chunk);
    });
    child.once("close", (code) => {
      const png = new Uint8Array(Buffer.concat(chunks));
      finish(code === 0 && PNG_MAGIC.every((byte, i) => png[i] === byte) ? png : null);
    });
    // A program that stops reading its input early is not an error here.
    child.stdin.on("error", () => {});
    child.stdin.end(postscript);
  });
}
