/**
 * Issue 21: the production server's log, one JSON object per line (pino), for a log collector to
 * read across processes. Every line written while a request is handled carries that request's id,
 * and the server's own `console` calls (39 modules log a failure or a notice that way) become such
 * lines, so nothing logs past the request id. Development and the tests keep the plain console.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { format } from "node:util";
import pino, { type Logger } from "pino";

export type { Logger };

const requestIds = new AsyncLocalStorage<string>();

/**
 * Standard output, written without blocking: lines that arrive while a write is under way go out
 * together in the next, instead of one system call per line (issue 21's throughput). Each write
 * holds whole lines and at most 4 kB, which a pipe takes in one piece, so the lines of several
 * processes sharing one stdout (WEB_CONCURRENCY) never interleave. What is left is written at exit;
 * a killed process loses only the lines of its last moments.
 */
function bufferedStdout(): pino.DestinationStream {
  const out = pino.destination({ dest: 1, sync: false, maxWrite: 4096 });
  process.on("exit", () => {
    try {
      out.flushSync();
    } catch {
      // A write still under way at exit: its lines go with it.
    }
  });
  return out;
}

/** A JSON logger at `level` whose lines name their process and, inside a request, its id. */
export function createLog(level: string, destination: pino.DestinationStream = bufferedStdout()): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const requestId = requestIds.getStore();
        return requestId ? { requestId } : {};
      },
    },
    destination,
  );
}

/** `console.log`, `.info`, `.warn` and `.error` write to `log` instead, formatted as Node would. */
export function sendConsoleTo(log: Logger): void {
  console.log = (...args: unknown[]) => log.info(format(...args));
  console.info = console.log;
  console.warn = (...args: unknown[]) => log.warn(format(...args));
  console.error = (...args: unknown[]) => log.error(format(...args));
}

/** An id a load balancer gave the request: a short plain token, so it can be trusted into a log. */
const FORWARDED_ID = /^[\w.:-]{8,128}$/;

/** The request's id: the load balancer's X-Request-Id when it is a plain token, else a new one. */
export function requestIdFrom(header: string | undefined | null): string {
  return header && FORWARDED_ID.test(header) ? header : randomUUID();
}

/** Runs `work` with every log line it writes tagged with `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestIds.run(requestId, work);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[\w-]{24,}$/;

/**
 * A path as the log may keep it: a share link's or a reset's token is a credential, so a long
 * random segment becomes ":token" (a record's UUID stays: it opens nothing by itself). The query
 * string is never logged: it can carry an e-mail address or a code.
 */
export function loggablePath(path: string): string {
  return path
    .split("/")
    .map((segment) => (segment.length >= 24 && TOKEN.test(segment) && !UUID.test(segment) ? ":token" : segment))
    .join("/");
}
