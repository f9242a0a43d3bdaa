import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { authUser, orderProofs, orders } from "#db/schema";
import { MINIMAL_PDF } from "../../../tests/setup/minimal-pdf";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { tempLocalStorage } from "../../../tests/setup/temp-storage";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import type { StaffMember } from "../accounts/admin-access.server";
import { uploadProof } from "../admin/admin-proofs.server";
import { getOrder } from "../orders/buyer-orders.server";
import { openOrderProof, openProofForBuyer } from "./order-proofs.server";
import { createShareLink, openShareLink, openSharedProofFile } from "./proof-share-links.server";
import type { AppContext } from "../providers/app-context.server";

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
const storage = tempLocalStorage("swag-proof-preview-");
/** The test shop, its uploads in this file's own folder. */
let ctx: AppContext;

beforeAll(() => {
  ctx = { ...testContext(handle), storage };
});

const BUYER = "preview-buyer";
const staff: StaffMember = { id: "staff-preview", name: "Olive Ops", email: "ops@swag.example" };
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG = Uint8Array.of(...PNG_SIGNATURE, 0, 0, 0, 13, 73, 72, 68, 82);
const NOTE = "Logo centred, 60 mm wide.";

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

async function orderWithProof(file: File, note = NOTE) {
  await handle.db
    .insert(authUser)
    .values({ id: BUYER, name: "Pat", email: "pat@preview.example", emailVerified: true })
    .onConflictDoNothing();
  const order = await insertPaidOrder(handle.db, {
    userId: BUYER,
    email: "pat@preview.example",
    company: "Preview Ltd",
  });
  const [row] = await handle.db.select({ version: orders.version }).from(orders).where(eq(orders.id, order.id));
  const sent = await uploadProof(ctx, {
    staff,
    orderId: order.id,
    fields: { intent: "proof", version: row!.version, note, line: 1 },
    file,
  });
  expect(sent).toMatchObject({ ok: true });
  return order;
}

describe("a PDF proof's page one", () => {
  it("is drawn at upload and served to the order's buyer only, as a PNG", async () => {
    const order = await orderWithProof(
      new File([new Uint8Array(MINIMAL_PDF)], "mockup.pdf", { type: "application/pdf" }),
    );
    const [proof] = await handle.db.select().from(orderProofs).where(eq(orderProofs.orderId, order.id));
    expect(proof).toMatchObject({ contentType: "application/pdf", note: NOTE });
    expect(proof!.previewStoredName).not.toBeNull();

    const reader = { userId: BUYER, accountId: BUYER, orderId: order.id, line: 1, version: 1, storage };
    const picture = await openProofForBuyer(handle.db, { ...reader, preview: true });
    expect(picture).toMatchObject({ contentType: "image/png", name: "mockup.pdf.png" });
    expect([...(await bytesOf(picture!.stream)).slice(0, 8)]).toEqual(PNG_SIGNATURE);
    // Someone else, signed in, gets nothing: the same rule as the proof file itself.
    expect(
      await openProofForBuyer(handle.db, { ...reader, userId: "stranger", accountId: "stranger", preview: true }),
    ).toBeNull();

    const detail = await getOrder(handle.db, { userId: BUYER, accountId: BUYER, orderId: order.id });
    expect(detail!.lines[0]!.proofs[0]).toMatchObject({ hasPreview: true, note: NOTE });
  });

  it("is served by a live share link with the same facts the order page shows", async () => {
    const order = await orderWithProof(
      new File([new Uint8Array(MINIMAL_PDF)], "mockup.pdf", { type: "application/pdf" }),
    );
    const created = await createShareLink(ctx, {
      userId: BUYER,
      accountId: BUYER,
      orderId: order.id,
      line: 1,
      version: 1,
    });
    if (!created.ok) throw new Error(created.message);
    const token = created.url.slice(created.url.lastIndexOf("/") + 1);
    const opened = await openShareLink(handle.db, { token });
    expect(opened).toMatchObject({
      ok: true,
      value: {
        hasPreview: true,
        facts: { quantity: 100, branding: "Embroidery", placement: "Centred, 8 cm wide", note: NOTE },
      },
    });
    const file = await openSharedProofFile(handle.db, { token, storage, preview: true });
    expect(file).toMatchObject({ ok: true, file: { contentType: "image/png" } });
    if (file.ok) expect([...(await bytesOf(file.file.stream)).slice(0, 8)]).toEqual(PNG_SIGNATURE);
    const forged = await openSharedProofFile(handle.db, {
      token: `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      storage,
      preview: true,
    });
    expect(forged).toMatchObject({ ok: false });
  });

  it("is not made for an image proof, which is shown as it is", async () => {
    const order = await orderWithProof(new File([PNG], "proof.png", { type: "image/png" }), "");
    const [proof] = await handle.db.select().from(orderProofs).where(eq(orderProofs.orderId, order.id));
    expect(proof).toMatchObject({ previewStoredName: null, note: null });
    expect(await openOrderProof(handle.db, { orderId: order.id, version: 1, preview: true, storage })).toBeNull();
  });
});
