import { Writable } from "node:stream";
import { createLog, type Logger } from "~/server/platform/log.server";

/** The server's JSON log (log.server.ts) at info, each line parsed into `lines` as it is written. */
export function capturedLog(): { log: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = createLog(
    "info",
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    }),
  );
  return { log, lines };
}
