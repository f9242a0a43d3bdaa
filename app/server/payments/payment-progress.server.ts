/** What /inquiry-success and the status poll may say about a payment, from the server's records (B-5, A-2). */
import { and, eq } from "drizzle-orm";
import { orderDrafts, orderLines, orders, paymentIntents } from "#db/schema";
import { isDraftId } from "~/domain/checkout/draft";
import { PAYMENT_MESSAGES } from "~/domain/checkout/payment-readiness";
import type { Database } from "../platform/db.server";

export type PaymentState =
  | { state: "paid"; orderId: string; orderNumber: string }
  | { state: "processing" }
  | { state: "failed"; message: string }
  | { state: "unpaid" };

/**
 * What /inquiry-success may say about a draft, from the server's records only (A-2: never from
 * redirect_status). Paid only once an event was applied; processing while an intent is out and
 * no failure came back; failed with the provider's message. Null for another user's or an unknown draft.
 */
export async function paymentState(
  db: Database,
  {
    userId,
    draftId,
  }: {
    userId: string;
    draftId: string;
  },
): Promise<PaymentState | null> {
  if (!userId || !isDraftId(draftId)) return null;
  const [draft] = await db
    .select({ status: orderDrafts.status, paymentIntentId: orderDrafts.paymentIntentId })
    .from(orderDrafts)
    .where(and(eq(orderDrafts.id, draftId), eq(orderDrafts.userId, userId)))
    .limit(1);
  if (!draft) return null;
  if (draft.status === "paid") {
    const [order] = await db
      .select({ id: orders.id, number: orders.number })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(eq(orderLines.draftId, draftId))
      .limit(1);
    if (order) return { state: "paid", orderId: order.id, orderNumber: order.number };
    return { state: "processing" };
  }
  if (draft.status === "payment_failed") {
    const [ledger] = draft.paymentIntentId
      ? await db
          .select({ message: paymentIntents.lastErrorMessage })
          .from(paymentIntents)
          .where(eq(paymentIntents.intentId, draft.paymentIntentId))
          .limit(1)
      : [];
    return { state: "failed", message: ledger?.message || PAYMENT_MESSAGES.failedDefault };
  }
  if (draft.status === "awaiting_payment") return { state: "processing" };
  return { state: "unpaid" };
}
