/**
 * VAT invoices and credit notes (decision 019): a paid order's invoice is attached to its
 * confirmation e-mail and downloadable by its buyer and their organisation; a refund issues a
 * credit note naming it; staff re-send the invoice. The PDFs are read back as text.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { cartItems, creditNotes, orderDrafts, orders, orderStatusHistory } from "#db/schema";
import { findProductById } from "~/catalogue/catalogue";
import type { DraftDataInput } from "~/domain/checkout/draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { oneLine, pdfText } from "../../../tests/setup/pdf-text";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import type { StaffMember } from "../accounts/admin-access.server";
import { changeOrderStatus } from "../admin/admin-orders.server";
import { renderDocumentPdf } from "./documents.server";
import { INVOICE_RESEND_LIMIT, loadOrderDocument, resendInvoice } from "./invoices.server";
import { confirmTestPayment, startPayment } from "../payments/payment-start.server";
import type { AppContext } from "../providers/app-context.server";
import { runDueJobs } from "../edge/job-worker.server";

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

describe("a refund", () => {
  it("issues a credit note naming the invoice, e-mailed to the buyer", async () => {
    const orderId = await paidOrder();
    await smtp.clear();
    const refund = async () => {
      const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
      return changeOrderStatus(ctx, {
        staff,
        orderId,
        change: {
          intent: "status",
          to: "refunded",
          version: order!.version,
          note: "",
          carrier: "",
          trackingNumber: "",
        },
      });
    };
    const result = await refund();
    expect(result).toMatchObject({ ok: true, status: "refunded" });
    expect(result.ok && result.message).toContain("Credit note CN-2026-000001 issued");
    const mail = await smtp.waitFor(EMAIL);
    expect(mail.subject).toMatch(/^Credit note CN-2026-000001 for order SS-\d{6}$/);
    expect(mail.attachments[0]?.filename).toBe("Credit note CN-2026-000001.pdf");
    const text = oneLine(await pdfText(mail.attachments[0]!.content));
    for (const expected of [
      "Credit note",
      "Number CN-2026-000001",
      "Credits invoice INV-2026-000001",
      "PO reference PO-4471",
      "Total excluding VAT £513.00 VAT £102.60 Total including VAT £615.60",
      "This credit note cancels VAT invoice INV-2026-000001 of Fri, Nov 20, 2026 in full.",
    ])
      expect(text).toContain(expected);
    // The invoice now says the payment was refunded.
    const invoice = await loadOrderDocument(handle.db, { orderId, kind: "invoice", reader: "staff" });
    expect(invoice?.facts).toContainEqual({ label: "Payment", value: "Paid by card on Fri, Nov 20, 2026; refunded" });
    expect(await handle.db.select().from(creditNotes)).toHaveLength(1);
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
