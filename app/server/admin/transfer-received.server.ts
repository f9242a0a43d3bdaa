/**
 * The back office's "Mark transfer received" (docs/decisions/022-bank-transfer.md, 036-mail-to-confirmed-addresses.md): staff mark the money
 * in with the amount that arrived; who, when and how much are recorded, a difference is flagged, a
 * shortfall only accepted explicitly. Placing the order: bank-transfers.server.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { bankTransfers, orderDrafts, orderLines, orders, orderStatusHistory, paymentIntents } from "#db/schema";
import { ADMIN_MESSAGES } from "~/domain/orders/admin-orders";
import { arrivalDay, BANK_TRANSFER_MESSAGES, transferDifference } from "~/domain/orders/bank-transfer";
import { londonToday } from "~/domain/core/dates";
import { etaInput, promisedDeliveryDate, readOrderSnapshot } from "~/domain/orders/order-snapshot";
import {
  ORDER_STATUS_LABELS,
  isOrderId,
  promisesDelivery,
  statusAfterTransferReceived,
  toOrderStatus,
} from "~/domain/fulfilment/orders";
import type { StaffMember } from "../accounts/admin-access.server";
import { lockOrder, staleFailure, type AdminChange } from "./admin-orders.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { DOCUMENT_MAIL_JOB, issueInvoice } from "../documents/invoices.server";
import { orderMailView } from "../messages/admin-mail.server";
import { enqueue } from "../messages/jobs.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { alertStaff } from "../payments/staff-alerts.server";

/**
 * Staff mark an order's transfer received (docs/decisions/022-bank-transfer.md): only while it is awaited, only from
 * the order version the page showed, with the amount that arrived (decision 036). Less than is due
 * is refused unless staff accept the shortfall; a shortfall accepted or an overpayment is recorded
 * with both figures in the history and on the transfer, where the back office flags it. The order is paid now (paid_at, its drafts' paid_at), its
 * status follows statusAfterTransferReceived, a delivery date is promised if its proof is approved
 * already, and the history and the transfer record who marked it and when. The order's VAT invoice
 * is issued now, in the same transaction, which also queues its e-mail to the buyer (decision 030).
 */
export async function markTransferReceived(
  ctx: AppContext,
  input: {
    staff: StaffMember;
    orderId: string;
    version: number;
    receivedPence: number;
    acceptShortfall?: boolean;
    /** The day the money arrived (YYYY-MM-DD), the invoice's time of supply; today when not given. */
    arrivedOn?: string;
    now?: Date;
  },
): Promise<AdminChange | Failure> {
  const { db } = ctx;
  if (!Number.isSafeInteger(input.receivedPence) || input.receivedPence < 1)
    return failure(400, "VALIDATION_FAILED", "Enter the amount received in pounds and pence, e.g. 318.60.");
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  const now = input.now ?? ctx.clock();
  return db.transaction(async (tx): Promise<AdminChange | Failure> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
    if (order.version !== input.version) return staleFailure(order);
    const [transfer] = await tx.select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id)).for("update");
    const from = toOrderStatus(order.status);
    const to = statusAfterTransferReceived(from);
    // An expired order is revived by money that arrives late; anything else already settled is not awaited.
    if (!transfer || transfer.receivedAt || order.paidAt || !to || (transfer.expiredAt && from !== "expired"))
      return failure(409, "NOT_AWAITING_TRANSFER", BANK_TRANSFER_MESSAGES.notAwaiting);
    const today = londonToday(now);
    const arrival = arrivalDay(input.arrivedOn || today, { placedOn: londonToday(transfer.placedAt), today });
    if (!arrival.ok)
      return failure(400, "VALIDATION_FAILED", arrival.message, { fieldErrors: { arrived_on: arrival.message } });
    const { arrivedOn } = arrival;
    const difference = transferDifference(transfer.amountPence, input.receivedPence);
    if (difference.kind === "short" && !input.acceptShortfall)
      return failure(
        422,
        "TRANSFER_SHORT",
        BANK_TRANSFER_MESSAGES.shortfallNotAccepted(input.receivedPence, transfer.amountPence),
      );

    const promised = promisesDelivery(to, "paid")
      ? promisedDeliveryDate(
          etaInput(readOrderSnapshot(order.number, order.snapshot), await linesOfOrder(tx, order)),
          now,
        )
      : order.promisedDeliveryDate;
    const [updated] = await tx
      .update(orders)
      .set({
        status: to,
        paidAt: now,
        promisedDeliveryDate: promised,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, order.id), eq(orders.version, input.version)))
      .returning({ version: orders.version });
    if (!updated) return staleFailure(order);
    await tx
      .update(bankTransfers)
      // A revived order's transfer is received, no longer expired; its history keeps the expiry.
      .set({
        receivedAt: now,
        receivedBy: input.staff.id,
        receivedPence: input.receivedPence,
        arrivedOn,
        expiredAt: null,
      })
      .where(eq(bankTransfers.orderId, order.id));
    await tx
      .update(paymentIntents)
      .set({ status: "succeeded", updatedAt: sql`now()` })
      .where(eq(paymentIntents.intentId, order.paymentIntentId));
    await tx
      .update(orderDrafts)
      .set({ paidAt: now })
      .where(
        inArray(
          orderDrafts.id,
          tx.select({ id: orderLines.draftId }).from(orderLines).where(eq(orderLines.orderId, order.id)),
        ),
      );
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: to,
      actor: "staff",
      actorUserId: input.staff.id,
      note:
        (difference.kind === "exact"
          ? BANK_TRANSFER_MESSAGES.receivedNote
          : BANK_TRANSFER_MESSAGES.receivedDifferenceNote(input.receivedPence, transfer.amountPence)) +
        // The history row's own time says when it was recorded; an earlier arrival is said apart.
        (arrivedOn === today ? "" : BANK_TRANSFER_MESSAGES.arrivedOnNote(arrivedOn)) +
        (from === "expired" ? BANK_TRANSFER_MESSAGES.revivedNote : ""),
      createdAt: now,
    });
    const invoiceNumber = await issueInvoice(tx, { orderId: order.id, now });
    // The invoice's e-mail (rendered by its job) and the staff alert leave with the commit (decision 030).
    await enqueue(tx, { job: DOCUMENT_MAIL_JOB, payload: { orderId: order.id, kind: "invoice" } });
    await alertStaff(
      { ...ctx, db: tx },
      {
        kind: "transfer-received",
        orderId: order.id,
        orderNumber: order.number,
        staffName: input.staff.name,
      },
    );
    const buyer = orderMailView(ctx, order).to;
    return {
      ok: true,
      status: to,
      version: updated.version,
      message: [
        BANK_TRANSFER_MESSAGES.received(order.number),
        `It is "${ORDER_STATUS_LABELS[to]}"; VAT invoice ${invoiceNumber} is issued${buyer ? ` and e-mailed to ${buyer}` : ""}.`,
        ...(difference.kind === "exact"
          ? []
          : [`${BANK_TRANSFER_MESSAGES.receivedDifferenceNote(input.receivedPence, transfer.amountPence)}.`]),
      ].join(" "),
    };
  });
}
