/**
 * The signed-out page cache's answer ahead of the middleware chain (docs/decisions/070-cache-hits-first.md).
 * A fresh cached page is the same bytes and headers for every visitor but its nonce and request
 * id, so it is written straight to Node's response: the headers the chain would add (the security
 * headers, Vary: Cookie) are worked out once per cached render from the same functions the chain
 * calls, and each answer fills in its nonce, its request id and its length, and writes the same
 * log line. Anything else (a miss, a stale page, a request the cache does not key, a catalogue not
 * confirmed within the second) goes down the chain as before.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Env } from "../platform/env.server";
import { fromTrustedProxy } from "../platform/client-address.server";
import { type Logger, requestIdFrom, requestLine } from "../platform/log.server";
import { markPrivacy } from "../platform/private-responses.server";
import { acceptsGzip, type HtmlCache } from "./html-cache.server";
import { newNonce } from "./http-app.server";
import { securityHeaders } from "./security-headers.server";

/** Stands for the nonce in a template's CSP while it is worked out: "-" is never in a base64 nonce. */
const NONCE_SLOT = "--nonce--";

type Template = {
  /** Every header but the CSP, the request id and the length, as the chain would send them. */
  fixed: Record<string, string>;
  /** The CSP around its nonce. */
  csp: readonly [before: string, after: string];
};

/**
 * The headers the chain sends with a cached page: its own, the security headers it lacks, and
 * what markPrivacy adds for this request (the same for every request of one cache key).
 */
function templateFor(
  request: { url: URL; cookie: string | undefined },
  headers: readonly [string, string][],
  security: (nonce: string) => Record<string, string>,
): Template {
  const response = new Response(null, { headers: [...headers] });
  for (const [name, value] of Object.entries(security(NONCE_SLOT))) {
    if (!response.headers.has(name)) response.headers.set(name, value);
  }
  markPrivacy(new Request(request.url, { headers: request.cookie ? { Cookie: request.cookie } : {} }), response);
  const fixed: Record<string, string> = {};
  let csp = "";
  for (const [name, value] of response.headers) {
    if (name === "content-security-policy") csp = value;
    else if (name !== "content-length") fixed[name] = value;
  }
  const [before = "", after = ""] = csp.split(NONCE_SLOT);
  return { fixed, csp: [before, after] };
}

export type CachedAnswerOptions = {
  htmlCache: HtmlCache;
  env: Pick<Env, "BASE_URL" | "TRUST_PROXY">;
  /** Whether Stripe's sources are in the CSP (the app context's payment provider). */
  stripe: boolean;
  stopping: () => boolean;
  log?: Logger;
  /** Whether the catalogue's version was read from the database within the last second. */
  catalogueConfirmed: () => boolean;
};

/**
 * A request listener's first step: answers a GET the cache holds fresh and returns true, or
 * returns false and touches nothing, for the chain to answer.
 */
export function cachedAnswer(options: CachedAnswerOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { htmlCache, env, log } = options;
  const security = (nonce: string) => securityHeaders({ nonce, baseUrl: env.BASE_URL, stripe: options.stripe });
  const templates = new WeakMap<readonly [string, string][], Template>();
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" || !options.catalogueConfirmed()) return false;
    const startedAt = performance.now();
    // A path as the chain reads it (@hono/node-server joins it to the host); an absolute or
    // scheme-relative target, or one the URL parser refuses, is the chain's to answer.
    const target = req.url ?? "";
    if (!target.startsWith("/") || target.startsWith("//")) return false;
    let url: URL;
    try {
      url = new URL(`http://localhost${target}`);
    } catch {
      return false;
    }
    const cookie = req.headers.cookie;
    const key = htmlCache.keyOf({ method: "GET", url, cookie });
    if (key === undefined) return false;
    const gzip = acceptsGzip(req.headers["accept-encoding"]);
    const nonce = newNonce();
    const found = htmlCache.replay(key, nonce, gzip);
    // A stale page is answered by the chain, which renders it again in the background.
    if (!found || found.stale) return false;

    let template = templates.get(found.headers);
    if (!template) {
      template = templateFor({ url, cookie }, found.headers, security);
      templates.set(found.headers, template);
    }
    const trusted = fromTrustedProxy({ socket: req.socket.remoteAddress, trust: env.TRUST_PROXY });
    const { requestId, sentRequestId } = requestIdFrom(req.headers["x-request-id"] as string | undefined, { trusted });
    const headers: Record<string, string> = {
      ...template.fixed,
      "content-security-policy": `${template.csp[0]}${nonce}${template.csp[1]}`,
      "content-length": String(typeof found.body === "string" ? Buffer.byteLength(found.body) : found.body.length),
      "x-request-id": requestId,
    };
    if (options.stopping()) headers.connection = "close";
    res.writeHead(found.status, headers);
    res.end(found.body);
    const line = requestLine({ method: "GET", path: url.pathname, status: found.status, startedAt, sentRequestId });
    log?.info({ requestId, ...line }, "request");
    return true;
  };
  return (req, res) => {
    try {
      return answer(req, res);
    } catch (error) {
      // Nothing sent yet: the chain answers instead, and the failure is logged.
      if (res.headersSent) throw error;
      console.error("The cached page could not be answered early:", error instanceof Error ? error.message : error);
      return false;
    }
  };
}
