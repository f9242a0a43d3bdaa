/**
 * VAT invoices and credit notes (decision 019): a paid order's invoice is attached to its
 * confirmation e-mail and downloadable by its buyer and their organisation; each refund issues a
 * credit note naming it, and the credit notes never add up to more than it; staff re-send the invoice. The PDFs are read back as text.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  auditEvents,
  bankTransfers,
  cartItems,
  creditNotes,
  firstOrderClaims,
  guaranteeClaims,
  orderDrafts,
  orders,
  orderStatusHistory,
  refunds,
  testPaymentRefunds,
} from "#db/schema";
import { findProductById } from "~/catalogue/catalogue";
import type { DraftDataInput } from "~/domain/checkout/draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { oneLine, pdfText } from "../../../tests/setup/pdf-text";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import type { StaffMember } from "../accounts/admin-access.server";
import { changeOrderStatus } from "../admin/admin-orders.server";
import { REFUND_LIMIT, refundOrder, retryRefund } from "../admin/refunds.server";
import { decideClaim } from "../aftercare/guarantee-claims.server";
import { cancelOrder } from "../admin/cancel-order.server";
import { vatDocuments } from "../admin/vat-return.server";
import { vatReturnCsv, vatSummary } from "~/domain/orders/vat-return";
import { PaymentProviderError } from "../providers/payment-provider.server";
import { renderDocumentPdf } from "./documents.server";
import { INVOICE_RESEND_LIMIT, loadOrderDocument, resendInvoice } from "./invoices.server";
import { confirmTestPayment, startPayment } from "../payments/payment-start.server";
import type { AppContext } from "../providers/app-context.server";
import { runDueJobs } from "../edge/job-worker.server";
import { linkDraftsToCartLines } from "../../../tests/setup/complete-draft";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

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
beforeEach(async () => {
  await smtp.clear();
});

const NOW = new Date("2026-11-20T12:00:00Z");
const BUYER = "alice";
const ACCOUNT = "account-of-alice";
const EMAIL = "ada@analytical.example";
const staff: StaffMember = { id: "staff-user-1", name: "Olive Ops", email: "ops@swag.example" };

/** 100 caps to London by standard shipping, with a VAT number and a PO reference. */
const checkout = (): DraftDataInput => ({
  product_id: "8",
  quantity: 100,
  variant: { color_hex: "#1f2a56" },
  branding: { method: findProductById("8")?.branding.default },
  confirm: { rights_confirmed: true, lead_time_acknowledged: true },
  details: {
    contact_name: "Ada Lovelace",
    email: EMAIL,
    company: "Analytical Ltd",
    phone: "+44 20 7946 0958",
    vat_number: "GB980780684",
    po_ref: "PO-4471",
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
      line1: "2 Mill Lane",
      city: "Leeds",
      postcode: "LS1 4AP",
      country: "GB",
      phone: "020 7946 0958",
    },
    method: "standard",
  },
  status: "shipping_done",
});

/** Pays for the checkout above with the test card; the order's id. */
async function paidOrder(): Promise<string> {
  await handle.db.insert(cartItems).values({ userId: BUYER, productId: "8", quantity: 100, selectedColor: "#1f2a56" });
  const data = draftDataSchema.parse(checkout());
  const [draft] = await handle.db
    .insert(orderDrafts)
    .values({ accountId: ACCOUNT, userId: BUYER, productId: "8", status: "shipping_done", data })
    .returning({ id: orderDrafts.id });
  await linkDraftsToCartLines(handle.db, BUYER);
  const started = await startPayment(ctx, {
    session: { user: { id: BUYER } },
    draftId: draft!.id,
    productId: "8",
  });
  if (!started.ok) throw new Error(started.message);
  const card = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada Lovelace" };
  const paid = await confirmTestPayment(ctx, {
    clientSecret: started.clientSecret,
    card,
    userId: BUYER,
    now: NOW,
  });
  if (!paid.ok || !paid.orderId) throw new Error(`payment failed: ${JSON.stringify(paid)}`);
  return paid.orderId;
}

describe("the VAT invoice", () => {
  it("is attached to the confirmation e-mail with every field and figure", async () => {
    const orderId = await paidOrder();
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ["VAT invoice INV-2026-000001.pdf", "application/pdf"],
    ]);
    const text = oneLine(await pdfText(mail.attachments[0]!.content));
    const seller = TEST_SHOP.business;
    // 100 caps at the 100+ tier, £5.50 each: £550.00; 10% first-order discount −£55.00; £18.00
    // shipping; VAT 20% of £513.00 = £102.60; £615.60 in all.
    for (const expected of [
      "VAT invoice",
      "Number INV-2026-000001",
      "Date Fri, Nov 20, 2026",
      "Time of supply Fri, Nov 20, 2026, 12:00",
      `Order ${order!.number}`,
      "PO reference PO-4471",
      "Payment Paid by card on Fri, Nov 20, 2026",
      seller.legalName,
      `VAT registration number: ${seller.vatNumber}`,
      "BILL TO Analytical Ltd Ada Lovelace 1 Engine Street London N1 9GU United Kingdom VAT number: GB980780684",
      "DELIVER TO Ada Lovelace Analytical Ltd 2 Mill Lane Leeds LS1 4AP United Kingdom",
      "Custom Embroidered Cap",
      "100 £5.50 20% £110.00 £550.00",
      "First order discount (10%) 1 -£55.00 20% -£11.00 -£55.00",
      "Standard Shipping 1 £18.00 20% £3.60 £18.00",
      "Total excluding VAT £513.00 VAT £102.60 Total including VAT £615.60",
    ])
      expect(text).toContain(expected);
    expect(order).toMatchObject({ totalPence: 61560, vatPence: 10260 });
    expect(mail.text).toContain("INV-2026-000001 is attached as a PDF");
  });

  it("is the buyer's and their organisation's to download, no one else's", async () => {
    const orderId = await paidOrder();
    const read = (reader: { userId: string; accountId: string }) =>
      loadOrderDocument(handle.db, { orderId, kind: "invoice", reader });
    expect((await read({ userId: BUYER, accountId: ACCOUNT }))?.number).toBe("INV-2026-000001");
    expect((await read({ userId: "bob", accountId: ACCOUNT }))?.number).toBe("INV-2026-000001");
    expect(await read({ userId: "bob", accountId: "account-of-bob" })).toBeNull();
    expect(await read({ userId: "", accountId: ACCOUNT })).toBeNull();
    expect(await loadOrderDocument(handle.db, { orderId: "not-an-id", kind: "invoice", reader: "staff" })).toBeNull();
    // No refund yet, so no credit note.
    expect(await loadOrderDocument(handle.db, { orderId, kind: "credit_note", reader: "staff" })).toBeNull();
  });

  it("numbers each paid order's invoice in turn", async () => {
    await paidOrder();
    const second = await paidOrder();
    const document = await loadOrderDocument(handle.db, { orderId: second, kind: "invoice", reader: "staff" });
    expect(document?.number).toBe("INV-2026-000002");
  });
});

/** The order row as staff last saw it: its version, for the refund form. */
const orderRow = async (orderId: string) => (await handle.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;

/** Staff refund, as the order page's form posts it. */
async function refund(orderId: string, fields: Record<string, string>) {
  const { version } = await orderRow(orderId);
  return refundOrder(ctx, {
    staff,
    orderId,
    fields: { version: String(version), reason: "Ten caps arrived damaged", ...fields },
    now: NOW,
  });
}

/** The PDF of a credit note as text. */
async function creditNoteText(orderId: string, number: string) {
  const document = await loadOrderDocument(handle.db, { orderId, kind: "credit_note", number, reader: "staff" });
  return { document: document!, text: oneLine(await pdfText(await renderDocumentPdf(document!, TEST_SHOP.business))) };
}

describe("refunds and credit notes (docs/decisions/072)", () => {
  it("a partial refund then the rest give two credit notes that sum to the invoice, through the provider, and end the order", async () => {
    const orderId = await paidOrder();
    await smtp.waitFor(EMAIL);
    await smtp.clear();
    // The invoice (above): 100 caps at £5.50, £550.00, less 10 % £55.00, shipping £18.00; net £513.00,
    // VAT £102.60, total £615.60. Ten caps back: £55.00, their share of the discount
    // 5,500 × 5,500 / 55,000 = £5.50; net £49.50, VAT 20 % £9.90, refund £59.40.
    const first = await refund(orderId, { by: "lines", qty_0: "10" });
    expect(first).toMatchObject({ ok: true, status: "paid" });
    expect(first.ok && first.message).toBe(
      "Refunded £59.40 to the card. Credit note CN-2026-000001 issued and e-mailed to the buyer.",
    );
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.subject).toMatch(/^Credit note CN-2026-000001 for order SS-\d{6}$/);
    expect(mail.text).toContain("We have refunded £59.40 including VAT on order");
    const firstNote = await creditNoteText(orderId, "CN-2026-000001");
    expect(firstNote.document.totals).toEqual({ netPence: 4_950, vatPence: 990, grossPence: 5_940 });
    for (const expected of [
      "Credit note",
      "Number CN-2026-000001",
      "Credits invoice INV-2026-000001",
      "PO reference PO-4471",
      "Total excluding VAT £49.50 VAT £9.90 Total including VAT £59.40",
      "This credit note credits £59.40 including VAT of VAT invoice INV-2026-000001 of Fri, Nov 20, 2026. Reason: Ten caps arrived damaged",
      "The amount is refunded to the card that paid for order",
    ])
      expect(firstNote.text).toContain(expected);

    // The rest by amount: 61,560 − 5,940 = £556.20; net 51,300 − 4,950 = £463.50, VAT 10,260 − 990 = £92.70.
    expect(await refund(orderId, { by: "amount", amount: "556.21" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { amount: "At most £556.20 can be refunded: that is what is left of the invoice." },
    });
    const rest = await refund(orderId, { by: "amount", amount: "556.20", reason: "Order cancelled by the buyer" });
    expect(rest).toMatchObject({ ok: true, status: "refunded" });
    expect(rest.ok && rest.message).toContain(
      'Credit note CN-2026-000002 issued and e-mailed to the buyer. The order is now "Refunded".',
    );
    const restNote = await creditNoteText(orderId, "CN-2026-000002");
    expect(restNote.document.totals).toEqual({ netPence: 46_350, vatPence: 9_270, grossPence: 55_620 });
    expect(firstNote.document.totals.grossPence + restNote.document.totals.grossPence).toBe(61_560);

    // The provider gave back exactly the invoice, in two refunds.
    const given = await handle.db.select().from(testPaymentRefunds);
    expect(given.map((row) => row.amountPence).sort((a, b) => a - b)).toEqual([5_940, 55_620]);
    // Nothing is left to refund, and the invoice says so.
    expect(await refund(orderId, { by: "amount", amount: "0.01" })).toMatchObject({ ok: false, status: 400 });
    const invoice = await loadOrderDocument(handle.db, { orderId, kind: "invoice", reader: "staff" });
    expect(invoice?.facts).toContainEqual({ label: "Payment", value: "Paid by card on Fri, Nov 20, 2026; refunded" });
    const history = await handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.at(-1)).toMatchObject({
      toStatus: "refunded",
      actorUserId: staff.id,
      note: "Refunded in full: credit note CN-2026-000002",
    });
  });

  it("writes a refund and a status change to the audit log with before and after, who and from where", async () => {
    const orderId = await paidOrder();
    const olive = { ...staff, address: "203.0.113.7" };
    const { version, number } = await orderRow(orderId);
    // £10.00 of the invoice back to the card.
    expect(
      await refundOrder(ctx, {
        staff: olive,
        orderId,
        fields: { version: String(version), by: "amount", amount: "10.00", reason: "Ten caps arrived damaged" },
        now: NOW,
      }),
    ).toMatchObject({ ok: true });
    // The proof approved (as the buyer's answer leaves it), staff start production.
    await handle.db.update(orders).set({ status: "proof_approved" }).where(eq(orders.id, orderId));
    const change = {
      intent: "status" as const,
      to: "in_production" as const,
      version: (await orderRow(orderId)).version,
      note: "",
      carrier: "",
      trackingNumber: "",
    };
    expect(await changeOrderStatus(ctx, { staff: olive, orderId, change })).toMatchObject({ ok: true });
    const events = await handle.db.select().from(auditEvents).orderBy(auditEvents.id);
    const invoiced = (await orderRow(orderId)).totalPence;
    expect(events.map((event) => [event.action, event.subjectId, event.staffEmail, event.address])).toEqual([
      ["order.refund", orderId, "ops@swag.example", "203.0.113.7"],
      ["order.status", orderId, "ops@swag.example", "203.0.113.7"],
    ]);
    expect(events[0]).toMatchObject({
      summary: `Order ${number}: £10.00 refunded to the card, "Ten caps arrived damaged"`,
      before: { creditLeftPence: invoiced },
      after: { method: "card", reason: "Ten caps arrived damaged", grossPence: 1000 },
    });
    expect(events[1]).toMatchObject({
      summary: `Order ${number}: "Proof approved" to "In production"`,
      before: { status: "proof_approved" },
      after: { status: "in_production" },
    });
  });

  it("refuses a stale page, an unknown order and a wrong form, and the status menu no longer refunds", async () => {
    const orderId = await paidOrder();
    expect(
      await refundOrder(ctx, {
        staff,
        orderId,
        fields: { version: "9999", by: "amount", amount: "1", reason: "x" },
        now: NOW,
      }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(await refund(orderId, { by: "amount", amount: "1", reason: " " })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { reason: expect.stringContaining("Say why") },
    });
    expect(await refund(orderId, { by: "lines", qty_0: "101" })).toMatchObject({
      ok: false,
      fieldErrors: { lines: "Line 1: at most 100 can be refunded." },
    });
    const { version } = await orderRow(orderId);
    const change = {
      intent: "status" as const,
      to: "refunded" as const,
      version,
      note: "",
      carrier: "",
      trackingNumber: "",
    };
    expect(await changeOrderStatus(ctx, { staff, orderId, change })).toMatchObject({ ok: false, status: 400 });
    expect(await handle.db.select().from(creditNotes)).toHaveLength(0);
    const missing = "00000000-0000-4000-8000-000000000000";
    const asked = { version: "1", by: "amount", amount: "1", reason: "x" };
    expect(await refundOrder(ctx, { staff, orderId: missing, fields: asked, now: NOW })).toMatchObject({ status: 404 });
  });

  it("keeps a card refund the provider did not answer as pending, counted against the invoice, and completes it on retry once", async () => {
    const orderId = await paidOrder();
    const provider = ctx.payments!;
    let answer: "lost" | "refused" | "normal" = "lost";
    const flaky: AppContext = {
      ...ctx,
      payments: {
        ...provider,
        refund: async (input) => {
          if (answer === "refused") throw new PaymentProviderError("card_declined", { refused: true });
          const made = await provider.refund(input);
          if (answer === "lost") throw new PaymentProviderError("timed out");
          return made;
        },
      } as typeof provider,
    };
    const fields = async () => ({
      version: String((await orderRow(orderId)).version),
      reason: "Damaged",
      by: "amount",
    });
    const lost = await refundOrder(flaky, {
      staff,
      orderId,
      fields: { ...(await fields()), amount: "600.00" },
      now: NOW,
    });
    expect(lost).toMatchObject({ ok: false, status: 502, code: "REFUND_PENDING" });
    const [pending] = await handle.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(pending).toMatchObject({ status: "pending", grossPence: 60_000 });
    // The pending £600.00 counts: only £15.60 is left to refund meanwhile.
    expect(
      await refundOrder(flaky, { staff, orderId, fields: { ...(await fields()), amount: "15.61" }, now: NOW }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { amount: "At most £15.60 can be refunded: that is what is left of the invoice." },
    });
    answer = "normal";
    const retried = await retryRefund(flaky, { staff, orderId, refundId: pending!.id, now: NOW });
    expect(retried).toMatchObject({ ok: true });
    expect(retried.ok && retried.message).toContain("Refunded £600.00 to the card. Credit note CN-2026-000001");
    // The provider made one refund for the key, however often it was asked.
    expect(await handle.db.select().from(testPaymentRefunds)).toHaveLength(1);
    expect(await retryRefund(flaky, { staff, orderId, refundId: pending!.id, now: NOW })).toMatchObject({
      ok: false,
      status: 409,
    });
    // A refund the provider refuses is not kept.
    answer = "refused";
    expect(
      await refundOrder(flaky, { staff, orderId, fields: { ...(await fields()), amount: "5.00" }, now: NOW }),
    ).toMatchObject({
      ok: false,
      status: 502,
      code: "REFUND_REFUSED",
    });
    expect(
      (await handle.db.select().from(refunds).where(eq(refunds.orderId, orderId))).map((row) => row.status),
    ).toEqual(["done"]);
  });

  it("records a transfer refund with the day and the bank reference, which its credit note prints", async () => {
    const orderId = await paidOrder();
    const order = await orderRow(orderId);
    await handle.db.insert(bankTransfers).values({
      orderId,
      proformaNumber: "PF-2026-000001",
      amountPence: order.totalPence,
      dueOn: "2026-11-27",
      placedAt: NOW,
      receivedAt: NOW,
      receivedBy: staff.id,
      receivedPence: order.totalPence,
    });
    expect(await refund(orderId, { by: "amount", amount: "10.00" })).toMatchObject({
      ok: false,
      fieldErrors: { paid_back_on: expect.stringContaining("Enter the day") },
    });
    expect(
      await refund(orderId, { by: "amount", amount: "10.00", paid_back_on: "2026-11-21", reference: "R" }),
    ).toMatchObject({
      ok: false,
      fieldErrors: { paid_back_on: "The day the money went back cannot be in the future." },
    });
    const done = await refund(orderId, {
      by: "amount",
      amount: "12.00",
      paid_back_on: "2026-11-20",
      reference: "SWAG-RF-1",
    });
    expect(done.ok && done.message).toBe(
      "Refunded £12.00 to the bank account. Credit note CN-2026-000001 issued and e-mailed to the buyer.",
    );
    // £12.00 including 20 % VAT: £10.00 and £2.00.
    const note = await creditNoteText(orderId, "CN-2026-000001");
    expect(note.text).toContain("Refund 1 £10.00 20% £2.00 £10.00");
    expect(note.text).toContain("The amount was paid back by bank transfer on Fri, Nov 20, 2026, reference SWAG-RF-1.");
    expect(await handle.db.select().from(testPaymentRefunds)).toHaveLength(0);
  });

  it("counts an accepted On-time Guarantee credit, and refuses a claim's credit beyond what refunds left", async () => {
    const orderId = await paidOrder();
    await refund(orderId, { by: "amount", amount: "610.00" });
    await handle.db
      .update(orders)
      .set({ status: "delivered", promisedDeliveryDate: "2026-11-10" })
      .where(eq(orders.id, orderId));
    await handle.db.insert(guaranteeClaims).values({ orderId, claimedBy: BUYER, daysLate: 5, note: null });
    const decided = await decideClaim(
      { ...ctx, business: { ...ctx.business, lateDeliveryRemedy: "10% credit" } },
      { staff, orderId, decision: { decision: "accept", reason: "Late" }, now: NOW },
    );
    // 10 % of the goods: more than the £5.60 left of £615.60.
    expect(decided).toMatchObject({ ok: false, status: 409, code: "CREDIT_OVER_INVOICE" });
  });

  it("cancels an order in production with its refund in the same step, the discount given back and the buyer told once (docs/decisions/073)", async () => {
    const orderId = await paidOrder();
    await smtp.waitFor(EMAIL);
    await smtp.clear();
    await handle.db.update(orders).set({ status: "in_production" }).where(eq(orders.id, orderId));
    expect(await handle.db.select().from(firstOrderClaims).where(eq(firstOrderClaims.orderId, orderId))).toHaveLength(
      1,
    );
    const { version } = await orderRow(orderId);
    const fields = { intent: "cancel" as const, version, reason: "The event was called off", refund: true };
    const cancelled = await cancelOrder(ctx, { staff, orderId, fields, now: NOW });
    // The whole invoice, £615.60, back to the card; cancelled, then refunded in full.
    expect(cancelled).toMatchObject({ ok: true, status: "refunded" });
    expect(cancelled.ok && cancelled.message).toMatch(
      /^Order SS-\d{6} is now "Cancelled"\. Refunded £615\.60 to the card\. Credit note CN-2026-000001 issued/,
    );
    expect(await handle.db.select().from(firstOrderClaims).where(eq(firstOrderClaims.orderId, orderId))).toEqual([]);
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.text).toContain("Reason: Order cancelled: The event was called off");
    await runDueJobs(ctx);
    expect((await smtp.delivered()).filter((each) => each.to.includes(EMAIL))).toHaveLength(1);
    // After dispatch it cannot be cancelled: the refund form is the way.
    const shipped = await paidOrder();
    await handle.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, shipped));
    const late = { ...fields, version: (await orderRow(shipped)).version };
    expect(await cancelOrder(ctx, { staff, orderId: shipped, fields: late, now: NOW })).toMatchObject({
      ok: false,
      status: 409,
      code: "INVALID_TRANSITION",
    });
  });

  it("puts the invoice and its credit notes on the quarter's VAT summary and CSV (docs/decisions/074)", async () => {
    const orderId = await paidOrder();
    await refund(orderId, { by: "lines", qty_0: "10" });
    const documents = await vatDocuments(handle.db, { year: 2026, q: 4 });
    expect(documents.map((document) => [document.kind, document.number, document.issuedOn, document.country])).toEqual([
      ["invoice", "INV-2026-000001", "2026-11-20", "GB"],
      ["credit_note", "CN-2026-000001", "2026-11-20", "GB"],
    ]);
    // £513.00 + £102.60 invoiced, £49.50 + £9.90 credited: box 1 £92.70, box 6 £463.50.
    expect(vatSummary(documents)).toMatchObject({ box1Pence: 9_270, box6Pence: 46_350 });
    expect(vatReturnCsv(documents)).toContain("Credit note,CN-2026-000001,2026-11-20,");
    expect(await vatDocuments(handle.db, { year: 2026, q: 3 })).toEqual([]);
  });

  it("limits how many refunds one member of staff asks for in an hour", async () => {
    const orderId = await paidOrder();
    for (let i = 0; i < REFUND_LIMIT.limit; i += 1)
      expect(await refund(orderId, { by: "amount", amount: "0.01" })).toMatchObject({ ok: true });
    expect(await refund(orderId, { by: "amount", amount: "0.01" })).toMatchObject({ ok: false, status: 429 });
  });
});

describe("staff re-send the invoice", () => {
  it("e-mails the PDF again and records who sent it where, a few times an hour at most", async () => {
    const orderId = await paidOrder();
    await smtp.waitFor(EMAIL);
    await smtp.clear();
    const sent = await resendInvoice(ctx, { staffId: staff.id, orderId });
    expect(sent).toEqual({ ok: true, message: `Invoice INV-2026-000001 sent to ${EMAIL}.` });
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.attachments[0]?.filename).toBe("VAT invoice INV-2026-000001.pdf");
    const history = await handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.at(-1)).toMatchObject({
      actor: "staff",
      actorUserId: staff.id,
      note: `Invoice INV-2026-000001 re-sent to ${EMAIL}`,
    });
    for (let i = 1; i < INVOICE_RESEND_LIMIT.limit; i += 1)
      expect(await resendInvoice(ctx, { staffId: staff.id, orderId })).toMatchObject({ ok: true });
    expect(await resendInvoice(ctx, { staffId: staff.id, orderId })).toMatchObject({ ok: false, status: 429 });
  });

  it("says so when the order has no invoice", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await resendInvoice(ctx, { staffId: staff.id, orderId: missing })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await resendInvoice(ctx, { staffId: staff.id, orderId: "nope" })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});

describe("the PDF module's inputs", () => {
  it("renders an order's invoice as a PDF from the stored order alone", async () => {
    const orderId = await paidOrder();
    const document = await loadOrderDocument(handle.db, { orderId, kind: "invoice", reader: "staff" });
    const pdf = await renderDocumentPdf(document!, TEST_SHOP.business);
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
