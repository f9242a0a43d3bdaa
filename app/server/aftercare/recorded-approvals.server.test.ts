/**
 * An approval given by phone or e-mail, recorded by staff (docs/decisions/039-staff-recorded-approval.md):
 * the order moves on through the one approve path (same status, promised date and buyer e-mail as
 * the buyer's own click, sent to a real SMTP server on loopback), and the proof keeps who approved,
 * how, when, the note and which staff member recorded it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderProofs, orders, orderStatusHistory } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { RECORDED_APPROVAL_MESSAGES, recordedApprovalSchema } from "~/domain/orders/admin-orders";
import type { StaffMember } from "../accounts/admin-access.server";
import { getOrderForStaff } from "../admin/admin-order-detail.server";
import { uploadProof } from "../admin/admin-proofs.server";
import { getOrder } from "../orders/buyer-orders.server";
import { respondToProof } from "./proof-responses.server";
import { runDueJobs } from "../edge/job-worker.server";
import { recordProofApproval } from "./recorded-approvals.server";
import type { AppContext } from "../providers/app-context.server";

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

const staff: StaffMember = { id: "staff-recorder-1", name: "Olive Ops", email: "ops@swag.example" };
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82);

/** The Europe/London wall time of an instant, as a datetime-local input sends it. */
function londonWall(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function orderWithProof(userId: string, email: string) {
  const order = await insertPaidOrder(handle.db, { userId, email, company: "Phone Ltd" });
  const [row] = await handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
  const sent = await uploadProof(ctx, {
    staff,
    orderId: order.id,
    fields: { intent: "proof", version: row!.version, note: "" },
    file: new File([PNG], "cap.png", { type: "image/png" }),
  });
  expect(sent).toMatchObject({ ok: true, status: "proof_sent" });
  return order;
}

const fields = (overrides: Record<string, string> = {}) =>
  recordedApprovalSchema.parse({
    intent: "record-approval",
    line: "1",
    proofVersion: "1",
    method: "phone",
    approverName: "Jo Buyer",
    approvedAt: londonWall(new Date()),
    note: "Jo rang at lunch: go ahead, colours as shown.",
    ...overrides,
  });

describe("recording an approval given by phone or e-mail", () => {
  it("moves the order on as the buyer's own approval does and keeps who, how, when and the note", async () => {
    const order = await orderWithProof("buyer-phone-1", "jo@phone.example");
    const approvedAt = londonWall(new Date());
    const result = await recordProofApproval(ctx, {
      staff,
      orderId: order.id,
      fields: fields({ approvedAt }),
    });
    expect(result).toMatchObject({
      ok: true,
      status: "proof_approved",
      message: 'Approval of proof version 1 recorded. The order is now "Proof approved".',
    });
    expect(result.ok && result.promisedDeliveryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The same e-mail as the buyer's own click.
    await expect
      .poll(async () => (await smtp.delivered()).map((mail) => mail.subject))
      .toContain(`Proof approved for order ${order.number}`);

    const [proof] = await handle.db.select().from(orderProofs).where(eq(orderProofs.orderId, order.id));
    expect(proof).toMatchObject({
      decision: "approved",
      decidedVia: "staff_phone",
      decidedByName: "Jo Buyer",
      decidedByUserId: null,
      recordedBy: staff.id,
      recordedByName: "Olive Ops",
      comment: "Jo rang at lunch: go ahead, colours as shown.",
    });
    expect(londonWall(proof!.decidedAt!)).toBe(approvedAt);

    const history = await handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.at(-1)).toMatchObject({
      fromStatus: "proof_sent",
      toStatus: "proof_approved",
      actor: "staff",
      actorUserId: staff.id,
      note: "Proof version 1 approved by Jo Buyer by phone, recorded by staff: Jo rang at lunch: go ahead, colours as shown.",
    });

    const forStaff = await getOrderForStaff(handle.db, order.id);
    expect(forStaff?.status).toBe("proof_approved");
    expect(forStaff?.lines[0]?.proofs[0]).toMatchObject({
      answeredBy: "Jo Buyer",
      answeredHow: "Recorded by staff Olive Ops from a phone call",
    });
    // The buyer sees that staff recorded it, not which staff member.
    const forBuyer = await getOrder(handle.db, {
      userId: "buyer-phone-1",
      accountId: "buyer-phone-1",
      orderId: order.id,
    });
    expect(forBuyer?.lines[0]?.proofs[0]?.answeredBy).toMatchObject({ via: "staff_phone", recordedBy: null });
  });

  it("says 'Buyer online' for the buyer's own click and 'an e-mail' for one recorded from an e-mail", async () => {
    const online = await orderWithProof("buyer-phone-2", "kim@phone.example");
    await respondToProof(ctx, { userId: "buyer-phone-2", orderId: online.id, decision: "approve" });
    expect((await getOrderForStaff(handle.db, online.id))?.lines[0]?.proofs[0]?.answeredHow).toBe("Buyer online");

    const mailed = await orderWithProof("buyer-phone-3", "lee@phone.example");
    const result = await recordProofApproval(ctx, {
      staff,
      orderId: mailed.id,
      fields: fields({ method: "email", approverName: "Lee Buyer", note: "" }),
    });
    expect(result).toMatchObject({ ok: true, status: "proof_approved" });
    expect((await getOrderForStaff(handle.db, mailed.id))?.lines[0]?.proofs[0]).toMatchObject({
      answeredBy: "Lee Buyer",
      answeredHow: "Recorded by staff Olive Ops from an e-mail",
      comment: null,
    });
  });

  it("refuses a time in the future or before the proof was sent, a newer proof, and a proof already answered", async () => {
    const order = await orderWithProof("buyer-phone-4", "sam@phone.example");
    const future = await recordProofApproval(ctx, {
      staff,
      orderId: order.id,
      fields: fields({ approvedAt: londonWall(new Date(Date.now() + 2 * 3_600_000)) }),
    });
    expect(future).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { approvedAt: RECORDED_APPROVAL_MESSAGES.future },
    });
    const early = await recordProofApproval(ctx, {
      staff,
      orderId: order.id,
      fields: fields({ approvedAt: londonWall(new Date(Date.now() - 2 * 3_600_000)) }),
    });
    expect(early).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { approvedAt: RECORDED_APPROVAL_MESSAGES.beforeProof },
    });
    const skipped = await recordProofApproval(ctx, {
      staff,
      orderId: order.id,
      fields: fields({ approvedAt: "2026-03-29T01:30" }),
    });
    expect(skipped).toMatchObject({ ok: false, status: 400 });
    const newer = await recordProofApproval(ctx, {
      staff,
      orderId: order.id,
      fields: fields({ proofVersion: "2" }),
    });
    expect(newer).toMatchObject({ ok: false, status: 409 });
    const [untouched] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(untouched?.status).toBe("proof_sent");

    expect(await recordProofApproval(ctx, { staff, orderId: order.id, fields: fields() })).toMatchObject({
      ok: true,
    });
    const again = await recordProofApproval(ctx, { staff, orderId: order.id, fields: fields() });
    expect(again).toMatchObject({ ok: false, status: 409 });
  });

  it("checks the form: a name, phone or e-mail, a well-formed time", () => {
    const parsed = recordedApprovalSchema.safeParse({
      intent: "record-approval",
      line: "1",
      proofVersion: "1",
      method: "fax",
      approverName: " ",
      approvedAt: "yesterday",
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["method", "approverName", "approvedAt"]));
  });
});
