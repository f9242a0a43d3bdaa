import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, describe, expect, it } from "vitest";
import { type Env, parseEnv } from "./env.server";
import { createHttpApp } from "../edge/http-app.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";
import { createLog, loggablePath, logTo, maskTokens, requestIdFrom, sendConsoleTo, withRequestId } from "./log.server";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";

/** A JSON logger whose lines land in `lines`. */
function capturedLog(lines: Record<string, unknown>[]) {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return createLog("info", sink);
}

describe("the JSON log", () => {
  it("tags each line written inside a request with its id, and none outside", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = capturedLog(lines);
    log.info("starting");
    await withRequestId("req-00000001", async () => {
      await Promise.resolve();
      log.warn({ order: "SS-1" }, "payment late");
    });
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, msg: "starting", pid: process.pid }),
      expect.objectContaining({ level: 40, msg: "payment late", order: "SS-1", requestId: "req-00000001" }),
    ]);
    expect(lines[0]).not.toHaveProperty("requestId");
  });

  it("turns the server's console calls into lines of the log", () => {
    const lines: Record<string, unknown>[] = [];
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    try {
      sendConsoleTo(capturedLog(lines));
      withRequestId("req-00000002", () => console.error("Mail failed:", new Error("421 try later")));
      console.log("[outbox] to %s", "a@example.com");
    } finally {
      Object.assign(console, saved);
    }
    expect(lines[0]).toMatchObject({ level: 50, requestId: "req-00000002" });
    expect(String(lines[0]?.msg)).toContain("Mail failed: Error: 421 try later");
    expect(lines[1]).toMatchObject({ level: 30, msg: "[outbox] to a@example.com" });
  });

  it("gives server code a log of its own: levels kept, an error's message quoted, a link's token masked", () => {
    const lines: Record<string, unknown>[] = [];
    const log = logTo(capturedLog(lines));
    withRequestId("req-00000003", () => log.info("[staff] a@example.com became staff"));
    log.warn("[cart] draft 7 kept its figures: STALE");
    log.error("[orders] reset mail for /reset-password/abcdefghijklmnopqrstuvwxyz012345 failed", new Error("421"));
    log.error("[jobs] worker pass failed", "socket closed");
    expect(lines.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 30, msg: "[staff] a@example.com became staff" },
      { level: 40, msg: "[cart] draft 7 kept its figures: STALE" },
      { level: 50, msg: "[orders] reset mail for /reset-password/:token failed: 421" },
      { level: 50, msg: "[jobs] worker pass failed: socket closed" },
    ]);
    expect(lines[0]).toMatchObject({ requestId: "req-00000003" });
  });

  it("keeps a trusted proxy's plain request id and replaces anything else", () => {
    expect(requestIdFrom("6f1c2a4e-lb-42", { trusted: true })).toEqual({ requestId: "6f1c2a4e-lb-42" });
    for (const sent of [undefined, "", "short", "has space in it", 'quote"inside1', "x".repeat(129)]) {
      const { requestId } = requestIdFrom(sent, { trusted: true });
      expect(requestId).not.toBe(sent);
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("never takes a client's own request id, and keeps what it sent apart, short and plain", () => {
    const plain = requestIdFrom("another-users-req-1", { trusted: false });
    expect(plain.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(plain.sentRequestId).toBe("another-users-req-1");
    const forged = requestIdFrom(`x\n{"level":60,"msg":"forged"}${"y".repeat(500)}`, { trusted: false });
    expect(forged.sentRequestId).toHaveLength(64);
    expect(forged.sentRequestId).toMatch(/^[\w.:-]+$/);
    expect(requestIdFrom(undefined, { trusted: false })).not.toHaveProperty("sentRequestId");
  });

  it("never logs a token from a path, and keeps record ids", () => {
    const token = "Qm9vdHN0cmFwLXNoYXJlLWxpbmstdG9rZW4tMzJieXRlcw";
    expect(loggablePath(`/proof-approval/${token}`)).toBe("/proof-approval/:token");
    expect(loggablePath(`/proof-approval/${token}/file`)).toBe("/proof-approval/:token/file");
    expect(loggablePath("/orders/0f8fad5b-d9cb-469f-a165-70867728950e")).toBe(
      "/orders/0f8fad5b-d9cb-469f-a165-70867728950e",
    );
    expect(loggablePath("/products/office-essentials")).toBe("/products/office-essentials");
  });

  it("masks a token also as React Router's <token>.data request", () => {
    const token = "Qm9vdHN0cmFwLXNoYXJlLWxpbmstdG9rZW4tMzJieXRlcw";
    expect(loggablePath(`/proof-approval/${token}.data`)).toBe("/proof-approval/:token.data");
    expect(loggablePath("/orders/0f8fad5b-d9cb-469f-a165-70867728950e.data")).toBe(
      "/orders/0f8fad5b-d9cb-469f-a165-70867728950e.data",
    );
    expect(loggablePath("/products.data")).toBe("/products.data");
  });

  it("masks tokens and codes in the query strings of links quoted in a log line", () => {
    const token = "rT0k3nRT0k3nRT0k3nRT0k3n";
    expect(maskTokens(`Reset failed for https://shop.example/reset-password?token=${token}&next=%2Faccount`)).toBe(
      "Reset failed for https://shop.example/reset-password?token=:token&next=%2Faccount",
    );
    expect(maskTokens("GET /unsubscribe?email=a%40b.com&t=abc123&sig=deadbeef failed")).toBe(
      "GET /unsubscribe?email=a%40b.com&t=:token&sig=:token failed",
    );
    expect(maskTokens("/verify?identifier=a%40b.com&code=123456")).toBe("/verify?identifier=a%40b.com&code=:token");
    expect(maskTokens(`Share link /proof-approval/${token}.data?_routes=routes%2Fproof`)).toBe(
      "Share link /proof-approval/:token.data?_routes=routes%2Fproof",
    );
    expect(maskTokens("Order SS-1042 paid")).toBe("Order SS-1042 paid");
    expect(maskTokens("/products?search=cap")).toBe("/products?search=cap");
  });

  it("masks tokens in the server's console lines", () => {
    const lines: Record<string, unknown>[] = [];
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    try {
      sendConsoleTo(capturedLog(lines));
      console.error("Mail failed: %s", "https://shop.example/reset-password?token=rT0k3nRT0k3nRT0k3nRT0k3n");
    } finally {
      Object.assign(console, saved);
    }
    expect(lines[0]?.msg).toBe("Mail failed: https://shop.example/reset-password?token=:token");
  });
});

describe("the HTTP edge's request ids and readiness", () => {
  const handle = testFileDatabase({ reset: false });
  const env = parseEnv({ BASE_URL: "http://localhost:3000" });
  const trustingLoopback = parseEnv({ BASE_URL: "http://localhost:3000", TRUST_PROXY: "127.0.0.1" });
  const storageDir = mkdtempSync(join(tmpdir(), "swag-readyz-"));

  /** The edge served on a loopback port, as `npm start` serves it. */
  async function app(options: { stopping?: boolean; storage?: FileStorage; env?: Env } = {}) {
    const lines: Record<string, unknown>[] = [];
    const edge = createHttpApp({
      env: options.env ?? env,
      ctx: { ...testContext(handle, null), storage: options.storage ?? createLocalStorage(storageDir) },
      stopping: () => options.stopping ?? false,
      render: async () => new Response("page"),
      log: capturedLog(lines),
    });
    const server = serve({ fetch: edge.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((listening) => server.once("listening", listening));
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    return { request: (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init), lines };
  }
  const servers: ServerType[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
    rmSync(storageDir, { recursive: true, force: true });
  });

  it("answers each request with its id and logs one line for it, with no query string", async () => {
    const { request, lines } = await app({ env: trustingLoopback });
    const response = await request("/products?search=jane%40example.com", {
      headers: { "X-Request-Id": "edge-req-12345" },
    });
    expect(response.headers.get("X-Request-Id")).toBe("edge-req-12345");
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "request",
        method: "GET",
        path: "/products",
        status: 200,
        requestId: "edge-req-12345",
      }),
    ]);
    expect(lines[0]).not.toHaveProperty("sentRequestId");
    const fresh = await request("/");
    expect(fresh.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes X-Request-Id only from a trusted proxy: a client's own is logged apart", async () => {
    const { request, lines } = await app();
    const response = await request("/products", { headers: { "X-Request-Id": "someone-elses-request" } });
    const requestId = response.headers.get("X-Request-Id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([expect.objectContaining({ requestId, sentRequestId: "someone-elses-request" })]);
  });

  it("logs a token path, also as <token>.data, masked", async () => {
    const { request, lines } = await app();
    await request("/proof-approval/Qm9vdHN0cmFwLXNoYXJlLWxpbmstdG9rZW4tMzJieXRlcw.data?_routes=x");
    expect(lines).toEqual([expect.objectContaining({ path: "/proof-approval/:token.data" })]);
  });

  it("is ready while its database answers, and not once it is stopping", async () => {
    const ready = await (await app()).request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok", storage: "ok" });
    const stopping = await (await app({ stopping: true })).request("/readyz");
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: "stopping", database: "ok", storage: "ok" });
    // A directory that cannot be made: its parent is a file.
    writeFileSync(join(storageDir, "a-file"), "");
    const unwritable = createLocalStorage(join(storageDir, "a-file", "uploads"));
    const noStorage = await (await app({ storage: unwritable })).request("/readyz");
    expect(noStorage.status).toBe(503);
    expect(await noStorage.json()).toEqual({ status: "not ready", database: "ok", storage: "unreachable" });
  });
});
