import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { initialDraft } from "../../../tests/setup/spec-catalogue";
import { countStatements, testFileDatabase } from "../../../tests/setup/test-db";
import { customisationPart } from "~/domain/checkout/draft";
import { readCatalogue } from "../catalogue/catalogue-store.server";
import { queryRows } from "../platform/db.server";
import { forgetDraft } from "./draft-memo.server";
import { mergeJson, mergeSql } from "./draft-plan.server";
import { saveDraftQuickly } from "./draft-quick-save.server";
import { createDraft, getDraft, saveDraftStep, type DraftSnapshot } from "./drafts.server";

const handle = testFileDatabase();
afterEach(() => vi.restoreAllMocks());

let people = 0;
/** A person with a session row, as better-auth writes them; the token is what a verified cookie carries. */
async function signedIn(expiresInMs = 3_600_000) {
  const userId = `quick-user-${++people}`;
  const token = `token-${userId}`;
  await handle.db.execute(
    sql`insert into "user" (id, name, email) values (${userId}, 'Quick Buyer', ${`${userId}@example.com`})`,
  );
  await handle.db.execute(
    sql`insert into "session" (id, token, user_id, expires_at)
        values (${`session-${userId}`}, ${token}, ${userId}, ${new Date(Date.now() + expiresInMs)})`,
  );
  return { userId, token };
}

async function newDraft(userId: string): Promise<DraftSnapshot> {
  const line = {
    productId: "8",
    quantity: 50,
    selectedColor: "#111111",
    customizationSelections: [],
    handwrittenNote: false,
  };
  const result = await createDraft(handle.db, {
    accountId: userId,
    userId,
    productId: "8",
    data: customisationPart(initialDraft(line)),
  });
  if (!result.ok) throw new Error(result.message);
  return result.draft;
}

const notes = (token: string, draft: { id: string; version: number }, text: string) =>
  saveDraftQuickly(handle.db, {
    token,
    draftId: draft.id,
    step: "customisation",
    patch: { notes: text },
    expectedVersion: draft.version,
  });

async function storedVersion(id: string) {
  const [row] = await queryRows<{ version: number }>(handle.db, sql`select version from order_drafts where id = ${id}`);
  return row?.version;
}

/** Counts from here on, after the catalogue's once-a-second version check (readCatalogue). */
async function countSaveStatements() {
  await readCatalogue(handle.db);
  return countStatements(handle);
}

describe("saveDraftQuickly (docs/decisions/071)", () => {
  it("saves a draft this process saved last in one statement, and stores what the usual save would", async () => {
    const { userId, token } = await signedIn();
    const draft = await newDraft(userId);
    const count = await countSaveStatements();
    const saved = await notes(token, draft, "first");
    expect(count()).toBe(1);
    expect(saved?.draft).toMatchObject({ id: draft.id, version: draft.version + 1, data: { notes: "first" } });
    const stored = await getDraft(handle.db, { userId, draftId: draft.id });
    expect(stored?.data).toEqual(saved?.draft.data);
    expect(stored?.version).toBe(saved?.draft.version);
    expect(saved?.sessionExpiresAt.getTime()).toBeGreaterThan(Date.now());

    // The next save builds on the one before, still in one statement.
    const again = await countSaveStatements();
    const second = await notes(token, saved!.draft, "second");
    expect(again()).toBe(1);
    expect(second?.draft).toMatchObject({ version: draft.version + 2, data: { notes: "second" } });
  });

  it("marks a step done, as the usual save does", async () => {
    const { userId, token } = await signedIn();
    const draft = await newDraft(userId);
    const saved = await saveDraftQuickly(handle.db, {
      token,
      draftId: draft.id,
      step: "customisation",
      patch: { confirm: { rights_confirmed: true, lead_time_acknowledged: true } },
      expectedVersion: draft.version,
    });
    const stored = await getDraft(handle.db, { userId, draftId: draft.id });
    expect(saved?.draft.status).toBe(stored?.status);
    expect(stored?.data.confirm).toEqual({ rights_confirmed: true, lead_time_acknowledged: true });
  });

  it("writes nothing with another person's session, a revoked one or an expired one", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const draft = await newDraft(alice.userId);
    expect(await notes(bob.token, draft, "bob's")).toBeNull();
    expect(await notes("forged-token", draft, "nobody's")).toBeNull();
    await handle.db.execute(sql`delete from "session" where token = ${alice.token}`);
    expect(await notes(alice.token, draft, "signed out")).toBeNull();
    const expired = await signedIn(-1_000);
    const theirs = await newDraft(expired.userId);
    expect(await notes(expired.token, theirs, "too late")).toBeNull();
    expect(await storedVersion(draft.id)).toBe(draft.version);
    expect(await storedVersion(theirs.id)).toBe(theirs.version);
  });

  it("never overwrites a write it did not see, and leaves the conflict to the usual save", async () => {
    const { userId, token } = await signedIn();
    const draft = await newDraft(userId);
    // Another process (or an artwork upload) writes the draft: its version moves on.
    await handle.db.execute(
      sql`update order_drafts set version = version + 1, data = jsonb_set(data, '{handwritten_note}', 'true') where id = ${draft.id}`,
    );
    expect(await notes(token, draft, "lost?")).toBeNull();
    const usual = await saveDraftStep(handle.db, {
      userId,
      draftId: draft.id,
      step: "customisation",
      patch: { notes: "lost?" },
      expectedVersion: draft.version,
    });
    expect(usual).toMatchObject({ ok: false, status: 409, code: "VERSION_CONFLICT" });
  });

  it("reads a draft it does not remember with the session first: two statements", async () => {
    const { userId, token } = await signedIn();
    const draft = await newDraft(userId);
    forgetDraft(handle.db, draft.id);
    const count = await countSaveStatements();
    const saved = await notes(token, draft, "saved by another process before");
    expect(count()).toBe(2);
    expect(saved?.draft).toMatchObject({
      version: draft.version + 1,
      data: { notes: "saved by another process before" },
    });
    // Remembered now: the next save is one statement again.
    const again = await countSaveStatements();
    expect(await notes(token, saved!.draft, "next")).not.toBeNull();
    expect(again()).toBe(1);
  });

  it("answers null after that read for another person's session, a stale version or an open payment", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    const draft = await newDraft(alice.userId);
    forgetDraft(handle.db, draft.id);
    expect(await notes(bob.token, draft, "bob's")).toBeNull();
    expect(await notes(alice.token, { id: draft.id, version: draft.version + 1 }, "ahead")).toBeNull();
    await handle.db.execute(sql`update order_drafts set payment_intent_id = 'pi_open' where id = ${draft.id}`);
    expect(await notes(alice.token, draft, "paying")).toBeNull();
    expect(await storedVersion(draft.id)).toBe(draft.version);
  });

  it("leaves to the usual save a bad patch, a change its cart line follows, a price to work out and an open payment", async () => {
    const { userId, token } = await signedIn();
    const draft = await newDraft(userId);
    const quick = (step: "customisation" | "shipping", patch: unknown) =>
      saveDraftQuickly(handle.db, { token, draftId: draft.id, step, patch, expectedVersion: draft.version });
    const count = await countSaveStatements();
    expect(await quick("customisation", { bogus: 1 })).toBeNull();
    expect(await quick("customisation", { quantity: 1 })).toBeNull();
    expect(await quick("customisation", { variant: { color_hex: "#D62828" } })).toBeNull();
    expect(await quick("customisation", { sizes: { M: 50 } })).toBeNull();
    expect(await quick("shipping", { method: "express" })).toBeNull();
    expect(count()).toBe(0);

    await handle.db.execute(sql`update order_drafts set payment_intent_id = 'pi_open' where id = ${draft.id}`);
    expect(await notes(token, draft, "after the payment step")).toBeNull();
    expect(await storedVersion(draft.id)).toBe(draft.version);
  });
});

describe("draft_merge, the save's merge in SQL (docs/decisions/005)", () => {
  const cases: [string, unknown, Record<string, unknown>][] = [
    ["keys the patch does not name are kept", { a: 1, b: { c: 2 } }, { a: 3 }],
    ["objects merge key by key, at every depth", { s: { a: { x: 1, y: 2 }, b: 1 } }, { s: { a: { y: 3, z: 4 } } }],
    [
      "arrays, strings and null replace",
      { list: [1, 2], name: "a", obj: { k: 1 } },
      { list: [3], name: "b", obj: null },
    ],
    ["a non-object target merges as {}", "text", { a: { b: 1 } }],
    ["a non-object at a merged key merges as {}", { a: 5 }, { a: { b: 1 } }],
    ["an empty patch changes nothing", { a: { b: [1] } }, {}],
  ];
  it.each(cases)("agrees with mergeJson: %s", async (_name, target, patch) => {
    const [row] = await queryRows<{ merged: unknown }>(
      handle.db,
      sql`select ${mergeSql(sql`${JSON.stringify(target)}::jsonb`, patch)} as merged`,
    );
    expect(row?.merged).toEqual(mergeJson(target, patch));
  });
});
