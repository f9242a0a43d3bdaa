/**
 * Upload flood (docs/security.md, round two): the attack, measured. `UPLOADS` clients without a session each
 * POST a 50 MB body to /api/drafts/<id>/artwork at once, chunked (no Content-Length), as fast as
 * the server takes it. The server must refuse each (401) without reading it into memory: its
 * resident memory (VmRSS in /proc, so Linux only) is sampled throughout, and the peak growth over
 * the idle server is the result.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer } from "./server";
import type { Row } from "./table";

export const UPLOADS = 20;
const UPLOAD_BYTES = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x41);
export const TARGET_GROWTH_MB = 50;
const SAMPLE_MS = 10;
const MB = 1024 * 1024;

function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

interface Outcome {
  status: number | string;
  /** Bytes the client had written when the answer (or the connection's end) came. */
  sentBytes: number;
}

/** One chunked upload, written as fast as the socket drains, until the server answers or hangs up. */
function floodOnce(url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = (status: number | string) => {
      if (done) return;
      done = true;
      resolve({ status, sentBytes: sent });
      req.destroy();
    };
    const req = request(`${url}/api/drafts/${randomUUID()}/artwork`, {
      method: "POST",
      headers: { "Content-Type": "application/pdf", "X-File-Name": "logo.pdf", "Transfer-Encoding": "chunked" },
    });
    req.on("response", (response) => {
      response.resume();
      finish(response.statusCode ?? 0);
    });
    req.on("error", (error: NodeJS.ErrnoException) => finish(error.code ?? error.message));
    const write = () => {
      while (!done && sent < UPLOAD_BYTES) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once("drain", write);
      }
      if (!done) req.end();
    };
    write();
  });
}

export async function uploadFloodRows(buildDir: string): Promise<Row[]> {
  const dataDir = mkdtempSync(join(tmpdir(), "swag-bench-flood-"));
  const server = await startServer({ buildDir, dataDir, readyPath: "/healthz" });
  server.child.stdout?.resume();
  server.child.stderr?.resume();
  const pid = server.child.pid!;
  try {
    const idle = residentBytes(pid);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, residentBytes(pid))), SAMPLE_MS);
    const startedAt = performance.now();
    const outcomes = await Promise.all(Array.from({ length: UPLOADS }, () => floodOnce(server.url)));
    const seconds = (performance.now() - startedAt) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, residentBytes(pid));

    const statuses = new Map<string, number>();
    for (const { status } of outcomes) statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
    const sentMb = outcomes.reduce((sum, o) => sum + o.sentBytes, 0) / MB;
    const growthMb = (peak - idle) / MB;
    return [
      {
        benchmark: `Upload flood (${UPLOADS} × 50 MB chunked, no session)`,
        subject: "server RSS growth (peak − idle)",
        result: `${growthMb.toFixed(0)} MB (idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB)`,
        target: `≤ ${TARGET_GROWTH_MB} MB`,
        met: growthMb <= TARGET_GROWTH_MB,
      },
      {
        benchmark: `Upload flood (${UPLOADS} × 50 MB chunked, no session)`,
        subject: "answers; bytes the clients got to send",
        result: `${[...statuses].map(([status, n]) => `${n} × ${status}`).join(", ")}; ${sentMb.toFixed(0)} MB sent in ${seconds.toFixed(2)} s`,
        target: "every upload answered 401",
        met: outcomes.every(({ status }) => status === 401),
      },
    ];
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
