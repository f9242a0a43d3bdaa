import type { APIRequestContext } from "@playwright/test";
import { dataUrl, loaderData, PNG, postForm, readRouteAnswer } from "./api";
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
export async function sendProof(staff: APIRequestContext, orderId: string) {
  const proof = await staff.post(dataUrl(`/admin/orders/${orderId}`), {
    multipart: {
      intent: "proof",
      version: String(await versionOf(staff, orderId)),
      note: "",
      proof: { name: "proof.png", mimeType: "image/png", buffer: PNG },
    },
  });
  expect(proof.status(), (await readRouteAnswer(proof)).body.slice(0, 300)).toBe(200);
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
