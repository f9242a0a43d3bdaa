/**
 * Decision 031: the production server's log, one JSON object per line (pino), for a log collector to
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
 * together in the next, instead of one system call per line. Each write
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

/** What server code writes to the log: a notice, a warning, or a failure with its error. */
export type Log = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
};

/** An error as one log line may quote it: its message, never a stack or the object. */
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `logger`'s lines as server code writes them, with any link's token masked (maskTokens). */
export function logTo(logger: Logger): Log {
  return {
    info: (message) => logger.info(maskTokens(message)),
    warn: (message) => logger.warn(maskTokens(message)),
    error: (message, error) => logger.error(maskTokens(error === undefined ? message : `${message}: ${reason(error)}`)),
  };
}

/** The console, for development, tests and scripts (under server.ts the console is the JSON log). */
export const consoleLog: Log = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) =>
    error === undefined ? console.error(message) : console.error(`${message}:`, reason(error)),
};

/**
 * `console.log`, `.info`, `.warn` and `.error` write to `log` instead, formatted as Node would, with
 * any link's token masked (maskTokens): a failure message may quote a reset or share link.
 */
export function sendConsoleTo(log: Logger): void {
  console.log = (...args: unknown[]) => log.info(maskTokens(format(...args)));
  console.info = console.log;
  console.warn = (...args: unknown[]) => log.warn(maskTokens(format(...args)));
  console.error = (...args: unknown[]) => log.error(maskTokens(format(...args)));
}

/** An id a load balancer gave the request: a short plain token, so it can be trusted into a log. */
const FORWARDED_ID = /^[\w.:-]{8,128}$/;
/** How much of an id the client itself sent is logged, and with which characters. */
const SENT_ID_MAX_LENGTH = 64;
const SENT_ID_UNSAFE = /[^\w.:-]/g;

/**
 * What the one line logged for each answered request says (decision 031), as the edge writes it
 * and as the page cache's early answer does: method, path (credentials masked), status, the time
 * taken, and an id the client sent that was not believed.
 */
export function requestLine(request: {
  method: string;
  path: string;
  status: number;
  startedAt: number;
  sentRequestId?: string;
}) {
  const { sentRequestId } = request;
  return {
    method: request.method,
    path: loggablePath(request.path),
    status: request.status,
    ms: Math.round((performance.now() - request.startedAt) * 10) / 10,
    ...(sentRequestId === undefined ? {} : { sentRequestId }),
  };
}

/**
 * The request's id, and the one the client sent when it is not believed. X-Request-Id is the load
 * balancer's word only when the socket's peer is a trusted proxy (TRUST_PROXY, decision 013);
 * anyone else could choose the id that tags a request's lines, to blend them with another's. Then
 * a new id is used and what was sent is kept apart (`sentRequestId`), cut to 64 plain characters
 * so it can neither forge a log line nor fill one.
 */
export function requestIdFrom(
  header: string | undefined | null,
  options: { trusted: boolean },
): { requestId: string; sentRequestId?: string } {
  if (options.trusted && header && FORWARDED_ID.test(header)) return { requestId: header };
  const requestId = randomUUID();
  if (!header) return { requestId };
  return { requestId, sentRequestId: header.slice(0, SENT_ID_MAX_LENGTH).replace(SENT_ID_UNSAFE, "_") };
}

/** Runs `work` with every log line it writes tagged with `requestId`. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestIds.run(requestId, work);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[\w-]{24,}$/;
/** React Router's single-fetch asks for a page's data at the page's path plus `.data`. */
const DATA_SUFFIX = ".data";
/** Query parameters that carry a credential or a code: their value is never logged. */
const SECRET_PARAMS = new Set(["token", "code", "otp", "key", "signature", "sig", "secret", "unsubscribe", "t"]);

function loggableSegment(segment: string): string {
  const data = segment.endsWith(DATA_SUFFIX);
  const bare = data ? segment.slice(0, -DATA_SUFFIX.length) : segment;
  if (bare.length < 24 || !TOKEN.test(bare) || UUID.test(bare)) return segment;
  return data ? `:token${DATA_SUFFIX}` : ":token";
}

/**
 * A path as the log may keep it: a share link's or a reset's token is a credential, so a long
 * random segment becomes ":token", also as React Router's `<token>.data` (a record's UUID stays: it
 * opens nothing by itself). The request line never logs the query string: it can carry an e-mail
 * address or a code.
 */
export function loggablePath(path: string): string {
  return path.split("/").map(loggableSegment).join("/");
}

/** A link's query string with the value of each credential-bearing parameter masked. */
function loggableQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      if (equals === -1) return pair;
      const name = pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: judged as written.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=:token` : pair;
    })
    .join("&");
}

/** A path or link in running text: what a log line may quote of a URL, its path then its query. */
const LINK = /\/[^\s?#"'<>]*(?:\?[^\s#"'<>]*)?/g;

/**
 * Any text with the tokens of the links it quotes masked: path tokens as loggablePath masks them
 * (with `.data` too) and the values of `token`, `code` and such in query strings, so a reset,
 * share or unsubscribe link written into a failure message is not a credential in the log.
 */
export function maskTokens(text: string): string {
  if (!text.includes("/")) return text;
  return text.replace(LINK, (link) => {
    const question = link.indexOf("?");
    if (question === -1) return loggablePath(link);
    return `${loggablePath(link.slice(0, question))}?${loggableQuery(link.slice(question + 1))}`;
  });
}
