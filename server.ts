/**
 * The production server: the HTTP edge (app/server/edge/http-app.server.ts) around the React Router
 * request handler, with the build's files and the signed-out page cache. Built by Vite as the SSR
 * entry (vite.config.ts), run with `npm start`. `npm run dev` runs the same edge (scripts/dev.ts).
 */
import cluster from "node:cluster";
import { readdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import * as build from "virtual:react-router/server-build";
import { getEnv } from "~/server/platform/env.server";
import { acceptsGzip, createHtmlCache, PAGE_COOKIES } from "~/server/edge/html-cache.server";
import { CATALOGUE_CHECK_MS, catalogueCheckedAt, readCatalogue } from "~/server/catalogue/catalogue-store.server";
import { withoutModulePreloads } from "~/server/edge/module-preloads.server";
import { createHttpApp, newNonce, reactRouterRenderer } from "~/server/edge/http-app.server";
import { cachedAnswer } from "~/server/edge/cached-answer.server";
import { draftSaves } from "~/server/edge/draft-saves.server";
import { createLog, logTo, sendConsoleTo } from "~/server/platform/log.server";
import { setPreflightWorkerFile } from "~/server/artwork/preflight.server";
import { epsPreviewStatus } from "~/server/artwork/preflight-sandbox.server";
import { servesRequests, superviseServers } from "~/server/platform/processes.server";
import { openEnvDatabase, openAppContext } from "~/server/providers/app-context.server";
import { withAuth } from "~/server/accounts/auth.server";
import { startJobWorker } from "~/server/edge/job-worker.server";

const env = (() => {
  try {
    return getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();

// One JSON line per event (decision 031), each naming its process and request (log.server.ts).
const log = createLog(env.LOG_LEVEL);
sendConsoleTo(log);

if (servesRequests(env.WEB_CONCURRENCY)) await serveRequests();
else {
  await superviseServers({
    processes: env.WEB_CONCURRENCY,
    log,
    migrate: async () => (await openEnvDatabase(env, { migrate: true })).close(),
  });
}

async function serveRequests() {
  // The build emits the preflight worker (decision 027) next to this file (vite.config.ts).
  setPreflightWorkerFile(join(dirname(fileURLToPath(import.meta.url)), "preflight-worker.js"));
  // Decision 032: uploads are parsed inside bubblewrap; without it EPS previews are off (and /env says so).
  void epsPreviewStatus().then((status) =>
    status === "on (sandboxed)"
      ? console.log(`EPS previews: ${status}`)
      : console.warn(`EPS previews: ${status}. Install bubblewrap and Ghostscript (README) to draw them.`),
  );

  const startedAt = performance.now();
  // The database is migrated before the first request (by the supervisor when there are several processes).
  const opened = await openAppContext(env, { migrate: !cluster.isWorker, log: logTo(log) });
  const closeContext = opened.close;
  // better-auth, opened once on the context: every request's context carries this one (decision 011).
  const ctx = withAuth(opened.ctx);
  // Mail, texts and the recurring work run as jobs in the database (decision 030), in every process.
  const jobWorker = startJobWorker({ ctx });
  const clientDir = relative(process.cwd(), resolve(dirname(fileURLToPath(import.meta.url)), "../client"));
  const renderReactRouter = reactRouterRenderer(build, "production", ctx);
  /** Set by SIGTERM/SIGINT (shutdown below). */
  let stopping = false;

  const renderPage = async (request: Request, nonce: string) =>
    withoutModulePreloads(await renderReactRouter(request, nonce));

  // Signed-out pages are the same for everyone for a few seconds: render once, replay with a new nonce.
  const htmlCache = createHtmlCache({ ttlMs: 10_000, staleMs: 60_000, maxEntries: 500, safeCookies: PAGE_COOKIES });
  /** The catalogue version the cached pages were rendered at (decision 066), and when it was read. */
  let catalogueVersion: number | undefined;
  let catalogueReadAt = Number.NEGATIVE_INFINITY;
  async function render(request: Request, nonce: string) {
    const key = htmlCache.keyFor(request);
    if (key === undefined) return renderPage(request, nonce);
    // A catalogue change saved by any process empties the cache within a second (readCatalogue).
    const { version } = await readCatalogue(ctx.db);
    if (version !== catalogueVersion) {
      if (catalogueVersion !== undefined) htmlCache.forget();
      catalogueVersion = version;
    }
    catalogueReadAt = catalogueCheckedAt(ctx.db) ?? Number.NEGATIVE_INFINITY;
    const cached = htmlCache.lookup(key, nonce, acceptsGzip(request.headers.get("Accept-Encoding")));
    if (!cached) return htmlCache.store(key, await renderPage(request, nonce), nonce);
    if (cached.stale) {
      // A request of its own, so this visitor hanging up cannot abort the background render.
      const copy = new Request(request.url, { headers: request.headers });
      htmlCache.revalidate(key, async () => {
        const renderNonce = newNonce();
        return { response: await renderPage(copy, renderNonce), nonce: renderNonce };
      });
    }
    return cached.response;
  }

  const app = createHttpApp({
    env,
    ctx,
    stopping: () => stopping,
    render,
    log,
    serveFiles: (app) => {
      // Fingerprinted build output never changes under its name. The build writes .br and .gz copies next
      // to each text asset (vite.config.ts), so no asset is compressed per request.
      app.use(
        "/assets/*",
        serveStatic({
          root: clientDir,
          precompressed: true,
          onFound: (_path, c) => {
            c.set("staticFile", true);
            c.header("Cache-Control", "public, max-age=31536000, immutable");
          },
        }),
      );
      const servePublic = serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => {
          c.set("staticFile", true);
          c.header("Cache-Control", "public, max-age=3600");
        },
      });
      // The public files (favicon, the design guidelines) are listed once, so a page's request does
      // not look on disk for a file of its name first: a cheaper request.
      const publicNames = new Set(readdirSync(clientDir));
      app.use("*", (c, next) => (publicNames.has(c.req.path.split("/")[1] ?? "") ? servePublic(c, next) : next()));
    },
  });

  // A fresh signed-out page is answered before the chain (docs/decisions/070-cache-hits-first.md);
  // everything else goes through it. The cache answers only while the catalogue's version render
  // above last read is this process's copy and under a second old, so a change saved in this
  // process is on the next page and one saved in another within a second, as through the chain.
  const answerFromCache = cachedAnswer({
    htmlCache,
    env,
    stripe: ctx.payments?.kind === "stripe",
    stopping: () => stopping,
    log,
    // The copy render last read, still this process's (a change saved here drops it at once), and read within the second.
    catalogueConfirmed: () =>
      catalogueCheckedAt(ctx.db) === catalogueReadAt && Date.now() - catalogueReadAt < CATALOGUE_CHECK_MS,
  });
  // The checkout's autosave is answered before the chain too (docs/decisions/071-draft-saves-first.md).
  const answerDraftSave = draftSaves({ ctx, env, stopping: () => stopping, log });
  const answerThroughChain = getRequestListener(app.fetch, { hostname: env.HOST });
  const server: Server = createServer((req, res) => {
    if (!answerFromCache(req, res) && !answerDraftSave(req, res)) void answerThroughChain(req, res);
  });
  server.listen(env.PORT, env.HOST, () => {
    const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    console.log(
      `Swag storefront ready at http://${host}:${port} (started in ${Math.round(performance.now() - startedAt)} ms)`,
    );
  });
  // An idle keep-alive connection stays open 65 s, past a load balancer's usual 60 s: with Node's 5 s a
  // client reusing a connection just as the server closes it gets ECONNRESET (seen in the browser
  // tests). The header deadline must exceed it, or Node cuts a slow request's headers first.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing in-flight requests`);
    // Past 5 s the process exits regardless (exit within 5 s).
    setTimeout(() => {
      console.error("Shutdown took too long; exiting");
      process.exit(1);
    }, 4_500).unref();
    closeOnceQuiet(performance.now() + 2_000);
  }

  // Connections accepted since closeOnceQuiet last looked.
  let acceptedThisTurn = 0;
  server.on("connection", () => (acceptedThisTurn += 1));

  /**
   * close() stops listening, which resets connections the kernel still queues, and ends connections
   * whose request has not begun. A busy server has both when the signal comes: one turn of the event
   * loop can serve many requests (PGlite answers synchronously), and a connection accepted in one turn
   * has its request read in the next. So the server keeps accepting until a turn accepts nothing,
   * then closes; past `deadline` it closes regardless. `BENCH_ONLY=crash npm run bench` counts what a
   * shutdown drops.
   */
  function closeOnceQuiet(deadline: number) {
    setImmediate(() => {
      if (acceptedThisTurn > 0 && performance.now() < deadline) {
        acceptedThisTurn = 0;
        closeOnceQuiet(deadline);
        return;
      }
      server.close(async () => {
        // A job still running after the grace is left to its lease, and another process retries it.
        await jobWorker.stop();
        await closeContext();
        console.log("Stopped cleanly");
        process.exit(0);
      });
      if ("closeIdleConnections" in server) server.closeIdleConnections();
    });
  }

  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
