/**
 * The periodic check of bank transfers awaited (decision 022; rules in
 * app/domain/orders/bank-transfer.ts), run as a recurring job (job-handlers.server.ts): buyers are reminded before the due
 * date and orders unpaid after it expire, each exactly once across processes. The mails go to the
 * buyer's confirmed address (buyerMailRecipient, decision 036).
 */
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import { bankTransfers, firstOrderClaims, orders, orderStatusHistory } from "#db/schema";
import {
  BANK_TRANSFER_MESSAGES,
  latestDueWithTask,
  transferLeftPence,
  transferTask,
} from "~/domain/orders/bank-transfer";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import { canTransition, toOrderStatus } from "~/domain/fulfilment/orders";
import { lockOrder } from "./admin-orders.server";
import { orderUrl } from "../messages/mail-templates.server";
import {
  transferExpiredMail,
  transferReminderMail,
  type TransferMailView,
} from "../payments/bank-transfer-mail.server";
import type { AppContext } from "../providers/app-context.server";
import { sendMail } from "../messages/mail.server";
import { buyerMailRecipient } from "../messages/mail-recipient.server";

/**
 * One pass of the periodic check at `now`: every transfer awaited whose reminder day has come is
 * reminded once, and every one past its due date expires. Each transfer is taken with
 * `for update skip locked` and re-checked, so two processes running this at once never both act
 * on one; a reminder is recorded in the same transaction that queues its e-mail (decision 030), so
 * both happen or neither does, and the mail job retries a failed send.
 */
export async function runBankTransferTasks(ctx: AppContext, now: Date = ctx.clock()) {
  const { db } = ctx;
  const candidates = await db
    .select({ orderId: bankTransfers.orderId })
    .from(bankTransfers)
    .where(
      and(
        isNull(bankTransfers.receivedAt),
        isNull(bankTransfers.expiredAt),
        isNull(bankTransfers.termsDays),
        lte(bankTransfers.dueOn, latestDueWithTask(now)),
        // A transfer part paid needs its reminder at most: it never expires (transferTask).
        or(eq(bankTransfers.partPaidPence, 0), isNull(bankTransfers.remindedAt)),
      ),
    )
    .orderBy(asc(bankTransfers.dueOn));
  let reminded = 0;
  let expired = 0;
  for (const { orderId } of candidates) {
    const done = await db.transaction(async (tx) => {
      const [transfer] = await tx
        .select()
        .from(bankTransfers)
        .where(eq(bankTransfers.orderId, orderId))
        .for("update", { skipLocked: true });
      if (!transfer) return null;
      const task = transferTask(transfer, now);
      // An invoice on account has its own reminders and never expires (credit-accounts.server.ts).
      if (!task || transfer.termsDays !== null) return null;
      const order = await lockOrder(tx, orderId);
      if (!order || order.paidAt) return null;
      const { details } = readOrderSnapshot(order.number, order.snapshot).data;
      // Chosen now, not when placed: a colleague who has left the organisation is no longer written to.
      const to = await buyerMailRecipient(tx, {
        userId: order.userId,
        accountId: order.accountId,
        contact: details.email,
      });
      const view: TransferMailView = {
        shop: ctx,
        to: to ?? "",
        orderNumber: order.number,
        orderUrl: orderUrl(ctx, order.id),
        proformaNumber: transfer.proformaNumber,
        totalPence: transferLeftPence({ duePence: transfer.amountPence, partPaidPence: transfer.partPaidPence }),
        dueOn: transfer.dueOn,
        poRef: details.po_ref,
        partPaidPence: transfer.partPaidPence,
      };
      if (task === "remind") {
        await tx.update(bankTransfers).set({ remindedAt: now }).where(eq(bankTransfers.orderId, orderId));
        if (view.to) await sendMail(tx, transferReminderMail(view));
        return "remind" as const;
      }
      const from = toOrderStatus(order.status);
      if (!canTransition(from, "expired", "system", "unpaid")) return null;
      await tx.update(bankTransfers).set({ expiredAt: now }).where(eq(bankTransfers.orderId, orderId));
      await tx
        .update(orders)
        .set({ status: "expired", version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
        .where(eq(orders.id, orderId));
      await tx.insert(orderStatusHistory).values({
        orderId,
        fromStatus: from,
        toStatus: "expired",
        actor: "system",
        note: BANK_TRANSFER_MESSAGES.expiredNote(transfer.dueOn),
        createdAt: now,
      });
      // An order never paid gives its first-order discount back (B-15: it is for a first paid order).
      await tx.delete(firstOrderClaims).where(eq(firstOrderClaims.orderId, orderId));
      return view;
    });
    if (done === "remind") reminded += 1;
    else if (done) {
      expired += 1;
      if (done.to)
        await sendMail(db, transferExpiredMail(done)).catch((error: unknown) =>
          ctx.log.error(`[orders] expiry e-mail for ${done.orderNumber} failed`, error),
        );
    }
  }
  return { reminded, expired };
}
