/**
 * The box a stranger's file is parsed in (docs/decisions/032-sandboxed-parsers.md): a child process
 * under prlimit (CPU, memory, file size, no core dumps) inside `bwrap` with namespaces of its own (user, network, pid, ipc, uts, mount), an unprivileged uid,
 * read-only /usr, a private empty /tmp, an empty environment and nothing of the shop's but the code
 * it runs (the worker bundle and node_modules, read-only). The file goes in on stdin and the answer
 * comes out on stdout, so no path of the data directory, no secret and no socket is in reach, and
 * nothing of the host is writable.
 *
 * Where bwrap is missing no uploaded file is parsed at all (each is kept for staff to check by hand)
 * and EPS previews are off: neither a reader nor Ghostscript ever runs unboxed.
 */
import { spawn } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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

/**
 * Running as root, the box is entered as nobody (setpriv) before bwrap makes its user namespace, so
 * uid 65534 inside is 65534 outside too: a way out of the namespaces would land unprivileged, not as
 * the shop's user. Where nobody cannot read the shop's code (a checkout under a private home), the
 * box is made as the server's user, as bwrap does by default.
 */
const AS_NOBODY = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"] as const;
const THIS_FILE = fileURLToPath(import.meta.url);

type Box = { available: boolean; prefix: string[] };
let box: Promise<Box> | undefined;
function findBox(): Promise<Box> {
  box ??= (async () => {
    if (process.env.SWAG_PREFLIGHT_NO_SANDBOX === "1") return { available: false, prefix: [] };
    const modules = nodeModulesOf(THIS_FILE);
    const probe = [...bwrapArgs([dirname(THIS_FILE), ...(modules ? [modules] : [])]), "true"];
    if (process.getuid?.() === 0 && (await succeeds("setpriv", [...AS_NOBODY.slice(1), "bwrap", ...probe])))
      return { available: true, prefix: [...AS_NOBODY] };
    return { available: await succeeds("bwrap", probe), prefix: [] };
  })();
  return box;
}

/**
 * Whether the box can be built here: bubblewrap installed and allowed to make namespaces. Asked once
 * per process (at start, server.ts); SWAG_PREFLIGHT_NO_SANDBOX=1 pretends it is missing (tests).
 */
export async function sandboxAvailable(): Promise<boolean> {
  return (await findBox()).available;
}

/** Whether the box is entered as nobody (the server runs as root and nobody can read its code). */
export async function enteredAsNobody(): Promise<boolean> {
  return (await findBox()).prefix.length > 0;
}

/** The command that runs `command` in the box, seeing only `codePaths` of the shop's files. */
export async function boxed(codePaths: readonly string[], command: readonly string[]): Promise<[string, ...string[]]> {
  const [first = "bwrap", ...rest] = [...(await findBox()).prefix, "bwrap", ...bwrapArgs(codePaths), ...command];
  return [first, ...rest];
}

let ghostscript: Promise<boolean> | undefined;
/** Whether Ghostscript runs in the box here (it is never started outside it); asked once. */
export function ghostscriptInstalled(): Promise<boolean> {
  ghostscript ??= (async () => {
    if (!(await sandboxAvailable())) return false;
    const [command, ...args] = await boxed([], ["gs", "--version"]);
    return succeeds(command, args);
  })();
  return ghostscript;
}

/** Forget what was found, so a test can pretend bwrap is missing and ask again. */
export function forgetSandboxCheck() {
  box = undefined;
  ghostscript = undefined;
}

/** EPS previews need both Ghostscript and the box (ghostscriptInstalled asks for the box too). */
export function epsPreviewsOn(): Promise<boolean> {
  return ghostscriptInstalled();
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
