import type { AddressInfo } from "node:net";
import { createServer, request, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { getRequestListener } from "@hono/node-server";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../platform/env.server";
import { capturedLog } from "../../../tests/setup/captured-log";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { cachedAnswer } from "./cached-answer.server";
import { acceptsGzip, createHtmlCache, PAGE_COOKIES } from "./html-cache.server";
import { createHttpApp } from "./http-app.server";

const handle = testFileDatabase({ reset: false });
const env = parseEnv({ BASE_URL: "http://localhost:3000" });

const page = (nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.__a=1</script></head><body>${"<p>Caps from £3.88</p>".repeat(400)}</body></html>`;

/** The edge as server.ts serves it: the early answer first, then the chain, whose render uses the cache. */
async function shop() {
  const { log, lines } = capturedLog();
  const htmlCache = createHtmlCache({ ttlMs: 10_000, staleMs: 60_000, maxEntries: 10, safeCookies: PAGE_COOKIES });
  const state = { renders: 0, confirmed: true };
  const app = createHttpApp({
    env,
    ctx: testContext(handle, null),
    stopping: () => false,
    log,
    render: async (request, nonce) => {
      const key = htmlCache.keyFor(request);
      const cached = key && htmlCache.lookup(key, nonce, acceptsGzip(request.headers.get("Accept-Encoding")));
      if (cached) return cached.response;
      state.renders += 1;
      const rendered = new Response(page(nonce), { headers: { "Content-Type": "text/html; charset=utf-8" } });
      return key ? htmlCache.store(key, rendered, nonce) : rendered;
    },
  });
  const early = cachedAnswer({
    htmlCache,
    env,
    stripe: false,
    stopping: () => false,
    log,
    catalogueConfirmed: () => state.confirmed,
  });
  const chain = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (!early(req, res)) void chain(req, res);
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  // Raw bytes, as sent: fetch would unzip them.
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ response: Response; bytes: Buffer }>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path, headers }, (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const sent = new Headers();
          for (const [name, value] of Object.entries(answer.headers))
            if (typeof value === "string") sent.set(name, value);
          resolve({
            response: new Response(null, { status: answer.statusCode, headers: sent }),
            bytes: Buffer.concat(chunks),
          });
        });
      })
        .on("error", reject)
        .end();
    });
  const post = (path: string) =>
    fetch(`http://127.0.0.1:${port}${path}`, { method: "POST", headers: { Origin: env.BASE_URL }, body: "a=1" });
  return { get, post, state, lines, settled: () => htmlCache.settled() };
}
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

/** A response's headers but those that differ by nature between two answers. */
const comparable = (response: Response) =>
  Object.fromEntries(
    [...response.headers].filter(([name]) => !["date", "x-request-id", "content-security-policy"].includes(name)),
  );
const nonceOf = (response: Response) =>
  /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];

describe("a fresh signed-out page answered ahead of the middleware chain", () => {
  it("sends the chain's headers and bytes, with its own nonce in the page and the policy, its own request id, and its log line", async () => {
    const { get, state, lines, settled } = await shop();
    for (const encoding of ["gzip, br", "identity"]) {
      const headers = { "Accept-Encoding": encoding, Cookie: "promo_closed=1" };
      state.confirmed = false;
      const first = await get(`/products?e=${encodeURIComponent(encoding)}`, headers);
      await settled();
      const throughChain = await get(`/products?e=${encodeURIComponent(encoding)}`, headers);
      state.confirmed = true;
      const early = await get(`/products?e=${encodeURIComponent(encoding)}`, headers);
      expect(state.renders, "the page rendered once, then replayed").toBe(encoding === "identity" ? 2 : 1);
      expect(first.response.status).toBe(200);
      expect(comparable(early.response)).toEqual(comparable(throughChain.response));
      const nonce = nonceOf(early.response)!;
      expect(nonce).toMatch(/^[\w+/]{22}==$/);
      expect(nonce).not.toBe(nonceOf(throughChain.response));
      const text = (sent: { response: Response; bytes: Buffer }) =>
        (sent.response.headers.get("content-encoding") === "gzip" ? gunzipSync(sent.bytes) : sent.bytes).toString();
      expect(text(early)).toBe(page(nonce));
      expect(early.response.headers.get("content-length")).toBe(String(early.bytes.length));
      const requestId = early.response.headers.get("x-request-id");
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(lines.at(-1)).toMatchObject({ msg: "request", requestId, method: "GET", path: "/products", status: 200 });
    }
  });

  it("leaves to the chain a visitor with a session cookie, any write, and every page while the catalogue is unconfirmed", async () => {
    const { get, post, state, settled } = await shop();
    await get("/about");
    await settled();
    const before = state.renders;
    await get("/about", { Cookie: "swag.session_token=abc" });
    expect(state.renders, "a signed-in visitor's page is rendered").toBe(before + 1);
    for (const path of ["//about", "/about/../about"]) {
      const odd = await get(path);
      expect(odd.response.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(state.renders, "a scheme-relative path is the chain's: a page of its own").toBe(before + 2);
    expect((await post("/about")).status).toBe(200);
    expect(state.renders, "a write to a cached page's address reaches its route").toBe(before + 3);
    state.confirmed = false;
    const replayed = await get("/about");
    expect(replayed.response.headers.get("content-type")).toContain("text/html");
    expect(state.renders, "the chain replays it from the cache").toBe(before + 3);
  });
});
