import type { APIRequestContext } from "@playwright/test";
import { completeDraft, dataUrl, loaderData, payInTestMode, PNG, postForm, readRouteAnswer, startPayment } from "./api";
import { expect } from "./fixtures";

const versionOf = async (staff: APIRequestContext, orderId: string) =>
  ((await loaderData(staff, `/admin/orders/${orderId}`, "routes/admin.order")).data as { order: { version: number } })
    .order.version;

/** Staff move an order on, over HTTP as the back office's form posts it. */
export async function staffMoves(staff: APIRequestContext, orderId: string, to: string) {
  const fields = { intent: "status", to, version: String(await versionOf(staff, orderId)), note: "" };
  const shipping: Record<string, string> = to === "shipped" ? { carrier: "DPD", trackingNumber: "15501234567890" } : {};
  const answer = await postForm(staff, `/admin/orders/${orderId}`, { ...fields, ...shipping });
  expect(answer.status, answer.body.slice(0, 300)).toBe(200);
}

/** Staff send the next proof version of a paid order (a PNG), as the back office's form posts it. */
export async function sendProof(
  staff: APIRequestContext,
  orderId: string,
  proof: { note?: string; png?: Buffer } = {},
) {
  const sent = await staff.post(dataUrl(`/admin/orders/${orderId}`), {
    multipart: {
      intent: "proof",
      version: String(await versionOf(staff, orderId)),
      note: proof.note ?? "",
      proof: { name: "proof.png", mimeType: "image/png", buffer: proof.png ?? PNG },
    },
  });
  expect(sent.status(), (await readRouteAnswer(sent)).body.slice(0, 300)).toBe(200);
}

/**
 * A paid order taken to "Shipped" through the real flows: staff send proof version 1, the buyer
 * approves it, staff move it through production and quality check and ship it.
 */
export async function shipOrder(buyer: APIRequestContext, staff: APIRequestContext, orderId: string) {
  await sendProof(staff, orderId);
  const approved = await postForm(buyer, `/orders/${orderId}`, { decision: "approve", proofVersion: "1" });
  expect(approved.status, approved.body.slice(0, 300)).toBe(200);
  for (const to of ["in_production", "quality_check", "shipped"]) await staffMoves(staff, orderId, to);
}

/** A paid order of 100 navy caps, front embroidery, for whoever `request` is signed in as, in their active account. */
export async function placeCapOrder(request: APIRequestContext, input: { email: string; marker: string }) {
  const draftId = await completeDraft(request, {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    ...input,
  });
  return payInTestMode(request, await startPayment(request, draftId, "8"));
}
