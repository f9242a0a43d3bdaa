import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { orderProofs, orders, orderStatusHistory } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { ORDER_LIST_PAGE_SIZE, parseOrderListQuery, statusChangeSchema } from "~/domain/orders/admin-orders";
import { ORDER_STATUSES, canTransition, type OrderStatus } from "~/domain/fulfilment/orders";
import type { StaffMember } from "../accounts/admin-access.server";
import { getOrderForStaff } from "./admin-order-detail.server";
import { listOrdersForStaff, ordersCsv } from "./admin-order-list.server";
import { changeOrderStatus } from "./admin-orders.server";
import { openOrderProof } from "../aftercare/order-proofs.server";
import { readProofForm, uploadProof } from "./admin-proofs.server";
import { getOrder } from "../orders/buyer-orders.server";
import { respondToProof } from "../aftercare/proof-responses.server";
import type { AppContext } from "../providers/app-context.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";
import { runDueJobs } from "../edge/job-worker.server";

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;
let storage: FileStorage;
/** The test shop, with a mail server on loopback and its uploads in this file's folder. */
let ctx: AppContext;
const uploadsDir = () => join(dataDir, "uploads");
const storedFiles = () => {
  try {
    return readdirSync(uploadsDir());
  } catch {
    return [];
  }
};

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  dataDir = mkdtempSync(join(tmpdir(), "swag-admin-orders-"));
  storage = createLocalStorage(uploadsDir());
  ctx = { ...testContext(handle), mailer: smtp.mailer, storage };
});
afterAll(async () => {
  await smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await smtp.clear();
  rmSync(uploadsDir(), { recursive: true, force: true });
});

const staff: StaffMember = { id: "staff-user-1", name: "Olive Ops", email: "ops@swag.example" };
const BUYER = "buyer-user-1";
const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82);
const PDF = new Uint8Array(MINIMAL_PDF);

const paidOrder = (extra: Partial<Parameters<typeof insertPaidOrder>[1]> = {}) =>
  insertPaidOrder(handle.db, { userId: BUYER, email: "jane@acme.example", company: "Acme Events", ...extra });

const change = (input: {
  to: OrderStatus;
  version: number;
  note?: string;
  carrier?: string;
  trackingNumber?: string;
}) =>
  statusChangeSchema.parse({
    intent: "status",
    note: "",
    carrier: "",
    trackingNumber: "",
    ...input,
    version: String(input.version),
  });

async function current(orderId: string) {
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  const history = await handle.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, orderId))
    .orderBy(asc(orderStatusHistory.id));
  const proofs = await handle.db
    .select()
    .from(orderProofs)
    .where(eq(orderProofs.orderId, orderId))
    .orderBy(asc(orderProofs.version));
  return { order: order!, history, proofs };
}

const proofFile = (bytes: Uint8Array, name: string, type = "application/octet-stream") =>
  new File([new Uint8Array(bytes)], name, { type });

const upload = (
  orderId: string,
  version: number,
  file: FormDataEntryValue | null,
  extra: { note?: string; maxBytes?: number; line?: number } = {},
) =>
  uploadProof(ctx, {
    staff,
    orderId,
    fields: { intent: "proof", version, note: extra.note ?? "", line: extra.line },
    file,
    maxBytes: extra.maxBytes,
  });

describe("status changes follow app/domain/fulfilment/orders.ts and nothing else", () => {
  it("allows exactly the moves canTransition allows staff, and leaves a refused order untouched", async () => {
    const outcomes: string[] = [];
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        // Each has its own form, tested with it (the proof upload, cancelling, the refund).
        if (to === "proof_sent" || to === "cancelled" || to === "refunded") continue;
        const order = await paidOrder({ status: from });
        const before = await current(order.id);
        const result = await changeOrderStatus(ctx, {
          staff,
          orderId: order.id,
          change: change({ to, version: 1, carrier: "DPD", trackingNumber: "155" }),
        });
        const after = await current(order.id);
        if (canTransition(from, to, "staff", "paid")) {
          expect(result, `${from} → ${to}`).toMatchObject({ ok: true, status: to, version: 2 });
          expect(after.order.status).toBe(to);
          expect(after.history.at(-1)).toMatchObject({
            fromStatus: from,
            toStatus: to,
            actor: "staff",
            actorUserId: staff.id,
          });
          outcomes.push(`${from}→${to}`);
        } else {
          expect(result, `${from} → ${to}`).toMatchObject({ ok: false, status: 409, code: "INVALID_TRANSITION" });
          expect(after).toEqual(before);
        }
      }
    }
    // The spec's path and side exits, spelled out so a change to the rules shows up here too.
    expect(outcomes).toEqual([
      "proof_approved→in_production",
      "in_production→quality_check",
      "quality_check→shipped",
      "shipped→delivered",
    ]);
  }, 60_000);

  it("says why a move is refused", async () => {
    const order = await paidOrder({ status: "in_production" });
    const result = await changeOrderStatus(ctx, {
      staff,
      orderId: order.id,
      change: change({ to: "delivered", version: 1 }),
    });
    expect(result).toEqual({
      ok: false,
      status: 409,
      code: "INVALID_TRANSITION",
      message: 'An order that is "In production" cannot be moved to "Delivered". Nothing was changed.',
      fieldErrors: undefined,
    });
  });

  it("sends proof_sent, cancelled and refunded to their own forms instead", async () => {
    const order = await paidOrder();
    for (const [to, code] of [
      ["proof_sent", "USE_PROOF_FORM"],
      ["cancelled", "USE_CANCEL_FORM"],
      ["refunded", "USE_REFUND_FORM"],
    ] as const)
      expect(
        await changeOrderStatus(ctx, { staff, orderId: order.id, change: change({ to, version: 1 }) }),
      ).toMatchObject({
        ok: false,
        status: 400,
        code,
      });
    expect((await current(order.id)).order.status).toBe("paid");
  });

  it("answers a stale page with 409 and the current status, changing nothing", async () => {
    const order = await paidOrder({ status: "proof_approved" });
    expect(
      await changeOrderStatus(ctx, {
        staff,
        orderId: order.id,
        change: change({ to: "in_production", version: 1 }),
      }),
    ).toMatchObject({ ok: true, version: 2 });
    const before = await current(order.id);
    // A second tab still showing version 1 tries the same move.
    const stale = await changeOrderStatus(ctx, {
      staff,
      orderId: order.id,
      change: change({ to: "in_production", version: 1 }),
    });
    expect(stale).toMatchObject({ ok: false, status: 409, code: "ORDER_CHANGED" });
    expect(stale.ok ? "" : stale.message).toBe(
      'This order changed since you opened it: it is now "In production". Nothing was changed; the page below shows its current state.',
    );
    expect(await current(order.id)).toEqual(before);
  });

  it("404s an unknown order", async () => {
    expect(
      await changeOrderStatus(ctx, {
        staff,
        orderId: "00000000-0000-4000-8000-000000000000",
        change: change({ to: "in_production", version: 1 }),
      }),
    ).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(
      await changeOrderStatus(ctx, { staff, orderId: "nope", change: change({ to: "in_production", version: 1 }) }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it("ships with the carrier and tracking number, records them, and e-mails the buyer", async () => {
    const order = await paidOrder({ status: "quality_check" });
    const result = await changeOrderStatus(ctx, {
      staff,
      orderId: order.id,
      change: change({
        to: "shipped",
        version: 1,
        carrier: "DPD",
        trackingNumber: "15501234567890",
        note: "Two boxes",
      }),
    });
    expect(result).toMatchObject({ ok: true, status: "shipped" });
    const after = await current(order.id);
    expect(after.order).toMatchObject({ carrier: "DPD", trackingNumber: "15501234567890", version: 2 });
    expect(after.history.at(-1)).toMatchObject({
      toStatus: "shipped",
      actor: "staff",
      actorUserId: staff.id,
      note: "Two boxes",
    });

    const mail = await smtp.waitFor("jane@acme.example");
    expect(mail.subject).toBe(`Order ${order.number} has shipped`);
    expect(mail.text).toContain("Carrier: DPD");
    expect(mail.text).toContain("Tracking number: 15501234567890");
    expect(mail.text).toContain("Track your parcel: https://www.dpd.co.uk/apps/tracking/?reference=15501234567890");
    expect(mail.text).toContain(`http://127.0.0.1:3999/orders/${order.id}`);
  });

  it("writes a default note when staff give none", async () => {
    const order = await paidOrder({ status: "proof_approved" });
    await changeOrderStatus(ctx, {
      staff,
      orderId: order.id,
      change: change({ to: "in_production", version: 1 }),
    });
    expect((await current(order.id)).history.at(-1)?.note).toBe("Moved to In production");
  });
});

describe("proofs", () => {
  it("runs a proof loop per line of a two-product order; the order waits for every line", async () => {
    const shorts = { id: "15", title: "Custom Running Shorts", leadTime: "10 days", deliveryTime: "1-30 days" };
    const order = await paidOrder({ more: [{ product: shorts, quantity: 100, unitPence: 1100 }] });
    const cap = await upload(order.id, 1, proofFile(PNG, "cap.png", "image/png"), { line: 1 });
    expect(cap).toMatchObject({
      ok: true,
      proofVersion: 1,
      message: expect.stringContaining("Proof version 1 of Custom Embroidered Cap sent"),
    });
    const shortsProof = await upload(order.id, 2, proofFile(PDF, "shorts.pdf"), { line: 2 });
    expect(shortsProof).toMatchObject({ ok: true, proofVersion: 1, status: "proof_sent" });
    const sentTo = async () =>
      (await smtp.delivered())
        .filter((mail) => mail.to.includes("jane@acme.example"))
        .map((mail) => mail.text)
        .join("\n");
    await expect
      .poll(sentTo)
      .toContain(`Your design proof for Custom Running Shorts (order ${order.number}) is ready.`);
    expect(await sentTo()).toContain(`Your design proof for Custom Embroidered Cap (order ${order.number}) is ready.`);
    expect(await upload(order.id, 3, proofFile(PDF, "x.pdf"), { line: 3 })).toMatchObject({
      status: 409,
      code: "NO_SUCH_LINE",
    });

    // Each line's version 1 is its own file.
    const shortsFile = await openOrderProof(handle.db, { orderId: order.id, line: 2, version: 1, storage });
    expect(shortsFile?.name).toBe("shorts.pdf");
    await shortsFile?.stream.cancel();
    const capFile = await openOrderProof(handle.db, { orderId: order.id, version: 1, storage });
    expect(capFile?.name).toBe("cap.png");
    await capFile?.stream.cancel();

    const answer = (line: number, decision: "approve" | "changes", proofVersion: number) =>
      respondToProof(ctx, {
        userId: BUYER,
        orderId: order.id,
        line,
        decision,
        proofVersion,
        comment: decision === "changes" ? "Bigger logo" : undefined,
        now: new Date("2026-11-20T12:00:00Z"),
      });
    expect(await answer(1, "approve", 1)).toMatchObject({ ok: true, status: "proof_sent", promisedDeliveryDate: null });
    expect(await answer(1, "approve", 1)).toMatchObject({ status: 409, code: "PROOF_NOT_AWAITING" });
    expect(await answer(2, "changes", 1)).toMatchObject({ ok: true, status: "changes_requested" });

    const seen = await getOrderForStaff(handle.db, order.id);
    expect(seen?.lines.map((line) => line.canSendProof)).toEqual([false, true]);
    expect(await upload(order.id, seen!.version, proofFile(PDF, "cap-again.pdf"), { line: 1 })).toMatchObject({
      status: 409,
      code: "LINE_APPROVED",
    });
    expect(await upload(order.id, seen!.version, proofFile(PDF, "shorts-v2.pdf"), { line: 2 })).toMatchObject({
      ok: true,
      proofVersion: 2,
    });
    // The last line approved approves the order, promised by the slower product: 40 + 5 working days
    // from Fri 20 Nov, past Christmas and New Year.
    expect(await answer(2, "approve", 2)).toMatchObject({
      ok: true,
      status: "proof_approved",
      promisedDeliveryDate: "2027-01-27",
    });
    const after = await current(order.id);
    expect(after.history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.note])).toEqual([
      [null, "paid", "system", "Paid by card"],
      ["paid", "proof_sent", "staff", "Proof version 1 of Custom Embroidered Cap sent"],
      ["proof_sent", "proof_sent", "staff", "Proof version 1 of Custom Running Shorts sent"],
      ["proof_sent", "proof_sent", "buyer", "Proof version 1 of Custom Embroidered Cap approved"],
      ["proof_sent", "changes_requested", "buyer", "Proof version 1 of Custom Running Shorts: Bigger logo"],
      ["changes_requested", "proof_sent", "staff", "Proof version 2 of Custom Running Shorts sent"],
      ["proof_sent", "proof_approved", "buyer", "Proof version 2 of Custom Running Shorts approved"],
    ]);
    const mine = await getOrder(handle.db, { userId: BUYER, accountId: BUYER, orderId: order.id });
    expect(mine?.lines.map((line) => [line.proofState, line.proofs.map((p) => p.version)])).toEqual([
      ["approved", [1]],
      ["approved", [2, 1]],
    ]);
  });

  it("runs the proof loop: v1, the buyer asks for changes, v2, the buyer approves; every version is kept", async () => {
    const order = await paidOrder();
    const first = await upload(order.id, 1, proofFile(PNG, "cap-mockup.png", "image/png"), { note: "Logo centred" });
    expect(first).toMatchObject({ ok: true, status: "proof_sent", proofVersion: 1, version: 2 });
    const proofMail = await smtp.waitFor("jane@acme.example");
    expect(proofMail.subject).toBe(`Your proof for order ${order.number} is ready: Custom Embroidered Cap, version 1`);
    expect(proofMail.text).toContain(`http://127.0.0.1:3999/orders/${order.id}`);
    expect(proofMail.text).toContain("A note from our studio: Logo centred");

    const changes = await respondToProof(ctx, {
      userId: BUYER,
      orderId: order.id,
      decision: "changes",
      comment: "Make the logo bigger",
      proofVersion: 1,
    });
    expect(changes).toMatchObject({ ok: true, status: "changes_requested" });
    const seen = await getOrderForStaff(handle.db, order.id);
    expect(seen?.lines[0]?.proofs[0]).toMatchObject({
      version: 1,
      decision: "changes_requested",
      comment: "Make the logo bigger",
    });
    expect(seen?.canSendProof).toBe(true);

    const second = await upload(order.id, seen!.version, proofFile(PDF, "cap-mockup-v2.pdf"));
    expect(second).toMatchObject({ ok: true, proofVersion: 2 });
    expect(
      await respondToProof(ctx, { userId: BUYER, orderId: order.id, decision: "approve", proofVersion: 2 }),
    ).toMatchObject({ ok: true, status: "proof_approved" });

    const after = await current(order.id);
    expect(after.order.status).toBe("proof_approved");
    expect(after.proofs.map((p) => [p.version, p.contentType, p.decision, p.originalName])).toEqual([
      [1, "image/png", "changes_requested", "cap-mockup.png"],
      [2, "application/pdf", "approved", "cap-mockup-v2.pdf"],
    ]);
    expect(after.history.map((h) => [h.fromStatus, h.toStatus, h.actor, h.note])).toEqual([
      [null, "paid", "system", "Paid by card"],
      ["paid", "proof_sent", "staff", "Proof version 1 sent: Logo centred"],
      ["proof_sent", "changes_requested", "buyer", "Make the logo bigger"],
      ["changes_requested", "proof_sent", "staff", "Proof version 2 sent"],
      ["proof_sent", "proof_approved", "buyer", "Proof version 2 approved"],
    ]);
    expect((await smtp.delivered()).filter((m) => m.to.includes("jane@acme.example")).map((m) => m.subject)).toEqual([
      `Your proof for order ${order.number} is ready: Custom Embroidered Cap, version 1`,
      `Your proof for order ${order.number} is ready: Custom Embroidered Cap, version 2`,
      `Proof approved for order ${order.number}`,
    ]);
    // Both versions, and the page-one picture of the PDF one (decision 038).
    expect(storedFiles()).toHaveLength(3);

    const download = await openOrderProof(handle.db, { orderId: order.id, version: 1, storage });
    expect(download).toMatchObject({ name: "cap-mockup.png", contentType: "image/png", size: PNG.byteLength });
    expect(new Uint8Array(await new Response(download!.stream).arrayBuffer())).toEqual(PNG);
    expect(await openOrderProof(handle.db, { orderId: order.id, version: 3, storage })).toBeNull();
  });

  it.each([
    [
      "an HTML page named .pdf",
      new TextEncoder().encode("<!doctype html><script>alert(1)</script>"),
      "proof.pdf",
      415,
      "PROOF_WRONG_TYPE",
    ],
    ["an EPS", new TextEncoder().encode("%!PS-Adobe-3.0 EPSF-3.0\n"), "proof.eps", 415, "PROOF_WRONG_TYPE"],
    ["an empty file", new Uint8Array(), "proof.pdf", 400, "PROOF_EMPTY"],
  ])("refuses %s and changes nothing", async (_label, bytes, name, status, code) => {
    const order = await paidOrder();
    const before = await current(order.id);
    expect(await upload(order.id, 1, proofFile(bytes, name))).toMatchObject({ ok: false, status, code });
    expect(await current(order.id)).toEqual(before);
    expect(storedFiles()).toEqual([]);
    expect(await smtp.delivered()).toEqual([]);
  });

  it("refuses a proof over the size limit, a missing file, a stale page and a finished order, changing nothing", async () => {
    const order = await paidOrder();
    const before = await current(order.id);
    expect(await upload(order.id, 1, proofFile(PDF, "big.pdf"), { maxBytes: PDF.byteLength - 1 })).toMatchObject({
      ok: false,
      status: 413,
    });
    expect(await upload(order.id, 1, null)).toMatchObject({ ok: false, status: 400, code: "PROOF_MISSING" });
    expect(await upload(order.id, 1, "not a file")).toMatchObject({ ok: false, status: 400, code: "PROOF_MISSING" });
    expect(await upload(order.id, 7, proofFile(PDF, "p.pdf"))).toMatchObject({
      ok: false,
      status: 409,
      code: "ORDER_CHANGED",
    });
    expect(await current(order.id)).toEqual(before);

    const producing = await paidOrder({ status: "in_production" });
    expect(await upload(producing.id, 1, proofFile(PDF, "p.pdf"))).toMatchObject({
      ok: false,
      status: 409,
      message: 'A proof cannot be sent for an order that is "In production". Nothing was changed.',
    });
    expect(storedFiles()).toEqual([]);
    expect(await smtp.delivered()).toEqual([]);
  });

  it("reads a proof form only up to its limit", async () => {
    const form = new FormData();
    form.set("intent", "proof");
    form.set("proof", proofFile(new Uint8Array(200_000).fill(0x41), "huge.pdf"));
    // Sent as bytes, as a socket delivers them: Node 24's fetch keeps writing a FormData body into
    // its stream after the reader has cancelled it, an unhandled rejection no server request meets.
    const encoded = new Response(form);
    const request = new Request("http://127.0.0.1:3999/admin/orders/x", {
      method: "POST",
      body: await encoded.arrayBuffer(),
      headers: { "Content-Type": encoded.headers.get("Content-Type")! },
    });
    expect(await readProofForm(request, 1024)).toMatchObject({ ok: false, status: 413, code: "PROOF_TOO_LARGE" });

    const small = new FormData();
    small.set("intent", "proof");
    small.set("proof", proofFile(PDF, "p.pdf"));
    const read = await readProofForm(
      new Request("http://127.0.0.1:3999/admin/orders/x", { method: "POST", body: small }),
    );
    expect(read.ok && read.form.get("proof") instanceof File).toBe(true);
    expect(
      await readProofForm(new Request("http://127.0.0.1:3999/x", { method: "POST", body: "intent=proof" })),
    ).toMatchObject({ ok: false, status: 400 });
  });

  it("keeps no file when the order changes while the proof is being stored", async () => {
    const order = await paidOrder();
    const racing = {
      ...storage,
      async put(stream: ReadableStream<Uint8Array>) {
        const stored = await storage.put(stream);
        // A colleague cancels the order between the first check and the transaction.
        await handle.db.update(orders).set({ version: 2, status: "cancelled" }).where(eq(orders.id, order.id));
        return stored;
      },
    };
    const result = await uploadProof(
      { ...ctx, storage: racing },
      {
        staff,
        orderId: order.id,
        fields: { intent: "proof", version: 1, note: "" },
        file: proofFile(PDF, "p.pdf"),
      },
    );
    expect(result).toMatchObject({ ok: false, status: 409, code: "ORDER_CHANGED" });
    expect(storedFiles()).toEqual([]);
    expect((await current(order.id)).proofs).toEqual([]);
  });
});

describe("the order list", () => {
  it("filters by status, searches number, company and e-mail, newest first", async () => {
    const base = Date.UTC(2026, 0, 10, 12);
    const a = await paidOrder({ company: "Acme Events", email: "jane@acme.example", createdAt: new Date(base) });
    const b = await paidOrder({
      company: "Globex 100% Ltd",
      email: "ops@globex.example",
      status: "shipped",
      createdAt: new Date(base + 60_000),
    });
    const c = await paidOrder({
      company: "Initech",
      email: "bill@initech.example",
      createdAt: new Date(base + 120_000),
    });
    const numbers = async (query: string) =>
      (await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams(query)))).rows.map((r) => r.number);

    expect(await numbers("")).toEqual([c.number, b.number, a.number]);
    expect(await numbers("status=shipped")).toEqual([b.number]);
    expect(await numbers("status=paid")).toEqual([c.number, a.number]);
    expect(await numbers(`q=${a.number.toLowerCase()}`)).toEqual([a.number]);
    expect(await numbers("q=ACME")).toEqual([a.number]);
    expect(await numbers("q=globex.example")).toEqual([b.number]);
    // A % typed into the box is a percent sign, not "anything".
    expect(await numbers("q=100%25")).toEqual([b.number]);
    expect(await numbers("q=%25")).toEqual([b.number]);
    expect(await numbers("q=initech&status=shipped")).toEqual([]);

    const [row] = (await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams("q=acme")))).rows;
    expect(row).toMatchObject({
      company: "Acme Events",
      email: "jane@acme.example",
      lines: [{ productId: "8", title: "Custom Embroidered Cap", quantity: 100 }],
      totalPence: 68160,
      statusLabel: "Paid",
    });
  });

  it("pages through many orders", async () => {
    for (let i = 0; i < ORDER_LIST_PAGE_SIZE + 2; i++)
      await paidOrder({ createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000) });
    const first = await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams("")));
    const second = await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams("page=2")));
    const beyond = await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams("page=99")));
    expect([first.total, first.pageCount, first.rows.length, second.rows.length]).toEqual([
      ORDER_LIST_PAGE_SIZE + 2,
      2,
      ORDER_LIST_PAGE_SIZE,
      2,
    ]);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.id)).size).toBe(ORDER_LIST_PAGE_SIZE + 2);
    expect(beyond.page).toBe(2);
  });
});

describe("the order list's dates, sorting and CSV export", () => {
  /** A: need-by Wed 10 Mar by standard; B: need-by Mon 8 Mar by express (approve-by later); C: none. */
  async function threeDatedOrders() {
    const base = Date.UTC(2026, 0, 10, 12);
    const a = await paidOrder({ company: "Acme Events", createdAt: new Date(base) });
    const b = await paidOrder({ company: '=HYPERLINK("http://evil.example")', createdAt: new Date(base + 60_000) });
    const c = await paidOrder({ company: "Initech, Ltd", createdAt: new Date(base + 120_000) });
    await handle.db
      .update(orders)
      .set({ needBy: "2027-03-10", promisedDeliveryDate: "2027-04-01" })
      .where(eq(orders.id, a.id));
    await handle.db
      .update(orders)
      .set({
        needBy: "2027-03-08",
        promisedDeliveryDate: null,
        snapshot: sql`jsonb_set(${orders.snapshot}, '{data,shipping,method}', '"express"')`,
      })
      .where(eq(orders.id, b.id));
    await handle.db.update(orders).set({ promisedDeliveryDate: "2027-02-01" }).where(eq(orders.id, c.id));
    return { a, b, c };
  }
  const numbers = async (query: string) =>
    (await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams(query)))).rows.map((r) => r.number);

  it("shows need-by, approve-by and promised dates and sorts by each, orders without the date last", async () => {
    const { a, b, c } = await threeDatedOrders();
    const list = await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams("sort=approve_by")));
    const rowA = list.rows.find((row) => row.id === a.id);
    const rowB = list.rows.find((row) => row.id === b.id);
    expect(rowA).toMatchObject({ needBy: "2027-03-10", promisedDeliveryDate: "2027-04-01" });
    expect(rowA?.approveBy).toMatch(/^2027-\d{2}-\d{2}$/);
    // Standard post adds transit days, so A must be approved before B although B is needed first.
    expect(rowA!.approveBy! < rowB!.approveBy!).toBe(true);
    expect(list.rows.find((row) => row.id === c.id)).toMatchObject({ needBy: null, approveBy: null });

    expect(await numbers("")).toEqual([c.number, b.number, a.number]);
    expect(await numbers("sort=placed&dir=asc")).toEqual([a.number, b.number, c.number]);
    expect(await numbers("sort=need_by")).toEqual([b.number, a.number, c.number]);
    expect(await numbers("sort=need_by&dir=desc")).toEqual([a.number, b.number, c.number]);
    expect(await numbers("sort=approve_by")).toEqual([a.number, b.number, c.number]);
    expect(await numbers("sort=approve_by&dir=desc")).toEqual([b.number, a.number, c.number]);
    expect(await numbers("sort=promised")).toEqual([c.number, a.number, b.number]);
    // A hand-edited sort falls back to the default instead of failing; filters still apply.
    expect(await numbers("sort=1;drop table orders&dir=sideways")).toEqual([c.number, b.number, a.number]);
    expect(await numbers(`sort=approve_by&q=${b.number}`)).toEqual([b.number]);
  });

  it("pages through orders sorted by approve-by, the dated ones first", async () => {
    const dated = [];
    for (let i = 0; i < ORDER_LIST_PAGE_SIZE + 1; i++) {
      const order = await paidOrder({ createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000) });
      if (i % 2 === 0) {
        await handle.db
          .update(orders)
          .set({ needBy: `2027-05-${String(1 + (i % 28)).padStart(2, "0")}` })
          .where(eq(orders.id, order.id));
        dated.push(order.id);
      }
    }
    const first = await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams("sort=approve_by")));
    const second = await listOrdersForStaff(
      handle.db,
      parseOrderListQuery(new URLSearchParams("sort=approve_by&page=2")),
    );
    const all = [...first.rows, ...second.rows];
    expect(all).toHaveLength(ORDER_LIST_PAGE_SIZE + 1);
    expect(new Set(all.map((row) => row.id)).size).toBe(ORDER_LIST_PAGE_SIZE + 1);
    expect(all.slice(0, dated.length).every((row) => row.approveBy !== null)).toBe(true);
    expect(all.slice(dated.length).every((row) => row.approveBy === null)).toBe(true);
    const approveBys = all.slice(0, dated.length).map((row) => row.approveBy!);
    expect(approveBys).toEqual([...approveBys].sort());
  });

  it("exports the list's orders as CSV in its sort, with formulas defused", async () => {
    const { a, b, c } = await threeDatedOrders();
    const csv = await ordersCsv(handle.db, parseOrderListQuery(new URLSearchParams("sort=approve_by")));
    const records = csv.split("\r\n");
    expect(records[0]).toBe(
      "Order,Placed,Status,Company,E-mail,Products,Total (GBP),Need by,Approve by,Promised delivery",
    );
    const [rowA, rowB, rowC] = records.slice(1);
    expect(rowA).toMatch(new RegExp(`^${a.number},2026-01-10T12:00:00.000Z,Paid,Acme Events,jane@acme.example,`));
    expect(rowA).toMatch(/,681\.60,2027-03-10,2027-\d{2}-\d{2},2027-04-01$/);
    expect(rowB).toContain(`${b.number},`);
    expect(rowB).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(rowC).toContain(`,"Initech, Ltd",`);
    expect(rowC).toMatch(/,,,2027-02-01$/);
    expect(records).toHaveLength(5);
    expect(records[4]).toBe("");
    expect(c.number).toBeTruthy();

    const filtered = await ordersCsv(handle.db, parseOrderListQuery(new URLSearchParams("q=initech")));
    expect(filtered.split("\r\n").slice(1, -1)).toHaveLength(1);
  });
});

describe("one order for staff", () => {
  it("shows everything the buyer chose, the contact, addresses, VAT number, amounts and payment reference", async () => {
    const order = await paidOrder();
    const view = await getOrderForStaff(handle.db, order.id);
    expect(view).toMatchObject({
      number: order.number,
      status: "paid",
      lines: [
        {
          product: { id: "8", title: "Custom Embroidered Cap" },
          quantity: 100,
          unitPence: 550,
          subtotalPence: 55000,
          choices: {
            customisations: ["Front embroidery"],
            branding: "Embroidery",
            placement: "Front",
            placementDetails: "Centred, 8 cm wide",
            proofPreference: "Manufacturer mock-up",
            notes: "Navy thread please",
          },
        },
      ],
      contact: {
        name: "Jane Smith",
        email: "jane@acme.example",
        company: "Acme Events",
        phone: "+44 20 7946 0958",
        poRef: "PO-77",
      },
      vatNumber: "GB980780684",
      billing: { lines: ["1 High Street", "London", "EC1A 1BB", "United Kingdom"] },
      shipping: {
        name: "Jane Smith",
        lines: ["2 Dock Road", "Leeds", "LS1 4AP", "United Kingdom"],
        method: "Standard Shipping",
      },
      amounts: { subtotalPence: 55000, shippingPence: 1800, vatPence: 11360, totalPence: 68160, vatRate: 20 },
      payment: { intentId: order.paymentIntentId },
      statusChoices: [],
      cancel: { cardRefundPence: null },
      canSendProof: true,
    });
    expect(view?.lines[0]?.choices.colour).toMatch(/\(#1B2A4A\)$/);
    expect(view?.history).toHaveLength(1);
  });

  it("shows an order of several products line by line, to staff and to the buyer, with one set of totals", async () => {
    const shorts = { id: "15", title: "Custom Running Shorts", leadTime: "10 days", deliveryTime: "1-30 days" };
    const order = await paidOrder({ quantity: 250, more: [{ product: shorts, quantity: 100, unitPence: 1100 }] });
    // 250 × £5.50 + 100 × £11.00 = £2,475.00; one £18 shipping; VAT 20% of £2,493.00.
    expect(order).toMatchObject({ subtotalPence: 247500, shippingPence: 1800, vatPence: 49860, totalPence: 299160 });

    const view = await getOrderForStaff(handle.db, order.id);
    expect(view?.lines.map((line) => [line.product.title, line.quantity, line.unitPence, line.subtotalPence])).toEqual([
      ["Custom Embroidered Cap", 250, 550, 137500],
      ["Custom Running Shorts", 100, 1100, 110000],
    ]);
    expect(view?.amounts).toMatchObject({ subtotalPence: 247500, shippingPence: 1800, totalPence: 299160 });

    const [row] = (await listOrdersForStaff(handle.db, parseOrderListQuery(new URLSearchParams(`q=${order.number}`))))
      .rows;
    expect(row?.lines.map((line) => `${line.quantity} × ${line.title}`)).toEqual([
      "250 × Custom Embroidered Cap",
      "100 × Custom Running Shorts",
    ]);

    const mine = await getOrder(handle.db, {
      userId: BUYER,
      accountId: BUYER,
      orderId: order.id,
      now: new Date("2026-11-20T12:00:00Z"),
    });
    expect(mine?.lines.map((line) => line.product.id)).toEqual(["8", "15"]);
    // Not yet approved: each end is the slower product's (cap 23, shorts 40 working days) + 5 standard.
    expect(mine?.delivery).toEqual({
      kind: "estimate",
      start: "2027-01-04",
      end: "2027-01-27",
      awaitingPayment: false,
    });
  });
});
