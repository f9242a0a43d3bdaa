/**
 * A short-lived in-process cache of rendered HTML for visitors who are not signed in (decision
 * 001). Pages cannot be prerendered to files because every response
 * carries a fresh CSP nonce; here the nonce of the cached render is swapped for the new response's.
 *
 * Only anonymous GETs are cached: a request carrying any cookie outside `safeCookies` (a session,
 * say) always renders. A route opts out by sending `Cache-Control: no-store` or `private`.
 *
 * A page is fresh for `ttlMs`. For `staleMs` after that it is still sent, while one render in the
 * background replaces it, so no visitor waits for a render of a page that is already cached.
 * `forget` drops every page at once, and any render under way then, when what they show changed
 * (the catalogue, docs/decisions/066-catalogue-is-data.md).
 */

import { PRICE_MODE_COOKIE } from "~/domain/pricing/price-mode";
import { PROMO_COOKIE } from "~/domain/pricing/promo";
import { parseCookies } from "~/domain/core/cookies";
import { type Precompressed, precompress, splicedGzip } from "./spliced-gzip.server";

/**
 * The cookies that change a signed-out page without saying who the visitor is: the promotion
 * banner closed, and prices ex or inc VAT (decision 020). Each is part of the cache key, so a
 * page rendered with prices inc VAT is only ever replayed to a visitor who asked for inc VAT.
 */
export const PAGE_COOKIES: readonly string[] = [PROMO_COOKIE, PRICE_MODE_COOKIE];

interface Entry {
  /** The page's text between the places its nonce was. */
  pieces: string[];
  /** The pieces gzipped, once the first visitor who accepts gzip asks, and the gzipped copy's headers. */
  gzipped?: Precompressed;
  gzipHeaders?: [string, string][];
  /** The headers of the copy sent as it is. */
  plainHeaders?: [string, string][];
  status: number;
  headers: [string, string][];
  storedAt: number;
}

export interface HtmlCacheOptions {
  ttlMs: number;
  staleMs: number;
  maxEntries: number;
  /** Cookies that may change the page but identify nobody; they become part of the key. */
  safeCookies: readonly string[];
  now?: () => number;
}

/** A render of the page for the cache: its response and the nonce it was rendered with. */
export type Render = () => Promise<{ response: Response; nonce: string }>;

function isCacheableResponse(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !response.headers.has("Set-Cookie") &&
    !/\b(no-store|private)\b/i.test(cacheControl) &&
    response.body !== null
  );
}

const nonceAttribute = (nonce: string) => `nonce="${nonce}"`;

/** Whether the visitor takes gzip (its Accept-Encoding header), read as the server's compression reads it (http-app.server.ts). */
export const acceptsGzip = (acceptEncoding: string | null | undefined) => (acceptEncoding ?? "").includes("gzip");

export type HtmlCache = ReturnType<typeof createHtmlCache>;

export function createHtmlCache(options: HtmlCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const pending = new Set<Promise<void>>();
  const revalidating = new Set<string>();
  /** Raised by forget: a render begun before it shows what was, and is not kept. */
  let generation = 0;

  /** The cache key for a request, or undefined when the request must render. */
  function keyFor(request: Request): string | undefined {
    return keyOf({ method: request.method, url: new URL(request.url), cookie: request.headers.get("Cookie") });
  }

  /** keyFor, from the parts of a request it reads (the server's early answer has no Request). */
  function keyOf(request: { method: string; url: URL; cookie: string | null | undefined }): string | undefined {
    if (request.method !== "GET") return undefined;
    const { url } = request;
    // React Router's data and route-discovery requests answer with data, not documents.
    if (url.pathname.endsWith(".data") || url.pathname === "/__manifest") return undefined;
    const cookies = parseCookies(request.cookie ?? null);
    if (cookies.some(([name]) => !options.safeCookies.includes(name))) return undefined;
    const kept = cookies
      .map(([name, value]) => `${name}=${value}`)
      .sort()
      .join("; ");
    return `${url.pathname}${url.search}|${kept}`;
  }

  function keep(key: string, body: string, response: Response, nonce: string, begunIn: number) {
    // Only a complete document is worth replaying, and only one rendered since the last forget.
    if (!body.trimEnd().endsWith("</html>") || begunIn !== generation) return;
    entries.delete(key);
    entries.set(key, {
      pieces: body.split(nonceAttribute(nonce)),
      status: response.status,
      headers: [...response.headers.entries()],
      storedAt: now(),
    });
    // Oldest first: a Map keeps insertion order.
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  function track(work: Promise<void>) {
    const settledWork = work.finally(() => pending.delete(settledWork));
    pending.add(settledWork);
  }

  /**
   * The cached page with `nonce` in place of the one it was rendered with, gzipped when the visitor
   * accepts it (spliced-gzip.server.ts: compressed once per render, not per visitor); `stale` asks
   * for a refresh.
   */
  function lookup(key: string, nonce: string, gzip = false): { response: Response; stale: boolean } | undefined {
    const found = replay(key, nonce, gzip);
    if (!found) return undefined;
    const headers = new Headers([...found.headers]);
    if (gzip) headers.set("Content-Length", String(found.body.length));
    const body = found.body as string | Uint8Array<ArrayBuffer>;
    return { response: new Response(body, { status: found.status, headers }), stale: found.stale };
  }

  /**
   * What lookup answers, as bytes and header pairs: the cached page with `nonce` in place, gzipped
   * when asked, and its headers (the gzipped copy's encoding and Vary added; its length is the
   * body's). `headers` is the same array for every replay of one render in one encoding, so a
   * caller may keep what it works out from it (cached-answer.server.ts).
   */
  function replay(
    key: string,
    nonce: string,
    gzip = false,
  ): { status: number; headers: readonly [string, string][]; body: string | Buffer; stale: boolean } | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = now() - entry.storedAt;
    if (age >= options.ttlMs + options.staleMs) {
      entries.delete(key);
      return undefined;
    }
    const stale = age >= options.ttlMs;
    // Either copy varies by the visitor's Accept-Encoding, as the server's compression would say.
    if (!gzip) {
      entry.plainHeaders ??= [...entry.headers, ["vary", "Accept-Encoding"]];
      return {
        status: entry.status,
        headers: entry.plainHeaders,
        body: entry.pieces.join(nonceAttribute(nonce)),
        stale,
      };
    }
    entry.gzipped ??= precompress(entry.pieces);
    entry.gzipHeaders ??= [
      ...entry.headers.filter(([name]) => !/^(content-encoding|content-length)$/i.test(name)),
      ["content-encoding", "gzip"],
      ["vary", "Accept-Encoding"],
    ];
    return {
      status: entry.status,
      headers: entry.gzipHeaders,
      body: splicedGzip(entry.gzipped, nonceAttribute(nonce)),
      stale,
    };
  }

  /** Returns the response to send; when it can be cached, a copy of its body is kept as it streams. */
  function store(key: string, response: Response, nonce: string): Response {
    if (!isCacheableResponse(response) || !response.body) return response;
    const [forClient, forCache] = response.body.tee();
    const begunIn = generation;
    track(
      new Response(forCache)
        .text()
        .then((body) => keep(key, body, response, nonce, begunIn))
        .catch(() => {
          // The render failed mid-stream; nothing is cached and the next request renders.
        }),
    );
    return new Response(forClient, { status: response.status, headers: response.headers });
  }

  /** Renders the page again in the background, once at a time per page, and keeps the result. */
  function revalidate(key: string, render: Render) {
    if (revalidating.has(key)) return;
    revalidating.add(key);
    const begunIn = generation;
    track(
      render()
        .then(async ({ response, nonce }) => {
          const cacheable = isCacheableResponse(response);
          const body = await response.text();
          if (cacheable) keep(key, body, response, nonce, begunIn);
          // A page that can no longer be cached (now a 404, say) must not be replayed either.
          else entries.delete(key);
        })
        .catch((error: unknown) => {
          console.error("Background render failed:", error instanceof Error ? error.message : error);
        })
        .finally(() => revalidating.delete(key)),
    );
  }

  /** Resolves when every copy and background render under way has finished. */
  async function settled(): Promise<void> {
    while (pending.size > 0) await Promise.all(pending);
  }

  /** Drops every page, and any render under way (it began before what it shows changed). */
  function forget(): void {
    generation += 1;
    entries.clear();
  }

  return { keyFor, keyOf, lookup, replay, store, revalidate, forget, settled, size: () => entries.size };
}
