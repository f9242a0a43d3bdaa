/**
 * The fair queue of artwork checks (decision 033): one check per account at a time, the next one
 * from the account that waited longest, at most 30 an hour with a 429 that says when, a check whose
 * process died taken over once its lease runs out, and nothing left behind by an upload that gives up.
 * On PGlite by default and on PostgreSQL under TEST_DATABASE_URL.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { vectorLogo } from "../../../tests/setup/artwork-corpus";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { newCapDraft } from "../../../tests/setup/cap-draft";
import { CHECKS_PER_HOUR } from "~/domain/artwork/artwork-rules";
import { SVG_UNCHECKED_MESSAGE } from "~/domain/artwork/preflight";
import { preflightStored } from "./artwork-preflight.server";
import { ARTWORK_NAME_HEADER } from "./artwork-upload.server";
import { saveArtwork } from "./artwork.server";
import { queryRows } from "../platform/db.server";
import { toResponse } from "../platform/http.server";
import {
  awaitCheck,
  GAVE_UP,
  CHECK_LEASE_MS,
  claimCheck,
  createCheckSlots,
  enqueueCheck,
  finishCheck,
  PREFLIGHT_BUSY_MESSAGE,
  runNextCheck,
  tooManyChecks,
} from "./preflight-queue.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";

vi.setConfig({ testTimeout: 30_000 });

const handle = testFileDatabase();
let dataDir: string;
let uploadsDir: string;
let storage: FileStorage;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "swag-checks-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
beforeEach(() => {
  uploadsDir = mkdtempSync(join(dataDir, "uploads-"));
  storage = createLocalStorage(uploadsDir);
});

const ALICE = "user-alice";
const BOB = "user-bob";

async function storedPdf(bytes: Uint8Array = MINIMAL_PDF) {
  return storage.put(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(bytes));
        controller.close();
      },
    }),
  );
}

async function enqueue(userId: string) {
  const stored = await storedPdf();
  const queued = await enqueueCheck(handle.db, { userId, kind: "pdf", ...stored });
  if (!queued.ok) throw new Error(queued.message);
  return queued.id;
}

const statusOf = async (id: number) =>
  (await queryRows<{ status: string }>(handle.db, sql`select status from preflight_checks where id = ${id}`))[0]
    ?.status;

describe("one check per account at a time, in fair order", () => {
  it("never runs two of one account's checks at once, and hands the next to another account", async () => {
    const alice1 = await enqueue(ALICE);
    const alice2 = await enqueue(ALICE);
    const bob1 = await enqueue(BOB);

    const first = await claimCheck(handle.db, { workerId: "a" });
    const second = await claimCheck(handle.db, { workerId: "b" });
    const third = await claimCheck(handle.db, { workerId: "c" });

    expect(first?.id).toBe(alice1);
    expect(second?.id).toBe(bob1);
    // Alice's second waits while her first runs, though a worker is free.
    expect(third).toBeNull();
    expect(await statusOf(alice2)).toBe("queued");
  });

  it("lets concurrent claimers take at most one of an account's checks", async () => {
    for (let i = 0; i < 6; i += 1) await enqueue(ALICE);
    const claimed = await Promise.all(
      Array.from({ length: 6 }, (_, i) => claimCheck(handle.db, { workerId: `w${i}` })),
    );
    expect(claimed.filter(Boolean)).toHaveLength(1);
    const [running] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from preflight_checks where status = 'running'`,
    );
    expect(running?.n).toBe(1);
  });

  it("takes the next check from the account whose last check started longest ago", async () => {
    const alice = [await enqueue(ALICE), await enqueue(ALICE), await enqueue(ALICE)];
    const bob = await enqueue(BOB);
    const order: number[] = [];
    for (;;) {
      const check = await claimCheck(handle.db, { workerId: "only" });
      if (!check) break;
      order.push(check.id);
      await finishCheck(handle.db, { check, outcome: GAVE_UP });
    }
    // Bob's one file, sent after Alice's three, is checked second, not fourth.
    expect(order).toEqual([alice[0], bob, alice[1], alice[2]]);
  });
});

describe("at most 30 checks per account per hour", () => {
  const upload = async (userId: string) =>
    saveArtwork(handle.db, {
      userId,
      draftId: (await newCapDraft(handle.db, userId)).id,
      request: new Request("http://shop.test/api/drafts/x/artwork", {
        method: "POST",
        body: new Uint8Array(MINIMAL_PDF),
        headers: { [ARTWORK_NAME_HEADER]: "logo.pdf", "Content-Length": String(MINIMAL_PDF.length) },
      }),
      storage,
    });

  it("refuses the 31st with a 429 that says when, keeps the file nowhere, and counts each account apart", async () => {
    // Thirty checks asked for 50 minutes ago: the first of them leaves the hour in 10 minutes.
    await handle.db.execute(sql`
      insert into preflight_checks (user_id, kind, stored_name, size, status, created_at)
      select ${ALICE}, 'pdf', 'gone-' || n, 10, 'done', now() - interval '50 minutes'
        from generate_series(1, ${CHECKS_PER_HOUR}) as n`);
    const stored = await storedPdf();
    const refused = await preflightStored(handle.db, { userId: ALICE, storage, stored, kind: "pdf" });

    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(
      /^You've sent 30 files for checking in the last hour\. You can upload again at \d\d:\d\d \(in (9|10) minutes\)\.$/,
    );
    const retryAfter = Number(new Headers(toResponse(refused).init?.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(540);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(readdirSync(uploadsDir)).toEqual([]);

    // The upload itself is refused before a byte of its body is stored.
    const viaUpload = await upload(ALICE);
    expect(viaUpload.ok ? 201 : viaUpload.status).toBe(429);
    expect(readdirSync(uploadsDir)).toEqual([]);
    // Bob (another account, in the same organisation or not) is not held back by Alice's checks.
    const bobs = await upload(BOB);
    expect(bobs.ok).toBe(true);
  });

  it("says 'in 1 minute' and a London clock time", () => {
    const now = new Date("2026-07-01T10:00:00Z");
    const refused = tooManyChecks(new Date("2026-07-01T10:00:40Z"), now);
    // 11:00 in London (summer time).
    expect(refused.message).toBe(
      "You've sent 30 files for checking in the last hour. You can upload again at 11:00 (in 1 minute).",
    );
    expect(refused.retryAfterSeconds).toBe(40);
  });
});

describe("a check whose process died", () => {
  it("is taken over once its lease runs out, and the first holder's late answer changes nothing", async () => {
    const id = await enqueue(ALICE);
    const start = new Date();
    const dead = await claimCheck(handle.db, { workerId: "dead", now: start });
    expect(dead?.id).toBe(id);

    const early = await claimCheck(handle.db, { workerId: "heir", now: new Date(start.getTime() + 30_000) });
    expect(early).toBeNull();
    const heir = await claimCheck(handle.db, {
      workerId: "heir",
      now: new Date(start.getTime() + CHECK_LEASE_MS + 1_000),
    });
    expect(heir?.id).toBe(id);
    expect(heir?.attempts).toBe(2);

    if (!dead || !heir) return;
    expect(await finishCheck(handle.db, { check: dead, outcome: GAVE_UP })).toBe(false);
    expect(await finishCheck(handle.db, { check: heir, outcome: GAVE_UP })).toBe(true);
  });

  it("is given up after its second process dies: the file is kept, unchecked, with the reason", async () => {
    const id = await enqueue(ALICE);
    const start = Date.now();
    await claimCheck(handle.db, { workerId: "one", now: new Date(start) });
    await claimCheck(handle.db, { workerId: "two", now: new Date(start + CHECK_LEASE_MS + 1_000) });
    const next = await claimCheck(handle.db, { workerId: "three", now: new Date(start + 2 * CHECK_LEASE_MS + 2_000) });
    expect(next).toBeNull();
    const outcome = await awaitCheck({ db: handle.db, storage }, { id, waitMs: 0 });
    expect(outcome).toEqual(GAVE_UP);
  });
});

describe("an SVG that could not be checked (decision 044)", () => {
  const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');

  it("is refused and deleted when the sandbox gives up on it, never kept unchecked", async () => {
    const stored = await storedPdf(SVG);
    // 1 ms of wall time: the box (or its absence) gives up before the SVG is read.
    const outcome = await preflightStored(handle.db, {
      userId: ALICE,
      storage,
      stored,
      kind: "svg",
      preflight: { timeoutMs: 1 },
    });
    expect(outcome).toEqual({ ok: false, status: 422, code: "ARTWORK_UNREADABLE", message: SVG_UNCHECKED_MESSAGE });
    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it("is refused and deleted when its check is given up after its second process dies", async () => {
    const stored = await storedPdf(SVG);
    const queued = await enqueueCheck(handle.db, { userId: ALICE, kind: "svg", ...stored });
    if (!queued.ok) throw new Error(queued.message);
    const start = Date.now();
    await claimCheck(handle.db, { workerId: "one", now: new Date(start) });
    await claimCheck(handle.db, { workerId: "two", now: new Date(start + CHECK_LEASE_MS + 1_000) });
    await claimCheck(handle.db, { workerId: "three", now: new Date(start + 2 * CHECK_LEASE_MS + 2_000) });
    const outcome = await awaitCheck({ db: handle.db, storage }, { id: queued.id, waitMs: 0 });
    expect(outcome).toMatchObject({ ok: false, status: 422, message: SVG_UNCHECKED_MESSAGE });
    expect(readdirSync(uploadsDir)).toEqual([]);
  });
});

describe("an upload that stops waiting", () => {
  it("withdraws its queued check and deletes the file when the wait runs out", async () => {
    const id = await enqueue(ALICE);
    // A process with no free slot: the check cannot come round.
    const outcome = await awaitCheck({ db: handle.db, storage, slots: createCheckSlots(0) }, { id, waitMs: 300 });
    expect(outcome).toMatchObject({ ok: false, status: 503, message: PREFLIGHT_BUSY_MESSAGE });
    expect(await statusOf(id)).toBe("abandoned");
    expect(readdirSync(uploadsDir)).toEqual([]);
    // Nobody runs it later.
    expect(await claimCheck(handle.db, { workerId: "later" })).toBeNull();
  });

  it("withdraws it when the request goes away", async () => {
    const id = await enqueue(ALICE);
    const gone = new AbortController();
    const waiting = awaitCheck({ db: handle.db, storage, slots: createCheckSlots(0) }, { id, signal: gone.signal });
    gone.abort();
    expect(await waiting).toMatchObject({ status: 503 });
    expect(await statusOf(id)).toBe("abandoned");
    expect(readdirSync(uploadsDir)).toEqual([]);
  });

  it("leaves nothing behind when its check was running: the process that ran it deletes the file and preview", async () => {
    const stored = await storedPdf(await vectorLogo());
    const queued = await enqueueCheck(handle.db, { userId: ALICE, kind: "pdf", ...stored });
    if (!queued.ok) throw new Error(queued.message);
    const running = runNextCheck({ db: handle.db, storage, slots: createCheckSlots(1) });
    await vi.waitUntil(async () => (await statusOf(queued.id)) === "running", { interval: 5 });
    const outcome = await awaitCheck(
      { db: handle.db, storage, slots: createCheckSlots(0) },
      { id: queued.id, waitMs: 0 },
    );
    expect(outcome).toMatchObject({ status: 503 });
    // The file stays while its check runs (the parser is reading it) and goes when the check ends.
    expect(readdirSync(uploadsDir)).toHaveLength(1);
    expect(await running).toBe(true);
    expect(readdirSync(uploadsDir)).toEqual([]);
    expect(await statusOf(queued.id)).toBe("abandoned");
  });
});
