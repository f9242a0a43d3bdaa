/**
 * Payments that wait for a person (docs/decisions/006): taken by the provider but
 * not turned into an order, because the amount differed from the ledger, the draft was already
 * paid, or the buyer changed the order after this payment was opened. payment-events.server.ts
 * marks them on the ledger row; staff see them on /admin/orders and refund them by hand.
 */
import { desc, eq, inArray } from "drizzle-orm";
import { authUser, paymentIntents } from "#db/schema";
import type { PaymentNeedingAttention } from "~/domain/orders/admin-orders";
import type { Database } from "../platform/db.server";
import { ATTENTION_REASONS } from "../payments/payment-events.server";

/** The newest 50; callers have checked requireStaff. */
export async function listPaymentsNeedingAttention(db: Database): Promise<PaymentNeedingAttention[]> {
  const rows = await db
    .select({
      intentId: paymentIntents.intentId,
      provider: paymentIntents.provider,
      amountPence: paymentIntents.amountPence,
      email: authUser.email,
      reason: paymentIntents.lastErrorMessage,
      at: paymentIntents.updatedAt,
    })
    .from(paymentIntents)
    .leftJoin(authUser, eq(authUser.id, paymentIntents.userId))
    .where(inArray(paymentIntents.lastErrorCode, Object.keys(ATTENTION_REASONS)))
    .orderBy(desc(paymentIntents.updatedAt))
    .limit(50);
  return rows.map((row) => ({ ...row, reason: row.reason ?? "" }));
}
