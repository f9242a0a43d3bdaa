/**
 * The cart's "Save this date for checkout" (decision 017): every line's draft carries the date,
 * a line step 2 has not opened gets its draft, and a date that cannot be planned for changes nothing.
 */
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cartItems, orderDrafts } from "#db/schema";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { CART_NEED_BY_MESSAGES, saveCartNeedBy } from "./cart-need-by.server";
import { readCartLines } from "./checkout.server";
import type { AppContext } from "../providers/app-context.server";
import { linkDraftsToCartLines } from "../../../tests/setup/complete-draft";

vi.setConfig({ testTimeout: 20_000 });

const handle = testFileDatabase();
let ctx: AppContext;
beforeAll(() => {
  ctx = testContext(handle);
});

// A Thursday: Fri, Dec 18 is three weeks ahead.
const NOW = new Date("2026-11-26T12:00:00Z");
const BUYER = { userId: "alice", accountId: "account-of-alice" };

async function cartOfTwo(options: { capsDraft: boolean }) {
  await handle.db.insert(cartItems).values([
    { userId: BUYER.userId, productId: "8", quantity: 250, selectedColor: "#1f2a56" },
    { userId: BUYER.userId, productId: "17", quantity: 50, selectedColor: "#2c6bdb" },
  ]);
  if (!options.capsDraft) return;
  const data = draftDataSchema.parse({ product_id: "8", quantity: 250, variant: { color_hex: "#1f2a56" } });
  await handle.db.insert(orderDrafts).values({ ...BUYER, productId: "8", status: "customisation_draft", data });
  await linkDraftsToCartLines(handle.db, BUYER.userId);
}

const drafts = async () =>
  (
    await handle.db
      .select({ productId: orderDrafts.productId, version: orderDrafts.version, data: orderDrafts.data })
      .from(orderDrafts)
      .orderBy(asc(orderDrafts.productId))
  ).map((row) => ({ ...row, data: draftDataSchema.parse(row.data) }));
const needByOf = async () => (await drafts()).map((d) => [d.productId, d.data.shipping.need_by]);

describe("saveCartNeedBy", () => {
  it("saves the date on the draft a line has and makes the draft a line lacks, each at its cart quantity", async () => {
    await cartOfTwo({ capsDraft: true });
    expect(await saveCartNeedBy(ctx, { buyer: BUYER, text: " 2026-12-18 ", now: NOW })).toEqual({
      ok: true,
      needBy: "2026-12-18",
    });
    expect(await needByOf()).toEqual([
      ["17", "2026-12-18"],
      ["8", "2026-12-18"],
    ]);
    const made = (await drafts()).find((d) => d.productId === "17");
    expect(made?.data.quantity).toBe(50);
    expect(made?.data.variant.color_hex).toBe("#2c6bdb");
    // The checkout (the lead line's draft) now opens the Shipping step on the date.
    const lines = await readCartLines(handle.db, BUYER.userId);
    expect(lines.map((line) => line.draft?.data.shipping.need_by)).toEqual(["2026-12-18", "2026-12-18"]);
  });

  it("makes each line's draft once, and removes the date when given none", async () => {
    await cartOfTwo({ capsDraft: false });
    await saveCartNeedBy(ctx, { buyer: BUYER, text: "2026-12-18", now: NOW });
    await saveCartNeedBy(ctx, { buyer: BUYER, text: "2026-12-21", now: NOW });
    expect(await needByOf()).toEqual([
      ["17", "2026-12-21"],
      ["8", "2026-12-21"],
    ]);
    expect(await saveCartNeedBy(ctx, { buyer: BUYER, text: "", now: NOW })).toEqual({ ok: true, needBy: null });
    expect(await needByOf()).toEqual([
      ["17", null],
      ["8", null],
    ]);
  });

  it("refuses a date that cannot be planned for, with its reason, and changes nothing", async () => {
    await cartOfTwo({ capsDraft: true });
    await saveCartNeedBy(ctx, { buyer: BUYER, text: "2026-12-18", now: NOW });
    const before = await drafts();
    for (const [text, message] of [
      ["2026-11-25", "That date has passed: choose a date after today."],
      ["2026-11-26", "We cannot deliver today: choose a date after today."],
      ["2026-02-30", "Enter a real date, for example 2026-12-18."],
      ["soon", "Enter a real date, for example 2026-12-18."],
      ["2027-12-01", "Choose a date within a year, by Sat, Nov 27, 2027 at the latest."],
    ]) {
      const refused = await saveCartNeedBy(ctx, { buyer: BUYER, text: text!, now: NOW });
      expect(refused, text).toMatchObject({ ok: false, status: 400, message });
      if (!refused.ok) expect(refused.fieldErrors).toEqual({ needBy: message });
    }
    expect(await drafts()).toEqual(before);
  });

  it("refuses an empty cart, and touches no one else's drafts", async () => {
    await cartOfTwo({ capsDraft: true });
    const bob = { userId: "bob", accountId: "account-of-bob" };
    expect(await saveCartNeedBy(ctx, { buyer: bob, text: "2026-12-18", now: NOW })).toMatchObject({
      ok: false,
      status: 409,
      message: CART_NEED_BY_MESSAGES.emptyCart,
    });
    expect(await needByOf()).toEqual([["8", null]]);
    expect(await handle.db.select().from(orderDrafts).where(eq(orderDrafts.userId, "bob"))).toEqual([]);
  });
});
