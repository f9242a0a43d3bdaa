/**
 * One checkout for the whole cart (decision 016): a cart of two products is priced, paid
 * and ordered once, and a change to any line replaces the checkout's open payment.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cartItems, invoices, orderDrafts, orderLines, orders, paymentIntents } from "#db/schema";
import { findProductById } from "~/catalogue/catalogue";
import type { DraftDataInput } from "~/domain/checkout/draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { applyPaymentEvent } from "./payment-events.server";
import { saveCheckoutStep } from "../checkout/checkout-save.server";
import { confirmTestPayment, startPayment } from "./payment-start.server";
import { changeCart } from "../checkout/shopping.server";
import type { AppContext } from "../providers/app-context.server";
import { runDueJobs } from "../edge/job-worker.server";
import { linkDraftsToCartLines } from "../../../tests/setup/complete-draft";

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let ctx: AppContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(async () => {
  await smtp.close();
});

const NOW = new Date("2026-11-20T12:00:00Z");
const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };
const BUYER = "alice";
const EMAIL = "ada@analytical.example";

/** Step 2 of a line, done: the product's own branding method, both confirmations ticked. */
const customised = (productId: string, quantity: number, colour: string): DraftDataInput => ({
  product_id: productId,
  quantity,
  variant: { color_hex: colour },
  branding: { method: findProductById(productId)?.branding.default },
  confirm: { rights_confirmed: true, lead_time_acknowledged: true },
});

/** The checkout's draft: 250 caps, with Details and Shipping done once for the cart. */
const checkoutData = (): DraftDataInput => ({
  ...customised("8", 250, "#1f2a56"),
  details: {
    contact_name: "Ada Lovelace",
    email: EMAIL,
    company: "Analytical Ltd",
    phone: "+44 20 7946 0958",
    billing: { name: "Ada Lovelace", line1: "1 Engine Street", city: "London", postcode: "N1 9GU", country: "GB" },
    tos_accepted: true,
    use_billing_as_shipping: false,
  },
  shipping: {
    address: {
      company: "Analytical Ltd",
      firstName: "Ada",
      lastName: "Lovelace",
      name: "Ada Lovelace",
      line1: "1 Engine Street",
      city: "London",
      postcode: "N1 9GU",
      country: "GB",
      phone: "020 7946 0958",
    },
    method: "standard",
  },
  status: "shipping_done",
});

async function insertDraft(data: DraftDataInput, status: string) {
  const parsed = draftDataSchema.parse(data);
  const [row] = await handle.db
    .insert(orderDrafts)
    .values({ accountId: `account-of-${BUYER}`, userId: BUYER, productId: parsed.product_id, status, data: parsed })
    .returning({ id: orderDrafts.id });
  if (!row) throw new Error("no draft row");
  return row.id;
}

/** The shorts' split of their 100: payment waits for one. */
const SHORTS_SIZES = [
  { size: "M", count: 60 },
  { size: "L", count: 40 },
];

/** A cart of 250 caps and 100 shorts: the caps' draft carries the checkout, the shorts' is customised. */
async function twoProductCheckout(shorts: Partial<DraftDataInput> = {}) {
  // Added one after the other, as a buyer adds them: the cart lists them in that order.
  await handle.db.insert(cartItems).values([
    {
      userId: BUYER,
      productId: "8",
      quantity: 250,
      selectedColor: "#1f2a56",
      createdAt: new Date(NOW.getTime() - 2_000),
    },
    {
      userId: BUYER,
      productId: "15",
      quantity: 100,
      selectedColor: "#111111",
      sizes: SHORTS_SIZES,
      createdAt: new Date(NOW.getTime() - 1_000),
    },
  ]);
  const checkout = await insertDraft(checkoutData(), "shipping_done");
  const customisedShorts = { ...customised("15", 100, "#111111"), sizes: SHORTS_SIZES };
  const line = await insertDraft({ ...customisedShorts, ...shorts }, "customisation_draft");
  await linkDraftsToCartLines(handle.db, BUYER);
  return { checkout, line };
}

const start = (draftId: string) => startPayment(ctx, { session: { user: { id: BUYER } }, draftId, productId: "8" });
const pay = (clientSecret: string) =>
  confirmTestPayment(ctx, { clientSecret, card: GOOD_CARD, userId: BUYER, now: NOW });
const version = async (id: string) =>
  (await handle.db.select({ version: orderDrafts.version }).from(orderDrafts).where(eq(orderDrafts.id, id)))[0]
    ?.version ?? 0;

describe("a cart of two products", () => {
  it("pays once: one order with a line per product, one shipping charge, one invoice e-mail", async () => {
    const { checkout, line } = await twoProductCheckout();
    const started = await start(checkout);
    if (!started.ok) throw new Error(started.message);
    // 250 × £5.50 + 100 × £10.40 = £2,415.00; 10% first-order discount −£241.50; £18.00 shipping
    // once; VAT 20% of £2,191.50 = £438.30; total £2,629.80.
    expect(started.totals).toEqual({
      subtotal: 241500,
      discount: 24150,
      shipping: 1800,
      vat: 43830,
      total: 262980,
      vatRate: 20,
    });
    const [ledger] = await handle.db.select().from(paymentIntents);
    expect(ledger?.lines).toEqual([
      expect.objectContaining({
        draftId: checkout,
        productId: "8",
        quantity: 250,
        unitPence: 550,
        subtotalPence: 137500,
      }),
      expect.objectContaining({
        draftId: line,
        productId: "15",
        quantity: 100,
        unitPence: 1040,
        subtotalPence: 104000,
      }),
    ]);

    const paid = await pay(started.clientSecret);
    if (!paid.ok || !paid.orderId) throw new Error(`payment failed: ${JSON.stringify(paid)}`);
    const all = await handle.db.select().from(orders);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ subtotalPence: 241500, shippingPence: 1800, vatPence: 43830, totalPence: 262980 });
    const lines = await handle.db.select().from(orderLines).orderBy(asc(orderLines.position));
    expect(lines.map((l) => [l.position, l.draftId, l.productId, l.quantity, l.subtotalPence])).toEqual([
      [1, checkout, "8", 250, 137500],
      [2, line, "15", 100, 104000],
    ]);
    expect(lines[1]?.snapshot).toMatchObject({ customization: { variant: { color_hex: "#111111" } } });
    expect(await handle.db.select().from(invoices)).toHaveLength(1);
    const drafts = await handle.db.select({ status: orderDrafts.status }).from(orderDrafts);
    expect(drafts.map((d) => d.status)).toEqual(["paid", "paid"]);
    expect(await handle.db.select().from(cartItems)).toEqual([]);

    const mail = await smtp.waitFor(EMAIL);
    for (const text of [
      "250 × Custom Embroidered Cap",
      "100 × Custom Running Shorts",
      "Standard Shipping: £18.00",
      "Total paid: £2,629.80",
    ]) {
      expect(mail.text).toContain(text);
    }
    expect((await smtp.delivered()).filter((m) => m.to.includes(EMAIL))).toHaveLength(1);
  });

  it("refuses to pay while another line's customisation is not done, naming the product", async () => {
    const { checkout } = await twoProductCheckout({
      confirm: { rights_confirmed: true, lead_time_acknowledged: false },
    });
    expect(await start(checkout)).toMatchObject({
      ok: false,
      status: 409,
      code: "DRAFT_INCOMPLETE",
      message: "Complete the Customisation step for your Custom Running Shorts before paying.",
    });
    expect(await handle.db.select().from(paymentIntents)).toEqual([]);
  });

  it("refuses to pay a line saved with a branding method its product does not offer", async () => {
    // Saved before products declared their methods: step 2 now preselects the shorts' own default.
    const { checkout } = await twoProductCheckout({ branding: { method: "laser" } });
    expect(await start(checkout)).toMatchObject({
      ok: false,
      status: 409,
      code: "DRAFT_INCOMPLETE",
      message: "Complete the Customisation step for your Custom Running Shorts before paying.",
    });
    expect(await handle.db.select().from(paymentIntents)).toEqual([]);
  });

  it("a quantity changed in the cart for the other line replaces the checkout's open payment; the new one charges the new cart", async () => {
    const { checkout } = await twoProductCheckout();
    const opened = await start(checkout);
    if (!opened.ok) throw new Error(opened.message);
    const [shorts] = await handle.db.select().from(cartItems).where(eq(cartItems.productId, "15"));
    const update = { intent: "update" as const, id: shorts?.id ?? "", productId: "15", quantity: 150 };
    expect(await changeCart(ctx, { userId: BUYER, change: update })).toEqual({ ok: true });
    const [row] = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.id, checkout));
    expect(row).toMatchObject({ status: "shipping_done", paymentIntentId: null });
    expect(await pay(opened.clientSecret)).toMatchObject({ ok: false, code: "PAYMENT_REPLACED" });

    // The 100 shorts' split no longer adds up: payment waits until step 2 splits the 150.
    const [cartLine] = await handle.db.select().from(cartItems).where(eq(cartItems.productId, "15"));
    expect(cartLine?.sizes).toEqual(SHORTS_SIZES);
    expect(await start(checkout)).toMatchObject({
      ok: false,
      message: "Complete the Customisation step for your Custom Running Shorts before paying.",
    });
    const [shortsDraft] = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.productId, "15"));
    const resplit = await saveCheckoutStep(ctx, {
      userId: BUYER,
      draftId: shortsDraft?.id ?? "",
      step: "customisation",
      patch: {
        sizes: [
          { size: "M", count: 90 },
          { size: "L", count: 60 },
        ],
      },
      expectedVersion: shortsDraft?.version ?? 0,
    });
    expect(resplit.ok).toBe(true);

    const reopened = await start(checkout);
    if (!reopened.ok) throw new Error(reopened.message);
    expect(reopened.intentId).not.toBe(opened.intentId);
    expect(reopened.totals.subtotal).toBe(137500 + 150 * 1040);
    expect(await pay(reopened.clientSecret)).toMatchObject({ ok: true });
    const lines = await handle.db.select().from(orderLines).orderBy(asc(orderLines.position));
    expect(lines.map((l) => l.quantity)).toEqual([250, 150]);
  });

  it("a step-2 change to the other line makes the payment step open a new payment for the same amount", async () => {
    const { checkout, line } = await twoProductCheckout();
    const opened = await start(checkout);
    if (!opened.ok) throw new Error(opened.message);
    const saved = await saveCheckoutStep(ctx, {
      userId: BUYER,
      draftId: line,
      step: "customisation",
      patch: { variant: { color_hex: "#f26b12" } },
      expectedVersion: await version(line),
      now: NOW,
    });
    expect(saved.ok).toBe(true);
    const reopened = await start(checkout);
    if (!reopened.ok) throw new Error(reopened.message);
    expect(reopened.amountPence).toBe(opened.amountPence);
    expect(reopened.intentId).not.toBe(opened.intentId);
    expect(await pay(opened.clientSecret)).toMatchObject({ ok: false, code: "PAYMENT_REPLACED" });
    expect(await pay(reopened.clientSecret)).toMatchObject({ ok: true });
    const [shorts] = await handle.db.select().from(orderLines).where(eq(orderLines.productId, "15"));
    expect(shorts?.snapshot).toMatchObject({ customization: { variant: { color_hex: "#f26b12" } } });
  });

  it("holds a payment whose other line changed after it was priced: no order at the old figures", async () => {
    const { checkout, line } = await twoProductCheckout();
    const opened = await start(checkout);
    if (!opened.ok) throw new Error(opened.message);
    // The line changed while its release did not reach the checkout (a racing tab).
    await handle.db
      .update(orderDrafts)
      .set({ version: (await version(line)) + 1 })
      .where(eq(orderDrafts.id, line));
    const late = await applyPaymentEvent(ctx, {
      event: {
        type: "payment_intent.succeeded",
        eventId: "evt_cart_changed_1",
        provider: "test",
        intentId: opened.intentId,
        amountPence: opened.amountPence,
        amountReceivedPence: opened.amountPence,
        currency: "gbp",
        createdAt: NOW,
        errorCode: null,
        errorMessage: null,
      },
    });
    expect(late.outcome).toBe("held");
    expect(await handle.db.select().from(orders)).toEqual([]);
    const [ledger] = await handle.db.select().from(paymentIntents);
    expect(ledger?.lastErrorCode).toBe("paid_after_change");
  });
});
