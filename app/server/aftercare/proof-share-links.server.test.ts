/**
 * Decision 025: share links to one proof version (expiring at exactly 7 days, revocable, stale
 * once a newer version is sent, refused when forged, answered once, for their own line only), and
 * who may answer from their own account (the buyer; an organisation's owner, admin or approver;
 * never a plain member).
 */
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { authMember, authOrganization, authUser, orderProofs, orders, proofShareLinks } from "#db/schema";
import { SHARE_LINK_MESSAGES, SHARE_LINK_TTL_MS } from "~/domain/orders/proof-sharing";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { hashToken } from "../platform/token-hash.server";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import type { StaffMember } from "../accounts/admin-access.server";
import { uploadProof } from "../admin/admin-proofs.server";
import { getOrder } from "../orders/buyer-orders.server";
import { respondToProof } from "./proof-responses.server";
import { answerRight } from "./proof-answerers.server";
import { proofApproval } from "./proof-approval-view.server";
import {
  answerByShareLink,
  createShareLink,
  liveShareLinks,
  openShareLink,
  openSharedProofFile,
  revokeShareLink,
} from "./proof-share-links.server";
import type { AppContext } from "../providers/app-context.server";
import { runDueJobs } from "../edge/job-worker.server";

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

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

const BUYER = "share-buyer";
const EMAIL = "pat@share.example";
const ORG = "org-share";
const staff: StaffMember = { id: "staff-share", name: "Olive Ops", email: "ops@swag.example" };
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82);
const shorts = { id: "15", title: "Custom Shorts", leadTime: "9 days", deliveryTime: "10 days" };
const guest = { name: "Jane Doe", email: "jane@x.co" };
const buyer = { userId: BUYER, accountId: ORG };

async function user(id: string) {
  await handle.db
    .insert(authUser)
    .values({ id, name: `User ${id}`, email: `${id}@share.example`, emailVerified: true })
    .onConflictDoNothing();
}

/** An organisation with the buyer as owner and one member of each role. */
async function organisation() {
  for (const id of [BUYER, "approver", "admin", "member", "outsider"]) await user(id);
  await handle.db
    .insert(authOrganization)
    .values({ id: ORG, name: "Share Ltd", slug: "share-ltd", createdAt: new Date() });
  const roles = { [BUYER]: "owner", approver: "approver", admin: "admin,member", member: "member" };
  await handle.db.insert(authMember).values(
    Object.entries(roles).map(([userId, role]) => ({
      id: `m-${userId}`,
      organizationId: ORG,
      userId,
      role,
      createdAt: new Date(),
    })),
  );
}

async function orderWithProof(more = false) {
  const order = await insertPaidOrder(handle.db, {
    userId: BUYER,
    email: EMAIL,
    company: "Share Ltd",
    more: more ? [{ product: shorts, quantity: 60, unitPence: 900 }] : undefined,
  });
  await handle.db.update(orders).set({ accountId: ORG }).where(eq(orders.id, order.id));
  await sendProof(order.id, 1);
  if (more) await sendProof(order.id, 2);
  return order;
}

async function sendProof(orderId: string, line: number) {
  const [row] = await handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, orderId));
  const sent = await uploadProof(ctx, {
    staff,
    orderId,
    fields: { intent: "proof", version: row!.version, note: "", line },
    file: new File([PNG], "cap.png", { type: "image/png" }),
  });
  expect(sent).toMatchObject({ ok: true });
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

async function share(orderId: string, input: { line?: number; version?: number; now?: Date } = {}) {
  const created = await createShareLink(ctx, {
    ...buyer,
    orderId,
    line: input.line ?? 1,
    version: input.version ?? 1,
    now: input.now,
  });
  if (!created.ok) throw new Error(created.message);
  return tokenOf(created.url);
}

const proofsOf = (orderId: string) => handle.db.select().from(orderProofs).where(eq(orderProofs.orderId, orderId));
const statusOf = async (orderId: string) =>
  (await handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.status;

beforeEach(async () => {
  await organisation();
});

describe("a share link", () => {
  it("is a random token kept only as its hash, and opens its proof and that file", async () => {
    const order = await orderWithProof();
    const created = await createShareLink(ctx, { ...buyer, orderId: order.id, line: 1, version: 1 });
    expect(created.ok).toBe(true);
    expect(created.ok ? created.url : "").toMatch(/\/proof-approval\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(created.ok ? created.url : "");
    const [row] = await handle.db.select().from(proofShareLinks);
    expect(row!.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const opened = await openShareLink(handle.db, { token });
    expect(opened).toMatchObject({ ok: true, value: { orderNumber: order.number, line: 1, version: 1 } });
    const file = await openSharedProofFile(handle.db, { token, storage: ctx.storage });
    expect(file).toMatchObject({ ok: true, file: { contentType: "image/png", size: PNG.length } });
  });

  it("expires at exactly 7 days: a millisecond before it opens, at 7 days it is refused with 410", async () => {
    const order = await orderWithProof();
    const created = new Date("2026-11-26T10:00:00Z");
    const token = await share(order.id, { now: created });
    const justBefore = new Date(created.getTime() + SHARE_LINK_TTL_MS - 1);
    expect(await openShareLink(handle.db, { token, now: justBefore })).toMatchObject({ ok: true });
    const at = new Date(created.getTime() + SHARE_LINK_TTL_MS);
    expect(await openShareLink(handle.db, { token, now: at })).toMatchObject({
      ok: false,
      status: 410,
      message: SHARE_LINK_MESSAGES.expired,
    });
    const answer = await answerByShareLink(ctx, {
      token,
      now: at,
      answer: { ...guest, decision: "approve", comment: "" },
    });
    expect(answer).toMatchObject({ ok: false, status: 410, code: "LINK_EXPIRED" });
    expect((await proofsOf(order.id))[0]!.decision).toBeNull();
    expect(await liveShareLinks(handle.db, { orderId: order.id, now: justBefore })).toHaveLength(1);
    expect(await liveShareLinks(handle.db, { orderId: order.id, now: at })).toEqual([]);
  });

  it("once revoked refuses to open, to serve its file and to answer, and nothing changes", async () => {
    const order = await orderWithProof();
    const token = await share(order.id);
    const [link] = await liveShareLinks(handle.db, { orderId: order.id });
    expect(await revokeShareLink(handle.db, { ...buyer, orderId: order.id, linkId: link!.id })).toEqual({ ok: true });
    expect(await openShareLink(handle.db, { token })).toMatchObject({
      status: 410,
      message: SHARE_LINK_MESSAGES.revoked,
    });
    expect(await openSharedProofFile(handle.db, { token, storage: ctx.storage })).toMatchObject({ status: 410 });
    const answer = await answerByShareLink(ctx, {
      token,
      answer: { ...guest, decision: "approve", comment: "" },
    });
    expect(answer).toMatchObject({ status: 410, code: "LINK_REVOKED" });
    expect((await proofsOf(order.id))[0]!.decision).toBeNull();
    expect(await statusOf(order.id)).toBe("proof_sent");
    expect(await liveShareLinks(handle.db, { orderId: order.id })).toEqual([]);
  });

  it("goes stale when a newer version is sent, and says so", async () => {
    const order = await orderWithProof();
    const token = await share(order.id);
    const changes = await respondToProof(ctx, {
      userId: BUYER,
      accountId: ORG,
      orderId: order.id,
      decision: "changes",
      comment: "Bigger",
    });
    expect(changes).toMatchObject({ ok: true, status: "changes_requested" });
    await sendProof(order.id, 1);
    expect(await openShareLink(handle.db, { token })).toMatchObject({
      status: 410,
      message: SHARE_LINK_MESSAGES.stale,
    });
    const answer = await answerByShareLink(ctx, {
      token,
      answer: { ...guest, decision: "approve", comment: "" },
    });
    expect(answer).toMatchObject({ status: 410, code: "LINK_STALE" });
    expect((await proofsOf(order.id)).find((proof) => proof.version === 2)!.decision).toBeNull();
  });

  it("refuses a forged or changed token with 404, the same as no token at all", async () => {
    const order = await orderWithProof();
    const token = await share(order.id);
    const changed = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const forged of [randomBytes(32).toString("base64url"), changed, "", "../../etc/passwd", `${token}x`]) {
      expect(await openShareLink(handle.db, { token: forged }), forged).toMatchObject({
        ok: false,
        status: 404,
        message: SHARE_LINK_MESSAGES.notFound,
      });
      const answer = await answerByShareLink(ctx, {
        token: forged,
        answer: { ...guest, decision: "approve", comment: "" },
      });
      expect(answer).toMatchObject({ status: 404 });
      expect(await openSharedProofFile(handle.db, { token: forged, storage: ctx.storage })).toMatchObject({
        status: 404,
      });
    }
    expect((await proofsOf(order.id))[0]!.decision).toBeNull();
  });

  it("is answered once: the guest's approval moves the order on and mails the buyer; a second answer is refused", async () => {
    const order = await orderWithProof();
    const token = await share(order.id);
    const now = new Date("2026-12-01T10:04:00Z");
    const first = await answerByShareLink(ctx, {
      token,
      now,
      answer: { ...guest, decision: "approve", comment: "" },
    });
    expect(first).toEqual({ ok: true, decision: "approve", version: 1 });
    expect(await statusOf(order.id)).toBe("proof_approved");
    const [proof] = await proofsOf(order.id);
    expect(proof).toMatchObject({
      decision: "approved",
      decidedVia: "share_link",
      decidedByUserId: null,
      decidedByName: "Jane Doe",
      decidedByEmail: "jane@x.co",
      decidedAt: now,
    });
    await expect
      .poll(async () => (await smtp.delivered()).filter((mail) => mail.to.includes(EMAIL)).map((mail) => mail.subject))
      .toContain(`Proof approved for order ${order.number}`);

    const second = await answerByShareLink(ctx, {
      token,
      answer: { ...guest, decision: "changes", comment: "No" },
    });
    expect(second).toMatchObject({ ok: false, status: 410 });
    expect((await proofsOf(order.id))[0]!.decision).toBe("approved");

    const detail = await getOrder(handle.db, { ...buyer, orderId: order.id });
    const view = await proofApproval(handle.db, { ...buyer, order: detail! });
    expect(view.order.lines[0]!.proofs[0]!.answeredText).toBe(
      "Approved by Jane Doe (jane@x.co) via a share link, Tue, Dec 1, 2026, 10:04",
    );
  });

  it("answers only its own line: the other line still waits, with its own link", async () => {
    const order = await orderWithProof(true);
    const first = await share(order.id, { line: 1 });
    const second = await share(order.id, { line: 2 });
    expect(await openShareLink(handle.db, { token: second })).toMatchObject({
      ok: true,
      value: { line: 2, version: 1 },
    });
    const approved = await answerByShareLink(ctx, {
      token: first,
      answer: { ...guest, decision: "approve", comment: "" },
    });
    expect(approved).toMatchObject({ ok: true });
    const decisions = async () => {
      const proofs = await proofsOf(order.id);
      const lineIds = [...new Set(proofs.map((proof) => proof.orderLineId))];
      return lineIds.map((id) => proofs.find((proof) => proof.orderLineId === id)!.decision).sort();
    };
    expect(await decisions()).toEqual(["approved", null]);
    expect(await statusOf(order.id)).toBe("proof_sent");
    expect(await openShareLink(handle.db, { token: first })).toMatchObject({ status: 410, code: "LINK_ANSWERED" });
    // Line 2 has no version 2, and there is no line 3.
    expect(await createShareLink(ctx, { ...buyer, orderId: order.id, line: 2, version: 2 })).toMatchObject({
      status: 409,
    });
    expect(await createShareLink(ctx, { ...buyer, orderId: order.id, line: 3, version: 1 })).toMatchObject({
      status: 409,
    });
    const last = await answerByShareLink(ctx, {
      token: second,
      answer: { ...guest, decision: "approve", comment: "" },
    });
    expect(last).toMatchObject({ ok: true });
    expect(await statusOf(order.id)).toBe("proof_approved");
  });

  it("is made only for a proof waiting for an answer, by someone who may answer it, 20 an hour", async () => {
    const order = await orderWithProof();
    const as = (userId: string) => ({ userId, accountId: ORG, orderId: order.id, line: 1, version: 1 });
    expect(await createShareLink(ctx, as("member"))).toMatchObject({ status: 403 });
    expect(await createShareLink(ctx, as("outsider"))).toMatchObject({ status: 404 });
    expect(await createShareLink(ctx, { ...as("approver"), accountId: "approver" })).toMatchObject({
      status: 404,
    });
    expect(await createShareLink(ctx, as("approver"))).toMatchObject({ ok: true });
    expect(await createShareLink(ctx, { ...as(BUYER), version: 2 })).toMatchObject({ status: 409 });
    const [link] = await liveShareLinks(handle.db, { orderId: order.id });
    expect(await revokeShareLink(handle.db, { ...as("member"), linkId: link!.id })).toMatchObject({ status: 403 });
    expect(await revokeShareLink(handle.db, { ...as("outsider"), linkId: link!.id })).toMatchObject({ status: 404 });
    expect(await liveShareLinks(handle.db, { orderId: order.id })).toHaveLength(1);
    for (let i = 0; i < 9; i++) expect(await createShareLink(ctx, as(BUYER))).toMatchObject({ ok: true });
    expect(await createShareLink(ctx, as(BUYER))).toMatchObject({ status: 409, code: "TOO_MANY_LINKS" });
    const others = await insertPaidOrder(handle.db, { userId: BUYER, email: EMAIL, company: "Share Ltd" });
    await sendProof(others.id, 1);
    const more = async () => createShareLink(ctx, { ...buyer, orderId: others.id, line: 1, version: 1 });
    for (let i = 0; i < 9; i++) expect(await more()).toMatchObject({ ok: true });
    expect(await more()).toMatchObject({ status: 429 });
  });
});

describe("answering from one's own account", () => {
  it("admits the buyer, the owner, admins and approvers of the order's organisation; a plain member gets 403, others 404", async () => {
    const order = await orderWithProof();
    const row = { id: order.id, userId: BUYER, accountId: ORG };
    const rightOf = (userId: string, accountId = ORG) =>
      answerRight(handle.db, { order: row, user: { userId, accountId } });
    expect(await answerRight(handle.db, { order: row, user: buyer })).toEqual({ ok: true, via: "order_page" });
    expect(await rightOf("approver")).toEqual({ ok: true, via: "approver_account" });
    expect(await rightOf("admin")).toMatchObject({ ok: true });
    expect(await rightOf("member")).toMatchObject({ status: 403 });
    expect(await rightOf("outsider")).toMatchObject({ status: 404 });
    // Acting for another account, the order is not theirs to see.
    expect(await rightOf("approver", "approver")).toMatchObject({ status: 404 });
  });

  it("lets an approver approve, recorded as theirs, while a plain member's answer changes nothing", async () => {
    const order = await orderWithProof();
    const answer = (userId: string) =>
      respondToProof(ctx, {
        userId,
        orderId: order.id,
        decision: "approve",
        answerer: { kind: "account", userId, accountId: ORG, name: `User ${userId}`, email: `${userId}@share.example` },
      });
    expect(await answer("member")).toMatchObject({ ok: false, status: 403 });
    expect((await proofsOf(order.id))[0]!.decision).toBeNull();
    const member = await getOrder(handle.db, { userId: "member", accountId: ORG, orderId: order.id });
    const seen = await proofApproval(handle.db, { userId: "member", accountId: ORG, order: member! });
    expect(seen.order.lines[0]!.canRespond).toBe(false);
    expect(seen.sharing.mayShare).toBe(false);

    const approver = await getOrder(handle.db, { userId: "approver", accountId: ORG, orderId: order.id });
    const theirs = await proofApproval(handle.db, { userId: "approver", accountId: ORG, order: approver! });
    expect(theirs.order.lines[0]!.canRespond).toBe(true);

    expect(await answer("approver")).toMatchObject({ ok: true, status: "proof_approved" });
    const [proof] = await proofsOf(order.id);
    expect(proof).toMatchObject({
      decidedVia: "approver_account",
      decidedByUserId: "approver",
      decidedByName: "User approver",
      decidedByEmail: "approver@share.example",
    });
    const members = await handle.db
      .select({ role: authMember.role })
      .from(authMember)
      .where(and(eq(authMember.organizationId, ORG), eq(authMember.userId, "approver")));
    expect(members).toEqual([{ role: "approver" }]);
  });

  it("records the buyer's own answer as from the order page", async () => {
    const order = await orderWithProof();
    const answered = await respondToProof(ctx, {
      userId: BUYER,
      orderId: order.id,
      decision: "changes",
      comment: "Move it left",
      answerer: { kind: "account", userId: BUYER, accountId: ORG, name: "Pat Buyer", email: EMAIL },
    });
    expect(answered).toMatchObject({ ok: true, status: "changes_requested" });
    expect((await proofsOf(order.id))[0]).toMatchObject({ decidedVia: "order_page", decidedByName: "Pat Buyer" });
  });
});
