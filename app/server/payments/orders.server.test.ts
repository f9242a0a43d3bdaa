import { and, asc, eq, sql } from "drizzle-orm";
import { answerOf } from "../../../tests/setup/route-answer";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  cartItems,
  invoices,
  orderDrafts,
  orderLines,
  orderProofs,
  orders,
  orderStatusHistory,
  paymentEvents,
  paymentIntents,
  testPaymentIntents,
} from "#db/schema";
import type { DraftDataInput } from "~/domain/checkout/draft";
import { BUYER_EMAIL, completeDraftData, linkDraftsToCartLines } from "../../../tests/setup/complete-draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { action as paymentIntentAction } from "~/routes/api.payment-intent";
import { loader as paymentStatusLoader } from "~/routes/api.payment-status";
import { action as testConfirmAction } from "~/routes/api.test-payments.confirm";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { getOrder, listOrders } from "../orders/buyer-orders.server";
import { respondToProof } from "../aftercare/proof-responses.server";
import { applyPaymentEvent } from "./payment-events.server";
import { listPaymentsNeedingAttention } from "../admin/payments-attention.server";
import { saveCheckoutStep } from "../checkout/checkout-save.server";
import { addCartLine, changeCart } from "../checkout/shopping.server";
import { confirmTestPayment, startPayment, type StartedPayment } from "./payment-start.server";
import { paymentState } from "./payment-progress.server";
import type { AccountsContext } from "../accounts/auth.server";
import { createTestProvider } from "../providers/test-payment-provider.server";
import { runDueJobs } from "../edge/job-worker.server";

// Signing users in (argon2) and loading the migrated template database take seconds on a busy
// machine; these limits catch a hang, not slowness.
vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let ctx: AccountsContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  // The test shop in test mode (no Stripe keys), with a mail server on loopback.
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await smtp.clear();
});

const NOW = new Date("2026-11-20T12:00:00Z");
const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
async function insertDraft(
  owner: { userId: string; accountId?: string },
  options: { status?: string; data?: DraftDataInput } = {},
) {
  const data = draftDataSchema.parse(options.data ?? completeDraftData());
  const [row] = await handle.db
    .insert(orderDrafts)
    .values({
      // A personal draft's account is its buyer (accountIdFor), so their personal orders are theirs to read.
      accountId: owner.accountId ?? owner.userId,
      userId: owner.userId,
      productId: data.product_id,
      status: options.status ?? "shipping_done",
      data,
    })
    .returning({ id: orderDrafts.id });
  if (!row) throw new Error("no draft row");
  return row.id;
}

/** The idempotency key of a draft's payment: its id, version, a digest of its lines and the amount. */
const keyOf = (draftId: string, version: number, amount: number) =>
  new RegExp(`^draft:${draftId}:v${version}:lines:[0-9a-f]{16}:amount:${amount}$`);

const session = (userId: string) => ({ user: { id: userId } });

/** The cart line of completeDraftData()'s product, as the product page adds it. */
const CART_LINE = {
  productId: "8",
  quantity: 50,
  selectedColor: "#1f2a56",
  customizationSelections: ["Front embroidery"],
  handwrittenNote: false,
  notes: "",
  sizes: [],
};

async function started(userId: string, draftId: string, productId = "8"): Promise<StartedPayment> {
  const result = await startPayment(ctx, { session: session(userId), draftId, productId });
  if (!result.ok) throw new Error(`startPayment failed: ${result.code} ${result.message}`);
  return result;
}

async function draftRow(id: string) {
  const [row] = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.id, id));
  return row;
}

/** The orders with a line made from this draft, each with that line. */
async function ordersOfDraft(draftId: string) {
  const rows = await handle.db
    .select({ order: orders, line: orderLines })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.draftId, draftId));
  return rows.map(({ order, line }) => ({ ...order, line }));
}

/** Pays a fresh draft of `userId` with 4242 and returns the order. */
async function paidOrder(userId: string, options: { accountId?: string; data?: DraftDataInput } = {}) {
  const draftId = await insertDraft({ userId, accountId: options.accountId }, { data: options.data });
  const intent = await started(userId, draftId);
  const confirmed = await confirmTestPayment(ctx, {
    clientSecret: intent.clientSecret,
    card: GOOD_CARD,
    userId,
    now: NOW,
  });
  if (!confirmed.ok || !confirmed.orderId) throw new Error(`payment failed: ${JSON.stringify(confirmed)}`);
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, confirmed.orderId));
  if (!order) throw new Error("no order");
  return { draftId, order };
}

/** A route's answer as the client reads it: a Response, or toResponse's data() as it goes on the wire. */
async function call(fn: (args: never) => unknown, request: Request) {
  const { status, body } = await answerOf(fn, { request, ctx });
  return { status, json: body as Record<string, unknown> };
}
function jsonPost(path: string, body: unknown, cookie?: string) {
  const base = siteRequest(path, { cookie, method: "POST" });
  const headers = new Headers(base.headers);
  headers.set("content-type", "application/json");
  return new Request(base.url, { method: "POST", headers, body: JSON.stringify(body) });
}

describe("startPayment: the amount is the server's", () => {
  it("charges cap × 50, standard, GB: £318.60 on the account's first order (10% off goods), £351.60 after", async () => {
    // First order: goods 50 × £5.50 = £275.00, discount 10% = £27.50, shipping £18.00,
    // VAT 20% of (275.00 − 27.50 + 18.00 = 265.50) = £53.10, total £318.60.
    const first = await insertDraft({ userId: "alice" });
    const intent = await started("alice", first);
    expect(intent.amountPence).toBe(31860);
    expect(intent.totals).toEqual({
      subtotal: 27500,
      discount: 2750,
      shipping: 1800,
      vat: 5310,
      total: 31860,
      vatRate: 20,
    });
    expect(intent.provider).toBe("test");
    expect(intent.publishableKey).toBeNull();
    // The tampered data.totals (£1.00) was replaced by the figures charged, and the draft is locked.
    const row = await draftRow(first);
    expect(row?.status).toBe("awaiting_payment");
    expect(row?.amountPence).toBe(31860);
    expect(row?.paymentIntentId).toBe(intent.intentId);
    expect((row!.data as { totals: unknown }).totals).toEqual({
      subtotal: 27500,
      discount: 2750,
      shipping: 1800,
      vat: 5310,
      total: 31860,
    });
    const [stored] = await handle.db.select().from(testPaymentIntents);
    expect(stored?.amountPence).toBe(31860);
    expect(stored?.currency).toBe("gbp");

    const confirmed = await confirmTestPayment(ctx, {
      clientSecret: intent.clientSecret,
      card: GOOD_CARD,
      userId: "alice",
      now: NOW,
    });
    expect(confirmed.ok).toBe(true);

    // Second order of the same account: no discount. 27500 + 1800 = 29300; VAT 5860; total £351.60.
    const second = await insertDraft({ userId: "alice" });
    const again = await started("alice", second);
    expect(again.amountPence).toBe(35160);
    expect(again.totals).toEqual({
      subtotal: 27500,
      discount: 0,
      shipping: 1800,
      vat: 5860,
      total: 35160,
      vatRate: 20,
    });
  });

  it("charges no VAT when the goods ship outside the UK", async () => {
    const data = completeDraftData();
    const draftId = await insertDraft(
      { userId: "alice" },
      {
        data: {
          ...data,
          shipping: { ...data.shipping, address: { ...data.shipping?.address, country: "DE", postcode: "10115" } },
        },
      },
    );
    // 27500 − 2750 + 1800, no VAT.
    expect((await started("alice", draftId)).amountPence).toBe(26550);
  });

  it("refuses to take a UK address abroad at 0 % VAT: its postcode must be the country's", async () => {
    const data = completeDraftData();
    const draftId = await insertDraft(
      { userId: "alice" },
      { data: { ...data, shipping: { ...data.shipping, address: { ...data.shipping?.address, country: "DE" } } } },
    );
    expect(data.shipping?.address?.postcode).toMatch(/^[A-Z]{1,2}\d/);
    expect(await startPayment(ctx, { session: session("alice"), draftId, productId: "8" })).toMatchObject({
      ok: false,
      status: 409,
      code: "DRAFT_INCOMPLETE",
      message: "Complete the Shipping step before paying.",
    });
  });

  it("refuses signed-out callers, another user's draft, a product mismatch, incomplete and paid drafts, and stores nothing", async () => {
    const alices = await insertDraft({ userId: "alice" });
    const unconfirmed = await insertDraft(
      { userId: "alice" },
      { data: completeDraftData({ confirm: { rights_confirmed: true, lead_time_acknowledged: false } }) },
    );
    const noDetails = await insertDraft(
      { userId: "alice" },
      { status: "customisation_draft", data: completeDraftData({ details: {} }) },
    );
    const badPhone = await insertDraft(
      { userId: "alice" },
      {
        data: completeDraftData({
          shipping: {
            ...completeDraftData().shipping,
            address: { ...completeDraftData().shipping?.address, phone: "12" },
          },
        }),
      },
    );
    const cases: Array<[Parameters<typeof startPayment>[1], number, string, string]> = [
      [
        { session: null, draftId: alices, productId: "8" },
        401,
        "UNAUTHENTICATED",
        "Please sign in to continue to payment.",
      ],
      [{ session: session("bob"), draftId: alices, productId: "8" }, 404, "DRAFT_NOT_FOUND", "No draft found."],
      [{ session: session("alice"), draftId: "not-a-uuid", productId: "8" }, 404, "DRAFT_NOT_FOUND", "No draft found."],
      [
        { session: session("alice"), draftId: alices, productId: "15" },
        422,
        "PRODUCT_MISMATCH",
        "This draft is for a different product. Go back to your cart and open the payment step again.",
      ],
      [
        { session: session("alice"), draftId: unconfirmed, productId: "8" },
        409,
        "DRAFT_INCOMPLETE",
        "Complete the Customisation step before paying.",
      ],
      [
        { session: session("alice"), draftId: noDetails, productId: "8" },
        409,
        "DRAFT_INCOMPLETE",
        "Complete the Details step before paying.",
      ],
      [
        { session: session("alice"), draftId: badPhone, productId: "8" },
        409,
        "DRAFT_INCOMPLETE",
        "Complete the Shipping step before paying.",
      ],
    ];
    for (const [input, status, code, message] of cases) {
      expect(await startPayment(ctx, input)).toEqual({ ok: false, status, code, message });
    }
    expect(await handle.db.select().from(testPaymentIntents)).toHaveLength(0);
    expect(await handle.db.select().from(paymentIntents)).toHaveLength(0);
    expect((await draftRow(alices))?.status).toBe("shipping_done");

    const { draftId: paid } = await paidOrder("alice");
    expect(await startPayment(ctx, { session: session("alice"), draftId: paid, productId: "8" })).toMatchObject({
      ok: false,
      status: 409,
      code: "ALREADY_PAID",
      message: "This order has already been paid.",
    });
  });

  it("reuses the one intent of a draft while the amount is unchanged", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const first = await started("alice", draftId);
    const second = await started("alice", draftId);
    expect(second.clientSecret).toBe(first.clientSecret);
    expect(second.intentId).toBe(first.intentId);
    expect(await handle.db.select().from(testPaymentIntents)).toHaveLength(1);
    const [ledger] = await handle.db.select().from(paymentIntents);
    expect(ledger?.idempotencyKey).toMatch(keyOf(draftId, 1, 31860));
  });

  it("does not lock a draft at a stale amount when it was saved while the intent was being made", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const provider = createTestProvider(handle.db);
    const saving = testContext(handle, {
      ...provider,
      async createOrReuseIntent(input) {
        // The shipping step autosaves (a new version) between pricing and storing the intent.
        await handle.db
          .update(orderDrafts)
          .set({ version: sql`${orderDrafts.version} + 1` })
          .where(eq(orderDrafts.id, draftId));
        return provider.createOrReuseIntent(input);
      },
    });
    expect(await startPayment(saving, { session: session("alice"), draftId, productId: "8" })).toMatchObject({
      status: 409,
      code: "DRAFT_CHANGED",
    });
    expect((await draftRow(draftId))?.status).toBe("shipping_done");
    expect(await handle.db.select().from(paymentIntents)).toHaveLength(0);
    // Trying again prices the draft as it now is.
    expect((await started("alice", draftId)).amountPence).toBe(31860);
  });

  it("limits a user to 10 payment-intent requests a minute (B-22)", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    for (let i = 0; i < 10; i++)
      expect((await startPayment(ctx, { session: session("alice"), draftId, productId: "8" })).ok).toBe(true);
    expect(await startPayment(ctx, { session: session("alice"), draftId, productId: "8" })).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
    });
  });
});

describe("editable until paid", () => {
  async function save(userId: string, draftId: string, step: "customisation" | "shipping", patch: unknown) {
    const row = await draftRow(draftId);
    const result = await saveCheckoutStep(ctx, {
      userId,
      draftId,
      step,
      patch,
      expectedVersion: row?.version ?? 0,
      now: NOW,
    });
    if (!result.ok) throw new Error(`save failed: ${result.code} ${result.message}`);
    return result;
  }

  it("opening payment locks nothing: a change replaces the open payment, and the new one charges the new order", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const opened = await started("alice", draftId);
    expect(opened.amountPence).toBe(31860);

    // Back to step 4 to fix the address, and to the cart to order 100 instead of 50.
    const moved = await save("alice", draftId, "shipping", { address: { line1: "2 Dock Road", postcode: "N1 7UX" } });
    expect(moved.releasedIntentId).toBe(opened.intentId);
    expect(moved.draft.status).toBe("shipping_done");
    await save("alice", draftId, "customisation", { quantity: 100 });
    const row = await draftRow(draftId);
    expect(row).toMatchObject({ status: "shipping_done", paymentIntentId: null, amountPence: null });
    const [oldLedger] = await handle.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.intentId, opened.intentId));
    expect(oldLedger?.status).toBe("canceled");

    // The old payment page can no longer take money.
    const stale = await confirmTestPayment(ctx, {
      clientSecret: opened.clientSecret,
      card: GOOD_CARD,
      userId: "alice",
      now: NOW,
    });
    expect(stale).toMatchObject({ ok: false, status: 409, code: "PAYMENT_REPLACED" });

    // 100 × £5.50 = £550.00, −£55.00, +£18.00 = £513.00, VAT £102.60: £615.60.
    const reopened = await started("alice", draftId);
    expect(reopened.intentId).not.toBe(opened.intentId);
    expect(reopened.amountPence).toBe(61560);
    const paid = await confirmTestPayment(ctx, {
      clientSecret: reopened.clientSecret,
      card: GOOD_CARD,
      userId: "alice",
      now: NOW,
    });
    if (!paid.ok || !paid.orderId) throw new Error(`payment failed: ${JSON.stringify(paid)}`);
    const [order] = await ordersOfDraft(draftId);
    expect(order).toMatchObject({ id: paid.orderId, line: { quantity: 100 }, totalPence: 61560 });
    const snapshot = order?.snapshot as { data: { shipping: { address: { line1: string } } } };
    expect(snapshot.data.shipping.address.line1).toBe("2 Dock Road");
    expect(await ordersOfDraft(draftId)).toHaveLength(1);
  });

  it("reopening a step and saving what it already holds keeps the open payment", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const opened = await started("alice", draftId);
    const before = await draftRow(draftId);
    const same = await save("alice", draftId, "customisation", { quantity: 50 });
    expect(same.releasedIntentId).toBeUndefined();
    expect(same.draft.version).toBe(before?.version);
    expect(await draftRow(draftId)).toMatchObject({ status: "awaiting_payment", paymentIntentId: opened.intentId });
    const paid = await confirmTestPayment(ctx, {
      clientSecret: opened.clientSecret,
      card: GOOD_CARD,
      userId: "alice",
      now: NOW,
    });
    expect(paid.ok).toBe(true);
    expect(await ordersOfDraft(draftId)).toHaveLength(1);
  });

  it("two tabs opening payment for one draft share one intent and make one order", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const [one, two] = await Promise.all([started("alice", draftId), started("alice", draftId)]);
    expect(two.intentId).toBe(one.intentId);
    const pay = () =>
      confirmTestPayment(ctx, { clientSecret: one.clientSecret, card: GOOD_CARD, userId: "alice", now: NOW });
    const results = await Promise.all([pay(), pay()]);
    expect(results.filter((result) => result.ok)).not.toHaveLength(0);
    expect(await ordersOfDraft(draftId)).toHaveLength(1);
  });

  it("holds a replaced payment that is paid anyway: no order at the old figures, listed for staff", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const opened = await started("alice", draftId);
    // The void at the provider is lost (a fault), so the old page could still pay.
    const unreachable = testContext(handle, { ...ctx.payments!, cancelIntent: async () => null });
    const changed = await saveCheckoutStep(unreachable, {
      userId: "alice",
      draftId,
      step: "customisation",
      patch: { quantity: 100 },
      expectedVersion: (await draftRow(draftId))?.version ?? 0,
      now: NOW,
    });
    expect(changed.ok).toBe(true);
    await handle.db
      .update(paymentIntents)
      .set({ status: "created" })
      .where(eq(paymentIntents.intentId, opened.intentId));
    const late = await applyPaymentEvent(ctx, {
      event: {
        type: "payment_intent.succeeded",
        eventId: "evt_late_1",
        provider: "test",
        intentId: opened.intentId,
        amountPence: 31860,
        amountReceivedPence: 31860,
        currency: "gbp",
        createdAt: NOW,
        errorCode: null,
        errorMessage: null,
      },
    });
    expect(late.outcome).toBe("held");
    expect(await ordersOfDraft(draftId)).toHaveLength(0);
    expect((await draftRow(draftId))?.status).toBe("shipping_done");
    expect(await listPaymentsNeedingAttention(handle.db)).toEqual([
      expect.objectContaining({
        intentId: opened.intentId,
        amountPence: 31860,
        reason: "Paid after the buyer changed the order, which replaced this payment: refund it",
      }),
    ]);
  });

  it("a quantity changed in the cart re-prices the draft at once and replaces its open payment", async () => {
    await addCartLine(handle.db, { userId: "alice", line: CART_LINE });
    const [line] = await handle.db.select().from(cartItems).where(eq(cartItems.userId, "alice"));
    const draftId = await insertDraft({ userId: "alice" });
    await linkDraftsToCartLines(handle.db, "alice");
    const opened = await started("alice", draftId);

    expect(
      await changeCart(ctx, {
        userId: "alice",
        change: { intent: "update", id: line?.id ?? "", productId: "8", quantity: 100 },
      }),
    ).toEqual({
      ok: true,
    });
    const row = await draftRow(draftId);
    const data = draftDataSchema.parse(row?.data);
    expect(data.quantity).toBe(100);
    expect(data.totals?.total).toBe(61560);
    expect(row).toMatchObject({ status: "shipping_done", paymentIntentId: null });
    const stale = await confirmTestPayment(ctx, {
      clientSecret: opened.clientSecret,
      card: GOOD_CARD,
      userId: "alice",
      now: NOW,
    });
    expect(stale).toMatchObject({ ok: false, code: "PAYMENT_REPLACED" });
    expect((await started("alice", draftId)).amountPence).toBe(61560);
  });

  it("a line removed from the cart, or the whole cart cleared, voids its draft's open payment", async () => {
    await addCartLine(handle.db, { userId: "alice", line: CART_LINE });
    const [line] = await handle.db.select().from(cartItems).where(eq(cartItems.userId, "alice"));
    const removedDraft = await insertDraft({ userId: "alice" });
    const removedPayment = await started("alice", removedDraft);
    await changeCart(ctx, { userId: "alice", change: { intent: "remove", id: line?.id ?? "" } });
    expect(await draftRow(removedDraft)).toMatchObject({ status: "shipping_done", paymentIntentId: null });
    const pay = (clientSecret: string) =>
      confirmTestPayment(ctx, { clientSecret, card: GOOD_CARD, userId: "alice", now: NOW });
    expect(await pay(removedPayment.clientSecret)).toMatchObject({ ok: false, code: "PAYMENT_REPLACED" });

    await addCartLine(handle.db, { userId: "alice", line: CART_LINE });
    const clearedDraft = await insertDraft({ userId: "alice" });
    const clearedPayment = await started("alice", clearedDraft);
    await changeCart(ctx, { userId: "alice", change: { intent: "clear" } });
    expect(await draftRow(clearedDraft)).toBeUndefined();
    const [voided] = await handle.db
      .select({ status: testPaymentIntents.status })
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, clearedPayment.intentId));
    expect(voided?.status).toBe("canceled");
    expect(await pay(clearedPayment.clientSecret)).toMatchObject({ ok: false, status: 404 });
  });

  it("refuses a change while the provider is taking the payment, and changes nothing", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const opened = await started("alice", draftId);
    await handle.db
      .update(paymentIntents)
      .set({ status: "processing" })
      .where(eq(paymentIntents.intentId, opened.intentId));
    const before = await draftRow(draftId);
    const refused = await saveCheckoutStep(ctx, {
      userId: "alice",
      draftId,
      step: "customisation",
      patch: { quantity: 100 },
      expectedVersion: before?.version ?? 0,
      now: NOW,
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      code: "PAYMENT_IN_FLIGHT",
      message: "Your payment is being processed, so this order can't be changed now.",
    });
    expect(await draftRow(draftId)).toEqual(before);
  });
});

describe("test-mode payment through the routes", () => {
  it("4242 pays: an order with history and invoice, the cart line gone, a VAT invoice e-mailed, state paid", async () => {
    const alice = await createSignedInUser(handle, "alice@acme.co");
    const draftId = await insertDraft({ userId: alice.userId });
    await handle.db
      .insert(cartItems)
      .values([{ userId: alice.userId, productId: "8", quantity: 50, selectedColor: "#1f2a56" }]);
    await linkDraftsToCartLines(handle.db, alice.userId);
    await smtp.clear();

    const intent = await call(
      paymentIntentAction,
      jsonPost("/api/payment-intent", { draft_id: draftId, product_id: "8" }, alice.cookie),
    );
    expect(intent.status).toBe(200);
    expect(intent.json).toMatchObject({
      amount_pence: 31860,
      currency: "gbp",
      provider: "test",
      publishable_key: null,
    });
    expect(
      await call(paymentStatusLoader, siteRequest(`/api/payment-status?draft_id=${draftId}`, { cookie: alice.cookie })),
    ).toEqual({
      status: 200,
      json: { state: "processing" },
    });

    const secret = String(intent.json.client_secret);
    const paid = await call(
      testConfirmAction,
      jsonPost("/api/test-payments/confirm", { client_secret: secret, ...GOOD_CARD }, alice.cookie),
    );
    expect(paid.status).toBe(200);
    expect(paid.json.status).toBe("succeeded");

    const [order] = await ordersOfDraft(draftId);
    expect(order).toMatchObject({
      userId: alice.userId,
      line: { position: 1, productId: "8", quantity: 50, unitPence: 550, subtotalPence: 27500 },
      status: "paid",
      subtotalPence: 27500,
      discountPence: 2750,
      shippingPence: 1800,
      vatPence: 5310,
      totalPence: 31860,
      vatRate: 20,
      currency: "gbp",
    });
    expect(order?.number).toMatch(/^SS-\d{6}$/);
    expect(paid.json.order_number).toBe(order?.number);
    // The line keeps the colours and bands the cap was sold with, whatever the catalogue does later.
    const sold = (order!.line.snapshot as { product: { colours: { name: string }[]; tiers: unknown[] } }).product;
    expect(sold.colours.map((colour) => colour.name)).toContain("Navy");
    expect(sold.tiers).toEqual([
      { from: 50, to: 399, unitPence: 550 },
      { from: 400, to: null, unitPence: 388 },
    ]);
    const history = await handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order!.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([[null, "paid", "system"]]);
    const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, order!.id));
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);

    const draft = await draftRow(draftId);
    expect(draft?.status).toBe("paid");
    expect(draft?.paidAt).not.toBeNull();
    const cart = await handle.db
      .select({ productId: cartItems.productId })
      .from(cartItems)
      .where(eq(cartItems.userId, alice.userId));
    expect(cart).toEqual([]);

    const mail = await smtp.waitFor(BUYER_EMAIL);
    expect(mail.subject).toBe(`Order ${order?.number} confirmed: VAT invoice ${invoice?.number}`);
    for (const line of [
      "VAT INVOICE",
      `Invoice number: ${invoice?.number}`,
      TEST_SHOP.business.legalName,
      ...TEST_SHOP.business.registeredOffice,
      `VAT registration number: ${TEST_SHOP.business.vatNumber}`,
      `Company number: ${TEST_SHOP.business.companyNumber}`,
      "Analytical Ltd",
      "VAT number: GB980780684",
      "50 × Custom Embroidered Cap (Navy, Front embroidery) @ £5.50: £275.00",
      "First order discount (10%): −£27.50",
      "Standard Shipping: £18.00",
      "Total excluding VAT: £265.50",
      "VAT at 20%: £53.10",
      "Total paid: £318.60",
    ]) {
      expect(mail.text).toContain(line);
    }

    expect(
      await call(paymentStatusLoader, siteRequest(`/api/payment-status?draft_id=${draftId}`, { cookie: alice.cookie })),
    ).toEqual({
      status: 200,
      json: { state: "paid", order_id: order?.id, order_number: order?.number },
    });

    // A double-submitted form: the same answer, still one order, one e-mail, one event.
    const again = await call(
      testConfirmAction,
      jsonPost("/api/test-payments/confirm", { client_secret: secret, ...GOOD_CARD }, alice.cookie),
    );
    expect(again.json.status).toBe("succeeded");
    expect(await handle.db.select().from(orders)).toHaveLength(1);
    expect(await handle.db.select().from(paymentEvents)).toHaveLength(1);
    expect((await smtp.delivered()).filter((m) => m.to.includes(BUYER_EMAIL))).toHaveLength(1);
  });

  it("refuses the payment routes to visitors and another user's client secret", async () => {
    const alice = await createSignedInUser(handle, "alice@acme.co");
    const bob = await createSignedInUser(handle, "bob@acme.co");
    const draftId = await insertDraft({ userId: alice.userId });
    expect(
      (await call(paymentIntentAction, jsonPost("/api/payment-intent", { draft_id: draftId, product_id: "8" }))).status,
    ).toBe(401);
    const asBob = await call(
      paymentIntentAction,
      jsonPost("/api/payment-intent", { draft_id: draftId, product_id: "8" }, bob.cookie),
    );
    expect(asBob).toEqual({ status: 404, json: { error: { code: "DRAFT_NOT_FOUND", message: "No draft found." } } });
    expect(
      (await call(paymentIntentAction, jsonPost("/api/payment-intent", { draft_id: draftId }, alice.cookie))).status,
    ).toBe(400);

    const intent = await started(alice.userId, draftId);
    const body = { client_secret: intent.clientSecret, ...GOOD_CARD };
    expect((await call(testConfirmAction, jsonPost("/api/test-payments/confirm", body))).status).toBe(401);
    const stolen = await call(testConfirmAction, jsonPost("/api/test-payments/confirm", body, bob.cookie));
    expect(stolen.status).toBe(404);
    expect(
      (await call(paymentStatusLoader, siteRequest(`/api/payment-status?draft_id=${draftId}`, { cookie: bob.cookie })))
        .status,
    ).toBe(404);
    expect((await draftRow(draftId))?.status).toBe("awaiting_payment");
    expect(await handle.db.select().from(orders)).toHaveLength(0);
  });
});

describe("test-mode cards", () => {
  it("4000 0000 0000 0002 is declined with the card's message, nothing is paid, and the buyer can pay again", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const intent = await started("alice", draftId);
    const declined = await confirmTestPayment(ctx, {
      clientSecret: intent.clientSecret,
      card: DECLINED_CARD,
      userId: "alice",
      now: NOW,
    });
    expect(declined).toEqual({ ok: false, status: 402, code: "CARD_DECLINED", message: "Your card was declined." });
    expect((await draftRow(draftId))?.status).toBe("payment_failed");
    expect(await paymentState(handle.db, { userId: "alice", draftId })).toEqual({
      state: "failed",
      message: "Your card was declined.",
    });
    expect(await handle.db.select().from(orders)).toHaveLength(0);

    // Reloading /payment reuses the same intent, and a good card then pays it.
    const retry = await started("alice", draftId);
    expect(retry.intentId).toBe(intent.intentId);
    expect(await paymentState(handle.db, { userId: "alice", draftId })).toEqual({ state: "processing" });
    const paid = await confirmTestPayment(ctx, {
      clientSecret: retry.clientSecret,
      card: GOOD_CARD,
      userId: "alice",
      now: NOW,
    });
    expect(paid).toMatchObject({ ok: true, status: "succeeded" });
    expect(await paymentState(handle.db, { userId: "alice", draftId })).toMatchObject({ state: "paid" });
  });

  it("answers Luhn, expiry and CVC problems with a 402 per field and changes nothing", async () => {
    const draftId = await insertDraft({ userId: "alice" });
    const intent = await started("alice", draftId);
    const cases: Array<[typeof GOOD_CARD, Record<string, string>]> = [
      [{ ...GOOD_CARD, number: "4242 4242 4242 4241" }, { number: "Your card number is invalid." }],
      [{ ...GOOD_CARD, expiry: "10/26" }, { expiry: "Your card's expiration date is in the past." }],
      [{ ...GOOD_CARD, expiry: "13/30" }, { expiry: "Enter the expiry date as MM/YY." }],
      [{ ...GOOD_CARD, cvc: "12" }, { cvc: "Your card's security code is incomplete." }],
    ];
    for (const [card, fieldErrors] of cases) {
      const result = await confirmTestPayment(ctx, {
        clientSecret: intent.clientSecret,
        card,
        userId: "alice",
        now: NOW,
      });
      expect(result).toEqual({
        ok: false,
        status: 402,
        code: "CARD_INVALID",
        message: Object.values(fieldErrors)[0],
        fieldErrors,
      });
    }
    expect((await draftRow(draftId))?.status).toBe("awaiting_payment");
    expect(await handle.db.select().from(paymentEvents)).toHaveLength(0);
    const [stored] = await handle.db.select().from(testPaymentIntents);
    expect(stored?.status).toBe("requires_payment_method");
  });

  it("knows no client secret it did not issue", async () => {
    const result = await confirmTestPayment(ctx, {
      clientSecret: "pi_test_000_secret_000",
      card: GOOD_CARD,
      userId: "alice",
      now: NOW,
    });
    expect(result).toMatchObject({ status: 404, code: "PAYMENT_NOT_FOUND" });
  });
});

describe("repeat orders (skip_proof)", () => {
  it("go straight to proof_approved with a promised date when the reference is an approved order of the account", async () => {
    const { order: first } = await paidOrder("alice");
    await handle.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, first.id));

    const repeat = completeDraftData({
      proof: { preference: "skip_proof", previous_order_ref: ` ${first.number.toLowerCase()} ` },
    });
    const { order } = await paidOrder("alice", { data: repeat });
    expect(order.status).toBe("proof_approved");
    // Fri 20 Nov 2026 + 25 working days (17.5 + 7) + 5 for standard shipping = 30, skipping the
    // Christmas and New Year bank holidays: Wed 6 Jan 2027.
    expect(order.promisedDeliveryDate).toBe("2027-01-06");
    const history = await handle.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.note])).toEqual([
      [null, "paid", expect.stringContaining("Paid by card")],
      ["paid", "proof_approved", `Repeat of ${first.number}: proof skipped`],
    ]);
    // The confirmation is queued with the payment; reading the inbox runs its job.
    const repeatMail = (await smtp.delivered()).find((m) => m.subject.startsWith(`Order ${order.number}`));
    expect(repeatMail?.text).toContain("Promised delivery: Wed, Jan 6, 2027.");
  });

  it("stay paid (a proof will be sent) when the reference is not an approved order of this account", async () => {
    const { order: bobs } = await paidOrder("bob");
    await handle.db.update(orders).set({ status: "delivered" }).where(eq(orders.id, bobs.id));
    const { order } = await paidOrder("alice", {
      data: completeDraftData({ proof: { preference: "skip_proof", previous_order_ref: bobs.number } }),
    });
    expect(order.status).toBe("paid");
    expect(order.promisedDeliveryDate).toBeNull();
  });
});

describe("order tracking", () => {
  it("lists the user's and the active organisation's orders; another buyer's order is not there", async () => {
    const { order: own } = await paidOrder("alice");
    const { order: team } = await paidOrder("carol", { accountId: "org-acme" });
    const { order: other } = await paidOrder("bob");

    const mine = await listOrders(handle.db, { userId: "alice", accountId: "alice", now: NOW });
    expect(mine.map((o) => o.number)).toEqual([own.number]);
    expect(mine[0]).toMatchObject({
      status: "paid",
      statusLabel: "Paid",
      totalPence: 31860,
      lines: [{ productId: "8", title: "Custom Embroidered Cap", quantity: 50 }],
      placedByMe: true,
    });
    // Not yet approved: the window if the proof were approved today: ceil(24.5 + 5) = 30 and
    // ceil(24.5 + 7) = 32 days, + 5 for standard shipping, from 20 Nov 2026.
    expect(mine[0]?.delivery).toEqual({
      kind: "estimate",
      start: "2027-01-04",
      end: "2027-01-06",
      awaitingPayment: false,
    });

    const inOrg = await listOrders(handle.db, { userId: "alice", accountId: "org-acme", now: NOW });
    expect(inOrg.map((o) => o.number).sort()).toEqual([own.number, team.number].sort());
    expect(inOrg.find((o) => o.number === team.number)?.placedByMe).toBe(false);

    expect(await getOrder(handle.db, { userId: "alice", accountId: "alice", orderId: other.id })).toBeNull();
    const detail = await getOrder(handle.db, { userId: "alice", accountId: "alice", orderId: own.id, now: NOW });
    expect(detail?.invoiceNumber).toMatch(/^INV-/);
    expect(detail?.timeline.map((t) => t.to)).toEqual(["paid"]);
    expect(detail?.snapshot.data.details.email).toBe(BUYER_EMAIL);
    expect(detail?.lines.map((line) => line.canRespond)).toEqual([false]);
  });
});

describe("respondToProof", () => {
  /** A proof version of the order's first line, as staff leave it. */
  async function insertProof(orderId: string, version: number) {
    const [line] = await handle.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    await handle.db.insert(orderProofs).values({
      orderId,
      orderLineId: line?.id ?? "",
      version,
      storedName: `proof-${orderId}-${version}.pdf`,
      originalName: version === 1 ? "cap-proof.pdf" : `cap-proof-v${version}.pdf`,
      contentType: "application/pdf",
      sizeBytes: 1234,
      uploadedBy: "staff-1",
    });
  }

  async function orderWithProof(userId = "alice") {
    const { order } = await paidOrder(userId);
    await insertProof(order.id, 1);
    return order;
  }

  it("answers only the owner, only while the proof is sent", async () => {
    const order = await orderWithProof();
    // Still 'paid': staff have not sent the proof yet.
    expect(
      await respondToProof(ctx, { userId: "alice", orderId: order.id, decision: "approve", now: NOW }),
    ).toMatchObject({
      status: 409,
      code: "PROOF_NOT_AWAITING",
    });
    await handle.db.update(orders).set({ status: "proof_sent" }).where(eq(orders.id, order.id));
    expect(
      await respondToProof(ctx, { userId: "bob", orderId: order.id, decision: "approve", now: NOW }),
    ).toMatchObject({
      status: 404,
      code: "ORDER_NOT_FOUND",
    });
    const [unchanged] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(unchanged?.status).toBe("proof_sent");
    expect(
      (await getOrder(handle.db, { userId: "alice", accountId: "alice", orderId: order.id }))?.lines[0]?.canRespond,
    ).toBe(true);
  });

  it("requests changes with a comment, then approves the newer version and fixes the promised date", async () => {
    const order = await orderWithProof();
    await handle.db.update(orders).set({ status: "proof_sent" }).where(eq(orders.id, order.id));

    const changes = await respondToProof(ctx, {
      userId: "alice",
      orderId: order.id,
      decision: "changes",
      comment: "Logo 10% larger, please",
      proofVersion: 1,
      now: NOW,
    });
    expect(changes).toMatchObject({ ok: true, status: "changes_requested", promisedDeliveryDate: null });
    expect(
      await respondToProof(ctx, { userId: "alice", orderId: order.id, decision: "approve", now: NOW }),
    ).toMatchObject({
      status: 409,
    });

    // Staff upload version 2 and send it.
    await insertProof(order.id, 2);
    await handle.db.update(orders).set({ status: "proof_sent" }).where(eq(orders.id, order.id));
    expect(
      await respondToProof(ctx, {
        userId: "alice",
        orderId: order.id,
        decision: "approve",
        proofVersion: 1,
        now: NOW,
      }),
    ).toMatchObject({
      status: 409,
      code: "PROOF_OUTDATED",
    });

    const approved = await respondToProof(ctx, {
      userId: "alice",
      orderId: order.id,
      decision: "approve",
      proofVersion: 2,
      now: NOW,
    });
    expect(approved).toMatchObject({ ok: true, status: "proof_approved", promisedDeliveryDate: "2027-01-06" });

    const proofs = await handle.db
      .select()
      .from(orderProofs)
      .where(eq(orderProofs.orderId, order.id))
      .orderBy(asc(orderProofs.version));
    expect(proofs.map((p) => [p.version, p.decision, p.comment])).toEqual([
      [1, "changes_requested", "Logo 10% larger, please"],
      [2, "approved", null],
    ]);
    const buyerMoves = await handle.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, order.id), eq(orderStatusHistory.actor, "buyer")))
      .orderBy(asc(orderStatusHistory.id));
    expect(buyerMoves.map((h) => [h.fromStatus, h.toStatus, h.actorUserId])).toEqual([
      ["proof_sent", "changes_requested", "alice"],
      ["proof_sent", "proof_approved", "alice"],
    ]);
    const detail = await getOrder(handle.db, { userId: "alice", accountId: "alice", orderId: order.id, now: NOW });
    expect(detail?.delivery).toEqual({ kind: "promised", date: "2027-01-06" });
    expect(detail?.lines[0]?.proofs.map((p) => p.version)).toEqual([2, 1]);
    const [row] = await handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
    expect(row?.version).toBe(3);
  });
});

describe("size breakdowns", () => {
  /** 100 orange shorts with a DTF leg print, ready to pay but for `sizes`. */
  const shortsData = (sizes: { size: string; count: number }[]) =>
    completeDraftData({
      product_id: "15",
      quantity: 100,
      variant: { color_hex: "#F26B12" },
      customization_selections: ["Leg logo print"],
      branding: { method: "dtf" },
      sizes,
    });

  it("step 2 refuses a size the product is not made in with a 400 and a reason, and changes nothing", async () => {
    const draftId = await insertDraft({ userId: "sizer" }, { data: shortsData([]) });
    const before = await draftRow(draftId);
    const refused = await saveCheckoutStep(ctx, {
      userId: "sizer",
      draftId,
      step: "customisation",
      patch: { sizes: [{ size: "3XL", count: 100 }] },
      expectedVersion: before?.version ?? 0,
      now: NOW,
    });
    expect(refused).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { sizes: "Choose from sizes XS, S, M, L, XL or XXL." },
    });
    expect(await draftRow(draftId)).toEqual(before);
  });

  it("refuses payment until the sizes add up to the quantity", async () => {
    const draftId = await insertDraft({ userId: "sizer" }, { data: shortsData([{ size: "M", count: 90 }]) });
    const result = await startPayment(ctx, { session: session("sizer"), draftId, productId: "15" });
    expect(result).toMatchObject({ ok: false, message: "Complete the Customisation step before paying." });
  });

  it("puts a split that adds up on the paid order's line", async () => {
    const sizes = [
      { size: "S", count: 20 },
      { size: "M", count: 40 },
      { size: "L", count: 40 },
    ];
    const draftId = await insertDraft({ userId: "sized-buyer" }, { data: shortsData(sizes) });
    const intent = await started("sized-buyer", draftId, "15");
    const confirmed = await confirmTestPayment(ctx, {
      clientSecret: intent.clientSecret,
      card: GOOD_CARD,
      userId: "sized-buyer",
      now: NOW,
    });
    expect(confirmed).toMatchObject({ ok: true });
    const [order] = await ordersOfDraft(draftId);
    expect(order?.line.snapshot).toMatchObject({ customization: { sizes } });
  });
});
