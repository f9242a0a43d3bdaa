/**
 * Decision 026: staff alerts at the sales address (a proof answer here; paid orders and
 * bank transfers in payments and bank-transfers tests), and On-time Guarantee claims: eligibility
 * on the server, one claim per order, only the buyer or their organisation, staff's decision with
 * a reason, and the credit note an accepted claim issues. Mail is read from a loopback SMTP server.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { guaranteeClaims, orderProofs, orders, orderStatusHistory } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { pdfText } from "../../../tests/setup/pdf-text";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { TEST_MAIL_FROM, TEST_SHOP } from "../../../tests/setup/test-shop";
import { claimDecisionSchema } from "~/domain/fulfilment/guarantee-forms";
import type { StaffMember } from "../accounts/admin-access.server";
import { respondToProof } from "./proof-responses.server";
import { claimGuarantee, decideClaim, guaranteeOfOrder, openClaims } from "./guarantee-claims.server";
import { loadGuaranteeCreditNote } from "../documents/guarantee-documents.server";
import { renderDocumentPdf } from "../documents/documents.server";
import { issueInvoice } from "../documents/invoices.server";
import { createSmtpMailer } from "../providers/mailer.server";
import type { AppContext } from "../providers/app-context.server";
import { waitingForStaff } from "../admin/staff-waiting.server";
import { runDueJobs } from "../edge/job-worker.server";

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The test shop, with a mail server on loopback. */
let ctx: AppContext;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(() => smtp.close());
beforeEach(async () => {
  await smtp.clear();
});

const BUYER = "buyer-claims-1";
const EMAIL = "pat@claims.example";
const staff: StaffMember = { id: "staff-claims-1", name: "Olive Ops", email: "ops@swag.example" };
const sales = async () => (await smtp.delivered()).filter((mail) => mail.to.includes(TEST_SHOP.business.salesEmail));
const buyerMail = async () => (await smtp.delivered()).filter((mail) => mail.to.includes(EMAIL));

/** An order of 100 caps at £5.50, promised for Mon, Nov 16, 2026 and delivered at `deliveredAt`. */
async function deliveredOrder(deliveredAt: string, promised: string | null = "2026-11-16") {
  const order = await insertPaidOrder(handle.db, {
    userId: BUYER,
    email: EMAIL,
    company: "Claims Ltd",
    status: "delivered",
  });
  await handle.db.update(orders).set({ promisedDeliveryDate: promised }).where(eq(orders.id, order.id));
  await handle.db.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: "shipped",
    toStatus: "delivered",
    actor: "staff",
    createdAt: new Date(deliveredAt),
  });
  await issueInvoice(handle.db, { orderId: order.id, now: new Date("2026-11-02T10:00:00Z") });
  return order;
}

const claim = (orderId: string, now: string, who = { userId: BUYER, accountId: BUYER }, note = "") =>
  claimGuarantee(ctx, { ...who, orderId, note, now: new Date(now) });

describe("the On-time Guarantee claim", () => {
  it("is offered 5 days late and taken once; staff are alerted at the sales address", async () => {
    const order = await deliveredOrder("2026-11-21T12:00:00Z");
    const offer = await guaranteeOfOrder(ctx, {
      order: { id: order.id, status: "delivered", promised: "2026-11-16" },
      now: new Date("2026-11-22T09:00:00Z"),
    });
    expect(offer).toMatchObject({
      claim: null,
      eligibility: { eligible: true, daysLate: 5, claimBy: "2026-11-28" },
      remedy: TEST_SHOP.business.lateDeliveryRemedy,
    });

    expect(await claim(order.id, "2026-11-22T09:00:00Z", undefined, "  Our event was on the 18th.  ")).toEqual({
      ok: true,
      message: "Thank you: your On-time Guarantee claim is with our team. We'll e-mail you their answer.",
    });
    const [row] = await handle.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, order.id));
    expect(row).toMatchObject({ status: "open", daysLate: 5, note: "Our event was on the 18th.", claimedBy: BUYER });
    await expect.poll(async () => (await sales()).length).toBe(1);
    expect((await sales())[0]?.subject).toBe(`On-time Guarantee claim on order ${order.number}`);
    expect((await sales())[0]?.text).toContain("it was delivered 5 days after the promised date.");
    expect((await sales())[0]?.text).toContain("Their note: Our event was on the 18th.");
    expect((await sales())[0]?.text).toContain(`/admin/orders/${order.id}`);

    // Once: a second claim (another tab) is refused, and nothing else is sent.
    expect(await claim(order.id, "2026-11-22T09:05:00Z")).toMatchObject({
      ok: false,
      status: 409,
      code: "CLAIM_ALREADY_CLAIMED",
    });
    expect(await handle.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, order.id))).toHaveLength(1);
    expect(await sales()).toHaveLength(1);
    const open = await openClaims(handle.db);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ orderId: order.id, orderNumber: order.number, daysLate: 5 });
    expect((await waitingForStaff(handle.db)).openClaims).toBe(1);
  });

  it("refuses 4 days late, the 8th day after delivery, no promised date, and an order not delivered", async () => {
    const fourLate = await deliveredOrder("2026-11-20T12:00:00Z");
    expect(await claim(fourLate.id, "2026-11-21T09:00:00Z")).toMatchObject({
      status: 409,
      code: "CLAIM_NOT_LATE_ENOUGH",
    });
    const late = await deliveredOrder("2026-11-21T12:00:00Z");
    expect(await claim(late.id, "2026-11-29T09:00:00Z")).toMatchObject({
      status: 409,
      code: "CLAIM_WINDOW_CLOSED",
      message: "The On-time Guarantee can be claimed within 7 days of delivery.",
    });
    // The 7th day after delivery, late in the evening in London, is still in time.
    expect(await claim(late.id, "2026-11-28T23:30:00Z")).toMatchObject({ ok: true });
    const noPromise = await deliveredOrder("2026-11-21T12:00:00Z", null);
    expect(await claim(noPromise.id, "2026-11-22T09:00:00Z")).toMatchObject({ code: "CLAIM_NO_PROMISE" });
    const shipped = await insertPaidOrder(handle.db, {
      userId: BUYER,
      email: EMAIL,
      company: "Claims Ltd",
      status: "shipped",
    });
    expect(await claim(shipped.id, "2026-11-22T09:00:00Z")).toMatchObject({ code: "CLAIM_NOT_DELIVERED" });
    expect((await sales()).map((mail) => mail.subject)).toEqual([`On-time Guarantee claim on order ${late.number}`]);
  });

  it("is the buyer's or their organisation's: anyone else's claim is the 404 of an unknown order", async () => {
    const order = await deliveredOrder("2026-11-21T12:00:00Z");
    const stranger = await claim(order.id, "2026-11-22T09:00:00Z", { userId: "someone-else", accountId: "other-org" });
    expect(stranger).toMatchObject({ ok: false, status: 404, code: "ORDER_NOT_FOUND" });
    expect(await claim("not-a-uuid", "2026-11-22T09:00:00Z")).toMatchObject({ status: 404 });
    // A colleague in the buyer's organisation (the order's account) may claim.
    expect(
      await claim(order.id, "2026-11-22T09:00:00Z", { userId: "colleague-claims-1", accountId: BUYER }),
    ).toMatchObject({ ok: true });
  });

  it("limits a user to 10 claims an hour", async () => {
    const order = await deliveredOrder("2026-11-21T12:00:00Z", null);
    const who = { userId: "flooder-claims-1", accountId: BUYER };
    for (let i = 0; i < 10; i++)
      expect(await claim(order.id, "2026-11-22T09:00:00Z", who)).toMatchObject({ code: "CLAIM_NO_PROMISE" });
    expect(await claim(order.id, "2026-11-22T09:00:00Z", who)).toMatchObject({ status: 429, code: "RATE_LIMITED" });
  });
});

describe("staff decide a claim", () => {
  it("accepting issues a credit note for 10% of the goods with VAT, e-mailed as a PDF; a second decision is refused", async () => {
    const order = await deliveredOrder("2026-11-23T12:00:00Z");
    expect(await claim(order.id, "2026-11-24T09:00:00Z")).toMatchObject({ ok: true });
    await smtp.clear();
    const decision = claimDecisionSchema.parse({ decision: "accept", reason: "Sorry: our courier lost a day." });
    const now = new Date("2026-11-25T10:00:00Z");
    const accepted = await decideClaim(ctx, { staff, orderId: order.id, decision, now });
    expect(accepted).toMatchObject({ ok: true });
    const [row] = await handle.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, order.id));
    // 100 caps × £5.50 = £550.00 of goods; 10% is £55.00 + 20% VAT = £66.00.
    expect(row).toMatchObject({
      status: "accepted",
      decidedBy: staff.id,
      reason: "Sorry: our courier lost a day.",
      remedy: TEST_SHOP.business.lateDeliveryRemedy,
      creditPence: 6600,
    });
    expect(row?.creditNoteNumber).toMatch(/^CN-2026-\d{6}$/);
    await expect.poll(async () => (await buyerMail()).length).toBe(1);
    const mail = (await buyerMail())[0]!;
    expect(mail.subject).toBe(`Your On-time Guarantee claim for order ${order.number} is accepted`);
    expect(mail.text).toContain(`Credit note ${row?.creditNoteNumber} for £66.00 is attached`);
    expect(mail.text).toContain("Our note: Sorry: our courier lost a day.");
    expect(mail.attachments.map((file) => file.filename)).toEqual([`Credit note ${row?.creditNoteNumber}.pdf`]);
    const pdf = (await pdfText(mail.attachments[0]!.content)).replace(/\s+/g, " ");
    expect(pdf).toContain("On-time Guarantee remedy");
    expect(pdf).toContain(`Order ${order.number}`);
    expect(pdf).toContain("£66.00");
    // The order pages download the same document: the buyer's and staff's, nobody else's.
    const downloaded = await loadGuaranteeCreditNote(handle.db, {
      orderId: order.id,
      reader: { userId: BUYER, accountId: BUYER },
    });
    expect(downloaded?.number).toBe(row?.creditNoteNumber);
    expect((await pdfText(await renderDocumentPdf(downloaded!, TEST_SHOP.business))).replace(/\s+/g, " ")).toBe(pdf);
    expect(await loadGuaranteeCreditNote(handle.db, { orderId: order.id, reader: "staff" })).toMatchObject({
      number: row?.creditNoteNumber,
    });
    const stranger = { userId: "buyer-claims-2", accountId: "buyer-claims-2" };
    expect(await loadGuaranteeCreditNote(handle.db, { orderId: order.id, reader: stranger })).toBeNull();

    expect(await decideClaim(ctx, { staff, orderId: order.id, decision, now })).toMatchObject({
      ok: false,
      status: 409,
      code: "CLAIM_DECIDED",
    });
    expect(await buyerMail()).toHaveLength(1);
  });

  it("refusing needs a reason, which the buyer is e-mailed; no credit note", async () => {
    expect(claimDecisionSchema.safeParse({ decision: "refuse", reason: "  " }).error?.issues[0]?.message).toBe(
      "Give the buyer a reason.",
    );
    expect(claimDecisionSchema.safeParse({ decision: "refuse", reason: "x".repeat(1001) }).success).toBe(false);
    const order = await deliveredOrder("2026-11-23T12:00:00Z");
    expect(await claim(order.id, "2026-11-24T09:00:00Z")).toMatchObject({ ok: true });
    await smtp.clear();
    const decision = claimDecisionSchema.parse({
      decision: "refuse",
      reason: "The delivery was refused at your door.",
    });
    expect(await decideClaim(ctx, { staff, orderId: order.id, decision })).toMatchObject({ ok: true });
    const [row] = await handle.db.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, order.id));
    expect(row).toMatchObject({ status: "refused", creditNoteNumber: null, creditPence: null });
    await expect.poll(async () => (await buyerMail()).length).toBe(1);
    expect((await buyerMail())[0]?.text).toContain("The reason: The delivery was refused at your door.");
    expect((await buyerMail())[0]?.attachments).toEqual([]);
    expect(await loadGuaranteeCreditNote(handle.db, { orderId: order.id, reader: "staff" })).toBeNull();
  });

  it("an order with no claim has nothing to decide", async () => {
    const order = await deliveredOrder("2026-11-23T12:00:00Z");
    const decision = claimDecisionSchema.parse({ decision: "accept", reason: "Yes" });
    expect(await decideClaim(ctx, { staff, orderId: order.id, decision })).toMatchObject({
      status: 404,
      code: "CLAIM_NOT_FOUND",
    });
  });
});

describe("the proof-answer alert", () => {
  it("tells the sales address of each answer, with the changes asked, after it is recorded", async () => {
    const order = await insertPaidOrder(handle.db, {
      userId: BUYER,
      email: EMAIL,
      company: "Claims Ltd",
      status: "proof_sent",
    });
    const lineId = (await handle.db.query.orderLines.findFirst({ where: (l, { eq: is }) => is(l.orderId, order.id) }))!
      .id;
    await handle.db.insert(orderProofs).values({
      orderId: order.id,
      orderLineId: lineId,
      version: 1,
      storedName: `proof-${order.id}.png`,
      originalName: "cap.png",
      contentType: "image/png",
      sizeBytes: 10,
      uploadedBy: staff.id,
    });
    expect(
      await respondToProof(ctx, {
        userId: BUYER,
        orderId: order.id,
        decision: "changes",
        comment: "Bigger logo",
      }),
    ).toMatchObject({ ok: true, status: "changes_requested" });
    await expect.poll(async () => (await sales()).length).toBe(1);
    expect((await sales())[0]?.subject).toBe(`Changes requested on order ${order.number}`);
    expect((await sales())[0]?.text).toContain("Changes were requested to Proof version 1 of order");
    expect((await sales())[0]?.text).toContain("Bigger logo");
    expect((await waitingForStaff(handle.db)).changesRequested).toBeGreaterThanOrEqual(1);
  });

  it("says production can start now when the approved order is paid, and waits for the payment when it is not", async () => {
    const approve = async (paid: boolean) => {
      const order = await insertPaidOrder(handle.db, {
        userId: BUYER,
        email: EMAIL,
        company: "Claims Ltd",
        status: "proof_sent",
      });
      // A bank-transfer order goes to proof before its money arrives: no paidAt yet.
      if (!paid) await handle.db.update(orders).set({ paidAt: null }).where(eq(orders.id, order.id));
      const lineId = (await handle.db.query.orderLines.findFirst({
        where: (l, { eq: is }) => is(l.orderId, order.id),
      }))!.id;
      await handle.db.insert(orderProofs).values({
        orderId: order.id,
        orderLineId: lineId,
        version: 1,
        storedName: `proof-paid-${order.id}.png`,
        originalName: "cap.png",
        contentType: "image/png",
        sizeBytes: 10,
        uploadedBy: staff.id,
      });
      expect(await respondToProof(ctx, { userId: BUYER, orderId: order.id, decision: "approve" })).toMatchObject({
        ok: true,
        status: "proof_approved",
      });
      const subject = `Proof approved on order ${order.number}`;
      await expect.poll(async () => (await sales()).some((mail) => mail.subject === subject)).toBe(true);
      return (await sales()).find((mail) => mail.subject === subject)!.text;
    };
    const paid = await approve(true);
    expect(paid).toContain("The order is paid: production can start.");
    expect(paid).not.toContain("Production can start once the order is paid");
    expect(await approve(false)).toContain("Production can start once the order is paid.");
  });

  it("a mail fault is logged and never undoes the answer", async () => {
    const order = await insertPaidOrder(handle.db, {
      userId: BUYER,
      email: EMAIL,
      company: "Claims Ltd",
      status: "proof_sent",
    });
    const lineId = (await handle.db.query.orderLines.findFirst({ where: (l, { eq: is }) => is(l.orderId, order.id) }))!
      .id;
    await handle.db.insert(orderProofs).values({
      orderId: order.id,
      orderLineId: lineId,
      version: 1,
      storedName: `proof-b-${order.id}.png`,
      originalName: "cap.png",
      contentType: "image/png",
      sizeBytes: 10,
      uploadedBy: staff.id,
    });
    const unreachable = { ...ctx, mailer: createSmtpMailer({ url: "smtp://127.0.0.1:1", from: TEST_MAIL_FROM }) };
    expect(await respondToProof(unreachable, { userId: BUYER, orderId: order.id, decision: "approve" })).toMatchObject({
      ok: true,
      status: "proof_approved",
    });
    await runDueJobs(unreachable);
    const [row] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe("proof_approved");
  });
});
