/**
 * A checkout step's save, as the routes and the cart call it (issue 15 item 3): the draft's save
 * (saveDraftStep) and the voiding of any payment it replaced; and a cart change's release of the
 * checkout's payment.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { orderDrafts } from "#db/schema";
import { saveDraftStep } from "./drafts.server";
import type { Services } from "./services.server";

/**
 * A checkout step's save (saveDraftStep). When it replaced an open payment, that intent is voided
 * at the provider before the buyer sees a new total, so the old payment page cannot take money:
 * test mode refuses it as replaced, Stripe cancels it. A void that fails is logged; if that intent
 * is paid anyway, its event is held for staff (payment-events.server.ts), never fulfilled.
 */
export async function saveCheckoutStep(
  services: Services,
  input: Parameters<typeof saveDraftStep>[1],
): ReturnType<typeof saveDraftStep> {
  const result = await saveDraftStep(services.db, input);
  if (result.ok && result.releasedIntentId) await voidPayment(services, result.releasedIntentId);
  return result;
}

/**
 * A change to the cart (a line's quantity, a line added or removed) changes the whole cart's
 * order, so the open payment, which the checkout's draft holds, is replaced and voided (issue 15
 * item 3). A payment a step-2 edit of another line leaves open is re-priced when the payment step
 * opens again, and held if the old one is paid (payment-events.server.ts).
 */
export async function releaseCheckoutPayments(services: Services, userId: string) {
  const open = await services.db
    .select({ id: orderDrafts.id, version: orderDrafts.version })
    .from(orderDrafts)
    .where(and(eq(orderDrafts.userId, userId), isNotNull(orderDrafts.paymentIntentId), isNull(orderDrafts.paidAt)));
  for (const draft of open) {
    const input = { userId, draftId: draft.id, step: "customisation" as const, patch: {}, releasePayment: true };
    const released = await saveCheckoutStep(services, { ...input, expectedVersion: draft.version });
    if (!released.ok) console.warn(`[cart] draft ${draft.id} kept its payment: ${released.code}`);
  }
}

async function voidPayment({ payments }: Services, intentId: string) {
  try {
    const intent = await payments?.cancelIntent(intentId);
    if (intent?.status === "succeeded" || intent?.status === "processing") {
      console.error(`[payments] replaced intent ${intentId} is ${intent.status}: its event will be held for staff`);
    }
  } catch (error) {
    console.error(`[payments] could not void replaced intent ${intentId}:`, error);
  }
}
