/**
 * The HTTP edge every request crosses before React Router, in production (server.ts) and in
 * development (scripts/dev.ts) alike (docs/decisions/009): privacy marks, the CSP nonce and
 * security headers, cross-site refusal, the client address, body limits, gzip and /healthz. What
 * differs between the two is passed in: how build files are served and how a page is rendered.
 */
import { randomBytes } from "node:crypto";
import type { HttpBindings } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";
import { bodyLimitFor, countedBody, tooLargeMessage } from "./body-limits.server";
import { clientAddress, fromTrustedProxy } from "../platform/client-address.server";
import type { Env } from "../platform/env.server";
import { atMostEvery, checkDatabase } from "../platform/health.server";
import { type Logger, requestIdFrom, requestLine, withRequestId } from "../platform/log.server";
import { crossSiteRefusal, isCrossSiteWrite } from "./origin.server";
import { failureBody } from "../platform/http.server";
import { markPrivacy } from "../platform/private-responses.server";
import type { AccountsContext } from "../accounts/auth.server";
import { requestContext } from "../accounts/request-context.server";
import { securityHeaders } from "./security-headers.server";
import { checkStorage } from "../providers/storage.server";
import { finishReadingBody } from "../platform/unread-body.server";
import type { AppContext } from "../providers/app-context.server";

export type HttpApp = Hono<{ Bindings: HttpBindings; Variables: { nonce: string; staticFile?: true } }>;

export const newNonce = () => randomBytes(16).toString("base64");

/**
 * React Router's handler for `build`, each request starting from a context with the server's
 * app context, the better-auth it opened, and its nonce (decision 011).
 */
export function reactRouterRenderer(
  build: ServerBuild | (() => Promise<ServerBuild>),
  mode: "production" | "development",
  ctx: AccountsContext,
): (request: Request, nonce: string) => Promise<Response> {
  const handle = createRequestHandler(build, mode);
  return (request, nonce) => handle(request, requestContext(ctx, nonce));
}

export function createHttpApp(options: {
  env: Env;
  /** the app context the server opened (app-context.server.ts); /healthz checks their database, /readyz their storage. */
  ctx: AppContext;
  /** True once the server is shutting down: every answer then closes its connection. */
  stopping: () => boolean;
  /** Mounts the handlers of build files; each marks its answers with `c.set("staticFile", true)`. */
  serveFiles?: (app: HttpApp) => void;
  /** A page or resource route's answer, rendered with this response's CSP nonce. */
  render: (request: Request, nonce: string) => Promise<Response>;
  /** Where each answered request is logged (the production server's JSON log); unset, none is. */
  log?: Logger;
}): HttpApp {
  const { env, log } = options;
  const app: HttpApp = new Hono();

  // Decision 031: every request has an id, the load balancer's or a new one, sent back as X-Request-Id
  // and on every log line written while it is handled, ending with one line for the answer. The
  // header is believed only from a trusted proxy (decision 013); a client's own is logged apart.
  app.use((c, next) => {
    const trusted = fromTrustedProxy({ socket: getConnInfo(c).remote.address, trust: env.TRUST_PROXY });
    const { requestId, sentRequestId } = requestIdFrom(c.req.header("x-request-id"), { trusted });
    return withRequestId(requestId, async () => {
      const startedAt = performance.now();
      await next();
      c.res.headers.set("X-Request-Id", requestId);
      log?.info(
        requestLine({ method: c.req.method, path: c.req.path, status: c.res.status, startedAt, sentRequestId }),
        "request",
      );
    });
  });

  // Every answer but a build file varies by cookie, and a personal one is never stored.
  app.use(async (c, next) => {
    await next();
    if (!c.get("staticFile")) markPrivacy(c.req.raw, c.res);
  });
  // While shutting down, every response ends its connection, so no client sends a request on a
  // connection the server is about to close.
  app.use(async (c, next) => {
    await next();
    if (options.stopping()) c.res.headers.set("Connection", "close");
  });
  // A route that sets one of these headers itself sets a stricter one, and keeps it: a preview's
  // `default-src 'none'`, a shared proof file's `sandbox` and `no-referrer` (a stranger's file
  // opened on its own must run nothing and leak no token).
  // The provider the app context opened at boot: Stripe's scripts and frames are allowed only with it.
  const stripe = options.ctx.payments?.kind === "stripe";
  app.use(async (c, next) => {
    const nonce = newNonce();
    c.set("nonce", nonce);
    await next();
    for (const [name, value] of Object.entries(securityHeaders({ nonce, baseUrl: env.BASE_URL, stripe }))) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });
  // A write refused before its body was read gets its answer once the body is in, or 1 MB of it
  // (unread-body.server.ts). Past that the answer goes out at once, and @hono/node-server drops what
  // still arrives for at most 500 ms before it closes the connection: the client is still sending
  // and can read its answer, but cannot keep the server reading (decision 062). No
  // `Connection: close` here: Node would close at once, and a client still sending would lose the answer.
  app.use(async (c, next) => {
    await next();
    if (c.req.method === "GET" || c.req.method === "HEAD") return;
    await finishReadingBody(c.env.incoming);
  });
  // Cross-site writes are refused everywhere, not only on the auth routes (docs/security.md).
  app.use(async (c, next) => {
    if (isCrossSiteWrite(c.req.raw, env.BASE_URL)) {
      return c.json(failureBody(crossSiteRefusal()), 403);
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
  // gzip only: brotli in-process costs more CPU than it saves on HTML (decision 002). An answer that
  // states a length under 4 kB goes as it is: a zlib stream per answer cost the autosave more CPU
  // than the few hundred bytes it saved (decision 029); pages are streamed and still gzipped.
  app.use(compress({ encoding: "gzip", threshold: 4096 }));

  // SPEC.md's diagnostics: the process answers and its database with it.
  const databaseStatus = atMostEvery(1_000, () => checkDatabase(options.ctx.db));
  const storageStatus = atMostEvery(1_000, () => checkStorage(options.ctx.storage));
  app.get("/healthz", async (c) => {
    const database = await databaseStatus();
    return c.json({ status: database === "ok" ? "ok" : "degraded", database }, database === "ok" ? 200 : 503);
  });
  // Decision 028: whether a load balancer should send this process requests: its database and file
  // storage answer, and it is not shutting down (a stopping process drains instead).
  app.get("/readyz", async (c) => {
    const [database, storage] = await Promise.all([databaseStatus(), storageStatus()]);
    const ready = database === "ok" && storage === "ok" && !options.stopping();
    return c.json(
      { status: ready ? "ready" : options.stopping() ? "stopping" : "not ready", database, storage },
      ready ? 200 : 503,
    );
  });

  options.serveFiles?.(app);
  app.all("*", (c) => options.render(c.req.raw, c.get("nonce")));
  return app;
}
