/**
 * A second server process for the fairness test (app/server/artwork/preflight-fairness.server.test.ts): on
 * the PostgreSQL database at argv[2] it uploads argv[5] copies of the file argv[4] for the account
 * argv[3] into the local storage at argv[6], and waits for their checks as the upload route does,
 * helping run the queue with this process's own slot and its own parser. SIGTERM is the uploads
 * going away. Prints "ready" once its checks are queued.
 */
import { readFileSync } from "node:fs";
import { setMaxListeners } from "node:events";
import { openDatabase } from "~/server/platform/db.server";
import { awaitCheck, enqueueCheck } from "~/server/artwork/preflight-queue.server";
import { createLocalStorage } from "~/server/providers/storage.server";

const [databaseUrl = "", userId = "", file = "", count = "0", dir = ""] = process.argv.slice(2);
const { db, close } = await openDatabase({ databaseUrl, migrate: false });
const storage = createLocalStorage(dir);
const bytes = new Uint8Array(readFileSync(file));
const gone = new AbortController();
setMaxListeners(100, gone.signal);
process.on("SIGTERM", () => gone.abort());

const queued: number[] = [];
for (let i = 0; i < Number(count); i += 1) {
  const stored = await storage.put(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice());
        controller.close();
      },
    }),
  );
  const check = await enqueueCheck(db, { userId, kind: file.endsWith(".pdf") ? "pdf" : "eps", ...stored });
  if (check.ok) queued.push(check.id);
}
console.log("ready");
await Promise.all(queued.map((id) => awaitCheck({ db, storage }, { id, signal: gone.signal, waitMs: 170_000 })));
await close();
process.exit(0);
