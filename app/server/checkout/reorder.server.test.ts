import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { artworkFiles, cartItems, orderDrafts, orderLines } from "#db/schema";
import { createCanvas } from "@napi-rs/canvas";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { judgePreflight, unconsentedWarnings } from "~/domain/artwork/preflight";
import { REORDER_MESSAGES } from "~/domain/orders/reorder-plan";
import { action as reorderAction, loader as reorderLoader } from "~/routes/order-reorder";
import { loader as cartLoader } from "~/routes/cart";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { queryRows } from "../platform/db.server";
import { reorder, reorderNotice, REORDER_LIMIT } from "./reorder.server";
import { createLocalStorage, type FileStorage } from "../providers/storage.server";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";

// Order again, on the real test database: a delivered order goes back into its reader's cart
// with drafts that repeat it and own copies of its artwork; nobody else's order, nothing undelivered.

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let storage: FileStorage;
const BUYER = "buyer-reorder-1";
const PDF = new Uint8Array(MINIMAL_PDF);

beforeAll(() => {
  storage = createLocalStorage(mkdtempSync(join(tmpdir(), "reorder-")));
});

const bytesOf = async (storedName: string) =>
  new Uint8Array(await new Response(await storage.get(storedName)).arrayBuffer());

/** A delivered order of 100 caps whose line carries one uploaded artwork file. */
async function deliveredWithArtwork(
  userId = BUYER,
  status: "delivered" | "shipped" = "delivered",
  artwork: { bytes: Uint8Array<ArrayBuffer>; name: string; contentType: string; use_anyway?: string[] } = {
    bytes: PDF,
    name: "logo.pdf",
    contentType: "application/pdf",
  },
) {
  const order = await insertPaidOrder(handle.db, { userId, email: "jane@acme.example", company: "Acme", status });
  const [line] = await handle.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const stored = await storage.put(new Response(artwork.bytes).body!);
  const file = {
    id: crypto.randomUUID(),
    name: artwork.name,
    size: stored.size,
    uploaded_at: new Date().toISOString(),
    ...(artwork.use_anyway ? { use_anyway: artwork.use_anyway } : {}),
  };
  await handle.db.insert(artworkFiles).values({
    id: file.id,
    draftId: line!.draftId,
    userId,
    originalName: file.name,
    storedName: stored.storedName,
    sizeBytes: stored.size,
    contentType: artwork.contentType,
  });
  await handle.db.execute(
    sql`update order_lines set snapshot = jsonb_set(snapshot, '{customization,artwork}',
          jsonb_build_object('email_later', false, 'files', ${JSON.stringify([file])}::jsonb))
        where id = ${line!.id}`,
  );
  return { order, file, storedName: stored.storedName };
}

const run = (orderId: string, who: { userId: string; accountId: string } = { userId: BUYER, accountId: BUYER }) =>
  reorder({ ...testContext(handle), storage }, { ...who, orderId });

const forget = (key: string) => handle.db.execute(sql`delete from rate_limits where key like ${`${key}%`}`);

describe("reorder", () => {
  it("puts the order's line into the cart with a draft that skips the proof and owns a copy of the artwork", async () => {
    const { order, file, storedName } = await deliveredWithArtwork();
    const done = await run(order.id);
    expect(done).toMatchObject({ ok: true, orderNumber: order.number, repeated: false });
    // The fixture's navy is not one of the cap's colours today: the plan says so.
    expect(done.ok && done.notes.map((note) => note.text)).toEqual([
      "That colour is no longer offered: choose one in step 2.",
    ]);

    const cart = await handle.db.select().from(cartItems).where(eq(cartItems.userId, BUYER));
    expect(cart).toMatchObject([
      { productId: "8", quantity: 100, customizationSelections: ["Front embroidery"], notes: "Navy thread please" },
    ]);
    const drafts = await handle.db
      .select()
      .from(orderDrafts)
      .where(sql`${orderDrafts.userId} = ${BUYER} and ${orderDrafts.status} = 'customisation_draft'`);
    expect(drafts).toHaveLength(1);
    const data = draftDataSchema.parse(drafts[0]!.data);
    expect(data.proof).toEqual({ preference: "skip_proof", previous_order_ref: order.number });
    expect(data.branding).toEqual({
      method: "embroidery",
      placement: "Front",
      placement_details: "Centred, 8 cm wide",
    });
    expect(data.quantity).toBe(100);
    expect(data.artwork.email_later).toBe(false);
    expect(data.artwork.files).toHaveLength(1);
    const copy = data.artwork.files[0]!;
    expect(copy).toMatchObject({ name: "logo.pdf", size: file.size });
    expect(copy.id).not.toBe(file.id);

    const [row] = await handle.db.select().from(artworkFiles).where(eq(artworkFiles.id, copy.id));
    expect(row).toMatchObject({ draftId: drafts[0]!.id, userId: BUYER, originalName: "logo.pdf" });
    expect(row!.storedName).not.toBe(storedName);
    expect(await bytesOf(row!.storedName)).toEqual(PDF);
    // The order's own file is untouched.
    expect(await bytesOf(storedName)).toEqual(PDF);
  });

  it("keeps the order's accepted decision on a raster logo: its warning is not asked again", async () => {
    const buyer = "buyer-reorder-raster";
    const canvas = createCanvas(200, 100);
    canvas.getContext("2d").fillRect(50, 25, 100, 50);
    const jpeg = new Uint8Array(canvas.toBuffer("image/jpeg"));
    const { order } = await deliveredWithArtwork(buyer, "delivered", {
      bytes: jpeg,
      name: "logo.jpg",
      contentType: "image/jpeg",
      use_anyway: ["raster"],
    });
    expect(await run(order.id, { userId: buyer, accountId: buyer })).toMatchObject({ ok: true });
    const [draft] = await handle.db
      .select()
      .from(orderDrafts)
      .where(sql`${orderDrafts.userId} = ${buyer} and ${orderDrafts.status} = 'customisation_draft'`);
    const copy = draftDataSchema.parse(draft!.data).artwork.files[0]!;
    expect(copy).toMatchObject({ name: "logo.jpg", use_anyway: ["raster"] });
    if (copy.preflight?.kind !== "raster")
      throw new Error(`expected a raster report, got ${JSON.stringify(copy.preflight)}`);
    // The cap's embroidery would redraw the JPEG: the one warning, already accepted on the order.
    const findings = judgePreflight(copy.preflight, { method: "embroidery", placement: null });
    expect(findings.filter((finding) => finding.level === "warning").map((finding) => finding.code)).toEqual([
      "raster",
    ]);
    expect(unconsentedWarnings(findings, copy.use_anyway)).toEqual([]);
  });

  it("answers a second press within seconds with the same cart, copying nothing again", async () => {
    const { order } = await deliveredWithArtwork();
    expect(await run(order.id)).toMatchObject({ ok: true, repeated: false });
    expect(await run(order.id)).toMatchObject({ ok: true, repeated: true });
    const count = async () =>
      (await handle.db.select().from(artworkFiles).where(eq(artworkFiles.userId, BUYER))).length;
    expect(await count()).toBe(2);
    expect(await handle.db.select().from(cartItems)).toHaveLength(1);
    // Later, a reorder again replaces the line and its draft (and the draft's copy) rather than adding.
    await forget("reorder-once:");
    expect(await run(order.id)).toMatchObject({ ok: true, repeated: false });
    expect(await handle.db.select().from(cartItems)).toHaveLength(1);
    expect(await count()).toBe(2);
    const open = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from order_drafts where user_id = ${BUYER} and paid_at is null`,
    );
    expect(open[0]?.n).toBe(1);
  });

  it("lets a member of the order's organisation reorder into their own cart", async () => {
    const org = "org-acme";
    const { order } = await deliveredWithArtwork(BUYER);
    await handle.db.execute(sql`update orders set account_id = ${org} where id = ${order.id}`);
    const colleague = { userId: "colleague-1", accountId: org };
    expect(await run(order.id, colleague)).toMatchObject({ ok: true });
    const [copy] = await handle.db.select().from(artworkFiles).where(eq(artworkFiles.userId, "colleague-1"));
    expect(copy).toBeDefined();
    expect(await handle.db.select().from(cartItems).where(eq(cartItems.userId, "colleague-1"))).toHaveLength(1);
    expect(await handle.db.select().from(cartItems).where(eq(cartItems.userId, BUYER))).toHaveLength(0);
  });

  it("is a 404 for another buyer's order and for an unknown or malformed id, and changes nothing", async () => {
    const { order } = await deliveredWithArtwork();
    const intruder = { userId: "intruder-1", accountId: "intruder-1" };
    expect(await run(order.id, intruder)).toMatchObject({ ok: false, status: 404 });
    expect(await run(crypto.randomUUID())).toMatchObject({ ok: false, status: 404 });
    expect(await run("not-an-id")).toMatchObject({ ok: false, status: 404 });
    expect(await handle.db.select().from(cartItems)).toHaveLength(0);
    expect(await reorderNotice(handle.db, { reader: intruder, orderId: order.id })).toBeNull();
  });

  it("refuses an order that is not delivered yet", async () => {
    const { order } = await deliveredWithArtwork(BUYER, "shipped");
    expect(await run(order.id)).toMatchObject({ ok: false, status: 409, message: REORDER_MESSAGES.notDelivered });
    expect(await handle.db.select().from(cartItems)).toHaveLength(0);
  });

  it("is limited per user", async () => {
    const { order } = await deliveredWithArtwork();
    for (let i = 0; i < REORDER_LIMIT.hits; i++) {
      expect(await run(order.id)).toMatchObject({ ok: true });
    }
    expect(await run(order.id)).toMatchObject({ ok: false, status: 429, message: REORDER_MESSAGES.rateLimited });
  });

  it("says on the cart what changed, for the order's readers only", async () => {
    const { order } = await deliveredWithArtwork();
    await handle.db.execute(
      sql`update order_lines set unit_pence = 450, subtotal_pence = 45000 where order_id = ${order.id}`,
    );
    const notice = await reorderNotice(handle.db, { reader: { userId: BUYER, accountId: BUYER }, orderId: order.id });
    expect(notice?.orderNumber).toBe(order.number);
    expect(notice?.notes.map((note) => note.text)).toContain("Price now £5.50 each, was £4.50");
  });
});

describe("POST /orders/:id/reorder", () => {
  it("needs a session, hides another's order, and sends the buyer to the cart with the notes", async () => {
    const buyer = await createSignedInUser(handle, "reorder-buyer@acme.example");
    const other = await createSignedInUser(handle, "reorder-other@acme.example");
    const order = await insertPaidOrder(handle.db, {
      userId: buyer.userId,
      email: "reorder-buyer@acme.example",
      company: "Acme",
      status: "delivered",
    });
    const ctx = testContext(handle);
    const post = (cookie?: string) =>
      answerOf(reorderAction, {
        request: siteRequest(`/orders/${order.id}/reorder`, { cookie, form: {} }),
        params: { id: order.id },
        ctx,
      });
    expect((await post()).status).toBe(401);
    expect((await post(other.cookie)).status).toBe(404);
    expect(await handle.db.select().from(cartItems)).toHaveLength(0);
    const done = await post(buyer.cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/cart?reordered=${order.id}`);
    expect(done.headers.get("cache-control")).toBe("private, no-store");

    const cart = await answerOf(cartLoader, {
      request: siteRequest(`/cart?reordered=${order.id}`, { cookie: buyer.cookie }),
      ctx,
    });
    expect((cart.body as { reorder: { orderNumber: string } }).reorder.orderNumber).toBe(order.number);
    const otherCart = await answerOf(cartLoader, {
      request: siteRequest(`/cart?reordered=${order.id}`, { cookie: other.cookie }),
      ctx,
    });
    expect((otherCart.body as { reorder: unknown }).reorder).toBeNull();

    const get = await answerOf(reorderLoader, {
      request: siteRequest(`/orders/${order.id}/reorder`),
      params: { id: order.id },
      ctx,
    });
    expect(get.status).toBe(302);
  });
});
