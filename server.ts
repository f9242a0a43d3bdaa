/**
 * The production server: Hono around the React Router request handler.
 * Built by Vite as the SSR entry (vite.config.ts), run with `npm start`.
 */
import { randomBytes } from "node:crypto";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { serve, type HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler } from "react-router";
import * as build from "virtual:react-router/server-build";
import { getDatabaseHandle, closeDatabase } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { checkDatabase } from "~/server/health.server";
import { createHtmlCache } from "~/server/html-cache.server";
import { withoutModulePreloads } from "~/server/module-preloads.server";
import { isCrossSiteWrite } from "~/server/origin.server";
import { paymentMode } from "~/server/payment-status.server";
import { requestContext } from "~/server/request-context.server";
import { securityHeaders } from "~/server/security-headers.server";
import { bodyLimitFor, countedBody, tooLargeMessage } from "~/server/body-limits.server";
import { clientAddress } from "~/server/client-address.server";
import { markPrivacy } from "~/server/private-responses.server";
import { finishReadingBody } from "~/server/unread-body.server";
import { PROMO_COOKIE } from "~/domain/promo";

const env = (() => {
  try {
    return getEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
})();

const clientDir = relative(process.cwd(), resolve(dirname(fileURLToPath(import.meta.url)), "../client"));
const handleRequest = createRequestHandler(build, "production");
const app = new Hono<{ Bindings: HttpBindings; Variables: { nonce: string; staticFile?: true } }>();

const newNonce = () => randomBytes(16).toString("base64");
/** Set by SIGTERM/SIGINT (shutdown below). */
let stopping = false;

// Issue 13 item 8: every answer but a build file varies by cookie, and a personal one is never stored.
app.use(async (c, next) => {
  await next();
  if (!c.get("staticFile")) markPrivacy(c.req.raw, c.res);
});
// While shutting down, every response ends its connection, so no client sends a request on a
// connection the server is about to close.
app.use(async (c, next) => {
  await next();
  if (stopping) c.res.headers.set("Connection", "close");
});
app.use(async (c, next) => {
  const nonce = newNonce();
  c.set("nonce", nonce);
  await next();
  for (const [name, value] of Object.entries(
    securityHeaders({ nonce, baseUrl: env.BASE_URL, stripe: paymentMode() === "stripe" }),
  )) {
    c.res.headers.set(name, value);
  }
});
// A write refused before its body was read gets its answer once the body is in, or 1 MB of it
// (unread-body.server.ts). Past that the answer goes out at once, and @hono/node-server drops what
// still arrives for at most 500 ms before it closes the connection: the client is still sending
// and can read its answer, but cannot keep the server reading (issue 13 item 6). No
// `Connection: close` here: Node would close at once, and a client still sending would lose the answer.
app.use(async (c, next) => {
  await next();
  if (c.req.method === "GET" || c.req.method === "HEAD") return;
  await finishReadingBody(c.env.incoming);
});
// Cross-site writes are refused everywhere, not only on the auth routes (issue 4 item 8).
app.use(async (c, next) => {
  if (isCrossSiteWrite(c.req.raw, env.BASE_URL)) {
    return c.json({ error: { code: "CROSS_SITE", message: "Cross-site requests are not allowed." } }, 403);
  }
  // The one client address every limit keys on, the shop's and better-auth's (client-address.server.ts);
  // a header of the same name sent by the client is always replaced.
  const address = clientAddress({
    socket: getConnInfo(c).remote.address,
    forwardedFor: c.req.header("x-forwarded-for") ?? null,
    trust: env.TRUST_PROXY,
  });
  c.req.raw.headers.set("x-real-ip", address);
  c.req.raw.headers.delete("x-forwarded-for");
  await next();
});
// Each body is capped by its address (body-limits.server.ts): a declared length over the cap is
// refused here, an undeclared one is counted as the route reads it. Nothing is read ahead, so a
// route that refuses first (an upload without a session) never has the body in memory.
app.use(async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const maxBytes = bodyLimitFor(c.req.path);
  const tooLarge = () => c.json({ error: { code: "PAYLOAD_TOO_LARGE", message: tooLargeMessage(maxBytes) } }, 413);
  const declared = c.req.header("content-length");
  // Node's parser has checked the header is a number and stops the body at it.
  if (declared !== undefined) return Number(declared) > maxBytes ? tooLarge() : next();
  if (!c.req.raw.body) return next();
  const counted = countedBody(c.req.raw.body, maxBytes);
  c.req.raw = new Request(c.req.raw, { body: counted.body, duplex: "half" } as RequestInit);
  await next();
  if (counted.exceeded()) {
    await c.res.body?.cancel();
    c.res = undefined;
    c.res = tooLarge();
  }
});
// gzip only: brotli in-process costs more CPU than it saves on HTML (issue 3).
app.use(compress({ encoding: "gzip" }));

app.get("/healthz", async (c) => {
  const database = await checkDatabase();
  return c.json({ status: database === "ok" ? "ok" : "degraded", database }, database === "ok" ? 200 : 503);
});

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
app.use(
  "*",
  serveStatic({
    root: clientDir,
    precompressed: true,
    onFound: (_path, c) => {
      c.set("staticFile", true);
      c.header("Cache-Control", "public, max-age=3600");
    },
  }),
);

const renderPage = async (request: Request, nonce: string) =>
  withoutModulePreloads(await handleRequest(request, requestContext(nonce)));

// Signed-out pages are the same for everyone for a few seconds: render once, replay with a new nonce.
const htmlCache = createHtmlCache({ ttlMs: 10_000, staleMs: 60_000, maxEntries: 500, safeCookies: [PROMO_COOKIE] });
app.all("*", async (c) => {
  const nonce = c.get("nonce");
  const request = c.req.raw;
  const key = htmlCache.keyFor(request);
  if (key === undefined) return renderPage(request, nonce);
  const cached = htmlCache.lookup(key, nonce);
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
});

const startedAt = performance.now();
await getDatabaseHandle(); // migrations are applied before the first request
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  console.log(
    `Swag storefront ready at http://${host}:${info.port} (started in ${Math.round(performance.now() - startedAt)} ms)`,
  );
});

function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: finishing in-flight requests`);
  // Past 5 s the process exits regardless (issue 2: exit within 5 s).
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
      await closeDatabase();
      console.log("Stopped cleanly");
      process.exit(0);
    });
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  });
}

process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
