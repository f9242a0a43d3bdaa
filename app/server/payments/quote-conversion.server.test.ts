import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { authUser, cartItems, orderDrafts } from "#db/schema";
import { orderTotals } from "~/domain/pricing/checkout";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { formatPence } from "~/domain/core/money";
import { action as quotesAction, loader as quotesLoader } from "~/routes/quotes";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { claimFirstOrderDiscount } from "../checkout/first-order-discount.server";
import { startPayment } from "./payment-start.server";
import { cartQuotePricing, getQuote } from "../checkout/quotes.server";
import { addCartLine } from "../checkout/shopping.server";

// Decision 040: ordering from a quote asks before it replaces anything in the cart, and no client
// can skip the question; the quote's first-order discount is said to depend on the payment.

const handle = testFileDatabase();
let alice: { userId: string; cookie: string };

beforeEach(async () => {
  alice = await createSignedInUser(handle, "alice@acme.co");
  await handle.db.update(authUser).set({ emailVerified: true });
});

const post = (form: Record<string, string>) =>
  answerOf(quotesAction, {
    request: siteRequest("/quotes", { cookie: alice.cookie, form }),
    ctx: testContext(handle),
  });

const navyCap = {
  productId: "8",
  quantity: 399,
  selectedColor: "#1f2a56",
  customizationSelections: ["Front embroidery"],
  handwrittenNote: false,
  notes: "",
  sizes: [],
};

/** A quote of 399 navy caps, made from Alice's cart, which is then emptied. */
async function quoteOfCaps(): Promise<string> {
  await addCartLine(handle.db, { userId: alice.userId, line: navyCap });
  const made = await post({ intent: "create", source: "cart" });
  expect(made.status).toBe(303);
  await handle.db.delete(cartItems);
  return (made.headers.get("location") ?? "").split("/")[2] ?? "";
}

/** Alice's cart as [product, quantity], by product id: what is in it, whatever order it lists. */
const cartOf = async () =>
  (await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice.userId)))
    .map((line) => [line.productId, line.quantity] as const)
    .sort(([a], [b]) => Number(a) - Number(b));

type Question = { error: { code: string; message: string; current: { replaced: { text: string }[]; cart: string } } };

describe("ordering from a quote into a cart that is not empty", () => {
  it("asks first, listing what it replaces, and changes nothing until the buyer confirms that cart", async () => {
    const id = await quoteOfCaps();
    await addCartLine(handle.db, { userId: alice.userId, line: { ...navyCap, quantity: 1500 } });
    await addCartLine(handle.db, { userId: alice.userId, line: { ...navyCap, productId: "16", quantity: 120 } });

    const asked = await post({ intent: "convert", quoteId: id });
    expect(asked.status).toBe(409);
    const question = (asked.body as Question).error;
    expect(question.code).toBe("CART_NOT_EMPTY");
    expect(question.message).toContain("Ordering from this quote replaces them");
    const replaced = question.current.replaced.map((line) => line.text);
    expect(replaced).toContain(
      "1,500 × Custom Embroidered Cap, Navy: replaced by the quote's 399 × Custom Embroidered Cap, Navy",
    );
    expect(replaced.find((text) => text.startsWith("120 × Branded A5 Diary"))).toMatch(/: taken out of your cart$/);
    expect(await cartOf()).toEqual([
      ["8", 1500],
      ["16", 120],
    ]);

    // A confirmation of some other cart (made up, or one since changed) is asked again.
    const forged = await post({ intent: "convert", quoteId: id, replaceCart: "8:anything" });
    expect(forged.status).toBe(409);
    expect((forged.body as Question).error.message).toBe(
      "Your cart has changed since you were asked. Please check what ordering from this quote would replace.",
    );
    await addCartLine(handle.db, { userId: alice.userId, line: { ...navyCap, quantity: 1600 } });
    const stale = await post({ intent: "convert", quoteId: id, replaceCart: question.current.cart });
    expect(stale.status).toBe(409);
    expect(await cartOf()).toEqual([
      ["8", 1600],
      ["16", 120],
    ]);

    const fresh = ((await post({ intent: "convert", quoteId: id })).body as Question).error.current.cart;
    const confirmed = await post({ intent: "convert", quoteId: id, replaceCart: fresh });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/cart");
    expect(await cartOf()).toEqual([["8", 399]]);
  });

  it("goes straight to the cart when nothing would be replaced: an empty cart, or the quote's own lines", async () => {
    const id = await quoteOfCaps();
    expect((await post({ intent: "convert", quoteId: id })).status).toBe(303);
    expect((await post({ intent: "convert", quoteId: id })).status).toBe(303);
    expect(await cartOf()).toEqual([["8", 399]]);
  });
});

describe("a quote's first-order discount", () => {
  it("is said to depend on the payment, and said plainly to be gone once the buyer has another order", async () => {
    const id = await quoteOfCaps();
    const quote = await getQuote(handle.db, { userId: alice.userId, accountId: alice.userId, quoteId: id });
    const discount = quote?.totals.discount ?? 0;
    expect(discount).toBe(Math.round(399 * 550 * 0.1));
    expect((await post({ intent: "convert", quoteId: id })).status).toBe(303);
    const cart = [{ productId: "8", quantity: 399 }];
    const before = await cartQuotePricing(handle.db, { userId: alice.userId, cart, now: new Date() });
    expect(before.notices.join(" ")).not.toContain("no longer applies");

    const listed = await answerOf(quotesLoader, {
      request: siteRequest("/quotes", { cookie: alice.cookie }),
      ctx: testContext(handle),
    });
    expect(listed.body).toMatchObject({ discountNow: true });

    // Another order is paid first, with the discount.
    const order = await insertPaidOrder(handle.db, { userId: alice.userId, email: "alice@acme.co", company: "Acme" });
    await claimFirstOrderDiscount(handle.db, {
      orderId: order.id,
      userId: alice.userId,
      accountId: alice.userId,
      discountPence: 1000,
    });

    const after = await cartQuotePricing(handle.db, { userId: alice.userId, cart, now: new Date() });
    // The quoted unit price still holds; the discount does not, and the buyer is told.
    expect(after.quoted).toEqual(before.quoted);
    expect(after.notices).toContain(
      `Quote ${quote?.number} included a first-order discount of ${formatPence(discount)}. It no longer applies, because this is no longer your first order: the quoted unit prices still hold, and the totals shown are what you will pay.`,
    );
    const relisted = await answerOf(quotesLoader, {
      request: siteRequest("/quotes", { cookie: alice.cookie }),
      ctx: testContext(handle),
    });
    expect(relisted.body).toMatchObject({ discountNow: false });

    // What the payment takes is the quoted unit price without the discount: what the pages now show.
    const address = { name: "Alice Smith", line1: "2 Dock Road", city: "Leeds", postcode: "LS1 4AP", country: "GB" };
    const data = draftDataSchema.parse({
      product_id: "8",
      quantity: 399,
      variant: { color_hex: "#1f2a56" },
      customization_selections: ["Front embroidery"],
      branding: { method: "embroidery" },
      confirm: { rights_confirmed: true, lead_time_acknowledged: true },
      details: {
        contact_name: "Alice Smith",
        email: "alice@acme.co",
        company: "Acme",
        phone: "+44 20 7946 0958",
        billing: address,
        tos_accepted: true,
        use_billing_as_shipping: false,
      },
      shipping: {
        address: { ...address, company: "Acme", firstName: "Alice", lastName: "Smith", phone: "020 7946 0958" },
        method: "standard",
      },
      status: "shipping_done",
    });
    const [draft] = await handle.db
      .insert(orderDrafts)
      .values({ accountId: alice.userId, userId: alice.userId, productId: "8", status: "shipping_done", data })
      .returning({ id: orderDrafts.id });
    const started = await startPayment(testContext(handle), {
      session: { user: { id: alice.userId } },
      draftId: draft?.id ?? "",
      productId: "8",
    });
    if (!started.ok) throw new Error(`${started.code}: ${started.message}`);
    const lines = [{ unitPence: 550, quantity: 399 }];
    const withoutDiscount = orderTotals({
      lines,
      shippingMethod: "standard",
      country: "GB",
      firstOrderDiscount: false,
    });
    expect(started.amountPence).toBe(withoutDiscount.total);
    expect(started.amountPence).toBe((quote?.totals.total ?? 0) + Math.round(discount * 1.2));
  });
});
