import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { capturedLog } from "../../../tests/setup/captured-log";
import { initialDraft } from "../../../tests/setup/spec-catalogue";
import { countStatements, testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { createSignedInUser } from "../../../tests/setup/users";
import { customisationPart } from "~/domain/checkout/draft";
import { readCatalogue } from "../catalogue/catalogue-store.server";
import { queryRows } from "../platform/db.server";
import { parseEnv } from "../platform/env.server";
import { draftSaves } from "./draft-saves.server";

const handle = testFileDatabase({ reset: false });
afterEach(() => vi.restoreAllMocks());

const { log, lines } = capturedLog();
const state = { stopping: false };
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const answer = draftSaves({
    ctx: testContext(handle),
    env: parseEnv({ BASE_URL: url }),
    stopping: () => state.stopping,
    log,
  });
  // What the listener leaves is the chain's: here a recognisable answer.
  server.on("request", (req, res) => {
    if (answer(req, res)) return;
    res.writeHead(299, { "Content-Type": "text/plain" }).end("the chain");
  });
});
afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

const LINE = {
  productId: "8",
  quantity: 50,
  selectedColor: "#111111",
  customizationSelections: [],
  handwrittenNote: false,
};
const STEP_2 = customisationPart(initialDraft(LINE));

let buyers = 0;
const buyer = () => createSignedInUser(handle, `drafts-edge-${++buyers}@example.com`);

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

type Snapshot = { id: string; version: number; data: { notes?: string } };
async function created(cookie: string): Promise<Snapshot> {
  const response = await post("/api/drafts", { product_id: "8", patch: STEP_2 }, { cookie });
  expect(response.status).toBe(201);
  return ((await response.json()) as { draft: Snapshot }).draft;
}

const errorOf = async (response: Response) => ((await response.json()) as { error: Record<string, unknown> }).error;

describe("the draft saves ahead of the chain (docs/decisions/071)", () => {
  it("takes only POSTs to /api/drafts and /api/drafts/:id, and leaves everything else to the chain", async () => {
    const chain = async (path: string, method = "POST") =>
      (await fetch(`${url}${path}`, { method, body: method === "GET" ? undefined : "{}" })).status;
    expect(await chain("/api/drafts/abc", "GET")).toBe(299);
    expect(await chain("/api/drafts", "GET")).toBe(299);
    expect(await chain("/api/drafts/abc/artwork")).toBe(299);
    expect(await chain("/api/drafts/")).toBe(299);
    expect(await chain("/api/draftsx")).toBe(299);
    expect(await chain("/api/drafts/abc")).toBe(401);
    expect(await chain("/api/drafts?x=1")).toBe(401);
  });

  it("creates a draft (201), then saves it in one statement, with the chain's headers and one log line each", async () => {
    const { cookie } = await buyer();
    const draft = await created(cookie);
    await readCatalogue(handle.db);
    const count = countStatements(handle);
    const response = await post(
      `/api/drafts/${draft.id}`,
      { step: "customisation", patch: { notes: "Deliver to reception" }, expectedVersion: draft.version },
      { cookie },
    );
    expect(count()).toBe(1);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { draft: Snapshot };
    expect(body.draft).toMatchObject({
      id: draft.id,
      version: draft.version + 1,
      data: { notes: "Deliver to reception" },
    });

    const headers = Object.fromEntries(response.headers);
    expect(headers).toMatchObject({
      "content-type": "application/json",
      "cache-control": "private, no-store",
      vary: "Cookie",
      "x-content-type-options": "nosniff",
      "x-frame-options": "DENY",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number(headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(body)));
    const logged = lines.filter((line) => line.requestId === headers["x-request-id"]);
    expect(logged).toEqual([expect.objectContaining({ method: "POST", path: `/api/drafts/${draft.id}`, status: 200 })]);
  });

  it("saves the usual way what it does not remember, and answers its conflicts with the current draft", async () => {
    const { cookie } = await buyer();
    const draft = await created(cookie);
    await handle.db.execute(sql`update order_drafts set version = version + 1 where id = ${draft.id}`);
    const stale = await post(
      `/api/drafts/${draft.id}`,
      { step: "customisation", patch: { notes: "stale" }, expectedVersion: draft.version },
      { cookie },
    );
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: "VERSION_CONFLICT", current: { version: draft.version + 1 } });
    const current = await post(
      `/api/drafts/${draft.id}`,
      { step: "customisation", patch: { notes: "current" }, expectedVersion: draft.version + 1 },
      { cookie },
    );
    expect(current.status).toBe(200);
    const unknown = await post(
      "/api/drafts/00000000-0000-4000-8000-000000000000",
      { step: "customisation", patch: {}, expectedVersion: 1 },
      { cookie },
    );
    expect(unknown.status).toBe(404);
  });

  it("answers 401 to a save without a session, whatever its body, and once the session is revoked", async () => {
    const signedOut = await post("/api/drafts/abc", "not json");
    expect(signedOut.status).toBe(401);
    expect(await errorOf(signedOut)).toMatchObject({
      code: "MISSING_SAVE_DATA",
      message: "Missing required data for save",
    });
    expect((await post("/api/drafts", "{}", { cookie: "swag.session_token=forged.signature" })).status).toBe(401);

    const { cookie, userId } = await buyer();
    const draft = await created(cookie);
    await handle.db.execute(sql`delete from "session" where user_id = ${userId}`);
    const save = { step: "customisation", patch: { notes: "after sign-out" }, expectedVersion: draft.version };
    expect((await post(`/api/drafts/${draft.id}`, save, { cookie })).status).toBe(401);
    expect((await post(`/api/drafts/${draft.id}`, "not json", { cookie })).status).toBe(401);
    const [row] = await queryRows<{ version: number }>(
      handle.db,
      sql`select version from order_drafts where id = ${draft.id}`,
    );
    expect(row?.version).toBe(draft.version);
  });

  it("refuses what the routes refused, with their codes", async () => {
    const { cookie } = await buyer();
    const draft = await created(cookie);
    const path = `/api/drafts/${draft.id}`;
    const crossSite = await post(path, {}, { cookie, origin: "https://elsewhere.example" });
    expect([crossSite.status, (await errorOf(crossSite)).code]).toEqual([403, "CROSS_SITE"]);
    const huge = await post(path, "x".repeat(1024 * 1024 + 1), { cookie });
    expect([huge.status, (await errorOf(huge)).message]).toEqual([
      413,
      "The request is larger than this address accepts (1 MB).",
    ]);
    // More than the server reads to its end: the connection closes once the answer is out.
    expect(huge.headers.get("connection")).toBe("close");
    const large = await post(path, `{"patch":"${"x".repeat(300 * 1024)}"}`, { cookie });
    expect([large.status, (await errorOf(large)).code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const form = await post(path, "step=customisation", {
      cookie,
      "Content-Type": "application/x-www-form-urlencoded",
    });
    expect([form.status, (await errorOf(form)).code]).toEqual([415, "UNSUPPORTED_MEDIA_TYPE"]);
    const broken = await post(path, "{", { cookie });
    expect([broken.status, (await errorOf(broken)).code]).toEqual([400, "BAD_JSON"]);
    const step = await post(path, { step: "payment", patch: {}, expectedVersion: 1 }, { cookie });
    expect([step.status, (await errorOf(step)).fieldErrors]).toEqual([400, { step: "Unknown checkout step." }]);
    const patch = await post(
      path,
      { step: "customisation", patch: { quantity: 1 }, expectedVersion: draft.version },
      { cookie },
    );
    expect([patch.status, (await errorOf(patch)).code]).toEqual([400, "VALIDATION_FAILED"]);
    const product = await post("/api/drafts", { product_id: "", patch: STEP_2 }, { cookie });
    expect([product.status, (await errorOf(product)).code]).toEqual([400, "MISSING_SAVE_DATA"]);
  });

  it("has better-auth extend a session due for it, and closes connections while stopping", async () => {
    const { cookie, userId } = await buyer();
    const draft = await created(cookie);
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    await handle.db.execute(sql`update "session" set expires_at = ${soon} where user_id = ${userId}`);
    state.stopping = true;
    const response = await post(
      `/api/drafts/${draft.id}`,
      { step: "customisation", patch: { notes: "still here" }, expectedVersion: draft.version },
      { cookie },
    );
    state.stopping = false;
    expect(response.status).toBe(200);
    expect(response.headers.get("connection")).toBe("close");
    const [session] = await queryRows<{ expires_at: string | Date }>(
      handle.db,
      sql`select expires_at from "session" where user_id = ${userId}`,
    );
    expect(new Date(session!.expires_at).getTime()).toBeGreaterThan(soon.getTime() + 24 * 60 * 60 * 1000);
  });
});
