import { initialDraft } from "../../../tests/setup/spec-catalogue";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cartItems, firstOrderClaims } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { countStatements, testFileDatabase } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { DRAFT_STATUSES, customisationPart, type DraftCartLine } from "~/domain/checkout/draft";
import { queryRows } from "../platform/db.server";
import { createDraft, getDraft, latestDraftsForLines, saveDraftStep, type DraftSnapshot } from "./drafts.server";
import { listLatestDrafts } from "./debug-drafts.server";
import { addCartLine, deleteUnpaidDraftsForProducts } from "./shopping.server";
import { createLocalStorage } from "../providers/storage.server";
import { readCatalogue } from "../catalogue/catalogue-store.server";

const handle = testFileDatabase();

/**
 * Counts the statements from here on. A save reads the catalogue, whose version is checked at most
 * once a second per process (readCatalogue), not per save: it is read first, so a count is the
 * save's own however long the set-up before it took.
 */
async function countSaveStatements(): Promise<() => number> {
  await readCatalogue(handle.db);
  return countStatements(handle);
}

let client: PGlite;

beforeAll(async () => {
  // drizzle keeps the driver's client on the instance; the statement counter wraps it.
  client = (handle.db as unknown as { $client: PGlite }).$client;
});
afterEach(() => vi.restoreAllMocks());

const ALICE = "user-alice";
const BOB = "user-bob";
const NOW = new Date("2026-11-20T12:00:00Z");

const LINE: DraftCartLine = {
  productId: "8",
  quantity: 50,
  selectedColor: "#1f2a56",
  customizationSelections: ["Front embroidery"],
  handwrittenNote: false,
};

async function newDraft(userId = ALICE, productId = "8", lineId?: string): Promise<DraftSnapshot> {
  const result = await createDraft(handle.db, {
    accountId: `account-of-${userId}`,
    userId,
    productId,
    lineId,
    data: customisationPart(
      initialDraft({ ...LINE, productId, selectedColor: "#111111", customizationSelections: [] }),
    ),
  });
  if (!result.ok) throw new Error(`createDraft failed: ${result.message}`);
  return result.draft;
}

type RawRow = { status: string; version: number; updated_at: string | Date; data: Record<string, unknown> };

/** The person's first order paid with its discount claimed, as payment-events.server.ts leaves it. */
async function firstOrderPaidBy(userId: string) {
  const order = await insertPaidOrder(handle.db, { userId, email: "first@example.com", company: "First Ltd" });
  await handle.db.insert(firstOrderClaims).values({ orderId: order.id, userId, discountPence: 2750 });
}

async function rawRow(id: string): Promise<RawRow | undefined> {
  const [row] = await queryRows<RawRow>(
    handle.db,
    sql`select status, version, updated_at, data from order_drafts where id = ${id}`,
  );
  return row;
}

const DETAILS = {
  contact_name: "Ada Lovelace",
  email: "ada@example.com",
  company: "Analytical Ltd",
  phone: "+44 20 7946 0958",
  billing: { name: "Ada Lovelace", line1: "1 Engine Street", city: "London", postcode: "N1 9GU", country: "GB" },
  tos_accepted: true,
};
const ADDRESS = {
  company: "Analytical Ltd",
  firstName: "Ada",
  lastName: "Lovelace",
  line1: "1 Engine Street",
  city: "London",
  postcode: "N1 9GU",
  country: "GB",
  phone: "020 7946 0958",
};

/** Runs steps 2–4 and returns the draft after step 4. */
async function throughShipping(
  draft: DraftSnapshot,
  shipping: Record<string, unknown> = { address: ADDRESS, method: "standard" },
) {
  const base = { userId: ALICE, draftId: draft.id, now: NOW };
  const two = await saveDraftStep(handle.db, {
    ...base,
    step: "customisation",
    patch: { confirm: { rights_confirmed: true, lead_time_acknowledged: true } },
    expectedVersion: draft.version,
  });
  if (!two.ok) throw new Error(two.message);
  const three = await saveDraftStep(handle.db, {
    ...base,
    step: "details",
    patch: { ...DETAILS, use_billing_as_shipping: false },
    expectedVersion: two.draft.version,
  });
  if (!three.ok) throw new Error(three.message);
  const four = await saveDraftStep(handle.db, {
    ...base,
    step: "shipping",
    patch: shipping,
    expectedVersion: three.draft.version,
  });
  if (!four.ok) throw new Error(`${four.message} ${JSON.stringify(four.fieldErrors)}`);
  return four.draft;
}

describe("the schema", () => {
  it("allows exactly the statuses the domain knows, as migrated", async () => {
    const [row] = await queryRows<{ definition: string }>(
      handle.db,
      sql`select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'order_drafts_status_check'`,
    );
    const allowed = [...(row?.definition ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual([...DRAFT_STATUSES].sort());
  });
});

describe("createDraft (R-DRAFT-03)", () => {
  it("inserts a customisation_draft at version 1 with complete data", async () => {
    const draft = await newDraft();
    expect(draft).toMatchObject({ productId: "8", status: "customisation_draft", version: 1 });
    const row = await rawRow(draft.id);
    expect(row?.status).toBe("customisation_draft");
    expect(row?.version).toBe(1);
    expect(row?.data).toMatchObject({
      product_id: "8",
      quantity: 50,
      status: "customisation_draft",
      branding: { method: "embroidery", placement: "none" },
      artwork: { email_later: true, files: [] },
      details: { billing: { country: "GB" } },
      totals: null,
    });
    const [owner] = await queryRows<{ account_id: string; user_id: string }>(
      handle.db,
      sql`select account_id, user_id from order_drafts where id = ${draft.id}`,
    );
    expect(owner).toEqual({ account_id: "account-of-user-alice", user_id: ALICE });
  });

  it("needs an account, a user and a product (R-DRAFT-01)", async () => {
    const result = await createDraft(handle.db, {
      accountId: "",
      userId: ALICE,
      productId: "8",
      data: { quantity: 50 },
    });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      code: "MISSING_SAVE_DATA",
      message: "Missing required data for save",
    });
    expect(await listLatestDrafts(handle.db, { userId: ALICE })).toEqual([]);
  });

  it("refuses an unknown product, a quantity below the MOQ and server-owned fields", async () => {
    expect(
      await createDraft(handle.db, { accountId: ALICE, userId: ALICE, productId: "99", data: { quantity: 50 } }),
    ).toMatchObject({
      status: 400,
      fieldErrors: { product_id: "We don't sell that product." },
    });
    expect(
      await createDraft(handle.db, { accountId: ALICE, userId: ALICE, productId: "8", data: { quantity: 10 } }),
    ).toMatchObject({
      status: 400,
      fieldErrors: { quantity: "Order between 50 and 10,000 of Custom Embroidered Cap." },
    });
    expect(
      await createDraft(handle.db, {
        accountId: ALICE,
        userId: ALICE,
        productId: "8",
        data: { quantity: 50, totals: { total: 1 } },
      }),
    ).toMatchObject({ status: 400, fieldErrors: { totals: expect.any(String) } });
    expect(
      await createDraft(handle.db, {
        accountId: ALICE,
        userId: ALICE,
        productId: "8",
        data: { quantity: 50, branding: { method: "laser" } },
      }),
    ).toMatchObject({
      status: 400,
      fieldErrors: {
        "branding.method":
          "Laser engraving isn't offered for the Custom Embroidered Cap: choose Embroidery or DTF transfer.",
      },
    });
    expect(await listLatestDrafts(handle.db, { userId: ALICE })).toEqual([]);
  });
});

describe("getDraft and latestDraftsForLines (R-DRAFT-12, decision 086)", () => {
  /** Each line's newest editable draft id of Alice's. */
  const latest = async (lineIds: string[]) =>
    Object.fromEntries(
      [...(await latestDraftsForLines(handle.db, { userId: ALICE, lineIds }))].map(([id, draft]) => [id, draft.id]),
    );
  const line = (userId: string, productId: string, selectedColor: string) =>
    addCartLine(handle.db, {
      userId,
      line: { ...LINE, productId, selectedColor, customizationSelections: [], notes: "", sizes: [] },
    });

  it("reads only the user's own draft", async () => {
    const draft = await newDraft();
    expect((await getDraft(handle.db, { userId: ALICE, draftId: draft.id }))?.data.product_id).toBe("8");
    expect(await getDraft(handle.db, { userId: BOB, draftId: draft.id })).toBeNull();
    expect(await getDraft(handle.db, { userId: ALICE, draftId: "not-a-uuid" })).toBeNull();
    expect(await getDraft(handle.db, { userId: ALICE, draftId: "00000000-0000-4000-8000-000000000000" })).toBeNull();
  });

  it("finds the newest unpaid draft of each line, a product's two colours apart", async () => {
    const black = await line(ALICE, "8", "#111111");
    const navy = await line(ALICE, "8", "#1f2a56");
    const shortsLine = await line(ALICE, "15", "#f26b12");
    const bobs = await line(BOB, "8", "#111111");
    const older = await newDraft(ALICE, "8", black);
    const newer = await newDraft(ALICE, "8", black);
    const navyDraft = await newDraft(ALICE, "8", navy);
    await newDraft(BOB, "8", bobs);
    const shorts = await newDraft(ALICE, "15", shortsLine);
    expect(await latest([black, navy, shortsLine, bobs])).toEqual({
      [black]: newer.id,
      [navy]: navyDraft.id,
      [shortsLine]: shorts.id,
    });
    await handle.db.execute(sql`update order_drafts set status = 'paid', paid_at = now() where id = ${newer.id}`);
    expect(await latest([black])).toEqual({ [black]: older.id });
    expect(await latest([])).toEqual({});
  });

  it("gives a draft created without its line the product's first line, and another's line never", async () => {
    const black = await line(ALICE, "8", "#111111");
    await line(ALICE, "8", "#1f2a56");
    const bobs = await line(BOB, "8", "#111111");
    expect((await newDraft(ALICE, "8")).lineId).toBe(black);
    expect((await newDraft(ALICE, "8", bobs)).lineId).toBe(black);
    expect((await newDraft(ALICE, "15")).lineId).toBeNull();
  });

  it("finds a draft with a payment open, so going back through the cart reopens it", async () => {
    const black = await line(ALICE, "8", "#111111");
    await newDraft(ALICE, "8", black);
    const paying = await newDraft(ALICE, "8", black);
    await handle.db.execute(sql`update order_drafts set status = 'awaiting_payment' where id = ${paying.id}`);
    expect(await latest([black])).toEqual({ [black]: paying.id });
  });

  it("gives a product put back in the cart the drafts its removed line left", async () => {
    const black = await line(ALICE, "8", "#111111");
    const draft = await newDraft(ALICE, "8", black);
    await handle.db.delete(cartItems).where(eq(cartItems.id, black));
    const again = await line(ALICE, "8", "#111111");
    expect(again).not.toBe(black);
    expect(await latest([again])).toEqual({ [again]: draft.id });
  });
});

describe("saveDraftStep", () => {
  it("saves a step-2 change, bumps the version and updated_at", async () => {
    const draft = await newDraft();
    const before = await rawRow(draft.id);
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { branding: { method: "dtf" }, confirm: { rights_confirmed: true } },
      expectedVersion: 1,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.draft.version).toBe(2);
    expect(result.draft.data.branding).toEqual({ method: "dtf", placement: "none", placement_details: "" });
    expect(result.draft.data.confirm).toEqual({ rights_confirmed: true, lead_time_acknowledged: false });
    const after = await rawRow(draft.id);
    expect(after?.version).toBe(2);
    expect(after?.data.branding).toEqual({ method: "dtf", placement: "none", placement_details: "" });
    // Compared as Postgres wrote them (microseconds), not as millisecond Dates.
    expect(String(after?.updated_at)).not.toBe(String(before?.updated_at));
    expect(new Date(after?.updated_at ?? 0).getTime()).toBeGreaterThanOrEqual(
      new Date(before?.updated_at ?? Infinity).getTime(),
    );
  });

  it("answers 404 for an unknown draft", async () => {
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: "00000000-0000-4000-8000-000000000000",
      step: "customisation",
      patch: { notes: "x" },
      expectedVersion: 1,
    });
    expect(result).toMatchObject({ ok: false, status: 404, code: "DRAFT_NOT_FOUND", message: "No draft found." });
  });

  it("answers 404 for another user's draft and changes nothing (R-DRAFT-12)", async () => {
    const draft = await newDraft();
    const before = await rawRow(draft.id);
    const result = await saveDraftStep(handle.db, {
      userId: BOB,
      draftId: draft.id,
      step: "customisation",
      patch: { notes: "Bob was here" },
      expectedVersion: 1,
    });
    expect(result).toMatchObject({ ok: false, status: 404 });
    expect(result).not.toHaveProperty("current");
    // A wrong version must not turn into a 409 that hands Bob Alice's draft as `current`.
    const guessed = await saveDraftStep(handle.db, {
      userId: BOB,
      draftId: draft.id,
      step: "customisation",
      patch: {},
      expectedVersion: 7,
    });
    expect(guessed).toMatchObject({ ok: false, status: 404 });
    expect(guessed).not.toHaveProperty("current");
    expect(await rawRow(draft.id)).toEqual(before);
  });

  it("answers 409 with the current draft for a stale version and changes nothing", async () => {
    const draft = await newDraft();
    const first = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { notes: "tab A" },
      expectedVersion: 1,
    });
    expect(first.ok).toBe(true);
    const before = await rawRow(draft.id);
    const stale = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { notes: "tab B" },
      expectedVersion: 1,
    });
    expect(stale).toMatchObject({ ok: false, status: 409, code: "VERSION_CONFLICT" });
    if (stale.ok) return;
    expect(stale.current?.version).toBe(2);
    expect(stale.current?.data.notes).toBe("tab A");
    expect(await rawRow(draft.id)).toEqual(before);
  });

  it("answers 409 when the version moves between the read and the write", async () => {
    const draft = await newDraft();
    const original = client.query.bind(client);
    let calls = 0;
    vi.spyOn(client, "query").mockImplementation(async (...args: Parameters<PGlite["query"]>) => {
      const result = await original(...args);
      // Right after saveDraftStep's read, another tab saves.
      if (++calls === 1) {
        await original(
          `update order_drafts set version = version + 1, data = data || '{"notes": "other tab"}' where id = $1`,
          [draft.id],
        );
      }
      return result;
    });
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { notes: "mine" },
      expectedVersion: 1,
    });
    vi.restoreAllMocks();
    expect(result).toMatchObject({ ok: false, status: 409, code: "VERSION_CONFLICT" });
    if (result.ok) return;
    expect(result.current?.version).toBe(2);
    expect((await rawRow(draft.id))?.data.notes).toBe("other tab");
  });

  it("answers 400 with field errors for a bad patch and changes nothing", async () => {
    const draft = await newDraft();
    const before = await rawRow(draft.id);
    const bad = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "details",
      patch: { email: "x".repeat(300), billing: { country: "XX" } },
      expectedVersion: 1,
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      code: "VALIDATION_FAILED",
      fieldErrors: { email: "Keep this under 254 characters", "billing.country": "Choose a country from the list" },
    });
    const tooFew = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { quantity: 49 },
      expectedVersion: 1,
    });
    expect(tooFew).toMatchObject({
      status: 400,
      fieldErrors: { quantity: "Order between 50 and 10,000 of Custom Embroidered Cap." },
    });
    // Only a branding method the cap offers.
    const deboss = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { branding: { method: "deboss" } },
      expectedVersion: 1,
    });
    expect(deboss).toMatchObject({
      status: 400,
      fieldErrors: {
        "branding.method": "Deboss isn't offered for the Custom Embroidered Cap: choose Embroidery or DTF transfer.",
      },
    });
    const totals = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "shipping",
      patch: { method: "standard", totals: { total: 1 } },
      expectedVersion: 1,
    });
    expect(totals).toMatchObject({ status: 400, fieldErrors: { totals: expect.any(String) } });
    expect(await rawRow(draft.id)).toEqual(before);
  });

  it("keeps the Shipping step's need-by date, refusing one in the past, today or beyond a year (decision 017)", async () => {
    const draft = await newDraft();
    const save = (need_by: string | null, expectedVersion: number, now = NOW) =>
      saveDraftStep(handle.db, {
        userId: ALICE,
        draftId: draft.id,
        step: "shipping",
        patch: { need_by },
        expectedVersion,
        now,
      });
    const saved = await save("2026-12-24", 1);
    if (!saved.ok) throw new Error(saved.message);
    expect(saved.draft.data.shipping.need_by).toBe("2026-12-24");
    expect((await rawRow(draft.id))?.data.shipping).toMatchObject({ need_by: "2026-12-24" });
    for (const [day, message] of [
      ["2026-11-19", "That date has passed: choose a date after today."],
      ["2026-11-20", "We cannot deliver today: choose a date after today."],
      ["2027-11-22", "Choose a date within a year, by Sun, Nov 21, 2027 at the latest."],
    ]) {
      expect(await save(day ?? "", 2)).toMatchObject({ status: 400, fieldErrors: { need_by: message } });
    }
    expect((await rawRow(draft.id))?.data.shipping).toMatchObject({ need_by: "2026-12-24" });
    // Saved yesterday and unchanged, a date that has since become today does not block the step's other saves.
    const later = await save("2026-12-24", 2, new Date("2026-12-24T09:00:00Z"));
    expect(later.ok).toBe(true);
    const cleared = await save(null, 3);
    if (!cleared.ok) throw new Error(cleared.message);
    expect(cleared.draft.data.shipping.need_by).toBeNull();
  });

  it("walks steps 2–4: statuses, billing-as-shipping copy, server-computed totals and eta", async () => {
    const draft = await newDraft();
    const details = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "details",
      patch: DETAILS,
      expectedVersion: 1,
      now: NOW,
    });
    if (!details.ok) throw new Error(details.message);
    expect(details.draft.status).toBe("details_done");
    expect((await rawRow(draft.id))?.status).toBe("details_done");
    expect((await rawRow(draft.id))?.data.status).toBe("details_done");
    // R-DET-06: billing-as-shipping is on by default, so the ship-to address is the billing one.
    expect(details.draft.data.shipping.address).toMatchObject({
      company: "Analytical Ltd",
      firstName: "Ada",
      lastName: "Lovelace",
      name: "Ada Lovelace",
      line1: "1 Engine Street",
      country: "GB",
      phone: "+44 20 7946 0958",
    });
    expect(details.draft.data.totals).toBeNull();

    const shipping = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "shipping",
      patch: { method: "standard" },
      expectedVersion: details.draft.version,
      now: NOW,
    });
    if (!shipping.ok) throw new Error(shipping.message);
    expect(shipping.draft.status).toBe("shipping_done");
    // A new account's first order: 10% off the goods. 50 caps: £275.00 − £27.50 + £18.00 + VAT.
    expect(shipping.draft.data.totals).toEqual({
      subtotal: 27500,
      discount: 2750,
      shipping: 1800,
      vat: 5310,
      total: 31860,
    });
    expect(shipping.draft.data.eta).toEqual({ start: "2027-01-04", end: "2027-01-06" });
    const row = await rawRow(draft.id);
    expect(row?.status).toBe("shipping_done");
    expect(row?.data.totals).toEqual(shipping.draft.data.totals);
  });

  it("a step-2 save after step 4 keeps details, shipping and totals, and the status (R-DRAFT-13)", async () => {
    const draft = await throughShipping(await newDraft());
    const before = (await rawRow(draft.id))?.data;
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { notes: "Please match Pantone 2728 C", branding: { placement_details: "Centre front" } },
      expectedVersion: draft.version,
      now: NOW,
    });
    if (!result.ok) throw new Error(result.message);
    const after = await rawRow(draft.id);
    expect(after?.status).toBe("shipping_done");
    expect(after?.data.status).toBe("shipping_done");
    expect(after?.data.details).toEqual(before?.details);
    expect(after?.data.shipping).toEqual(before?.shipping);
    expect(after?.data.totals).toEqual(before?.totals);
    expect(after?.data.confirm).toEqual({ rights_confirmed: true, lead_time_acknowledged: true });
    expect(after?.data.notes).toBe("Please match Pantone 2728 C");
    expect(after?.data.branding).toEqual({
      method: "embroidery",
      placement: "none",
      placement_details: "Centre front",
    });
  });

  it("never moves the status backwards, even when a step is re-saved incomplete", async () => {
    const draft = await throughShipping(await newDraft());
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "details",
      patch: { email: "" },
      expectedVersion: draft.version,
      now: NOW,
    });
    expect(result.ok && result.draft.status).toBe("shipping_done");
    expect((await rawRow(draft.id))?.status).toBe("shipping_done");
  });

  it("only marks a step done when its Next rule holds", async () => {
    const draft = await newDraft();
    const half = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "details",
      patch: { contact_name: "Ada" },
      expectedVersion: 1,
    });
    expect(half.ok && half.draft.status).toBe("customisation_draft");
  });

  it("keeps the first-order discount when only another person has had it (B-15)", async () => {
    await firstOrderPaidBy(BOB);
    const draft = await throughShipping(await newDraft());
    expect(draft.data.totals).toEqual({ subtotal: 27500, discount: 2750, shipping: 1800, vat: 5310, total: 31860 });
  });

  it("re-prices when step 2 changes the quantity after step 4", async () => {
    const draft = await throughShipping(await newDraft());
    await firstOrderPaidBy(ALICE);
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { quantity: 400 },
      expectedVersion: draft.version,
      now: NOW,
    });
    if (!result.ok) throw new Error(result.message);
    // The person has had the discount, so none: 400 caps at £3.88, standard, GB (C.1).
    expect(result.draft.data.totals).toEqual({
      subtotal: 155200,
      discount: 0,
      shipping: 1800,
      vat: 31400,
      total: 188400,
    });
  });

  it("charges no VAT outside the UK and changes the estimate with the method", async () => {
    await firstOrderPaidBy(ALICE);
    const draft = await throughShipping(await newDraft(), {
      address: { ...ADDRESS, country: "FR" },
      method: "standard",
    });
    expect(draft.data.totals).toEqual({ subtotal: 27500, discount: 0, shipping: 1800, vat: 0, total: 29300 });
    expect(draft.data.eta).toEqual({ start: "2027-01-04", end: "2027-01-06" });
    const express = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "shipping",
      patch: { method: "express" },
      expectedVersion: draft.version,
      now: NOW,
    });
    if (!express.ok) throw new Error(express.message);
    expect(express.draft.data.totals?.total).toBe(31000);
    expect(express.draft.data.eta).toEqual({ start: "2026-12-23", end: "2026-12-29" });
  });

  it("derives the ship-to name on the server (R-SHIP-10)", async () => {
    const draft = await throughShipping(await newDraft());
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "shipping",
      patch: { address: { firstName: "Augusta Ada" } },
      expectedVersion: draft.version,
    });
    expect(result.ok && result.draft.data.shipping.address.name).toBe("Augusta Ada Lovelace");
  });

  it("records the proof acknowledgement without changing the status", async () => {
    const draft = await throughShipping(await newDraft());
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "proofing",
      patch: { proof_acknowledged: true },
      expectedVersion: draft.version,
    });
    expect(result.ok && result.draft.data.proof_acknowledged).toBe(true);
    expect(result.ok && result.draft.status).toBe("shipping_done");
  });

  it("refuses to change a paid draft (409) and changes nothing", async () => {
    const draft = await newDraft();
    await handle.db.execute(sql`update order_drafts set status = 'paid' where id = ${draft.id}`);
    const before = await rawRow(draft.id);
    const result = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { quantity: 60 },
      expectedVersion: 1,
    });
    expect(result).toMatchObject({ ok: false, status: 409, code: "DRAFT_LOCKED" });
    expect(await rawRow(draft.id)).toEqual(before);
  });

  it("uses at most two SQL statements per save", async () => {
    const draft = await throughShipping(await newDraft());
    const count = await countSaveStatements();
    const saved = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "shipping",
      patch: { method: "express", notes: "Reception 9-5" },
      expectedVersion: draft.version,
      now: NOW,
    });
    expect(saved.ok).toBe(true);
    expect(count()).toBe(2);

    const stale = await countSaveStatements();
    await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { notes: "x" },
      expectedVersion: 1,
    });
    expect(stale()).toBe(1);

    const invalid = await countSaveStatements();
    await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { bogus: 1 },
      expectedVersion: 1,
    });
    expect(invalid()).toBe(0);
  });
});

describe("use billing as shipping never overwrites step 4", () => {
  async function withBillingCopied() {
    const draft = await newDraft();
    const saved = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "details",
      patch: { ...DETAILS, use_billing_as_shipping: true },
      expectedVersion: draft.version,
      now: NOW,
    });
    if (!saved.ok) throw new Error(saved.message);
    return saved.draft;
  }
  /** Step 4's form: the address as the page shows it (the server derives the joined name). */
  const form = (draft: DraftSnapshot) => {
    const { name: _name, ...address } = draft.data.shipping.address;
    return address;
  };
  const save = (draft: DraftSnapshot, step: "details" | "shipping", patch: Record<string, unknown>) =>
    saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step,
      patch,
      expectedVersion: draft.version,
      now: NOW,
    });

  it("unticks the box when step 4 changes the copied address, so a later Details save keeps it", async () => {
    const copied = await withBillingCopied();
    expect(copied.data.shipping.address.line1).toBe(DETAILS.billing.line1);
    const edited = await save(copied, "shipping", { address: { ...form(copied), line1: "2 Dock Road" } });
    if (!edited.ok) throw new Error(edited.message);
    expect(edited.draft.data.details.use_billing_as_shipping).toBe(false);
    const later = await save(edited.draft, "details", { po_ref: "PO-77", billing: { line1: "9 New Billing Way" } });
    if (!later.ok) throw new Error(later.message);
    expect(later.draft.data.shipping.address.line1).toBe("2 Dock Road");
    expect(later.draft.data.details.billing.line1).toBe("9 New Billing Way");
  });

  it("carries a corrected contact phone to step 4 when a save took the typo first", async () => {
    const copied = await withBillingCopied();
    const typo = await save(copied, "details", { phone: "12345" });
    if (!typo.ok) throw new Error(typo.message);
    const fixed = await save(typo.draft, "details", { phone: "020 7946 0958" });
    if (!fixed.ok) throw new Error(fixed.message);
    expect(fixed.draft.data.shipping.address.phone).toBe("020 7946 0958");
  });

  it("keeps the box ticked, and the copy following billing, when step 4 changes only the phone", async () => {
    const copied = await withBillingCopied();
    const phone = await save(copied, "shipping", { address: { ...form(copied), phone: "07700 900123" } });
    if (!phone.ok) throw new Error(phone.message);
    expect(phone.draft.data.details.use_billing_as_shipping).toBe(true);
    const later = await save(phone.draft, "details", { billing: { line1: "9 New Billing Way" } });
    if (!later.ok) throw new Error(later.message);
    expect(later.draft.data.shipping.address).toMatchObject({ line1: "9 New Billing Way", phone: "07700 900123" });
  });
});

describe("step 2's choices follow the cart line (R-CUST-03, R-CUST-08)", () => {
  const cartLine = async (userId = ALICE) => {
    const rows = await handle.db
      .select({ colour: cartItems.selectedColor, parts: cartItems.customizationSelections })
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), eq(cartItems.productId, "8")));
    return rows[0];
  };
  const inCart = (userId = ALICE) =>
    addCartLine(handle.db, {
      userId,
      line: { ...LINE, selectedColor: "#ffffff", customizationSelections: [], notes: "", sizes: [] },
    });
  const WHITE = { colour: "#ffffff", parts: [] };

  it("updates the line in the statement that creates the draft", async () => {
    await inCart();
    const created = await createDraft(handle.db, {
      accountId: `account-of-${ALICE}`,
      userId: ALICE,
      productId: "8",
      data: customisationPart(initialDraft(LINE)),
    });
    expect(created.ok).toBe(true);
    expect(await cartLine()).toEqual({ colour: "#1f2a56", parts: ["Front embroidery"] });
  });

  it("updates the line within the save's own statement, and leaves other people's lines alone", async () => {
    await inCart();
    await inCart(BOB);
    const draft = await newDraft();
    const count = await countSaveStatements();
    const saved = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { variant: { color_hex: "#D62828" }, customization_selections: ["Side logo"] },
      expectedVersion: draft.version,
    });
    expect(saved.ok).toBe(true);
    // The read, then the update that writes the line with the draft.
    expect(count()).toBe(2);
    expect(await cartLine()).toEqual({ colour: "#d62828", parts: ["Side logo"] });
    expect(await cartLine(BOB)).toEqual(WHITE);
  });

  it("keeps what the patch does not name, and changes nothing when the save is refused", async () => {
    await inCart();
    const draft = await newDraft();
    expect(await cartLine()).toEqual({ colour: "#111111", parts: [] });
    const saved = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { customization_selections: ["Side logo"] },
      expectedVersion: draft.version,
    });
    expect(saved.ok).toBe(true);
    expect(await cartLine()).toEqual({ colour: "#111111", parts: ["Side logo"] });
    const stale = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { variant: { color_hex: "#1f5f3f" } },
      expectedVersion: draft.version,
    });
    expect(stale).toMatchObject({ ok: false, status: 409 });
    expect(await cartLine()).toEqual({ colour: "#111111", parts: ["Side logo"] });
  });

  it("follows only its own line when the product is in the cart in two colours (decision 086)", async () => {
    const colours = async () =>
      (
        await handle.db
          .select({ id: cartItems.id, colour: cartItems.selectedColor, parts: cartItems.customizationSelections })
          .from(cartItems)
          .where(eq(cartItems.userId, ALICE))
          .orderBy(cartItems.createdAt)
      ).map(({ colour, parts }) => [colour, parts]);
    const white = await inCart();
    const red = await addCartLine(handle.db, {
      userId: ALICE,
      line: { ...LINE, selectedColor: "#d62828", customizationSelections: [], notes: "", sizes: [] },
    });
    const draft = await newDraft(ALICE, "8", red);
    // The draft is created in black: its line follows; the white line is left as it was.
    expect(await colours()).toEqual([
      ["#ffffff", []],
      ["#111111", []],
    ]);
    const onto = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { variant: { color_hex: "#FFFFFF" } },
      expectedVersion: draft.version,
    });
    // White is the other line's colour: refused, named, and nothing written.
    expect(onto).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        "variant.color_hex":
          "Your cart already has this product in White as a line of its own: change that line, or choose another colour.",
      },
    });
    const saved = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: draft.id,
      step: "customisation",
      patch: { variant: { color_hex: "#1f5f3f" }, customization_selections: ["Side logo"] },
      expectedVersion: draft.version,
    });
    expect(saved.ok).toBe(true);
    expect(await colours()).toEqual([
      ["#ffffff", []],
      ["#1f5f3f", ["Side logo"]],
    ]);
    expect(white).not.toBe(red);
  });
});

describe("a sized line's split", () => {
  const SHORTS = {
    productId: "15",
    quantity: 100,
    selectedColor: "#f26b12",
    customizationSelections: ["Leg logo print"],
  };
  const split = [
    { size: "M", count: 60 },
    { size: "L", count: 40 },
  ];
  const cartSizes = async () => {
    const [row] = await handle.db.select({ sizes: cartItems.sizes }).from(cartItems).where(eq(cartItems.userId, ALICE));
    return row?.sizes;
  };

  it("goes from the cart line into a new draft, and a step-2 save writes it back to the line", async () => {
    await addCartLine(handle.db, {
      userId: ALICE,
      line: { ...SHORTS, handwrittenNote: false, notes: "", sizes: split },
    });
    const initial = initialDraft({ ...SHORTS, handwrittenNote: false, sizes: split });
    expect(initial.sizes).toEqual(split);
    const created = await createDraft(handle.db, {
      accountId: `account-of-${ALICE}`,
      userId: ALICE,
      productId: "15",
      data: customisationPart(initial),
    });
    if (!created.ok) throw new Error(created.message);
    const resplit = [
      { size: "S", count: 50 },
      { size: "XL", count: 50 },
    ];
    const saved = await saveDraftStep(handle.db, {
      userId: ALICE,
      draftId: created.draft.id,
      step: "customisation",
      patch: { sizes: resplit },
      expectedVersion: created.draft.version,
    });
    expect(saved.ok).toBe(true);
    expect(await cartSizes()).toEqual(resplit);
  });

  it("leaves the draft's own split when the cart line has none", () => {
    const existing = initialDraft({ ...SHORTS, handwrittenNote: false, sizes: split });
    expect(initialDraft({ ...SHORTS, handwrittenNote: false, sizes: [] }, existing).sizes).toEqual(split);
  });
});

describe("deleteUnpaidDraftsForProducts (R-CART-12, A-12, A-61)", () => {
  it("deletes only this user's unpaid drafts for those products, with their artwork", async () => {
    const dir = mkdtempSync(join(tmpdir(), "swag-drafts-"));
    try {
      const storage = createLocalStorage(dir);
      const cap = await newDraft(ALICE, "8");
      const shorts = await throughShipping(await newDraft(ALICE, "15"), { address: ADDRESS, method: "express" });
      const paid = await newDraft(ALICE, "16");
      await handle.db.execute(sql`update order_drafts set status = 'paid', paid_at = now() where id = ${paid.id}`);
      const paying = await newDraft(ALICE, "8");
      await handle.db.execute(sql`update order_drafts set status = 'awaiting_payment' where id = ${paying.id}`);
      const mat = await newDraft(ALICE, "17");
      const bobs = await newDraft(BOB, "8");

      const stored = await storage.put(new Blob(["%PDF-1.7\n"]).stream());
      await handle.db.execute(
        sql`insert into artwork_files (id, draft_id, user_id, original_name, stored_name, size_bytes, content_type)
            values (gen_random_uuid(), ${cap.id}, ${ALICE}, 'logo.pdf', ${stored.storedName}, ${stored.size}, 'application/pdf')`,
      );

      const result = await deleteUnpaidDraftsForProducts(handle.db, {
        userId: ALICE,
        productIds: ["8", "15", "16"],
        storage,
      });
      expect(result).toEqual({ deleted: 2 });
      const left = await queryRows<{ id: string }>(handle.db, sql`select id from order_drafts order by id`);
      expect(left.map((r) => r.id).sort()).toEqual([paid.id, paying.id, mat.id, bobs.id].sort());
      expect(left.map((r) => r.id)).not.toContain(shorts.id);
      expect(await queryRows(handle.db, sql`select id from artwork_files`)).toEqual([]);
      expect(await storage.get(stored.storedName)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does nothing for an empty product list", async () => {
    await newDraft();
    expect(
      await deleteUnpaidDraftsForProducts(handle.db, { userId: ALICE, productIds: [], storage: TEST_SHOP.storage }),
    ).toEqual({ deleted: 0 });
    expect(await listLatestDrafts(handle.db, { userId: ALICE })).toHaveLength(1);
  });
});

describe("listLatestDrafts (R-DIAG-04)", () => {
  it("lists only the user's drafts, newest first, at most the limit", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await newDraft();
      // Drafts made in the same millisecond would tie on updated_at: give each its own minute.
      await handle.db.execute(
        sql`update order_drafts set updated_at = ${new Date(NOW.getTime() + i * 60_000)} where id = ${id}`,
      );
      ids.push(id);
    }
    await newDraft(BOB);
    const list = await listLatestDrafts(handle.db, { userId: ALICE });
    expect(list.map((d) => d.id)).toEqual([...ids].reverse());
    expect(list[0]).toMatchObject({ status: "customisation_draft", productId: "8", data: { product_id: "8" } });
    expect(await listLatestDrafts(handle.db, { userId: ALICE, limit: 2 })).toHaveLength(2);
  });
});
