import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";
import { createHttpApp } from "./http-app.server";
import { createLocalStorage, type FileStorage } from "./storage.server";
import { createLog, loggablePath, requestIdFrom, sendConsoleTo, withRequestId } from "./log.server";
import { testFileDatabase } from "../../tests/setup/test-db";

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

  it("keeps a load balancer's plain request id and replaces anything else", () => {
    expect(requestIdFrom("6f1c2a4e-lb-42")).toBe("6f1c2a4e-lb-42");
    for (const sent of [undefined, "", "short", "has space in it", 'quote"inside1', "x".repeat(129)]) {
      const id = requestIdFrom(sent);
      expect(id).not.toBe(sent);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
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
});

describe("the HTTP edge's request ids and readiness (issue 21)", () => {
  const handle = testFileDatabase({ reset: false });
  const env = parseEnv({ BASE_URL: "http://localhost:3000" });
  const storageDir = mkdtempSync(join(tmpdir(), "swag-readyz-"));

  /** The edge served on a loopback port, as `npm start` serves it. */
  async function app(options: { stopping?: boolean; storage?: FileStorage } = {}) {
    const lines: Record<string, unknown>[] = [];
    const edge = createHttpApp({
      env,
      services: { db: handle.db, payments: null },
      stopping: () => options.stopping ?? false,
      render: async () => new Response("page"),
      storage: options.storage ?? createLocalStorage(storageDir),
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
    const { request, lines } = await app();
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
    const fresh = await request("/");
    expect(fresh.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
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
