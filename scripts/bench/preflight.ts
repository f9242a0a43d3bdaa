/**
 * Artwork preflight (decision 027): a signed-in buyer uploads a 50 MB PDF of noise images (which do
 * not compress) to a draft, and the server stores it and has it read, and page one rendered, by a
 * sandboxed child process (docs/decisions/032-sandboxed-parsers.md). Measured on the built server:
 * the upload's answer time, the server's peak resident memory over idle (sampling VmRSS in /proc
 * every 10 ms, so Linux only; the child's memory is its own, capped at 512 MB, and not in it), and
 * /healthz asked every 50 ms meanwhile from another process, so a stalled event loop would show.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { heavyPdf } from "../../tests/setup/artwork-corpus";
import { createDraft, seedUsers, usersServerEnv } from "./checkout-users";
import { freePort, spawnServer, stopChild, waitFor200 } from "./server";
import type { Row } from "./table";

const MB = 1024 * 1024;

function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** Asks the URL in argv every 50 ms and prints each answer's time in ms, one per line, until killed. */
const PINGER = `const url = process.argv[1];
(async () => {
  for (;;) {
    const started = performance.now();
    await fetch(url).then((response) => response.arrayBuffer());
    process.stdout.write((performance.now() - started).toFixed(1) + "\\n");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

export async function preflightRows(buildDir: string): Promise<Row[]> {
  // Four 2048² noise images: about 50 MB, as the issue asks.
  const pdf = await heavyPdf(4, 2048);
  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-preflight-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = { ...usersServerEnv(dataDir, baseUrl), BENCH_SEED_VERIFIED: "1" };
  try {
    const [cookie] = await seedUsers(env, 1);
    const child = spawnServer({ buildDir, dataDir, port, env });
    child.stdout?.resume();
    child.stderr?.resume();
    try {
      await waitFor200(`${baseUrl}/healthz`, child);
      const draft = await createDraft(baseUrl, cookie!);
      const pid = child.pid!;
      const idle = residentBytes(pid);
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), 10);
      // /healthz is asked from a process of its own, so this one's sending of 50 MB never delays it.
      const pinger = spawn(process.execPath, ["-e", PINGER, `${baseUrl}/healthz`], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let pings = "";
      pinger.stdout.on("data", (chunk: Buffer) => (pings += chunk.toString()));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const startedAt = performance.now();
      const response = await fetch(`${baseUrl}/api/drafts/${draft.id}/artwork`, {
        method: "POST",
        headers: {
          cookie: cookie!,
          origin: baseUrl,
          "X-File-Name": "bench-50mb.pdf",
          "Content-Type": "application/pdf",
        },
        body: new Uint8Array(pdf),
      });
      const body = (await response.json()) as { file?: { preflight?: { kind: string } }; error?: { message: string } };
      const seconds = (performance.now() - startedAt) / 1000;
      const exited = new Promise((resolve) => pinger.once("exit", resolve));
      pinger.kill();
      await exited;
      clearInterval(sampler);
      const sorted = pings
        .split("\n")
        .filter(Boolean)
        .map(Number)
        .sort((a, b) => a - b);
      const outcome = body.file?.preflight?.kind ?? `${response.status} ${body.error?.message ?? ""}`;
      const growth = Math.round((peak - idle) / MB);
      const p99 = percentile(sorted, 99);
      return [
        {
          benchmark: "Artwork preflight",
          subject: `${(pdf.length / MB).toFixed(1)} MB PDF, upload to answer`,
          result: `${seconds.toFixed(1)} s, report "${outcome}", peak memory +${growth} MB over idle (${Math.round(peak / MB)} MB)`,
          target: "none set",
        },
        {
          benchmark: "Artwork preflight",
          subject: "/healthz while it runs",
          result: `${sorted.length} answers, p50 ${Math.round(percentile(sorted, 50))} ms, p99 ${Math.round(p99)} ms, max ${Math.round(sorted.at(-1) ?? 0)} ms`,
          target: "none set",
        },
      ];
    } finally {
      await stopChild(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
