import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartQuotes, orderDrafts, paymentIntents, quotes } from "#db/schema";
import { orderTotals } from "~/domain/pricing/checkout";
import { addDays, londonToday } from "~/domain/core/dates";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { readLedgerLines } from "~/domain/checkout/ledger-lines";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { cartQuotePricing } from "../checkout/quotes.server";
import { confirmTestPayment, startPayment } from "./payment-start.server";

// Decision 021: a converted quote's prices are what the payment charges while the quote holds,
// and the catalogue's once it has expired or the quantity changed. The server prices it; nothing
// comes from the browser.

const handle = testFileDatabase();

const caps = (quantity: number) =>
  draftDataSchema.parse({
    product_id: "8",
    quantity,
    variant: { color_hex: "#1f2a56" },
    customization_selections: ["Front embroidery"],
    branding: { method: "embroidery" },
    confirm: { rights_confirmed: true, lead_time_acknowledged: true },
    details: {
      contact_name: "Grace Hopper",
      email: "grace@cobol.example",
      company: "Cobol Ltd",
      phone: "+44 20 7946 0958",
      billing: { name: "Grace Hopper", line1: "2 Compiler Road", city: "Leeds", postcode: "LS1 4AP", country: "GB" },
      tos_accepted: true,
      use_billing_as_shipping: false,
    },
    shipping: {
      address: {
        company: "Cobol Ltd",
        firstName: "Grace",
        lastName: "Hopper",
        name: "Grace Hopper",
        line1: "2 Compiler Road",
        city: "Leeds",
        postcode: "LS1 4AP",
        country: "GB",
        phone: "020 7946 0958",
      },
      method: "standard",
    },
    status: "shipping_done",
  });

/** Alice's converted quote: 50 caps at £4.00 (the catalogue says £5.50), valid until `validUntil`. */
async function convertedQuote(validUntil: string) {
  const lines = [
    {
      productId: "8",
      description: "Custom Embroidered Cap",
      details: [],
      quantity: 50,
      unitPence: 400,
      choices: { selectedColor: "#1f2a56", customizationSelections: [], handwrittenNote: false, notes: "", sizes: [] },
    },
  ];
  const [quote] = await handle.db
    .insert(quotes)
    .values({
      number: "Q-2026-000007",
      userId: "alice",
      accountId: "alice",
      source: "cart",
      validUntil,
      lines,
      shippingMethod: "standard",
      country: "GB",
      totals: orderTotals({ lines, shippingMethod: "standard", country: "GB" }),
      deliveryNote: "Soon.",
      buyer: { lines: ["Alice"], vatNumber: "", email: "alice@acme.co" },
    })
    .returning({ id: quotes.id });
  await handle.db.insert(cartQuotes).values({ userId: "alice", quoteId: quote?.id ?? "" });
}

async function draftOf(quantity: number) {
  const [draft] = await handle.db
    .insert(orderDrafts)
    .values({ accountId: "alice", userId: "alice", productId: "8", status: "shipping_done", data: caps(quantity) })
    .returning({ id: orderDrafts.id });
  return draft?.id ?? "";
}

async function pay(quantity: number) {
  const started = await startPayment(testContext(handle), {
    session: { user: { id: "alice" } },
    draftId: await draftOf(quantity),
    productId: "8",
  });
  if (!started.ok) throw new Error(`${started.code}: ${started.message}`);
  const [ledger] = await handle.db.select().from(paymentIntents).where(eq(paymentIntents.intentId, started.intentId));
  return { amount: started.amountPence, lines: readLedgerLines(ledger?.lines) };
}

/** The amount for `quantity` caps at `unitPence`, standard shipping, UK VAT, the first-order discount. */
const expected = (unitPence: number, quantity: number) =>
  orderTotals({
    lines: [{ unitPence, quantity }],
    shippingMethod: "standard",
    country: "GB",
    firstOrderDiscount: true,
  }).total;

describe("paying for a converted quote", () => {
  const today = londonToday(new Date());

  it("charges the quoted unit price while the quote holds", async () => {
    await convertedQuote(today);
    const paid = await pay(50);
    expect(paid.lines.map((line) => [line.quantity, line.unitPence])).toEqual([[50, 400]]);
    expect(paid.amount).toBe(expected(400, 50));
  });

  it("charges the catalogue's tier price for another quantity", async () => {
    await convertedQuote(today);
    const paid = await pay(60);
    expect(paid.lines.map((line) => [line.quantity, line.unitPence])).toEqual([[60, 550]]);
    expect(paid.amount).toBe(expected(550, 60));
  });

  it("prices one order: once paid at its price, the next is the catalogue's, and the cart says why", async () => {
    await convertedQuote(today);
    const ctx = testContext(handle);
    const first = await startPayment(ctx, {
      session: { user: { id: "alice" } },
      draftId: await draftOf(50),
      productId: "8",
    });
    if (!first.ok) throw new Error(first.message);
    const confirmed = await confirmTestPayment(ctx, {
      clientSecret: first.clientSecret,
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Alice" },
      userId: "alice",
      now: new Date(),
    });
    expect(confirmed).toMatchObject({ ok: true });
    const [quote] = await handle.db.select({ orderedAt: quotes.orderedAt }).from(quotes);
    expect(quote?.orderedAt).toBeInstanceOf(Date);

    // 50 caps again: £5.50 each from the catalogue, not the quote's £4.00, and the cart says why.
    const again = await pay(50);
    expect(again.lines.map((line) => line.unitPence)).toEqual([550]);
    const pricing = await cartQuotePricing(handle.db, {
      userId: "alice",
      accountId: "alice",
      cart: [{ productId: "8", quantity: 50 }],
      now: new Date(),
    });
    expect(pricing.quoted).toEqual([]);
    expect(pricing.notices).toEqual([
      expect.stringMatching(
        /^Quote Q-2026-000007 was ordered on .+, so your cart is priced at today's catalogue prices\.$/,
      ),
    ]);
  });

  it("charges the catalogue's price once the quote has expired", async () => {
    await convertedQuote(addDays(today, -1));
    const paid = await pay(50);
    expect(paid.lines.map((line) => line.unitPence)).toEqual([550]);
    expect(paid.amount).toBe(expected(550, 50));
  });
});
