/**
 * Staff cancel an order at every stage before dispatch (docs/decisions/073-orders-that-stop.md): with
 * a reason, the first-order discount given back to the buyer, and, for an order paid by card, the
 * rest of its invoice refunded in the same step (decision 072). The buyer is told once: by the
 * refund's credit-note e-mail, which carries the reason, or, when no refund follows, by a
 * cancellation e-mail. Whether an order may be cancelled is the state machine's to say.
 */
import { eq } from "drizzle-orm";
import { bankTransfers, firstOrderClaims, invoices, orders, orderStatusHistory } from "#db/schema";
import { formatPence, plainPounds } from "~/domain/core/money";
import { canTransition, isOrderId, orderPayment, ORDER_STATUS_LABELS, toOrderStatus } from "~/domain/fulfilment/orders";
import { ADMIN_MESSAGES, type CancelOrderFields } from "~/domain/orders/admin-orders";
import { creditLeft, invoicedAmounts } from "~/domain/orders/refunds";
import type { StaffMember } from "../accounts/admin-access.server";
import { orderCancelledMail, orderMailView, sendStageMail } from "../messages/admin-mail.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import type { AppContext } from "../providers/app-context.server";
import { type AdminChange, lockOrder, staleFailure } from "./admin-orders.server";
import { creditsOnOrder, refundOrder } from "./refunds.server";
import { recordAudit } from "../platform/audit-log.server";

/** The reason a cancellation's refund gives, as its credit note and e-mail print it. */
export const cancelledRefundReason = (reason: string) => `Order cancelled: ${reason}`;

type OrderRow = typeof orders.$inferSelect;

/** The cancellation e-mail, for when no refund's e-mail will tell the buyer. */
async function tellBuyer(ctx: AppContext, db: Database, order: OrderRow, reason: string, paid: boolean) {
  await sendStageMail(db, orderCancelledMail({ ...orderMailView(ctx, order), reason, paid }));
}

export async function cancelOrder(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; fields: CancelOrderFields; now: Date },
): Promise<AdminChange | Failure> {
  const { staff, fields, now } = input;
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  const cancelled = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
    if (order.version !== fields.version) return staleFailure(order);
    const from = toOrderStatus(order.status);
    if (!canTransition(from, "cancelled", "staff", orderPayment(order.paidAt, order.onAccount)))
      return failure(409, "INVALID_TRANSITION", ADMIN_MESSAGES.invalidTransition(from, "cancelled"));
    const [updated] = await tx
      .update(orders)
      .set({ status: "cancelled", version: order.version + 1, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning({ version: orders.version });
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: "cancelled",
      actor: "staff",
      actorUserId: staff.id,
      note: `Cancelled: ${fields.reason}`,
    });
    await recordAudit(tx, staff, {
      action: "order.cancel",
      subject: { kind: "order", id: order.id },
      summary: `Order ${order.number} cancelled from "${ORDER_STATUS_LABELS[from]}": ${fields.reason}`,
      before: { status: from },
      after: { status: "cancelled", reason: fields.reason, refundOffered: fields.refund },
    });
    // The discount belonged to the buyer's first order; this one no longer counts as it.
    await tx.delete(firstOrderClaims).where(eq(firstOrderClaims.orderId, order.id));
    const [[invoice], [transfer]] = await Promise.all([
      tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id)),
      tx
        .select({ orderId: bankTransfers.orderId, partPaidPence: bankTransfers.partPaidPence })
        .from(bankTransfers)
        .where(eq(bankTransfers.orderId, order.id)),
    ]);
    // An invoice on account not yet paid is credited in full whatever was ticked: nothing was paid
    // to refund, and its organisation must no longer owe it (decision 085).
    const onAccountCredit = order.onAccount && !order.paidAt;
    const left =
      invoice && (order.paidAt || onAccountCredit)
        ? creditLeft(invoicedAmounts(order), await creditsOnOrder(tx, order)).grossPence
        : 0;
    const refundPence = (onAccountCredit || (fields.refund && !transfer)) && left > 0 ? left : 0;
    if (refundPence === 0) await tellBuyer(ctx, tx, order, fields.reason, Boolean(order.paidAt));
    // Part payments of an order never paid in full go back by hand (decision 079).
    const toSendBack = order.paidAt ? 0 : (transfer?.partPaidPence ?? 0);
    return { ok: true as const, order, version: updated!.version, refundPence, toSendBack };
  });
  if (!cancelled.ok) return cancelled;
  const { order, version, refundPence, toSendBack } = cancelled;
  const done = `Order ${order.number} is now "${ORDER_STATUS_LABELS.cancelled}".`;
  if (refundPence === 0)
    return {
      ok: true,
      status: "cancelled",
      version,
      message:
        `${done} The buyer has been e-mailed.` +
        (toSendBack > 0
          ? ` It holds ${formatPence(toSendBack)} of part payments: send them back from the bank, then record it on the bank transfer card.`
          : ""),
    };
  const refunded = await refundOrder(ctx, {
    staff,
    orderId: order.id,
    fields: {
      version: String(version),
      by: "amount",
      amount: plainPounds(refundPence),
      reason: cancelledRefundReason(fields.reason),
    },
    now,
  });
  if (refunded.ok) return { ...refunded, message: `${done} ${refunded.message}` };
  // A refund still waiting for the provider e-mails the buyer when it completes; one that was not
  // made leaves the buyer to be told of the cancellation now.
  if (refunded.code !== "REFUND_PENDING") await tellBuyer(ctx, ctx.db, order, fields.reason, true);
  return {
    ok: true,
    status: "cancelled",
    version,
    message: `${done} The refund was not made yet: ${refunded.message}`,
  };
}
