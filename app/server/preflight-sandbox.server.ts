/**
 * The box a stranger's file is parsed in (docs/decisions/032-sandboxed-parsers.md): a child process
 * under prlimit (CPU, memory, file size, no core dumps) and, where bubblewrap is installed, inside
 * `bwrap` with namespaces of its own (user, network, pid, ipc, uts, mount), an unprivileged uid,
 * read-only /usr, a private empty /tmp, an empty environment and nothing of the shop's but the code
 * it runs (the worker bundle and node_modules, read-only). The file goes in on stdin and the answer
 * comes out on stdout, so no path of the data directory, no secret and no socket is in reach, and
 * nothing of the host is writable.
 *
 * Where bwrap is missing the child still runs with the limits and an empty environment, and EPS
 * previews are off: Ghostscript never runs unboxed.
 */
import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";

export const SANDBOX_PATH = "/usr/bin:/bin";
/** Node as the server runs it; its directory is bound read-only when it lives outside /usr. */
const NODE = process.execPath;

/** The box's arguments before the command: everything is denied but what is bound here. */
export function bwrapArgs(codePaths: readonly string[]): string[] {
  const args = [
    "--unshare-all",
    "--uid",
    "65534",
    "--gid",
    "65534",
    "--ro-bind",
    "/usr",
    "/usr",
    "--symlink",
    "usr/bin",
    "/bin",
    "--symlink",
    "usr/lib",
    "/lib",
    "--symlink",
    "usr/lib64",
    "/lib64",
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    // Ghostscript's and tsx's scratch files; 64 MB so a program cannot fill the host's memory.
    "--size",
    String(64 * 1024 * 1024),
    "--tmpfs",
    "/tmp",
    "--clearenv",
    "--setenv",
    "PATH",
    SANDBOX_PATH,
    // @napi-rs/canvas asks for a home directory; uid 65534 has no entry in a passwd file here.
    "--setenv",
    "HOME",
    "/tmp",
    "--die-with-parent",
    "--new-session",
  ];
  const nodeDir = dirname(realpathSync(NODE));
  const binds = nodeDir.startsWith("/usr/") ? [...codePaths] : [nodeDir, ...codePaths];
  for (const path of binds) args.push("--ro-bind", realpathSync(path), path);
  return args;
}

let ready: Promise<boolean> | undefined;
/**
 * Whether the box can be built here: bubblewrap installed and allowed to make namespaces. Asked once
 * per process (at start, server.ts); SWAG_PREFLIGHT_NO_SANDBOX=1 pretends it is missing (tests).
 */
export function sandboxAvailable(): Promise<boolean> {
  ready ??=
    process.env.SWAG_PREFLIGHT_NO_SANDBOX === "1"
      ? Promise.resolve(false)
      : succeeds("bwrap", [...bwrapArgs([]), "true"]);
  return ready;
}

let ghostscript: Promise<boolean> | undefined;
/** Whether Ghostscript (and prlimit to box it in) can run here; asked once. */
export function ghostscriptInstalled(): Promise<boolean> {
  ghostscript ??= succeeds("prlimit", ["--", "gs", "--version"]);
  return ghostscript;
}

/** Forget what was found, so a test can pretend bwrap is missing and ask again. */
export function forgetSandboxCheck() {
  ready = undefined;
}

/** EPS previews need both Ghostscript and the box. */
export async function epsPreviewsOn(): Promise<boolean> {
  return (await sandboxAvailable()) && (await ghostscriptInstalled());
}

/** The /env line for EPS previews. */
export async function epsPreviewStatus(): Promise<string> {
  if (!(await sandboxAvailable())) return "off (no sandbox)";
  if (!(await ghostscriptInstalled())) return "off (Ghostscript not installed)";
  return "on (sandboxed)";
}

function succeeds(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "ignore", env: { PATH: SANDBOX_PATH } });
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  });
}

/** The node_modules directory `file` resolves its packages from: the nearest one above it. */
export function nodeModulesOf(file: string): string | null {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const candidate = join(dir, "node_modules");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return null;
  }
}
