import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { authUser, cartItems, cartQuotes, outbox, quoteRequests, quotes } from "#db/schema";
import { formatPence } from "~/domain/core/money";
import { loader as pdfLoader } from "~/routes/quote-pdf";
import { action as quotesAction, loader as quotesLoader } from "~/routes/quotes";
import { pdfText } from "../../../tests/setup/pdf-text";
import { answerOf, routeContext } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { answerRequest, quotesCsv } from "../admin/admin-quotes.server";
import type { StaffQuote } from "~/domain/checkout/quote-forms";
import { addCartLine } from "./shopping.server";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { buyerBlock } from "~/domain/checkout/quote-records";
import { JOB_HANDLERS, RECURRING_JOBS } from "../edge/job-handlers.server";
import { runDueJobs, scheduleRecurringJobs } from "../edge/job-worker.server";
import { cartQuotePricing, getQuote, markExpiredQuotes } from "./quotes.server";
import { createDraft } from "./drafts.server";
import { priceCheckout } from "../payments/payment-start.server";
import { customisationPart } from "~/domain/checkout/draft";
import { buildInitialDraft } from "~/domain/checkout/draft-schemas";
import { completeDraftData, insertCompleteDraft, linkDraftsToCartLines } from "../../../tests/setup/complete-draft";
import { specProducts } from "../../../tests/setup/spec-catalogue";

// Decision 021: quotes made from the cart, numbered, read back from their PDF, converted into
// the cart at the quoted prices, private to their buyer; custom requests and staff's answers.

const handle = testFileDatabase();
let alice: { userId: string; cookie: string };
let bob: { userId: string; cookie: string };

beforeEach(async () => {
  alice = await createSignedInUser(handle, "alice@acme.co");
  bob = await createSignedInUser(handle, "bob@acme.co");
  // Both confirmed their addresses, as a buyer does after sign-up.
  await handle.db.update(authUser).set({ emailVerified: true });
});

const post = (cookie: string, form: Record<string, string>) =>
  answerOf(quotesAction, { request: siteRequest("/quotes", { cookie, form }), ctx: testContext(handle) });

const navyCap = {
  productId: "8",
  quantity: 399,
  selectedColor: "#1f2a56",
  customizationSelections: ["Front embroidery"],
  handwrittenNote: false,
  notes: "",
  sizes: [],
};

/** Makes a quote of Alice's cart through the page's action; its id from the PDF link it answers with. */
async function quoteAliceCart(): Promise<string> {
  const answer = await post(alice.cookie, { intent: "create", source: "cart" });
  expect(answer.status).toBe(303);
  const location = answer.headers.get("location") ?? "";
  expect(location).toMatch(/^\/quotes\/[0-9a-f-]{36}\/quote\.pdf$/);
  return location.split("/")[2] ?? "";
}

/** Bob's answer, as staff, to the request Alice sent. */
async function answerAlice(answer: Omit<StaffQuote, "requestId">) {
  const [stored] = await handle.db.select().from(quoteRequests);
  return answerRequest(testContext(handle), {
    staffId: bob.userId,
    now: new Date(),
    answer: { requestId: stored?.id ?? "", ...answer },
  });
}

async function pdfOf(cookie: string, id: string): Promise<Response> {
  const request = siteRequest(`/quotes/${id}/quote.pdf`, { cookie });
  const context = await routeContext(request, testContext(handle));
  return (await pdfLoader({ request, params: { id }, context } as never)) as Response;
}

/** What the PDF route answers anyone but the quote's buyer: its status. */
const pdfStatus = async (cookie: string, id: string) =>
  (
    await answerOf(pdfLoader, {
      request: siteRequest(`/quotes/${id}/quote.pdf`, { cookie }),
      params: { id },
      ctx: testContext(handle),
    })
  ).status;

describe("Download quote from the cart", () => {
  it("numbers quotes without gaps and prints every required field and figure in the PDF", async () => {
    await addCartLine(handle.db, { userId: alice.userId, line: navyCap });
    const id = await quoteAliceCart();
    const second = await quoteAliceCart();
    const [first, next] = await Promise.all([
      getQuote(handle.db, { userId: alice.userId, accountId: alice.userId, quoteId: id }),
      getQuote(handle.db, { userId: alice.userId, accountId: alice.userId, quoteId: second }),
    ]);
    const year = new Date().getUTCFullYear();
    expect(first?.number).toMatch(new RegExp(`^Q-(${year}|${year + 1})-000001$`));
    expect(next?.number).toBe(first?.number.replace("000001", "000002"));

    const response = await pdfOf(alice.cookie, id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="Quote ${first?.number}.pdf"`);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));

    // 399 caps at the 50–399 tier (£5.50), the first-order discount (no order yet), Standard
    // Shipping, VAT at 20% on the lot.
    const goods = 399 * 550;
    const discount = Math.round(goods * 0.1);
    const net = goods - discount + 1800;
    const vat = Math.round(net * 0.2);
    const business = TEST_SHOP.business;
    for (const expected of [
      "Quote",
      first?.number ?? "",
      "Valid until",
      first ? new RegExp(first.validUntil.slice(0, 4)) : "",
      business.legalName,
      business.vatNumber,
      business.companyNumber,
      "Test Buyer",
      "alice@acme.co",
      "Custom Embroidered Cap",
      "Colour: Navy",
      "Customisation: Front embroidery",
      "399",
      formatPence(550),
      formatPence(goods),
      "First order discount (10%)",
      `-${formatPence(discount)}`,
      "Standard Shipping",
      formatPence(1800),
      "20%",
      formatPence(net),
      formatPence(vat),
      formatPence(net + vat),
      "Estimated delivery:",
    ]) {
      expect(text).toMatch(expected);
    }
  });

  it("lists the buyer's quotes, and answers 404 to anyone else for the PDF and the conversion", async () => {
    await addCartLine(handle.db, { userId: alice.userId, line: navyCap });
    const id = await quoteAliceCart();
    const listed = await answerOf(quotesLoader, {
      request: siteRequest("/quotes", { cookie: alice.cookie }),
      ctx: testContext(handle),
    });
    expect((listed.body as { quotes: { id: string }[] }).quotes.map((q) => q.id)).toEqual([id]);
    const bobs = await answerOf(quotesLoader, {
      request: siteRequest("/quotes", { cookie: bob.cookie }),
      ctx: testContext(handle),
    });
    expect((bobs.body as { quotes: unknown[] }).quotes).toEqual([]);
    expect(await pdfStatus(bob.cookie, id)).toBe(404);
    expect(await pdfStatus("", id)).toBe(404);
    expect(await pdfStatus(alice.cookie, "not-a-quote")).toBe(404);
    expect((await post(bob.cookie, { intent: "convert", quoteId: id })).status).toBe(404);
    expect(await handle.db.select().from(cartQuotes)).toEqual([]);
  });

  it("refuses an empty cart with a message, and limits quotes per buyer", async () => {
    const empty = await post(alice.cookie, { intent: "create", source: "cart" });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain("Your cart is empty");
    await addCartLine(handle.db, { userId: alice.userId, line: navyCap });
    for (let i = 0; i < 29; i++) await quoteAliceCart();
    expect((await post(alice.cookie, { intent: "create", source: "cart" })).status).toBe(429);
  });
});

describe("converting a quote into the cart", () => {
  it("converts as often an hour as quotes may be made, then says to wait", async () => {
    await addCartLine(handle.db, { userId: alice.userId, line: navyCap });
    const id = await quoteAliceCart();
    for (let i = 0; i < 30; i++)
      expect((await post(alice.cookie, { intent: "convert", quoteId: id })).status).toBe(303);
    const refused = await post(alice.cookie, { intent: "convert", quoteId: id });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain("You've ordered from quotes a lot in a short time.");
  });
  it("puts its lines in the cart and prices them at the quote until it expires", async () => {
    await addCartLine(handle.db, { userId: alice.userId, line: navyCap });
    const id = await quoteAliceCart();
    // The catalogue price of the stored quote is what converting fixes; make it visibly different.
    const [row] = await handle.db.select().from(quotes).where(eq(quotes.id, id));
    await handle.db
      .update(quotes)
      .set({ lines: (row?.lines ?? []).map((line) => ({ ...line, unitPence: 480 })) })
      .where(eq(quotes.id, id));
    await handle.db.delete(cartItems);
    await addCartLine(handle.db, { userId: alice.userId, line: { ...navyCap, productId: "16", quantity: 120 } });

    // The shorts would leave the cart: the buyer is asked first (quote-conversion.server.test.ts).
    const asked = await post(alice.cookie, { intent: "convert", quoteId: id });
    expect(asked.status).toBe(409);
    const { cart: seen } = (asked.body as { error: { current: { cart: string } } }).error.current;
    const converted = await post(alice.cookie, { intent: "convert", quoteId: id, replaceCart: seen });
    expect(converted.status).toBe(303);
    expect(converted.headers.get("location")).toBe("/cart");
    const cart = await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice.userId));
    expect(cart.map((line) => [line.productId, line.quantity, line.selectedColor])).toEqual([["8", 399, "#1f2a56"]]);

    const valid = new Date();
    const priced = await cartQuotePricing(handle.db, {
      userId: alice.userId,
      cart: [{ productId: "8", quantity: 399 }],
      now: valid,
    });
    expect(priced.quoted).toEqual([{ productId: "8", quantity: 399, unitPence: 480 }]);
    const changed = await cartQuotePricing(handle.db, {
      userId: alice.userId,
      cart: [{ productId: "8", quantity: 400 }],
      now: valid,
    });
    expect(changed.quoted).toEqual([]);
    expect(changed.notices.join(" ")).toContain("so 400 is priced from the catalogue");
    const later = new Date(valid.getTime() + 32 * 86_400_000);
    const expired = await cartQuotePricing(handle.db, {
      userId: alice.userId,
      cart: [{ productId: "8", quantity: 399 }],
      now: later,
    });
    expect(expired.quoted).toEqual([]);
    expect(expired.notices[0]).toMatch(
      /^Quote Q-\d{4}-000001 expired on .*, so your cart is priced at today's catalogue prices\.$/,
    );
  });
});

describe("the quote-expiry job", () => {
  it("stamps a quote expired the London day after its last valid day, once, and leaves valid ones", async () => {
    await addCartLine(handle.db, { userId: alice.userId, line: navyCap });
    const id = await quoteAliceCart();
    const [row] = await handle.db.select().from(quotes).where(eq(quotes.id, id));
    // Noon UTC is that same day in London, in summer time or not.
    const lastValidDay = new Date(`${row?.validUntil}T12:00:00Z`);
    expect(await markExpiredQuotes(handle.db, lastValidDay)).toBe(0);
    const nextDay = new Date(lastValidDay.getTime() + 86_400_000);
    const ctx = testContext(handle);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      // Alice's and Bob's sign-up mail is queued as jobs too (decision 030); it runs first, so the
      // counts below are of quote-expiry jobs alone.
      await runDueJobs(ctx);
      expect(await runDueJobs(ctx, { now: nextDay, handlers: { "quote-expiry": JOB_HANDLERS["quote-expiry"]! } })).toBe(
        0,
      );
      await scheduleRecurringJobs(handle.db, {
        now: nextDay,
        recurring: RECURRING_JOBS.filter(({ job }) => job.kind === "quote-expiry"),
      });
      expect(await runDueJobs(ctx, { now: nextDay })).toBe(1);
    } finally {
      log.mockRestore();
    }
    const [expired] = await handle.db.select().from(quotes).where(eq(quotes.id, id));
    expect(expired?.expiredAt).toEqual(nextDay);
    expect(await markExpiredQuotes(handle.db, new Date(nextDay.getTime() + 86_400_000))).toBe(0);
  });
});

describe("Request a custom quote, and staff's priced answer", () => {
  const request = {
    intent: "custom",
    product: "Insulated bottles with our logo",
    quantity: "300",
    needed_by: "2099-03-01",
    notes: "Matt black, one-colour print",
    name: "Alice Buyer",
    email: "alice@acme.co",
    company: "Acme Ltd",
  };

  it("reaches the quote inbox with notes and dates, and sends an acknowledgement and a sales e-mail", async () => {
    const answer = await post(alice.cookie, request);
    expect(answer.status).toBe(200);
    const [stored] = await handle.db.select().from(quoteRequests);
    expect(stored).toMatchObject({
      userId: alice.userId,
      neededBy: "2099-03-01",
      notes: "Matt black, one-colour print",
      items: [{ wanted: "Insulated bottles with our logo", quantity: 300 }],
    });
    const mails = await handle.db.select().from(outbox);
    const ack = mails.find((mail) => mail.subject === "We've got your quote request");
    expect(ack?.to).toBe("alice@acme.co");
    expect(ack?.text).toContain("Thanks for your quote request for 300 items.");
    // What Alice typed is quoted under labels, after the shop's words (decision 036).
    expect(ack?.text).toContain(
      "What you asked us to quote, as you typed it:\n> Insulated bottles with our logo\n\nYour notes, as you typed them:\n> Matt black, one-colour print",
    );
    expect(ack?.text).not.toContain("Alice Buyer");
    expect(ack?.text).toMatch(/We'll send you a priced quote by \w{3}, \w{3} \d+, \d{4}/);
    expect(mails.find((mail) => mail.to === TEST_SHOP.business.salesEmail)?.subject).toBe(
      "Custom quote request: 300 × Insulated bottles with our logo",
    );
  });

  it("acknowledges only to the buyer's confirmed address, never to an address merely typed in the form", async () => {
    // A stranger's address typed into the form gets nothing; Alice's own confirmed address gets it.
    expect((await post(alice.cookie, { ...request, email: "victim@elsewhere.example" })).status).toBe(200);
    const acks = () =>
      handle.db
        .select()
        .from(outbox)
        .where(eq(outbox.subject, "We've got your quote request"))
        .then((rows) => rows.map((row) => row.to));
    expect(await acks()).toEqual(["alice@acme.co"]);
    // Sales still see the typed address, to reply to by hand.
    const [stored] = await handle.db.select().from(quoteRequests);
    expect(stored?.email).toBe("victim@elsewhere.example");

    // An account without a confirmed address is sent no acknowledgement at all; the request is kept.
    await handle.db.update(authUser).set({ emailVerified: false }).where(eq(authUser.id, bob.userId));
    expect((await post(bob.cookie, { ...request, email: "bob@acme.co" })).status).toBe(200);
    expect(await acks()).toEqual(["alice@acme.co"]);
    expect(await handle.db.select().from(quoteRequests)).toHaveLength(2);
  });

  it("keeps what was typed on a refusal, needs sign-in, and limits requests per buyer", async () => {
    const bad = await post(alice.cookie, { ...request, quantity: "lots" });
    expect(bad.status).toBe(400);
    expect((bad.body as { values: { product: string } }).values.product).toBe(request.product);
    expect((await post("", request)).status).toBe(401);
    for (let i = 0; i < 5; i++) expect((await post(alice.cookie, request)).status).toBe(200);
    expect((await post(alice.cookie, request)).status).toBe(429);
  });

  it("refuses a catalogue line outside the product's range unless a price below the MOQ was agreed (decision 087)", async () => {
    await post(alice.cookie, request);
    const answer = (quantity: number, belowMoqAgreed = false) =>
      answerAlice({
        lines: [
          { productId: "", description: "Tote bags", quantity: 20, unitPrice: 300, belowMoqAgreed: false },
          { productId: "8", description: "", quantity, unitPrice: 400, belowMoqAgreed },
        ],
        shippingMethod: "standard",
        country: "GB",
        deliveryNote: "About 3 weeks.",
      });
    // 30 caps: the cap's minimum order is 50 (and 20 sourced totes are fine: sales order those).
    expect(await answer(30)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        "lines.1.quantity":
          'Custom Embroidered Cap\'s minimum order is 50. Tick "Below-MOQ price agreed" if the buyer agreed this price for fewer.',
      },
    });
    // Past the most the cart sells, the tick changes nothing.
    expect(await answer(10_001, true)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        "lines.1.quantity":
          "Custom Embroidered Cap is sold from 50 to 10,000. Quote another quantity as a sourced line, described in words.",
      },
    });
    expect(await handle.db.select().from(quotes)).toHaveLength(0);
    expect((await answer(30, true)).ok).toBe(true);
  });

  it("offers one product at two quantities: the totals count the first, and the buyer orders the one they pick", async () => {
    await post(alice.cookie, request);
    const answer = (
      lines: { productId: string; description: string; quantity: number; unitPrice: number; belowMoqAgreed: boolean }[],
    ) => answerAlice({ lines, shippingMethod: "none", country: "GB", deliveryNote: "3 weeks." });
    const at = (quantity: number, unitPrice: number) => ({
      productId: "8",
      description: "",
      quantity,
      unitPrice,
      belowMoqAgreed: false,
    });
    // One quantity twice is not a choice.
    expect(await answer([at(100, 450), at(100, 400)])).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { "lines.1.quantity": expect.stringContaining("already quoted at this quantity") },
    });
    const made = await answer([at(100, 450), at(500, 350)]);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const quote = await getQuote(handle.db, { userId: alice.userId, accountId: alice.userId, quoteId: made.id });
    // The first quantity only: 100 × £4.50 = £450.00, VAT 20 % £90.00, £540.00.
    expect(quote?.totals).toMatchObject({ subtotal: 45000, shipping: 0, vat: 9000, total: 54000 });
    const text = (await pdfText(new Uint8Array(await (await pdfOf(alice.cookie, made.id)).arrayBuffer()))).replace(
      /\s+/g,
      " ",
    );
    // 500 × £3.50 = £1,750.00.
    expect(text).toContain("Also quoted, to choose when you order: Custom Embroidered Cap, 500 at £3.50 each");

    // A quantity the quote does not offer is refused with the ones it does.
    const refused = await post(alice.cookie, { intent: "convert", quoteId: made.id, "pick-8": "250" });
    expect(refused.status).toBe(400);
    expect((refused.body as { error: { message: string } }).error.message).toBe(
      "Custom Embroidered Cap is quoted for 100 or 500: choose one of them.",
    );
    expect(await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice.userId))).toEqual([]);
    // The buyer picks 500: the cart holds 500, priced at the quote's £3.50.
    expect((await post(alice.cookie, { intent: "convert", quoteId: made.id, "pick-8": "500" })).status).toBe(303);
    const cart = await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice.userId));
    expect(cart.map((line) => [line.productId, line.quantity])).toEqual([["8", 500]]);
    const priced = await cartQuotePricing(handle.db, {
      userId: alice.userId,
      cart: [{ productId: "8", quantity: 500 }],
      now: new Date(),
    });
    expect(priced.quoted).toEqual([{ productId: "8", quantity: 500, unitPence: 350 }]);
  });

  it("a price agreed below the MOQ goes through the cart, step 2 and the payment while the quote holds (decision 087)", async () => {
    await post(alice.cookie, request);
    const made = await answerAlice({
      lines: [{ productId: "8", description: "", quantity: 30, unitPrice: 600, belowMoqAgreed: true }],
      shippingMethod: "standard",
      country: "GB",
      deliveryNote: "About 3 weeks.",
    });
    if (!made.ok) throw new Error(made.message);
    const text = (await pdfText(new Uint8Array(await (await pdfOf(alice.cookie, made.id)).arrayBuffer()))).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain("Below our minimum order of 50, at the price agreed");

    // Converted: the cart holds the 30 agreed.
    expect((await post(alice.cookie, { intent: "convert", quoteId: made.id })).status).toBe(303);
    const [line] = await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice.userId));
    expect(line?.quantity).toBe(30);
    const cap = specProducts("8");
    const step2 = (quantity: number) =>
      createDraft(handle.db, {
        accountId: alice.userId,
        userId: alice.userId,
        productId: "8",
        lineId: line?.id,
        data: customisationPart(
          buildInitialDraft(
            { productId: "8", quantity, selectedColor: "#1f2a56", customizationSelections: [], handwrittenNote: false },
            cap,
          ),
        ),
      });
    // Step 2 opens on the cart's 30; 29 was never agreed.
    expect(await step2(29)).toMatchObject({ ok: false, status: 400, fieldErrors: { quantity: expect.any(String) } });
    expect(await step2(30)).toMatchObject({ ok: true, draft: { data: { quantity: 30 } } });

    // The payment charges the 30 at the quote's £6.00 (30 × £6.00 = £180.00 of goods).
    const draftId = await insertCompleteDraft(handle.db, alice.userId, completeDraftData({ quantity: 30 }));
    await linkDraftsToCartLines(handle.db, alice.userId);
    const pay = () =>
      priceCheckout(handle.db, { userId: alice.userId, accountId: alice.userId, draftId, productId: "8" });
    const priced = await pay();
    if (!priced.ok) throw new Error(priced.message);
    expect(priced.lines).toMatchObject([{ quantity: 30, unitPence: 600, subtotalPence: 18000 }]);
    expect(priced.computed.subtotal).toBe(18000);

    // Once the quote has expired, 30 is below the minimum again: the payment says so, and charges nothing.
    await handle.db.update(quotes).set({ validUntil: "2020-01-01" });
    expect(await pay()).toMatchObject({
      ok: false,
      status: 409,
      code: "BELOW_MINIMUM",
      message:
        "30 × Custom Embroidered Cap was agreed at the price of a quote that no longer applies. Change the quantity in your cart to at least 50.",
    });
  });

  it("staff answer with a priced quote the buyer lists, is e-mailed about, and staff export", async () => {
    await post(alice.cookie, request);
    const made = await answerAlice({
      lines: [
        {
          productId: "",
          description: "Insulated bottle, matt black",
          quantity: 300,
          unitPrice: 725,
          belowMoqAgreed: false,
        },
      ],
      shippingMethod: "express",
      country: "GB",
      deliveryNote: "About 4 weeks from proof approval.",
    });
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    const again = await answerAlice({
      lines: [{ productId: "", description: "x", quantity: 1, unitPrice: 1, belowMoqAgreed: false }],
      shippingMethod: "none",
      country: "GB",
      deliveryNote: "x",
    });
    expect(again.ok).toBe(false);
    const quote = await getQuote(handle.db, { userId: alice.userId, accountId: alice.userId, quoteId: made.id });
    // 300 × £7.25 + £35 express, VAT 20%.
    expect(quote?.totals).toMatchObject({ subtotal: 217500, shipping: 3500, vat: 44200, total: 265200 });
    const text = await pdfText(new Uint8Array(await (await pdfOf(alice.cookie, made.id)).arrayBuffer()));
    for (const expected of ["Insulated bottle, matt black", formatPence(725), "Express Air Freight", "About 4 weeks"])
      expect(text).toContain(expected);
    const mail = (await handle.db.select().from(outbox)).find(
      (m) => m.subject === `Your quote ${made.number} is ready`,
    );
    expect(mail?.to).toBe("alice@acme.co");
    // A quote of things we source cannot go into the cart.
    expect((await post(alice.cookie, { intent: "convert", quoteId: made.id })).status).toBe(409);
    const csv = await quotesCsv(handle.db, new Date());
    expect(csv.split("\r\n")[0]).toBe(
      "Number,Issued,Valid until,Status,From,Buyer,Buyer e-mail,Lines,Ex VAT (£),VAT (£),Total (£)",
    );
    expect(csv).toContain(`${made.number},`);
    expect(csv).toContain(
      'Valid,Custom request,Acme Ltd,alice@acme.co,"300 × Insulated bottle, matt black",2210.00,442.00,2652.00',
    );
  });
});

describe("the buyer's block on a quote", () => {
  it("keeps the PO reference given on Details, so the quote prints it as the order's documents do", () => {
    const details = { company: "Acme Ltd", contact_name: "Ada Lovelace", email: "ada@acme.co", vat_number: "" };
    const withPo = draftDataSchema.parse({
      product_id: "8",
      quantity: 50,
      details: { ...details, po_ref: " PO-4471 " },
    });
    expect(buyerBlock(withPo)).toMatchObject({ poRef: "PO-4471", email: "ada@acme.co" });
    expect(buyerBlock(draftDataSchema.parse({ product_id: "8", quantity: 50, details }))).not.toHaveProperty("poRef");
  });
});
