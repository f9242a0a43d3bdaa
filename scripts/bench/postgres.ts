/**
 * A throwaway PostgreSQL cluster for the benches that measure the shop on PostgreSQL,
 * made the way .ci/run makes the test suite's: initdb into a temp dir, the server on a free loopback
 * port with its socket in that dir, stopped and removed afterwards. Runtime settings are PostgreSQL's
 * defaults (fsync stays on): the figures are meant to be those of a real database.
 */
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./server";

export interface Postgres {
  url: string;
  /** The postmaster's pid, for cpuSecondsOfTree. */
  pid: number;
  stop(): void;
}

/** The directory holding initdb and pg_ctl: on PATH, else Debian's newest /usr/lib/postgresql/N/bin; null if neither. */
export function postgresBinDir(): string | null {
  for (const dir of (process.env.PATH ?? "").split(":")) {
    if (dir && existsSync(join(dir, "initdb")) && existsSync(join(dir, "pg_ctl"))) return dir;
  }
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

/** initdb refuses to run as root: there the cluster belongs to the postgres user, as in .ci/run. */
function asOwner(command: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [file, argv] = root ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ["ignore", "ignore", "inherit"] });
}

export async function startPostgres(binDir: string): Promise<Postgres> {
  const dir = mkdtempSync(join(tmpdir(), "swag-bench-pg-"));
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:", dir]);
  else chmodSync(dir, 0o700);
  const data = join(dir, "data");
  const port = await freePort();
  const stop = () => {
    if (existsSync(join(data, "postmaster.pid"))) {
      try {
        asOwner(join(binDir, "pg_ctl"), ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch {
        // Already gone; the directory goes anyway.
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // --no-sync only spares initdb's own flush of the template files; the running server keeps fsync on.
    asOwner(join(binDir, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync"]);
    asOwner(join(binDir, "pg_ctl"), [
      "-D",
      data,
      "-l",
      join(dir, "server.log"),
      "-w",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      "start",
    ]);
    const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, pid, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

const TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces), or null once it has exited. */
function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) the process has used so far. */
export function cpuSecondsOf(pid: number): number {
  const fields = statFields(pid);
  // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14), in clock ticks.
  if (!fields) return Number.NaN;
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * CPU seconds used by a process and its children: its own, its reaped children's (cutime + cstime)
 * and its live children's. PostgreSQL's backends are children of the postmaster, so this is the
 * whole server's CPU.
 */
export function cpuSecondsOfTree(pid: number): number {
  const own = statFields(pid);
  if (!own) return Number.NaN;
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}
