/**
 * docs/decisions/032-sandboxed-parsers.md: a stranger's file is parsed in a
 * process of its own inside bubblewrap, under CPU, memory, time and output limits. Real processes
 * throughout: the built worker, bwrap, prlimit and Ghostscript as the server runs them.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import EnvRoute from "~/routes/env";
import { judgePreflight } from "~/domain/artwork/preflight";
import * as corpus from "../../../tests/setup/artwork-corpus";
import {
  boxed as boxCommand,
  enteredAsNobody,
  epsPreviewStatus,
  forgetSandboxCheck,
  ghostscriptInstalled,
  SANDBOX_PATH,
  sandboxAvailable,
} from "./preflight-sandbox.server";
import { type PreflightResult, runPreflight } from "./preflight.server";

vi.setConfig({ testTimeout: 30_000 });

const boxed = await sandboxAvailable();
const ghostscript = await ghostscriptInstalled();

const eps = (width: number, height: number, body: string) =>
  new TextEncoder().encode(
    `%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 ${width} ${height}\n%%EndComments\n${body}\nshowpage\n`,
  );
const LOOP = eps(100, 100, "{ 1 pop } loop");

type Proc = { pid: number; ppid: number; comm: string; cmdline: string };
/** Every process of this machine, read from /proc. */
function processes(): Proc[] {
  return readdirSync("/proc").flatMap((name) => {
    if (!/^\d+$/.test(name)) return [];
    try {
      const status = readFileSync(`/proc/${name}/status`, "utf8");
      return [
        {
          pid: Number(name),
          ppid: Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]),
          comm: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "",
          cmdline: readFileSync(`/proc/${name}/cmdline`, "latin1").replaceAll("\0", " "),
        },
      ];
    } catch {
      return [];
    }
  });
}
/** The processes whose parent chain leads to this test's process. */
function descendants(): Proc[] {
  const all = processes();
  const byPid = new Map(all.map((proc) => [proc.pid, proc]));
  const ours = (proc: Proc): boolean => {
    for (let p: Proc | undefined = proc; p; p = byPid.get(p.ppid)) if (p.ppid === process.pid) return true;
    return false;
  };
  return all.filter(ours);
}
/**
 * The preflight worker: node running the worker's entry, known by its program rather than its
 * process name, which Node 24 sets to its main thread's ("MainThread").
 */
const isWorker = (proc: Proc) =>
  proc.cmdline.split(" ")[0]!.endsWith("/node") && proc.cmdline.includes("preflight-worker");
async function waitFor<T>(find: () => T | undefined, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > until) throw new Error("not found in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
/** A process's environment as the kernel keeps it; "" for one that has exited meanwhile. */
function environOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/environ`, "latin1");
  } catch {
    return "";
  }
}
const namespace = (pid: number | "self", kind: string) => readlinkSync(`/proc/${pid}/ns/${kind}`);
const NAMESPACES = ["net", "user", "mnt", "pid"] as const;
/**
 * A running Ghostscript of this test's, read at once: its namespaces, environment and status. One
 * that exited meanwhile (a zombie has no namespaces left to read) is passed over.
 */
function liveGhostscript() {
  for (const proc of descendants()) {
    if (proc.comm !== "gs") continue;
    try {
      return {
        pid: proc.pid,
        namespaces: NAMESPACES.map((kind) => namespace(proc.pid, kind)),
        environ: readFileSync(`/proc/${proc.pid}/environ`, "latin1"),
        status: readFileSync(`/proc/${proc.pid}/status`, "utf8"),
      };
    } catch {
      // Gone between the listing and the reading.
    }
  }
  return undefined;
}

function overLimit(result: PreflightResult) {
  if (result.ok || !("overLimit" in result))
    throw new Error(`expected an over-limit answer: ${JSON.stringify(result)}`);
  return result;
}

let dataDir: string;
const SECRET = `secret-${crypto.randomUUID()}`;
beforeAll(() => {
  // A stand-in for ./data: the auth secret's file, as the server keeps it.
  dataDir = mkdtempSync(join(tmpdir(), "swag-data-"));
  writeFileSync(join(dataDir, "auth-secret"), SECRET);
  process.env.SWAG_SECRET_PROBE = SECRET;
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  delete process.env.SWAG_SECRET_PROBE;
});

describe.runIf(boxed && ghostscript)("a hostile EPS, inside the box", () => {
  it("reads nothing: /etc/passwd, the data directory, /proc/1/environ and a shell command all fail", async () => {
    // Five squares 100 pt apart: each of the first four is filled only if its read succeeded; the
    // fifth always is, to show the picture is read right.
    const probe = (path: string, x: number) =>
      `/got false def mark { (${path}) (r) file 100 string readstring pop pop /got true def } stopped cleartomark ` +
      `got { newpath ${x} 10 moveto 80 0 rlineto 0 80 rlineto -80 0 rlineto closepath fill } if`;
    const hostile = eps(
      500,
      100,
      [
        probe("/etc/passwd", 10),
        probe(join(dataDir, "auth-secret"), 110),
        probe("/proc/1/environ", 210),
        probe(`%pipe%cat ${join(dataDir, "auth-secret")}`, 310),
        "newpath 410 10 moveto 80 0 rlineto 0 80 rlineto -80 0 rlineto closepath fill",
      ].join("\n"),
    );
    const result = await runPreflight("eps", hostile);
    if (!result.ok) throw new Error(JSON.stringify(result));
    expect(result.preview).not.toBeNull();
    const image = await loadImage(Buffer.from(result.preview ?? []));
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const scale = image.width / 500;
    const filled = [0, 1, 2, 3, 4].map((i) => {
      const [red] = context.getImageData(Math.round((50 + 100 * i) * scale), Math.round(50 * scale), 1, 1).data;
      return (red ?? 255) < 128;
    });
    expect(filled).toEqual([false, false, false, false, true]);
  });

  it("finds no passwd file, no data directory, no server environment and no network in the box itself", async () => {
    // The box without Ghostscript's -dSAFER: what a program that escaped it would find.
    const server = createServer((socket) => socket.end("hello from the host"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const script = [
      "cat /etc/passwd",
      `cat ${join(dataDir, "auth-secret")}`,
      `ls ${dataDir}`,
      "tr '\\0' '\\n' < /proc/1/environ",
      "tr '\\0' '\\n' < /proc/self/environ",
      `node -e "require('net').connect(${port}, '127.0.0.1').on('data', (d) => console.log(String(d))).on('error', (e) => console.log('socket:', e.code))"`,
      "id -u",
    ].join("; ");
    // Started as the runner starts it (preflight.server.ts): bwrap's own environment is the
    // environ of the box's pid 1, so it gets nothing of the server's either.
    const [command, ...args] = await boxCommand([], ["sh", "-c", script]);
    const output = await new Promise<string>((resolve) => {
      const child = spawn(command, args, {
        env: { PATH: SANDBOX_PATH, HOME: "/tmp" },
      });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => (text += chunk));
      child.stderr.on("data", (chunk: Buffer) => (text += chunk));
      child.once("close", () => resolve(text));
    });
    server.close();
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain("root:x:0:0");
    expect(output).not.toContain("hello from the host");
    expect(output).toContain("socket: ECONNREFUSED");
    expect(output).toMatch(/^65534$/m);
    // Nothing but the variables the box sets.
    const names = [...output.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]);
    expect(new Set(names)).toEqual(new Set(["PATH", "HOME", "PWD"]));
  });

  it("runs Ghostscript in other network and user namespaces, with none of the server's environment", async () => {
    const started = performance.now();
    const pending = runPreflight("eps", LOOP);
    const gs = await waitFor(liveGhostscript);
    for (const [i, kind] of NAMESPACES.entries()) expect(gs.namespaces[i], kind).not.toBe(namespace("self", kind));
    expect(gs.environ).not.toContain("SWAG_SECRET_PROBE");
    expect(gs.environ).not.toContain(SECRET);
    for (const pair of gs.environ.split("\0").filter(Boolean)) expect(["PATH", "HOME"]).toContain(pair.split("=")[0]);
    // Nor any process of the check: prlimit, both bwraps (the box's pid 1 among them) and the worker.
    const chain = descendants().filter((proc) => ["prlimit", "bwrap", "gs"].includes(proc.comm) || isWorker(proc));
    expect(chain.map((proc) => (isWorker(proc) ? "worker" : proc.comm))).toEqual(
      expect.arrayContaining(["bwrap", "worker", "gs"]),
    );
    for (const proc of chain) expect(environOf(proc.pid)).not.toContain(SECRET);
    // No capabilities at all, even where the shop runs as root; and a root server's box is nobody's
    // outside its namespace too, wherever nobody can read the shop's code (as on these machines).
    expect(gs.status).toMatch(/^CapEff:\s+0+$/m);
    const outside = (await enteredAsNobody()) ? 65534 : process.getuid?.();
    expect(gs.status).toMatch(new RegExp(`^Uid:\\s+${outside}\\s+${outside}\\s`, "m"));
    // (c) The loop ends at Ghostscript's 3 s of CPU, well inside the 10 s wall.
    expect(overLimit(await pending)).toEqual({
      ok: false,
      overLimit: "cpu",
      message: "We could not check this file: it needed more computing time than we allow.",
    });
    const ms = performance.now() - started;
    console.info(`[figure] a CPU-looping EPS was refused after ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(10_000);
  });

  it("answers a memory bomb as over the memory limit", async () => {
    const bomb = eps(100, 100, "/a 2000 array def 0 1 1999 { a exch 1000000 string put } for");
    expect(overLimit(await runPreflight("eps", bomb))).toEqual({
      ok: false,
      overLimit: "memory",
      message: "We could not check this file: it needed more memory than we allow.",
    });
  });
});

describe("a reader that crashes", () => {
  it("is another process: a segfault is answered as such, and the next check runs", async () => {
    // A PDF of two large noise images takes the reader a second or so, boxed or not.
    const pending = runPreflight("pdf", await corpus.heavyPdf(2, 2000));
    // The worker, found by its entry's name, whether boxed or not.
    const worker = await waitFor(() => descendants().find(isWorker));
    process.kill(worker.pid, "SIGSEGV");
    expect(overLimit(await pending)).toEqual({
      ok: false,
      overLimit: "crash",
      message: "We could not check this file: our reader stopped on it.",
    });
    const next = await runPreflight("pdf", await corpus.vectorLogo());
    expect(next.ok && next.report.kind).toBe("pdf");
  });
});

describe("without bubblewrap", () => {
  afterEach(() => {
    delete process.env.SWAG_PREFLIGHT_NO_SANDBOX;
    forgetSandboxCheck();
  });

  it("turns EPS previews off, says so on /env, and opens no file: an EPS is kept unchecked for staff", async () => {
    process.env.SWAG_PREFLIGHT_NO_SANDBOX = "1";
    forgetSandboxCheck();
    const result = await runPreflight("eps", LOOP);
    expect(result).toEqual({
      ok: false,
      overLimit: "no-sandbox",
      message: "We could not check this file: our file checks are switched off at the moment.",
    });
    expect(judgePreflight({ kind: "unchecked", overLimit: "no-sandbox" }, { method: "none", placement: null })).toEqual(
      [
        {
          level: "warning",
          code: "unchecked",
          message:
            "We could not check this file: our file checks are switched off at the moment. We'll check it by hand before we print.",
        },
      ],
    );
    expect(await ghostscriptInstalled()).toBe(false);
    expect(await epsPreviewStatus()).toBe("off (no sandbox)");
    const page = renderToStaticMarkup(
      createElement(EnvRoute, {
        loaderData: { database: "ok", payment: "test mode", epsPreviews: await epsPreviewStatus() },
      }),
    );
    expect(page.replace(/<[^>]+>/g, "")).toContain("EPS previews: off (no sandbox)");
  });

  it("opens no PDF either: it is kept unchecked, and nothing parses it in the server", async () => {
    process.env.SWAG_PREFLIGHT_NO_SANDBOX = "1";
    forgetSandboxCheck();
    const result = await runPreflight("pdf", await corpus.lowResImage());
    expect(!result.ok && "overLimit" in result && result.overLimit).toBe("no-sandbox");
  });
});

describe.runIf(boxed && ghostscript)("/env with the box", () => {
  it("says EPS previews are on, sandboxed", async () => {
    expect(await epsPreviewStatus()).toBe("on (sandboxed)");
  });
});
