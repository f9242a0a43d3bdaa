/**
 * The catalogue's prices are the database's (docs/decisions/066): a band edited there is what the
 * next payment charges, an order keeps the price it was sold at, and a product no longer on sale
 * cannot be paid for.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { cartItems, catalogueVersion, orderDrafts, orderLines, productPriceTiers, products } from "#db/schema";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { completeDraftData } from "../../../tests/setup/complete-draft";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { CATALOGUE_CHECK_MS } from "../catalogue/catalogue-store.server";
import { confirmTestPayment, startPayment } from "./payment-start.server";
import { loadOrderDocument } from "../documents/invoices.server";
import { action as cartAction, loader as cartLoader } from "~/routes/cart";
import { answerOf } from "../../../tests/setup/route-answer";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";

const handle = testFileDatabase({ reset: false });
const GOOD_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };

// The clock only moves forward here: each catalogue change is read a second after it is saved.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(() => {
  vi.useRealTimers();
});

/** Saves a catalogue change as the back office would (version raised), and lets a second pass. */
async function changeCatalogue(change: (tx: typeof handle.db) => Promise<unknown>) {
  await handle.db.transaction(async (tx) => {
    await change(tx);
    await tx.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  });
  vi.setSystemTime(Date.now() + CATALOGUE_CHECK_MS);
}

const capBand = (unitPence: number) =>
  changeCatalogue((tx) =>
    tx
      .update(productPriceTiers)
      .set({ unitPence })
      .where(and(eq(productPriceTiers.productId, "8"), eq(productPriceTiers.fromQuantity, 50))),
  );
const capStatus = (status: "published" | "archived") =>
  changeCatalogue((tx) => tx.update(products).set({ status }).where(eq(products.id, "8")));

/** A buyer's cart of 250 caps with its checkout done up to payment. */
async function checkoutOf(buyer: string) {
  await handle.db.insert(cartItems).values({ userId: buyer, productId: "8", quantity: 250, selectedColor: "#1f2a56" });
  const data = draftDataSchema.parse(completeDraftData({ quantity: 250 }));
  const [row] = await handle.db
    .insert(orderDrafts)
    .values({ accountId: buyer, userId: buyer, productId: "8", status: "shipping_done", data })
    .returning({ id: orderDrafts.id });
  return row!.id;
}

const start = (buyer: string, draftId: string) =>
  startPayment(testContext(handle), { session: { user: { id: buyer } }, draftId, productId: "8" });

describe("a price edited in the catalogue", () => {
  it("is what the next payment charges, while an order placed before keeps the price it was sold at", async () => {
    try {
      const first = await start("buyer-1", await checkoutOf("buyer-1"));
      if (!first.ok) throw new Error(first.message);
      expect(first.totals.subtotal).toBe(250 * 550);
      const paid = await confirmTestPayment(testContext(handle), {
        clientSecret: first.clientSecret,
        card: GOOD_CARD,
        userId: "buyer-1",
        now: new Date(),
      });
      expect(paid.ok).toBe(true);

      await capBand(520);
      const second = await start("buyer-2", await checkoutOf("buyer-2"));
      if (!second.ok) throw new Error(second.message);
      expect(second.totals.subtotal).toBe(250 * 520);

      const [sold] = await handle.db.select().from(orderLines);
      expect(sold?.unitPence).toBe(550);
      const snapshot = sold?.snapshot as { product: { tiers: { from: number; unitPence: number }[] } };
      expect(snapshot.product.tiers[0]).toMatchObject({ from: 50, unitPence: 550 });
    } finally {
      await capBand(550);
    }
  });

  it("is gone with its product: a checkout of a product no longer sold cannot be paid for", async () => {
    const draftId = await checkoutOf("buyer-3");
    try {
      await capStatus("archived");
      const refused = await start("buyer-3", draftId);
      expect(refused).toMatchObject({ ok: false, status: 409, message: "We don't sell that product any more." });
    } finally {
      await capStatus("published");
    }
    expect((await start("buyer-3", draftId)).ok).toBe(true);
  });
});

describe("set-up fees and surcharges set on a product (decision 088)", () => {
  const charges = [
    { name: "Set-up fee", pence: 2500, per: "order", when: "" },
    { name: "Front embroidery", pence: 20, per: "unit", when: "Front embroidery" },
    { name: "Laser plate", pence: 900, per: "order", when: "laser" },
  ];
  const capCharges = (set: unknown[]) =>
    changeCatalogue((tx) =>
      tx
        .update(products)
        .set({ details: sql`jsonb_set(${products.details}, '{charges}', ${JSON.stringify(set)}::jsonb)` })
        .where(eq(products.id, "8")),
    );

  it("are charged with the payment, kept on the order line and printed on the invoice, whatever is edited after", async () => {
    try {
      await capCharges(charges);
      const started = await start("buyer-4", await checkoutOf("buyer-4"));
      if (!started.ok) throw new Error(started.message);
      // 250 × £5.50 = £1,375.00; set-up £25.00; front embroidery 250 × £0.20 = £50.00 (no laser plate:
      // the line is embroidered): goods £1,450.00.
      expect(started.totals.subtotal).toBe(145_000);
      const paid = await confirmTestPayment(testContext(handle), {
        clientSecret: started.clientSecret,
        card: GOOD_CARD,
        userId: "buyer-4",
        now: new Date(),
      });
      if (!paid.ok || !paid.orderId) throw new Error("the payment made no order");
      await capCharges([]);

      const [sold] = await handle.db.select().from(orderLines).where(eq(orderLines.orderId, paid.orderId));
      expect(sold).toMatchObject({ unitPence: 550, quantity: 250, subtotalPence: 145_000 });
      expect((sold?.snapshot as { charges: unknown[] } | undefined)?.charges).toEqual(charges.slice(0, 2));
      const invoice = await loadOrderDocument(handle.db, { orderId: paid.orderId, kind: "invoice", reader: "staff" });
      expect(invoice?.lines.map((line) => [line.description, line.details[0], line.quantity, line.netPence])).toEqual([
        ["Custom Embroidered Cap", "Navy", 250, 137_500],
        ["Set-up fee", "For Custom Embroidered Cap", 1, 2500],
        ["Front embroidery", "For Custom Embroidered Cap", 250, 5000],
        ["First order discount (10%)", undefined, 1, -14_500],
        ["Standard Shipping", undefined, 1, 1800],
      ]);
      // The buyer's first order: 10% off £1,450.00 is £145.00. £1,305.00 + £18.00 = £1,323.00 net;
      // VAT 20% £264.60; £1,587.60.
      expect(invoice?.totals).toEqual({ netPence: 132_300, vatPence: 26_460, grossPence: 158_760 });
    } finally {
      await capCharges([]);
    }
  });
});

describe("a price edited after the buyer put the line in the cart", () => {
  it("is named on the cart before paying, until the buyer changes the line", async () => {
    const buyer = await createSignedInUser(handle, "grace@example.com");
    const call = (fn: (args: never) => unknown, request: Request) =>
      answerOf(fn, { request, ctx: testContext(handle) });
    const changes = async () =>
      ((await call(cartLoader, siteRequest("/cart", { cookie: buyer.cookie }))).body as { priceChanges: string[] })
        .priceChanges;
    const add = {
      intent: "add",
      productId: "8",
      quantity: "250",
      selectedColor: "#111111",
      customizationSelections: JSON.stringify(["Front embroidery"]),
    };
    expect((await call(cartAction, siteRequest("/cart", { cookie: buyer.cookie, form: add }))).status).toBe(200);
    expect(await changes()).toEqual([]);
    try {
      await capBand(520);
      expect(await changes()).toEqual(["The price of Custom Embroidered Cap changed from £5.50 to £5.20 each"]);
      // Changing the line is seeing the price again.
      expect((await call(cartAction, siteRequest("/cart", { cookie: buyer.cookie, form: add }))).status).toBe(200);
      expect(await changes()).toEqual([]);
    } finally {
      await capBand(550);
    }
    expect(await changes()).toEqual(["The price of Custom Embroidered Cap changed from £5.20 to £5.50 each"]);
  });
});
