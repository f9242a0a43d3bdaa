import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  authMember,
  authOrganization,
  authUser,
  bankTransfers,
  cartItems,
  firstOrderClaims,
  invoices,
  orderDrafts,
  orders,
  orderStatusHistory,
  paymentIntents,
} from "#db/schema";
import {
  BUYER_EMAIL,
  completeDraftData,
  insertCompleteDraft,
  linkDraftsToCartLines,
} from "../../../tests/setup/complete-draft";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { loader as proformaLoader } from "~/routes/order-proforma";
import { action as paymentAction } from "~/routes/payment";
import { pdfText } from "../../../tests/setup/pdf-text";
import { answerOf } from "../../../tests/setup/route-answer";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { changeOrderStatus } from "../admin/admin-orders.server";
import { getOrderForStaff } from "../admin/admin-order-detail.server";
import { placeBankTransferOrder, loadProforma } from "./bank-transfers.server";
import { markTransferReceived, recordTransferReturned } from "../admin/transfer-received.server";
import { cancelOrder } from "../admin/cancel-order.server";
import { needsAttention } from "../admin/needs-attention.server";
import { runBankTransferTasks } from "../admin/bank-transfer-tasks.server";
import { renderDocumentPdf } from "../documents/documents.server";
import { loadOrderDocument } from "../documents/invoices.server";
import { getOrder } from "../orders/buyer-orders.server";
import { respondToProof } from "../aftercare/proof-responses.server";
import { confirmTestPayment, startPayment } from "./payment-start.server";
import type { AccountsContext } from "../accounts/auth.server";
import { runDueJobs } from "../edge/job-worker.server";
import { buyerMailRecipient } from "../messages/mail-recipient.server";
import { transferReceivedSchema } from "~/domain/orders/admin-orders";

// Decision 022: pay by bank transfer, from the payment step to the money received or the order expired.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let ctx: AccountsContext;
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

/** Thu 26 Nov 2026, 10:00 in London: the transfer is due by Thu 10 Dec. */
const PLACED = new Date("2026-11-26T10:00:00Z");

const insertDraft = (userId: string, data = completeDraftData()) => insertCompleteDraft(handle.db, userId, data);

const session = (userId: string) => ({ user: { id: userId } });

/** The buyer confirms their address, as sign-up asks (decision 036: transfer mails go only to a confirmed one). */
const confirmEmail = (userId: string) =>
  handle.db.update(authUser).set({ emailVerified: true }).where(eq(authUser.id, userId));

/** Places a fresh draft of a new buyer by bank transfer at `now`. */
async function placed(now = PLACED, data = completeDraftData()) {
  const email = `buyer-${Math.random().toString(36).slice(2)}@acme.co`;
  const buyer = await createSignedInUser(handle, email);
  await confirmEmail(buyer.userId);
  const draftId = await insertDraft(buyer.userId, data);
  const result = await placeBankTransferOrder(ctx, {
    session: session(buyer.userId),
    draftId,
    productId: "8",
    now,
  });
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return { buyer: { ...buyer, email }, draftId, ...result };
}

async function orderRow(id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no order");
  return row;
}
async function transferRow(orderId: string) {
  const [row] = await handle.db.select().from(bankTransfers).where(eq(bankTransfers.orderId, orderId));
  if (!row) throw new Error("no transfer");
  return row;
}
const historyOf = (orderId: string) =>
  handle.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(orderStatusHistory.id);

async function staffMember() {
  const user = await createSignedInUser(handle, `staff-${Math.random().toString(36).slice(2)}@swag.example`);
  return { id: user.userId, name: "Test Buyer", email: "staff@swag.example" };
}

describe("placing an order by bank transfer", () => {
  it("refuses an order over the operator's limit, says why, and places nothing", async () => {
    const buyer = await createSignedInUser(handle, "big-order@acme.co");
    const draftId = await insertDraft(buyer.userId);
    // completeDraftData: 50 caps at £5.50 (£275.00), first-order discount −£27.50, £18.00 standard
    // shipping, 20% VAT: (£275.00 − £27.50 + £18.00) × 1.2 = £318.60.
    const business = (pounds: number) => ({ ...ctx.business, bankTransferMaxPence: pounds * 100 });
    const over = await placeBankTransferOrder(
      { ...ctx, business: business(318) },
      { session: session(buyer.userId), draftId, productId: "8" },
    );
    expect(over).toMatchObject({
      ok: false,
      status: 409,
      code: "TRANSFER_OVER_LIMIT",
      message: `Bank transfer is for orders up to £318.00 including VAT. Please pay for this one by card, or on account: apply from your account page, or write to ${ctx.business.salesEmail}. Your checkout is saved.`,
    });
    expect(await handle.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
    const none = await placeBankTransferOrder(
      { ...ctx, business: business(0) },
      { session: session(buyer.userId), draftId, productId: "8" },
    );
    expect(none).toMatchObject({ ok: false, code: "TRANSFER_OVER_LIMIT" });
    // Exactly at the limit is allowed.
    await confirmEmail(buyer.userId);
    const at = await placeBankTransferOrder(
      { ...ctx, business: { ...ctx.business, bankTransferMaxPence: 31_860 } },
      { session: session(buyer.userId), draftId, productId: "8" },
    );
    expect(at.ok).toBe(true);
  });

  it("refuses a checkout started for an organisation the buyer has since left, and places nothing (decision 035)", async () => {
    const buyer = await createSignedInUser(handle, "leaver@acme.co");
    await handle.db
      .insert(authOrganization)
      .values({ id: "org-left", name: "Left Ltd", slug: "left", createdAt: new Date() });
    const draftId = await insertDraft(buyer.userId);
    await handle.db.update(orderDrafts).set({ accountId: "org-left" }).where(eq(orderDrafts.id, draftId));
    await handle.db
      .insert(cartItems)
      .values([{ userId: buyer.userId, productId: "8", quantity: 50, selectedColor: "#1f2a56" }]);
    await linkDraftsToCartLines(handle.db, buyer.userId);
    const placed = await placeBankTransferOrder(ctx, { session: session(buyer.userId), draftId, productId: "8" });
    expect(placed).toMatchObject({
      ok: false,
      status: 409,
      code: "NOT_A_MEMBER",
      message:
        "This checkout was started for an organisation you no longer belong to. Start again from your cart to order for yourself.",
    });
    expect(await handle.db.select().from(orders)).toHaveLength(0);
    // A member of it places it as before.
    await handle.db.insert(authMember).values({
      id: "m-leaver",
      organizationId: "org-left",
      userId: buyer.userId,
      role: "member",
      createdAt: new Date(),
    });
    const member = await placeBankTransferOrder(ctx, {
      session: { user: { id: buyer.userId }, accountId: "org-left" },
      draftId,
      productId: "8",
    });
    expect(member).toMatchObject({ ok: true });
  });

  it("places it from the payment step at the server's amount: awaiting transfer, unpaid, with a pro-forma due in 14 days", async () => {
    const alice = await createSignedInUser(handle, "alice@acme.co");
    await confirmEmail(alice.userId);
    await smtp.clear();
    const draftId = await insertDraft(alice.userId);
    await handle.db
      .insert(cartItems)
      .values([{ userId: alice.userId, productId: "8", quantity: 50, selectedColor: "#1f2a56" }]);
    await linkDraftsToCartLines(handle.db, alice.userId);
    const post = () =>
      answerOf(paymentAction, {
        request: siteRequest(`/payment?draft_id=${draftId}&product_id=8`, {
          cookie: alice.cookie,
          form: { intent: "bank_transfer", draft_id: draftId, product_id: "8" },
        }),
        ctx,
      });

    const first = await post();
    expect(first.status).toBe(302);
    const location = first.headers.get("location");
    expect(location).toMatch(/^\/orders\/[0-9a-f-]{36}$/);
    const orderId = location!.split("/").at(-1)!;

    const order = await orderRow(orderId);
    // 50 caps × £5.50 = £275.00, 10% first-order discount, £18.00 standard, 20% VAT: £318.60.
    expect(order).toMatchObject({
      userId: alice.userId,
      status: "awaiting_transfer",
      paidAt: null,
      subtotalPence: 27500,
      discountPence: 2750,
      shippingPence: 1800,
      vatPence: 5310,
      totalPence: 31860,
    });
    const [ledger] = await handle.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.intentId, order.paymentIntentId));
    expect(ledger).toMatchObject({ provider: "bank_transfer", amountPence: 31860, draftId, userId: alice.userId });
    const transfer = await transferRow(orderId);
    expect(transfer).toMatchObject({
      amountPence: 31860,
      dueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      receivedAt: null,
    });
    expect(transfer.proformaNumber).toMatch(/^PF-\d{4}-\d{6}$/);
    // No VAT invoice until the money is in: the pro-forma is not one.
    expect(await handle.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toEqual([]);
    expect((await historyOf(orderId)).map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, "awaiting_transfer", "system"],
    ]);
    const [draft] = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.id, draftId));
    expect(draft).toMatchObject({ status: "paid", paidAt: null });
    expect(await handle.db.select().from(cartItems).where(eq(cartItems.userId, alice.userId))).toEqual([]);

    // To Alice's confirmed address: the Details step's address is not hers (decision 036).
    const mail = await smtp.waitFor("alice@acme.co");
    expect(mail.subject).toMatch(
      new RegExp(`^Order ${order.number}: pay by bank transfer by \\w{3}, \\w{3} \\d+, \\d{4}$`),
    );
    const { bank } = TEST_SHOP.business;
    for (const line of [
      `Please pay £318.60 by bank transfer by`,
      `quoting ${order.number} as the payment reference.`,
      `Account name: ${bank.accountName}`,
      `Sort code: ${bank.sortCode}`,
      `Account number: ${bank.accountNumber}`,
      `IBAN: ${bank.iban}`,
      `Your pro-forma invoice ${transfer.proformaNumber}`,
    ])
      expect(mail.text).toContain(line);
    // The PO reference is the buyer's text: quoted under its label (decision 036).
    expect(mail.text).toMatch(/\r?\nPO reference, as typed at checkout:\r?\n> PO-77\r?\n/);
    expect(mail.subject).not.toContain("PO-77");
    expect(mail.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      [`Pro-forma invoice ${transfer.proformaNumber}.pdf`, "application/pdf"],
    ]);
    expect((await pdfText(mail.attachments[0]!.content)).replace(/\s+/g, " ")).toContain(
      `Payment reference: ${order.number}`,
    );

    // A double click or a second tab: the same order, one order, one e-mail.
    const second = await post();
    expect(second.status).toBe(302);
    expect(second.headers.get("location")).toBe(location);
    expect(await handle.db.select().from(orders)).toHaveLength(1);
    expect(await handle.db.select().from(bankTransfers)).toHaveLength(1);
    expect((await smtp.delivered()).filter((m) => m.to.includes("alice@acme.co"))).toHaveLength(1);
    expect((await smtp.delivered()).filter((m) => m.to.includes(BUYER_EMAIL))).toEqual([]);
    // Staff are alerted at the sales address, once (decision 026).
    const sales = (await smtp.delivered()).filter((m) => m.to.includes(TEST_SHOP.business.salesEmail));
    // The subject is folded as an encoded header (the pound sign): compared with its spaces evened out.
    expect(sales.map((m) => m.subject.replace(/\s+/g, " "))).toEqual([
      `Bank transfer order ${order.number} placed: £318.60`,
    ]);
    expect(sales[0]?.text).toContain(`/admin/orders/${orderId}`);

    // The buyer's order page says how to pay.
    const view = await getOrder(handle.db, { userId: alice.userId, accountId: `account-of-${alice.userId}`, orderId });
    expect(view).toMatchObject({
      status: "awaiting_transfer",
      statusLabel: "Awaiting transfer",
      paidAt: null,
      payment: { method: "bank_transfer", proformaNumber: transfer.proformaNumber, dueOn: transfer.dueOn },
    });
  });

  it("is due 14 days after placing and carries the PO reference", async () => {
    const { orderId } = await placed();
    expect((await transferRow(orderId)).dueOn).toBe("2026-12-10");
    expect((await historyOf(orderId))[0]?.note).toBe("Placed to pay by bank transfer by Thu, Dec 10, 2026");
  });

  it("is only for the signed-in owner of the checkout", async () => {
    const alice = await createSignedInUser(handle, "alice@acme.co");
    const mallory = await createSignedInUser(handle, "mallory@evil.example");
    const draftId = await insertDraft(alice.userId);
    const visitor = await answerOf(paymentAction, {
      request: siteRequest("/payment", { form: { intent: "bank_transfer", draft_id: draftId, product_id: "8" } }),
      ctx,
    });
    expect(visitor.status).toBe(401);
    const other = await answerOf(paymentAction, {
      request: siteRequest("/payment", {
        cookie: mallory.cookie,
        form: { intent: "bank_transfer", draft_id: draftId, product_id: "8" },
      }),
      ctx,
    });
    expect(other).toMatchObject({ status: 404, body: { error: { code: "DRAFT_NOT_FOUND" } } });
    const bad = await answerOf(paymentAction, {
      request: siteRequest("/payment", {
        cookie: alice.cookie,
        form: { intent: "steal", draft_id: draftId, product_id: "8" },
      }),
      ctx,
    });
    expect(bad.status).toBe(400);
    expect(await handle.db.select().from(orders)).toEqual([]);
  });

  it("refuses an incomplete checkout and limits a user to 10 tries a minute", async () => {
    const alice = await createSignedInUser(handle, "alice@acme.co");
    const draftId = await insertDraft(alice.userId, completeDraftData({ status: "details_done", shipping: undefined }));
    const attempt = () => placeBankTransferOrder(ctx, { session: session(alice.userId), draftId, productId: "8" });
    expect(await attempt()).toMatchObject({ ok: false, status: 409, code: "DRAFT_INCOMPLETE" });
    for (let i = 0; i < 9; i += 1) await attempt();
    expect(await attempt()).toMatchObject({ ok: false, status: 429, code: "RATE_LIMITED" });
  });

  it("cancels the checkout's open card payment, so it cannot be paid as well", async () => {
    const alice = await createSignedInUser(handle, "alice@acme.co");
    const draftId = await insertDraft(alice.userId);
    const card = await startPayment(ctx, { session: session(alice.userId), draftId, productId: "8" });
    if (!card.ok) throw new Error(card.message);
    const result = await placeBankTransferOrder(ctx, { session: session(alice.userId), draftId, productId: "8" });
    expect(result.ok).toBe(true);
    const paying = await confirmTestPayment(ctx, {
      clientSecret: card.clientSecret,
      card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123", name: "Ada" },
      userId: alice.userId,
    });
    expect(paying).toMatchObject({ ok: false, code: "PAYMENT_REPLACED" });
    expect(await handle.db.select().from(orders)).toHaveLength(1);
  });
});

describe("the pro-forma invoice", () => {
  /** The text with runs of white space as one space, so a table row reads as one string. */
  const flat = (text: string) => text.replace(/\s+/g, " ");

  it("prints every field and figure: seller, buyer, PO reference, lines, totals, bank details, the order number as reference, the due date", async () => {
    const { buyer, orderId } = await placed();
    const order = await orderRow(orderId);
    const transfer = await transferRow(orderId);
    const proforma = await loadProforma(handle.db, { orderId, reader: { userId: buyer.userId, accountId: "" } });
    if (!proforma) throw new Error("no pro-forma");
    const text = flat(await pdfText(await renderDocumentPdf(proforma, TEST_SHOP.business)));
    const business = TEST_SHOP.business;
    for (const expected of [
      "Pro-forma invoice",
      `Number ${transfer.proformaNumber}`,
      "Date Thu, Nov 26, 2026",
      `Order ${order.number}`,
      "PO reference PO-77",
      `Payment reference ${order.number}`,
      "Due by Thu, Dec 10, 2026",
      // The seller.
      business.legalName,
      ...business.registeredOffice,
      `VAT registration number: ${business.vatNumber}`,
      `Company number: ${business.companyNumber}`,
      // The buyer and where the goods go.
      "BILL TO Analytical Ltd Ada Lovelace 1 Engine Street London N1 9GU United Kingdom VAT number: GB980780684",
      "DELIVER TO Ada Lovelace Analytical Ltd 1 Engine Street London N1 9GU United Kingdom",
      // 50 caps at £5.50, 10% off the goods, standard shipping, 20% VAT on the rest.
      "Custom Embroidered Cap Navy Front embroidery 50 £5.50 20% £55.00 £275.00",
      "First order discount (10%) 1 -£27.50 20% -£5.50 -£27.50",
      "Standard Shipping 1 £18.00 20% £3.60 £18.00",
      "Total excluding VAT £265.50 VAT £53.10 Total including VAT £318.60",
      `Pay by bank transfer Account name: ${business.bank.accountName} Sort code: ${business.bank.sortCode} Account number: ${business.bank.accountNumber} IBAN: ${business.bank.iban} Payment reference: ${order.number}`,
      `Please pay £318.60 by bank transfer by Thu, Dec 10, 2026, quoting ${order.number} as the payment reference.`,
      "This is a pro-forma invoice, not a VAT invoice",
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain("Time of supply");

    // An organisation's order is read by whoever acts for the organisation, nobody else: not even
    // its buyer from their personal account (decision 035).
    await handle.db.update(orders).set({ accountId: "org-of-buyer" }).where(eq(orders.id, orderId));
    const colleague = { userId: "colleague", accountId: "org-of-buyer" };
    expect(await loadProforma(handle.db, { orderId, reader: colleague })).not.toBeNull();
    expect(await loadProforma(handle.db, { orderId, reader: { ...colleague, accountId: "another-org" } })).toBeNull();
    expect(await loadProforma(handle.db, { orderId, reader: { userId: buyer.userId, accountId: "" } })).toBeNull();
  });

  it("is served at /orders/:id/proforma.pdf to the buyer only, never cached; anyone else gets a 404", async () => {
    const { buyer, orderId } = await placed();
    const mallory = await createSignedInUser(handle, "mallory@evil.example");
    const get = (cookie?: string, id = orderId) =>
      answerOf(proformaLoader, {
        request: siteRequest(`/orders/${id}/proforma.pdf`, { cookie }),
        params: { id },
        ctx,
      });
    const own = await get(buyer.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Pro-forma invoice PF-\d{4}-\d{6}\.pdf"$/,
    );
    expect((await get(mallory.cookie)).status).toBe(404);
    expect((await get(undefined)).status).toBe(404);
    expect((await get(buyer.cookie, "not-an-id")).status).toBe(404);
  });
});

describe("staff mark the transfer received", () => {
  it("records who and when, makes the order paid, and lets production start once the proof is approved", async () => {
    const { orderId, buyer } = await placed();
    const staff = await staffMember();
    const order = await orderRow(orderId);

    // Before the money: no production, whatever the proof says.
    expect(
      await changeOrderStatus(ctx, {
        staff,
        orderId,
        change: {
          intent: "status",
          to: "in_production",
          version: order.version,
          note: "",
          carrier: "",
          trackingNumber: "",
        },
      }),
    ).toMatchObject({ ok: false, code: "INVALID_TRANSITION" });
    const unpaid = await getOrderForStaff(handle.db, orderId);
    expect(unpaid?.statusChoices).toEqual([]);
    expect(unpaid?.cancel).toEqual({ cardRefundPence: null });

    const stale = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version + 5,
      receivedPence: 31860,
    });
    expect(stale).toMatchObject({ ok: false, status: 409, code: "ORDER_CHANGED" });

    const at = new Date("2026-12-01T09:30:00Z");
    await smtp.clear();
    const received = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version,
      receivedPence: order.totalPence,
      now: at,
    });
    expect(received).toMatchObject({ ok: true, status: "paid" });
    // The VAT invoice is issued now, dated when the money arrived, and e-mailed with its PDF.
    const [invoice] = await handle.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice).toMatchObject({ number: expect.stringMatching(/^INV-2026-\d{6}$/), issuedAt: at });
    const invoiceMail = await smtp.waitFor(BUYER_EMAIL);
    expect(invoiceMail.attachments[0]?.filename).toBe(`VAT invoice ${invoice?.number}.pdf`);
    const alert = await smtp.waitFor(TEST_SHOP.business.salesEmail);
    expect(alert.subject).toBe(`Bank transfer received for order ${order.number}`);
    expect(alert.text).toContain(`${staff.name} marked the bank transfer for order ${order.number} received.`);
    const invoiceText = (await pdfText(invoiceMail.attachments[0]!.content)).replace(/\s+/g, " ");
    expect(invoiceText).toContain("Payment Paid by bank transfer on Tue, Dec 1, 2026");
    expect(invoiceText).toContain("PO reference PO-77");
    expect(await orderRow(orderId)).toMatchObject({ status: "paid", paidAt: at });
    expect(await transferRow(orderId)).toMatchObject({ receivedAt: at, receivedBy: staff.id });
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      fromStatus: "awaiting_transfer",
      toStatus: "paid",
      actor: "staff",
      actorUserId: staff.id,
      note: "Bank transfer received",
      createdAt: at,
    });
    const drafts = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.userId, buyer.userId));
    expect(drafts.map((d) => d.paidAt)).toEqual([at]);
    const detail = await getOrderForStaff(handle.db, orderId);
    expect(detail?.transfer).toMatchObject({ receivedAt: at, canMarkReceived: false });
    expect(detail?.transfer?.receivedBy).toMatch(/^Test Buyer \(staff-\w+@swag\.example\)$/);
    expect(detail?.statusChoices).toEqual([]);
    expect(detail?.cancel).not.toBeNull();

    // Marked once only.
    const again = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: (await orderRow(orderId)).version,
      receivedPence: order.totalPence,
    });
    expect(again).toMatchObject({ ok: false, status: 409, code: "NOT_AWAITING_TRANSFER" });
  });

  it("keeps a proof already approved, and promises the delivery date only when the money arrives", async () => {
    const { orderId, buyer } = await placed();
    await handle.db.update(orders).set({ status: "proof_sent", version: 2 }).where(eq(orders.id, orderId));
    const staff = await staffMember();
    // The buyer approves before paying: approved, but no promise while unpaid.
    await handle.db.execute(
      sql`insert into order_proofs (order_id, order_line_id, version, stored_name, original_name, content_type, size_bytes, uploaded_by)
          select order_id, id, 1, ${`p-${orderId}`}, 'proof.pdf', 'application/pdf', 10, ${staff.id} from order_lines where order_id = ${orderId}`,
    );
    const answered = await respondToProof(ctx, { userId: buyer.userId, orderId, decision: "approve", line: 1 });
    expect(answered).toMatchObject({ ok: true, status: "proof_approved", promisedDeliveryDate: null });
    const buyerView = () => getOrder(handle.db, { userId: buyer.userId, accountId: "", orderId });
    expect((await buyerView())?.delivery).toMatchObject({ kind: "estimate", awaitingPayment: true });

    const received = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: (await orderRow(orderId)).version,
      receivedPence: (await orderRow(orderId)).totalPence,
      now: new Date("2026-12-01T09:30:00Z"),
    });
    expect(received).toMatchObject({ ok: true, status: "proof_approved" });
    const after = await orderRow(orderId);
    expect(after.promisedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await buyerView())?.delivery).toEqual({ kind: "promised", date: after.promisedDeliveryDate });
    expect(
      await changeOrderStatus(ctx, {
        staff,
        orderId,
        change: {
          intent: "status",
          to: "in_production",
          version: after.version,
          note: "",
          carrier: "",
          trackingNumber: "",
        },
      }),
    ).toMatchObject({ ok: true, status: "in_production" });
  });
});

describe("reminders and expiry", () => {
  it("reminds once, 3 days before the due date, however many passes run at once", async () => {
    const { orderId } = await placed();
    await smtp.clear();
    expect(await runBankTransferTasks(ctx, new Date("2026-12-06T12:00:00Z"))).toEqual({
      reminded: 0,
      expired: 0,
    });
    const passes = await Promise.all([1, 2, 3].map(() => runBankTransferTasks(ctx, new Date("2026-12-07T08:00:00Z"))));
    expect(passes.reduce((sum, pass) => sum + pass.reminded, 0)).toBe(1);
    expect(await runBankTransferTasks(ctx, new Date("2026-12-09T08:00:00Z"))).toEqual({
      reminded: 0,
      expired: 0,
    });
    const reminders = (await smtp.delivered()).filter((m) => m.subject.startsWith("Reminder:"));
    expect(reminders).toHaveLength(1);
    const order = await orderRow(orderId);
    expect(reminders[0]?.subject).toBe(`Reminder: order ${order.number} is due by Thu, Dec 10, 2026`);
    expect(reminders[0]?.text).toContain(`quoting ${order.number} as the payment reference.`);
    expect((await transferRow(orderId)).remindedAt).toEqual(new Date("2026-12-07T08:00:00Z"));
  });

  it("expires an unpaid order the day after its due date, gives the first-order discount back, and leaves paid ones alone", async () => {
    const unpaid = await placed();
    const paid = await placed();
    const staff = await staffMember();
    await markTransferReceived(ctx, {
      staff,
      orderId: paid.orderId,
      version: (await orderRow(paid.orderId)).version,
      receivedPence: (await orderRow(paid.orderId)).totalPence,
    });
    expect(
      await handle.db.select().from(firstOrderClaims).where(eq(firstOrderClaims.orderId, unpaid.orderId)),
    ).toHaveLength(1);
    await smtp.clear();

    // On the due date it is not expired yet (its late reminder goes now).
    expect(await runBankTransferTasks(ctx, new Date("2026-12-10T23:00:00Z"))).toEqual({
      reminded: 1,
      expired: 0,
    });
    expect(await runBankTransferTasks(ctx, new Date("2026-12-11T00:30:00Z"))).toEqual({
      reminded: 0,
      expired: 1,
    });
    expect(await runBankTransferTasks(ctx, new Date("2026-12-12T00:30:00Z"))).toEqual({
      reminded: 0,
      expired: 0,
    });

    const order = await orderRow(unpaid.orderId);
    expect(order.status).toBe("expired");
    expect((await historyOf(unpaid.orderId)).at(-1)).toMatchObject({
      toStatus: "expired",
      actor: "system",
      note: "Bank transfer not received by Thu, Dec 10, 2026: the order has expired.",
    });
    expect(await handle.db.select().from(firstOrderClaims).where(eq(firstOrderClaims.orderId, unpaid.orderId))).toEqual(
      [],
    );
    expect((await smtp.delivered()).map((m) => m.subject)).toEqual([
      `Reminder: order ${order.number} is due by Thu, Dec 10, 2026`,
      `Order ${order.number} has expired`,
    ]);
    expect((await orderRow(paid.orderId)).status).toBe("paid");

    // The money arrives late, on Sat 12 Dec, and staff record it on Mon 14 Dec: the order is revived
    // as paid, and its VAT invoice is supplied on the day the money arrived (docs/decisions/022).
    const late = (arrivedOn: string) =>
      markTransferReceived(ctx, {
        staff,
        orderId: unpaid.orderId,
        version: order.version,
        receivedPence: order.totalPence,
        arrivedOn,
        now: new Date("2026-12-14T10:00:00Z"),
      });
    expect(await late("2026-12-15")).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { arrived_on: "The money cannot have arrived after today." },
    });
    expect(await late("2026-11-25")).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { arrived_on: expect.stringContaining("before the order was placed") },
    });
    expect(await late("2026-12-12")).toMatchObject({ ok: true, status: "paid" });
    expect((await historyOf(unpaid.orderId)).at(-1)).toMatchObject({
      fromStatus: "expired",
      toStatus: "paid",
      note: "Bank transfer received, arrived Sat, Dec 12, 2026; the order had expired and is revived",
    });
    const invoice = await loadOrderDocument(handle.db, { orderId: unpaid.orderId, kind: "invoice", reader: "staff" });
    expect(invoice?.suppliedOn).toBe("2026-12-12");
    expect(invoice?.facts).toContainEqual({ label: "Payment", value: "Paid by bank transfer on Sat, Dec 12, 2026" });
    const text = (await pdfText(await renderDocumentPdf(invoice!, TEST_SHOP.business))).replace(/\s+/g, " ");
    expect(text).toContain("Time of supply Sat, Dec 12, 2026");
    // Recorded once: it is no longer awaited.
    expect(await late("2026-12-12")).toMatchObject({ ok: false, status: 409 });
  });
});

// ---------------------------------------------------------------------------------------------
// Decision 036: who is written to, how many transfers may be open, how much arrived.

/** An organisation with `owner` and `others` as current members, as better-auth keeps them. */
async function organisationOf(owner: string, others: string[] = []) {
  const id = `org-${randomUUID()}`;
  await handle.db.insert(authOrganization).values({ id, name: "Acme", slug: id, createdAt: new Date() });
  await handle.db.insert(authMember).values(
    [owner, ...others].map((userId, i) => ({
      id: `${id}-m${i}`,
      organizationId: id,
      userId,
      role: i === 0 ? "owner" : "member",
      createdAt: new Date(),
    })),
  );
  return id;
}

/** A checkout of `userId` for `accountId` whose Details step gives `contact` as the work e-mail. */
async function draftFor(userId: string, accountId: string, contact: string) {
  const base = completeDraftData();
  const data = draftDataSchema.parse({ ...base, details: { ...base.details!, email: contact } });
  const [row] = await handle.db
    .insert(orderDrafts)
    .values({ accountId, userId, productId: "8", status: "shipping_done", data })
    .returning({ id: orderDrafts.id });
  if (!row) throw new Error("no draft row");
  return row.id;
}

/** A new signed-in user, with a confirmed address unless told otherwise; their sign-up mail is forgotten. */
async function person(name: string, confirmed = true) {
  const email = `${name}-${Math.random().toString(36).slice(2)}@acme.co`;
  const user = await createSignedInUser(handle, email);
  if (confirmed) await confirmEmail(user.userId);
  return { ...user, email };
}

async function placeFor(userId: string, accountId: string, contact: string, now = PLACED) {
  const draftId = await draftFor(userId, accountId, contact);
  return placeBankTransferOrder(ctx, { session: session(userId), draftId, productId: "8", now });
}

/** Who the delivered mails of one order went to, by kind: the subject's first words. */
async function recipientsOf(orderNumber: string) {
  return (await smtp.delivered())
    .filter((m) => m.subject.includes(orderNumber) && !m.to.includes(TEST_SHOP.business.salesEmail))
    .map((m) => [m.subject.split(":")[0]?.replace(orderNumber, "#"), m.to.join(",")]);
}

describe("who the transfer e-mails go to (decision 036)", () => {
  it("never writes to an address only typed at checkout: a stranger's address gets nothing, the buyer's confirmed one gets placed, reminder and expired", async () => {
    const buyer = await person("buyer");
    // Someone else's account, even one with a confirmed address, is not the buyer's colleague.
    const stranger = await person("stranger");
    await smtp.clear();
    const result = await placeFor(buyer.userId, buyer.userId, stranger.email);
    if (!result.ok) throw new Error(result.message);
    // The worker sends the placed e-mail, queued with the order, long before the first reminder.
    await runDueJobs(ctx);
    await runBankTransferTasks(ctx, new Date("2026-12-07T08:00:00Z"));
    await runBankTransferTasks(ctx, new Date("2026-12-11T08:00:00Z"));
    expect(await recipientsOf(result.orderNumber)).toEqual([
      ["Order #", buyer.email],
      ["Reminder", buyer.email],
      ["Order # has expired", buyer.email],
    ]);
    expect((await smtp.delivered()).filter((m) => m.to.includes(stranger.email))).toEqual([]);
    expect((await smtp.delivered()).filter((m) => m.to.includes(BUYER_EMAIL))).toEqual([]);
  });

  it("writes to a confirmed colleague's address while they are a member, and to the buyer's own once they have left", async () => {
    const buyer = await person("buyer");
    const colleague = await person("colleague");
    const unconfirmed = await person("unconfirmed", false);
    const org = await organisationOf(buyer.userId, [colleague.userId, unconfirmed.userId]);
    await smtp.clear();

    const toColleague = await placeFor(buyer.userId, org, colleague.email.toUpperCase());
    const toUnconfirmed = await placeFor(buyer.userId, org, unconfirmed.email);
    if (!toColleague.ok || !toUnconfirmed.ok) throw new Error("not placed");
    expect(await recipientsOf(toColleague.orderNumber)).toEqual([["Order #", colleague.email]]);
    // A member whose address is not confirmed: the buyer's own confirmed address instead.
    expect(await recipientsOf(toUnconfirmed.orderNumber)).toEqual([["Order #", buyer.email]]);
    expect((await smtp.delivered()).filter((m) => m.to.includes(unconfirmed.email))).toEqual([]);

    // The colleague leaves the organisation: the reminder goes to the buyer.
    await handle.db.delete(authMember).where(eq(authMember.userId, colleague.userId));
    await smtp.clear();
    await runBankTransferTasks(ctx, new Date("2026-12-07T08:00:00Z"));
    expect(await recipientsOf(toColleague.orderNumber)).toEqual([["Reminder", buyer.email]]);
  });

  it("sends nothing to an account with no confirmed address, and its order page still has the pro-forma with the bank details", async () => {
    const buyer = await person("unconfirmed", false);
    await smtp.clear();
    const result = await placeFor(buyer.userId, buyer.userId, buyer.email);
    if (!result.ok) throw new Error(result.message);
    await runBankTransferTasks(ctx, new Date("2026-12-07T08:00:00Z"));
    expect(await recipientsOf(result.orderNumber)).toEqual([]);
    // Staff are still told of the order; the buyer's page carries how to pay.
    expect((await smtp.delivered()).map((m) => m.to.join(","))).toEqual([TEST_SHOP.business.salesEmail]);
    const view = await getOrder(handle.db, { userId: buyer.userId, accountId: buyer.userId, orderId: result.orderId });
    expect(view?.payment).toMatchObject({ method: "bank_transfer" });
    const proforma = await loadProforma(handle.db, {
      orderId: result.orderId,
      reader: { userId: buyer.userId, accountId: buyer.userId },
    });
    const text = (await pdfText(await renderDocumentPdf(proforma!, TEST_SHOP.business))).replace(/\s+/g, " ");
    expect(text).toContain(`Sort code: ${TEST_SHOP.business.bank.sortCode}`);
  });

  it("treats a phone-only account's placeholder address as no address", async () => {
    const buyer = await person("phone");
    const placeholder = `phone-447700900${Math.floor(Math.random() * 900 + 100)}@phone.swagstudio.invalid`;
    await handle.db
      .update(authUser)
      .set({ email: placeholder, emailVerified: true })
      .where(eq(authUser.id, buyer.userId));
    expect(
      await buyerMailRecipient(handle.db, { userId: buyer.userId, accountId: buyer.userId, contact: placeholder }),
    ).toBeNull();
    expect(
      await buyerMailRecipient(handle.db, { userId: buyer.userId, accountId: buyer.userId, contact: BUYER_EMAIL }),
    ).toBeNull();
  });
});

describe("open transfers are limited: 3 per buyer, 10 per organisation (decision 036)", () => {
  it("refuses a 4th open transfer of one buyer with a reason the payment step shows, and allows one again once one is paid", async () => {
    const buyer = await person("buyer");
    const placedOrders = [];
    for (let i = 0; i < 3; i += 1) {
      const result = await placeFor(buyer.userId, buyer.userId, buyer.email);
      if (!result.ok) throw new Error(result.message);
      placedOrders.push(result);
    }
    const draftId = await draftFor(buyer.userId, buyer.userId, buyer.email);
    const refused = await answerOf(paymentAction, {
      request: siteRequest(`/payment?draft_id=${draftId}&product_id=8`, {
        cookie: buyer.cookie,
        form: { intent: "bank_transfer", draft_id: draftId, product_id: "8" },
      }),
      ctx,
    });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "TOO_MANY_OPEN_TRANSFERS",
          message:
            "You already have 3 orders awaiting a bank transfer. Please pay one of them first, or pay for this order by card. Your checkout is saved.",
        },
      },
    });
    // Nothing the buyer typed is lost: the checkout is still open, unpaid.
    const [draft] = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.id, draftId));
    expect(draft).toMatchObject({ status: "shipping_done", paidAt: null });
    expect(await handle.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toHaveLength(3);

    // Staff mark one received: the buyer may place another by transfer.
    const first = await orderRow(placedOrders[0]!.orderId);
    const staff = await staffMember();
    await markTransferReceived(ctx, {
      staff,
      orderId: first.id,
      version: first.version,
      receivedPence: first.totalPence,
    });
    const again = await placeBankTransferOrder(ctx, { session: session(buyer.userId), draftId, productId: "8" });
    expect(again.ok).toBe(true);
  });

  it("lets only one of several checkouts placed at once take the last place", async () => {
    const buyer = await person("buyer");
    for (let i = 0; i < 2; i += 1) expect((await placeFor(buyer.userId, buyer.userId, buyer.email)).ok).toBe(true);
    const drafts = await Promise.all([1, 2, 3].map(() => draftFor(buyer.userId, buyer.userId, buyer.email)));
    const results = await Promise.all(
      drafts.map((draftId) => placeBankTransferOrder(ctx, { session: session(buyer.userId), draftId, productId: "8" })),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.code === "TOO_MANY_OPEN_TRANSFERS")).toHaveLength(2);
    expect(await handle.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toHaveLength(3);
  });

  it("refuses an 11th open transfer of one organisation, whoever places it; an expired order no longer counts", async () => {
    const members = await Promise.all([1, 2, 3, 4].map((n) => person(`member${n}`)));
    const org = await organisationOf(
      members[0]!.userId,
      members.slice(1).map((m) => m.userId),
    );
    for (const [i, member] of members.entries()) {
      for (let n = 0; n < (i < 3 ? 3 : 1); n += 1) {
        const result = await placeFor(member.userId, org, member.email);
        if (!result.ok) throw new Error(result.message);
      }
    }
    const refused = await placeFor(members[3]!.userId, org, members[3]!.email);
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      code: "TOO_MANY_OPEN_TRANSFERS",
      message:
        "Your organisation already has 10 orders awaiting a bank transfer. Please pay one of them first, or pay for this order by card. Your checkout is saved.",
    });
    // The same buyer may still place one for their personal account.
    expect((await placeFor(members[3]!.userId, members[3]!.userId, members[3]!.email)).ok).toBe(true);
    // Once the organisation's orders expire unpaid, they no longer count.
    await runBankTransferTasks(ctx, new Date("2026-12-11T08:00:00Z"));
    expect((await placeFor(members[3]!.userId, org, members[3]!.email, new Date("2026-12-11T09:00:00Z"))).ok).toBe(
      true,
    );
  });
});

describe("staff record the amount received (decision 036)", () => {
  async function awaiting() {
    const { orderId } = await placed();
    return { orderId, order: await orderRow(orderId), staff: await staffMember() };
  }

  it("records the exact amount, with nothing flagged", async () => {
    const { orderId, order, staff } = await awaiting();
    const received = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version,
      receivedPence: order.totalPence,
    });
    expect(received).toMatchObject({ ok: true, status: "paid" });
    expect(await transferRow(orderId)).toMatchObject({ receivedPence: 31860 });
    expect((await getOrderForStaff(handle.db, orderId))?.transfer).toMatchObject({
      duePence: 31860,
      receivedPence: 31860,
    });
    expect((await historyOf(orderId)).at(-1)?.note).toBe("Bank transfer received");
  });

  it("keeps less than is due as a part payment: the order waits, the buyer is told the rest, and the rest pays it", async () => {
    const { orderId, order, staff } = await awaiting();
    await smtp.clear();
    // £100.00 of £318.60: £218.60 still due.
    const first = await markTransferReceived(ctx, { staff, orderId, version: order.version, receivedPence: 10000 });
    expect(first).toMatchObject({
      ok: true,
      status: "awaiting_transfer",
      version: order.version + 1,
      message: expect.stringContaining(
        `£100.00 recorded for order ${order.number} as a part payment: £218.60 is still due by Thu, Dec 10, 2026`,
      ),
    });
    expect(await orderRow(orderId)).toMatchObject({ status: "awaiting_transfer", paidAt: null });
    expect(await transferRow(orderId)).toMatchObject({ partPaidPence: 10000, receivedAt: null, receivedPence: null });
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      fromStatus: "awaiting_transfer",
      toStatus: "awaiting_transfer",
      actorUserId: staff.id,
      note: "Part payment received: £100.00; £100.00 received in all, £218.60 still due",
    });
    const told = (await smtp.delivered()).find((m) => m.subject.includes("still to pay"));
    // The subject is read back from its encoded words, which may split it anywhere.
    expect(told?.subject.replaceAll(" ", "")).toBe(`Order${order.number}:£100.00received,£218.60stilltopay`);
    expect(told?.text).toContain(`Please pay £218.60 by bank transfer by Thu, Dec 10, 2026, quoting ${order.number}`);
    // The buyer's order page asks for the rest.
    expect((await getOrderForStaff(handle.db, orderId))?.transfer).toMatchObject({ partPaidPence: 10000 });

    // A page opened before the part payment is stale.
    expect(
      await markTransferReceived(ctx, { staff, orderId, version: order.version, receivedPence: 21860 }),
    ).toMatchObject({ ok: false, status: 409 });
    // £200.00 more: £300.00 in all, £18.60 still due.
    const second = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version + 1,
      receivedPence: 20000,
    });
    expect(second).toMatchObject({ ok: true, status: "awaiting_transfer" });
    expect((await historyOf(orderId)).at(-1)?.note).toBe(
      "Part payment received: £200.00; £300.00 received in all, £18.60 still due",
    );
    // Then £18.60, the rest: £318.60 exactly, paid, with the invoice.
    const rest = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version + 2,
      receivedPence: 1860,
    });
    expect(rest).toMatchObject({ ok: true, status: "paid" });
    expect(await transferRow(orderId)).toMatchObject({ partPaidPence: 30000, receivedPence: 31860 });
    expect((await historyOf(orderId)).at(-1)).toMatchObject({ toStatus: "paid", note: "Bank transfer received" });
  });

  it("pays a part-paid order short when staff accept the shortfall, even with nothing new arriving", async () => {
    const { orderId, order, staff } = await awaiting();
    await markTransferReceived(ctx, { staff, orderId, version: order.version, receivedPence: 30000 });
    // An empty amount is only for accepting a shortfall of what is already in.
    expect(
      await markTransferReceived(ctx, { staff, orderId, version: order.version + 1, receivedPence: 0 }),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { amount: expect.stringContaining("Enter the amount") } });
    const accepted = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version + 1,
      receivedPence: 0,
      acceptShortfall: true,
    });
    expect(accepted).toMatchObject({ ok: true, status: "paid" });
    if (accepted.ok)
      expect(accepted.message).toContain(
        "Bank transfer received: £300.00 of £318.60 due, short by £18.60 (shortfall accepted).",
      );
    expect(await transferRow(orderId)).toMatchObject({ receivedPence: 30000 });
    expect((await getOrderForStaff(handle.db, orderId))?.transfer).toMatchObject({
      duePence: 31860,
      receivedPence: 30000,
    });
  });

  it("lists a part-paid order past its due date, and once cancelled, the part payments to send back until they are recorded", async () => {
    const { orderId, order, staff } = await awaiting();
    await markTransferReceived(ctx, { staff, orderId, version: order.version, receivedPence: 10000 });
    const attention = (at: string) => needsAttention(handle.db, new Date(at)).then((found) => found.partPaid);
    // Due Thu 10 Dec: not listed on the day, listed the day after.
    expect(await attention("2026-12-10T12:00:00Z")).toEqual([]);
    expect(await attention("2026-12-11T12:00:00Z")).toEqual([
      {
        orderId,
        orderNumber: order.number,
        partPaidPence: 10000,
        duePence: 31860,
        dueOn: "2026-12-10",
        why: "overdue",
      },
    ]);
    const now = new Date("2026-12-14T10:00:00Z");
    const sendBack = (fields: Record<string, string>) =>
      recordTransferReturned(ctx, { staff, orderId, fields: { version: "0", ...fields }, now });
    // Not while the order still waits for the rest.
    const current = async () => String((await orderRow(orderId)).version);
    expect(await sendBack({ version: await current(), returned_on: "2026-12-14", reference: "RTN-1" })).toMatchObject({
      ok: false,
      status: 409,
      code: "ORDER_STILL_AWAITED",
    });
    const cancelled = await cancelOrder(ctx, {
      staff,
      orderId,
      fields: { intent: "cancel", version: Number(await current()), reason: "No longer needed", refund: false },
      now,
    });
    expect(cancelled).toMatchObject({
      ok: true,
      message: expect.stringContaining(
        "It holds £100.00 of part payments: send them back from the bank, then record it on the bank transfer card.",
      ),
    });
    expect(await attention("2026-12-14T12:00:00Z")).toMatchObject([{ orderId, why: "send_back" }]);
    expect(await sendBack({ version: await current(), returned_on: "2026-12-15", reference: "RTN-1" })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { returned_on: "The money cannot have gone back after today." },
    });
    expect(await sendBack({ version: await current(), returned_on: "2026-12-14", reference: " " })).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { reference: expect.stringContaining("bank's reference") },
    });
    expect(await sendBack({ version: await current(), returned_on: "2026-12-14", reference: "RTN-1" })).toMatchObject({
      ok: true,
      status: "cancelled",
      message: `£100.00 sent back for order ${order.number} is recorded.`,
    });
    expect(await transferRow(orderId)).toMatchObject({
      returnedPence: 10000,
      returnedOn: "2026-12-14",
      returnedReference: "RTN-1",
      returnedBy: staff.id,
    });
    expect((await historyOf(orderId)).at(-1)?.note).toBe(
      "Part payments of £100.00 sent back to the buyer on Mon, Dec 14, 2026 (bank reference RTN-1)",
    );
    expect(await attention("2026-12-14T12:00:00Z")).toEqual([]);
    // Once only.
    expect(await sendBack({ version: await current(), returned_on: "2026-12-14", reference: "RTN-2" })).toMatchObject({
      ok: false,
      status: 409,
      code: "NOTHING_TO_RETURN",
    });
  });

  it("refuses a part payment on an expired order: only a payment that settles it revives it", async () => {
    const { orderId, staff } = await awaiting();
    await runBankTransferTasks(ctx, new Date("2026-12-11T08:00:00Z"));
    const expired = await orderRow(orderId);
    expect(expired.status).toBe("expired");
    expect(
      await markTransferReceived(ctx, {
        staff,
        orderId,
        version: expired.version,
        receivedPence: 10000,
        now: new Date("2026-12-14T10:00:00Z"),
      }),
    ).toMatchObject({ ok: false, status: 409, code: "TRANSFER_EXPIRED" });
  });

  it("takes less than is due as paid in one step when staff accept the shortfall, flagged with both figures", async () => {
    const { orderId, order, staff } = await awaiting();
    const accepted = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version,
      receivedPence: 30000,
      acceptShortfall: true,
    });
    expect(accepted).toMatchObject({ ok: true, status: "paid" });
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      toStatus: "paid",
      actorUserId: staff.id,
      note: "Bank transfer received: £300.00 of £318.60 due, short by £18.60 (shortfall accepted)",
    });
  });

  it("never expires a part-paid order: it is reminded of the rest, and left to staff past its due date", async () => {
    const { orderId, order, staff } = await awaiting();
    await markTransferReceived(ctx, { staff, orderId, version: order.version, receivedPence: 10000 });
    await smtp.clear();
    expect(await runBankTransferTasks(ctx, new Date("2026-12-07T08:00:00Z"))).toEqual({ reminded: 1, expired: 0 });
    const [reminder] = await smtp.delivered();
    expect(reminder?.text).toContain(
      `We have received £100.00 for order ${order.number}, thank you; the rest is still due.`,
    );
    expect(reminder?.text).toContain("Please pay £218.60 by bank transfer");
    expect(await runBankTransferTasks(ctx, new Date("2026-12-20T08:00:00Z"))).toEqual({ reminded: 0, expired: 0 });
    expect((await orderRow(orderId)).status).toBe("awaiting_transfer");
  });

  it("records an overpayment as paid, flagged with both figures", async () => {
    const { orderId, order, staff } = await awaiting();
    const over = await markTransferReceived(ctx, {
      staff,
      orderId,
      version: order.version,
      receivedPence: 32000,
    });
    expect(over).toMatchObject({ ok: true, status: "paid" });
    expect((await historyOf(orderId)).at(-1)?.note).toBe(
      "Bank transfer received: £320.00 of £318.60 due, over by £1.40",
    );
  });

  it("reads the amount staff type as pounds and pence, and refuses anything else", () => {
    const parse = (amount: string) =>
      transferReceivedSchema.safeParse({ intent: "transfer", version: "3", amount }).data?.amount ?? null;
    expect(parse("318.60")).toBe(31860);
    expect(parse("£1,318.6")).toBe(131860);
    expect(parse(" 300 ")).toBe(30000);
    // Empty only to accept the shortfall of part payments already in: the server says when it may be.
    expect(parse(" ")).toBe(0);
    for (const bad of ["0", "0.00", "-5", "3.186", "abc", "1e3", "12345678901234567890123"])
      expect(parse(bad)).toBeNull();
  });
});
