/**
 * A checkout step's save, as the routes and the cart call it (issue 15 item 3): the draft's save
 * (saveDraftStep) and the voiding of any payment it replaced.
 */
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
  if (!result.ok) return result;
  if (result.releasedIntentId) await voidPayment(services, result.releasedIntentId);
  // A changed line changes the cart's order, whose payment another draft (the checkout's) holds.
  for (const other of result.paymentsElsewhere ?? []) {
    const released = await saveDraftStep(services.db, {
      userId: input.userId,
      draftId: other.id,
      step: "customisation",
      patch: {},
      expectedVersion: other.version,
      releasePayment: true,
    });
    if (released.ok && released.releasedIntentId) await voidPayment(services, released.releasedIntentId);
  }
  return result;
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
