/**
 * Decision 031: `WEB_CONCURRENCY=N npm start` runs N copies of the server on one port (node:cluster),
 * against one PostgreSQL (env.server.ts refuses N > 1 on the embedded database). The first process
 * migrates the database and then only supervises: it forks the servers, starts a new one when one
 * dies, and passes SIGTERM/SIGINT on, exiting once every server has finished its requests.
 * Everything a request needs is in the database or the file storage, so any process can answer
 * any request (decision 064).
 */
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "./log.server";

/** True in a process that serves requests: the only process, or a worker of the supervisor. */
export const servesRequests = (processes: number) => processes <= 1 || cluster.isWorker;

/** A server that dies this soon after it started is not restarted again at once: it would only die again. */
const RESTART_BACKOFF_MS = 1_000;
/** How long the supervisor waits for its servers to stop before it gives up on them. */
const STOP_DEADLINE_MS = 5_000;

/**
 * The supervisor: forks `processes` servers and keeps that many running until a signal, then stops
 * them and exits. `migrate` runs first, once, so the servers never race each other's migrations.
 */
export async function superviseServers(options: {
  processes: number;
  log: Logger;
  migrate: () => Promise<void>;
}): Promise<void> {
  const { processes, log } = options;
  await options.migrate();
  // The servers share the listening socket and the kernel hands each connection to one that accepts
  // it. Round-robin (Node's default) passes each connection from this process to a server instead,
  // and one handed to a server as it dies is never answered nor closed: the client waits for ever
  // (several-processes.spec.ts kills a server under load). Here a dead server's connections are reset.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  const started = new Map<Worker, number>();
  const fork = () => {
    if (!stopping) started.set(cluster.fork(), Date.now());
  };

  cluster.on("exit", (worker, code, signal) => {
    const since = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      if (started.size === 0) {
        log.info("every server stopped");
        process.exit(0);
      }
      return;
    }
    log.error({ server: worker.process.pid, code, signal }, "a server process died; starting another");
    setTimeout(fork, Math.max(0, since + RESTART_BACKOFF_MS - Date.now()));
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, servers: started.size }, "stopping the servers");
    for (const worker of started.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => {
      log.error("servers took too long to stop; exiting");
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  for (let n = 0; n < processes; n++) fork();
  log.info({ processes }, "serving with several processes");
}
