/**
 * Decision 024: the buyer gets an e-mail at each stage (proof ready, proof approved, in
 * production, shipped with the carrier and tracking link, delivered), sent through the one mail
 * path to a real SMTP server on loopback, each after the change it reports is committed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orders } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { statusChangeSchema } from "~/domain/orders/admin-orders";
import { formatDisplayDate } from "~/domain/core/dates";
import type { OrderStatus } from "~/domain/fulfilment/orders";
import type { StaffMember } from "../accounts/admin-access.server";
import { changeOrderStatus } from "./admin-orders.server";
import { cancelOrder } from "./cancel-order.server";
import { uploadProof } from "./admin-proofs.server";
import { respondToProof } from "../aftercare/proof-responses.server";
import type { AppContext } from "../providers/app-context.server";
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

const BUYER = "buyer-stage-1";
const EMAIL = "pat@stages.example";
const staff: StaffMember = { id: "staff-stage-1", name: "Olive Ops", email: "ops@swag.example" };
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82);

async function version(orderId: string) {
  const [order] = await handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  return order!.version;
}

async function move(orderId: string, to: OrderStatus, shipping = { carrier: "", trackingNumber: "" }) {
  const change = statusChangeSchema.parse({
    intent: "status",
    to,
    version: String(await version(orderId)),
    note: "",
    ...shipping,
  });
  return changeOrderStatus(ctx, { staff, orderId, change });
}

async function sendProof(orderId: string) {
  return uploadProof(ctx, {
    staff,
    orderId,
    fields: { intent: "proof", version: await version(orderId), note: "" },
    file: new File([PNG], "cap.png", { type: "image/png" }),
  });
}

/** The subjects of the buyer's mail, in the order it arrived. */
const inbox = async () => (await smtp.delivered()).filter((mail) => mail.to.includes(EMAIL));
const mailAbout = async (subject: string) => {
  const mail = (await inbox()).find((each) => each.subject === subject);
  if (!mail) throw new Error(`no e-mail "${subject}" in ${JSON.stringify((await inbox()).map((m) => m.subject))}`);
  return mail;
};

describe("an e-mail at each stage", () => {
  it("follows an order from proof to delivery, one e-mail per stage, each linking the order", async () => {
    const order = await insertPaidOrder(handle.db, { userId: BUYER, email: EMAIL, company: "Stages Ltd" });
    const number = order.number;
    const page = `http://127.0.0.1:3999/orders/${order.id}`;

    expect(await sendProof(order.id)).toMatchObject({ ok: true, status: "proof_sent" });
    await expect.poll(async () => (await inbox()).length).toBe(1);

    const now = new Date("2026-11-26T10:00:00Z");
    const answer = await respondToProof(ctx, { userId: BUYER, orderId: order.id, decision: "approve", now });
    expect(answer).toMatchObject({ ok: true, status: "proof_approved" });
    expect(answer).not.toHaveProperty("mail");
    const promised = answer.ok ? answer.promisedDeliveryDate : null;
    expect(promised).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const approved = await mailAbout(`Proof approved for order ${number}`);
    expect(approved.text).toContain(`you approved the proof for order ${number}`);
    expect(approved.text).toContain(`Promised delivery: ${formatDisplayDate(promised!)}.`);
    expect(approved.text).toContain(page);

    expect(await move(order.id, "in_production")).toMatchObject({ ok: true });
    const making = await mailAbout(`Order ${number} is in production`);
    expect(making.text).toContain(`Order ${number} is now being made.`);
    expect(making.text).toContain(`Promised delivery: ${formatDisplayDate(promised!)}.`);
    expect(making.text).toContain(page);

    // Quality check is an internal step: no e-mail.
    expect(await move(order.id, "quality_check")).toMatchObject({ ok: true });
    expect(await inbox()).toHaveLength(3);

    expect(
      await move(order.id, "shipped", { carrier: "Royal Mail", trackingNumber: "AB 1234 5678 9GB" }),
    ).toMatchObject({ ok: true });
    const shipped = await mailAbout(`Order ${number} has shipped`);
    expect(shipped.text).toContain("Carrier: Royal Mail");
    expect(shipped.text).toContain("Tracking number: AB 1234 5678 9GB");
    expect(shipped.text).toContain(
      "Track your parcel: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(shipped.text).toContain(`Your order page shows it too: ${page}`);

    expect(await move(order.id, "delivered")).toMatchObject({ ok: true });
    const delivered = await mailAbout(`Order ${number} has been delivered`);
    expect(delivered.text).toContain(`order ${number} has been delivered`);
    expect(delivered.text).toContain("must be raised within 14 days of delivery");
    expect(delivered.text).toContain(page);

    expect((await inbox()).map((mail) => mail.subject)).toEqual([
      `Your proof for order ${number} is ready: Custom Embroidered Cap, version 1`,
      `Proof approved for order ${number}`,
      `Order ${number} is in production`,
      `Order ${number} has shipped`,
      `Order ${number} has been delivered`,
    ]);
  });

  it("names the carrier's website when it has no tracking link, and links the order page instead", async () => {
    const order = await insertPaidOrder(handle.db, {
      userId: BUYER,
      email: EMAIL,
      company: "Stages Ltd",
      status: "quality_check",
    });
    expect(await move(order.id, "shipped", { carrier: "Speedy Vans", trackingNumber: "SV-42" })).toMatchObject({
      ok: true,
    });
    const shipped = await mailAbout(`Order ${order.number} has shipped`);
    expect(shipped.text).toContain("Use the tracking number on Speedy Vans's website to follow the parcel.");
    expect(shipped.text).toContain(`View your order: http://127.0.0.1:3999/orders/${order.id}`);
    expect(shipped.text).not.toContain("Track your parcel");
  });

  it("promises no date in the approval of an order still awaiting its bank transfer", async () => {
    const order = await insertPaidOrder(handle.db, { userId: BUYER, email: EMAIL, company: "Stages Ltd" });
    expect(await sendProof(order.id)).toMatchObject({ ok: true });
    await handle.db.update(orders).set({ paidAt: null }).where(eq(orders.id, order.id));
    const answer = await respondToProof(ctx, { userId: BUYER, orderId: order.id, decision: "approve" });
    expect(answer).toMatchObject({ ok: true, status: "proof_approved", promisedDeliveryDate: null });
    const approved = await mailAbout(`Proof approved for order ${order.number}`);
    expect(approved.text).toContain("Production starts when your bank transfer arrives");
    expect(approved.text).not.toContain("Promised delivery");
  });

  it("sends nothing for changes asked or a refused move, and one e-mail with the reason for a cancellation", async () => {
    const order = await insertPaidOrder(handle.db, { userId: BUYER, email: EMAIL, company: "Stages Ltd" });
    expect(await sendProof(order.id)).toMatchObject({ ok: true });
    await expect.poll(async () => (await inbox()).length).toBe(1);
    expect(
      await respondToProof(ctx, { userId: BUYER, orderId: order.id, decision: "changes", comment: "Bigger" }),
    ).toMatchObject({ ok: true, status: "changes_requested" });
    expect(await move(order.id, "delivered")).toMatchObject({ ok: false, status: 409 });
    const fields = {
      intent: "cancel" as const,
      version: await version(order.id),
      reason: "The event was called off",
      refund: true,
    };
    expect(await cancelOrder(ctx, { staff, orderId: order.id, fields, now: new Date() })).toMatchObject({
      ok: true,
      status: "cancelled",
    });
    await expect.poll(async () => (await inbox()).length).toBe(2);
    expect((await inbox()).map((mail) => mail.subject)).toEqual([
      `Your proof for order ${order.number} is ready: Custom Embroidered Cap, version 1`,
      `Order ${order.number} has been cancelled`,
    ]);
    expect((await mailAbout(`Order ${order.number} has been cancelled`)).text).toContain(
      `We have cancelled order ${order.number}. Reason: The event was called off`,
    );
  });
});
