import type { APIRequestContext } from "@playwright/test";
import { completeDraft, payInTestMode, startPayment, type DraftPlan } from "./api";
import { expect } from "./fixtures";

/** What a stocked buyer has: a paid order (and its draft), and a draft ready to pay for the cart's line. */
export type StockedBuyer = { orderId: string; paidDraftId: string; draftId: string };

/** The checkout's pages for a stocked buyer: the cart, steps 2 to 6 with the open draft, and the paid draft's return page. */
export function checkoutUrls(shop: StockedBuyer): string[] {
  const draft = `draft_id=${shop.draftId}&product_id=8`;
  return [
    "/cart",
    ...["/customization", "/details", "/shipping", "/design-proofing", "/payment"].map((path) => `${path}?${draft}`),
    `/inquiry-success?draft_id=${shop.paidDraftId}&product_id=8`,
  ];
}

/**
 * Gives a signed-in buyer (`request` carries their session) something on every page: a paid order,
 * a cart line with a draft at the payment step, a favourite and a shopping-list row.
 */
export async function stockBuyer(request: APIRequestContext, email: string): Promise<StockedBuyer> {
  const plan: DraftPlan = {
    productId: "8",
    colour: "#1f2a56",
    customisation: "Front embroidery",
    branding: "embroidery",
    quantity: 100,
    marker: "Stocked",
    email,
  };
  const paidDraftId = await completeDraft(request, plan);
  const { orderId } = await payInTestMode(request, await startPayment(request, paidDraftId, "8"));
  const cartLine = {
    intent: "add",
    productId: "8",
    quantity: "100",
    selectedColor: "#1f2a56",
    customizationSelections: '["Front embroidery"]',
    handwrittenNote: "false",
    notes: "",
  };
  for (const [path, form] of [
    ["/cart", cartLine],
    ["/favorites", { intent: "toggle", productId: "16" }],
    ["/shopping-list", { intent: "add", productId: "15", quantity: "100", notes: "For the summit" }],
    // A quote of the cart, so /quotes lists one (decision 021).
    ["/quotes", { intent: "create", source: "cart" }],
  ] as const) {
    expect((await request.post(path, { form })).ok(), path).toBe(true);
  }
  return { orderId, paidDraftId, draftId: await completeDraft(request, plan) };
}
