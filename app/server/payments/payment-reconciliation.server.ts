/**
 * Payment reconciliation (decision 030): a card payment still open 15 minutes after it started
 * (not yet paid, in progress, or declined, since a declined card can be retried on the same
 * payment) is asked about at the provider. One that succeeded without its webhook (lost, or the endpoint
 * was down past Stripe's retries) becomes an order through applyPaymentEvent, the code the webhook
 * runs, under an event id of its own per intent: a second reconciliation is a duplicate, and the
 * webhook arriving later finds the draft paid by this intent and changes nothing.
 */
import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { paymentIntents } from "#db/schema";
import { applyPaymentEvent, type PaymentEventOutcome } from "./payment-events.server";
import type { AppContext } from "../providers/app-context.server";

/** A payment is left to its webhook this long before the provider is asked. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** An intent still open is asked about again after this, until it is RECONCILE_FOR_MS old. */
export const RECHECK_AFTER_MS = 60 * 60_000;
/** Past this a payment never finished is an abandoned checkout, not a lost webhook. */
export const RECONCILE_FOR_MS = 3 * 24 * 60 * 60_000;
/** Intents asked about in one run; the rest wait for the next one. */
const BATCH = 50;

/** The event a reconciliation applies for an intent found succeeded: one id per intent. */
export const reconciliationEventId = (intentId: string) => `reconcile_${intentId}_succeeded`;

export async function reconcilePayments(
  ctx: Pick<AppContext, "db" | "payments" | "log" | "clock">,
  now: Date = ctx.clock(),
): Promise<{ checked: number; outcomes: PaymentEventOutcome[] }> {
  const { db, payments } = ctx;
  if (!payments) return { checked: 0, outcomes: [] };
  const due = await db
    .select({ intentId: paymentIntents.intentId })
    .from(paymentIntents)
    .where(
      and(
        eq(paymentIntents.provider, payments.kind),
        // A declined card can be retried on the same payment: "failed" may yet succeed.
        inArray(paymentIntents.status, ["created", "processing", "failed"]),
        lte(paymentIntents.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MS)),
        sql`${paymentIntents.createdAt} > ${new Date(now.getTime() - RECONCILE_FOR_MS).toISOString()}`,
        or(isNull(paymentIntents.checkedAt), lte(paymentIntents.checkedAt, new Date(now.getTime() - RECHECK_AFTER_MS))),
      ),
    )
    .orderBy(paymentIntents.createdAt)
    .limit(BATCH);
  const outcomes: PaymentEventOutcome[] = [];
  for (const { intentId } of due) {
    const intent = await payments.retrieveIntent(intentId);
    await db.update(paymentIntents).set({ checkedAt: now }).where(eq(paymentIntents.intentId, intentId));
    if (intent?.status !== "succeeded") continue;
    const applied = await applyPaymentEvent(ctx, {
      event: {
        eventId: reconciliationEventId(intentId),
        type: "payment_intent.succeeded",
        provider: payments.kind,
        createdAt: now,
        intentId,
        amountPence: intent.amountPence,
        amountReceivedPence: intent.amountReceivedPence,
        currency: intent.currency,
        errorCode: null,
        errorMessage: null,
      },
      now,
    });
    ctx.log.info(`[payments] reconciled intent ${intentId}: ${applied.outcome}`);
    outcomes.push(applied.outcome);
  }
  return { checked: due.length, outcomes };
}
