/**
 * The back office's "Record the payment" (docs/decisions/022-bank-transfer.md, 036-mail-to-confirmed-addresses.md): staff mark the money
 * in with the amount that arrived; who, when and how much are recorded, a difference is flagged, a
 * shortfall only accepted explicitly. Placing the order: bank-transfers.server.ts.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import {
  bankTransfers,
  orderDrafts,
  orderLines,
  orders,
  orderStatusHistory,
  paymentIntents,
  transferReceipts,
} from "#db/schema";
import { creditsOnOrder } from "./refunds.server";
import { ADMIN_MESSAGES } from "~/domain/orders/admin-orders";
import {
  arrivalDay,
  BANK_TRANSFER_MESSAGES,
  readTransferReturn,
  recordTransfer,
  type TransferRecording,
} from "~/domain/orders/bank-transfer";
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
import { lockOrder, noteOrderChange, staleFailure, type AdminChange } from "./admin-orders.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { DOCUMENT_MAIL_JOB, issueInvoice } from "../documents/invoices.server";
import { orderMailView } from "../messages/admin-mail.server";
import { enqueue } from "../messages/jobs.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { alertStaff } from "../payments/staff-alerts.server";
import { transferPartReceivedMail } from "../payments/bank-transfer-mail.server";
import { buyerMailRecipient } from "../messages/mail-recipient.server";
import { sendMail } from "../messages/mail.server";
import { orderUrl } from "../messages/mail-templates.server";
import type { Database } from "../platform/db.server";
import { recordAudit } from "../platform/audit-log.server";
import { formatPence } from "~/domain/core/money";

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
  if (!Number.isSafeInteger(input.receivedPence) || input.receivedPence < 0)
    return failure(400, "VALIDATION_FAILED", BANK_TRANSFER_MESSAGES.nothingToAccept);
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  const now = input.now ?? ctx.clock();
  return db.transaction(async (tx): Promise<AdminChange | Failure> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
    if (order.version !== input.version) return staleFailure(order);
    const [transfer] = await tx.select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id)).for("update");
    const from = toOrderStatus(order.status);
    const to = statusAfterTransferReceived(from, order.onAccount);
    // An expired order is revived by money that arrives late; anything else already settled is not awaited.
    if (!transfer || transfer.receivedAt || order.paidAt || !to || (transfer.expiredAt && from !== "expired"))
      return failure(409, "NOT_AWAITING_TRANSFER", BANK_TRANSFER_MESSAGES.notAwaiting);
    const today = londonToday(now);
    const arrival = arrivalDay(input.arrivedOn || today, { placedOn: londonToday(transfer.placedAt), today });
    if (!arrival.ok)
      return failure(400, "VALIDATION_FAILED", arrival.message, { fieldErrors: { arrived_on: arrival.message } });
    const { arrivedOn } = arrival;
    // Nothing new arrived: only the shortfall of part payments already in may be accepted.
    if (input.receivedPence === 0 && !(input.acceptShortfall && transfer.partPaidPence > 0))
      return failure(400, "VALIDATION_FAILED", BANK_TRANSFER_MESSAGES.nothingToAccept, {
        fieldErrors: { amount: BANK_TRANSFER_MESSAGES.nothingToAccept },
      });
    // An invoice on account is not paid short: what it will not be paid is credited (decision 085).
    if (order.onAccount && input.acceptShortfall)
      return failure(409, "CREDIT_INSTEAD", BANK_TRANSFER_MESSAGES.creditInstead, {
        fieldErrors: { amount: BANK_TRANSFER_MESSAGES.creditInstead },
      });
    // An invoice on account is due less what its credit notes took off it (decision 085).
    const credited = order.onAccount
      ? (await creditsOnOrder(tx, order)).reduce((sum, credit) => sum + credit.grossPence, 0)
      : 0;
    const recording = recordTransfer({
      duePence: transfer.amountPence - credited,
      partPaidPence: transfer.partPaidPence,
      receivedPence: input.receivedPence,
      acceptShortfall: Boolean(input.acceptShortfall),
    });
    if (recording.kind === "part") {
      if (from === "expired") return failure(409, "TRANSFER_EXPIRED", BANK_TRANSFER_MESSAGES.partOnExpired);
      return recordPartPayment(ctx, tx, { ...input, order, transfer, recording, arrivedOn, today, now });
    }
    const difference = recording.difference;
    const receivedPence = recording.sumPence;

    // A shortfall accepted with nothing new arriving has no payment to list.
    if (input.receivedPence > 0)
      await keepReceipt(tx, {
        orderId: order.id,
        amountPence: input.receivedPence,
        arrivedOn,
        staff: input.staff,
        now,
      });
    // An order on account was promised its date at approval, as a paid one is.
    const promised =
      !order.onAccount && promisesDelivery(to, "paid")
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
        receivedPence,
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
          : BANK_TRANSFER_MESSAGES.receivedDifferenceNote(receivedPence, transfer.amountPence)) +
        // The history row's own time says when it was recorded; an earlier arrival is said apart.
        (arrivedOn === today ? "" : BANK_TRANSFER_MESSAGES.arrivedOnNote(arrivedOn)) +
        (from === "expired" ? BANK_TRANSFER_MESSAGES.revivedNote : ""),
      createdAt: now,
    });
    await recordAudit(tx, input.staff, {
      action: "order.transfer-received",
      subject: { kind: "order", id: order.id },
      summary: `Order ${order.number}: bank transfer of ${formatPence(receivedPence)} recorded as paid, arrived ${arrivedOn}`,
      before: { status: from, partPaidPence: transfer.partPaidPence },
      after: { status: to, receivedPence, arrivedOn, acceptShortfall: Boolean(input.acceptShortfall) },
    });
    // An order on account was invoiced when it was placed; every other is invoiced now, and its
    // e-mail (rendered by its job) and the staff alert leave with the commit (decision 030).
    const invoiceNumber = order.onAccount ? null : await issueInvoice(tx, { orderId: order.id, now });
    if (invoiceNumber) await enqueue(tx, { job: DOCUMENT_MAIL_JOB, payload: { orderId: order.id, kind: "invoice" } });
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
        invoiceNumber
          ? `It is "${ORDER_STATUS_LABELS[to]}"; VAT invoice ${invoiceNumber} is issued${buyer ? ` and e-mailed to ${buyer}` : ""}.`
          : `Its invoice on account is paid; it stays "${ORDER_STATUS_LABELS[to]}".`,
        ...(difference.kind === "exact"
          ? []
          : [`${BANK_TRANSFER_MESSAGES.receivedDifferenceNote(receivedPence, transfer.amountPence)}.`]),
      ].join(" "),
    };
  });
}

/** One payment as it arrived, for the statement of an account (decision 085). */
function keepReceipt(
  tx: Database,
  input: { orderId: string; amountPence: number; arrivedOn: string; staff: StaffMember; now: Date },
) {
  return tx.insert(transferReceipts).values({
    orderId: input.orderId,
    amountPence: input.amountPence,
    arrivedOn: input.arrivedOn,
    recordedBy: input.staff.id,
    recordedAt: input.now,
  });
}

type OrderRow = typeof orders.$inferSelect;
type TransferRow = typeof bankTransfers.$inferSelect;

/**
 * A part payment (decision 079): the sum so far is kept on the transfer, the history says what
 * arrived and what is still due, the buyer is e-mailed the rest to pay, and the order waits as it
 * was. Its version moves, so a page opened before shows the payment before another is recorded.
 */
async function recordPartPayment(
  ctx: AppContext,
  tx: Database,
  input: {
    staff: StaffMember;
    order: OrderRow;
    transfer: TransferRow;
    receivedPence: number;
    recording: Extract<TransferRecording, { kind: "part" }>;
    arrivedOn: string;
    today: string;
    now: Date;
  },
): Promise<AdminChange | Failure> {
  const { order, transfer, recording } = input;
  const status = toOrderStatus(order.status);
  await tx.update(bankTransfers).set({ partPaidPence: recording.sumPence }).where(eq(bankTransfers.orderId, order.id));
  const { receivedPence: amountPence, arrivedOn, staff, now } = input;
  await keepReceipt(tx, { orderId: order.id, amountPence, arrivedOn, staff, now });
  await recordAudit(tx, input.staff, {
    action: "order.transfer-part",
    subject: { kind: "order", id: order.id },
    summary: `Order ${order.number}: part payment of ${formatPence(input.receivedPence)} recorded, arrived ${input.arrivedOn}`,
    before: { partPaidPence: transfer.partPaidPence },
    after: { partPaidPence: recording.sumPence, leftPence: recording.leftPence },
  });
  const version = await noteOrderChange(tx, {
    order,
    staffId: input.staff.id,
    note:
      BANK_TRANSFER_MESSAGES.partReceivedNote(input.receivedPence, recording) +
      (input.arrivedOn === input.today ? "" : BANK_TRANSFER_MESSAGES.arrivedOnNote(input.arrivedOn)),
    at: input.now,
  });
  const { details } = readOrderSnapshot(order.number, order.snapshot).data;
  const to = await buyerMailRecipient(tx, { userId: order.userId, accountId: order.accountId, contact: details.email });
  if (to)
    await sendMail(
      tx,
      transferPartReceivedMail({
        shop: ctx,
        to,
        orderNumber: order.number,
        orderUrl: orderUrl(ctx, order.id),
        proformaNumber: transfer.proformaNumber,
        totalPence: recording.leftPence,
        dueOn: transfer.dueOn,
        poRef: details.po_ref,
        partPaidPence: recording.sumPence,
        receivedPence: input.receivedPence,
      }),
    );
  return {
    ok: true,
    status,
    version,
    message: BANK_TRANSFER_MESSAGES.partReceived(
      order.number,
      input.receivedPence,
      recording.leftPence,
      transfer.dueOn,
    ),
  };
}

/**
 * Part payments sent back to the buyer of an order that will not be paid in full (decision 079):
 * only once the order is cancelled, only once, for the whole sum, with the day and the bank's
 * reference. Nothing was invoiced, so no credit note follows; the history records it.
 */
export async function recordTransferReturned(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; fields: Readonly<Record<string, string>>; now: Date },
): Promise<AdminChange | Failure> {
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  const seen = Number(input.fields.version);
  return ctx.db.transaction(async (tx): Promise<AdminChange | Failure> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
    if (order.version !== seen) return staleFailure(order);
    const [transfer] = await tx.select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id)).for("update");
    if (!transfer || transfer.receivedAt || transfer.partPaidPence === 0 || transfer.returnedPence !== null)
      return failure(409, "NOTHING_TO_RETURN", BANK_TRANSFER_MESSAGES.nothingToReturn);
    const status = toOrderStatus(order.status);
    if (status !== "cancelled") return failure(409, "ORDER_STILL_AWAITED", BANK_TRANSFER_MESSAGES.returnNotYet);
    const read = readTransferReturn(input.fields, {
      placedOn: londonToday(transfer.placedAt),
      today: londonToday(input.now),
    });
    if (!read.ok)
      return failure(400, "VALIDATION_FAILED", read.message, { fieldErrors: { [read.field]: read.message } });
    await tx
      .update(bankTransfers)
      .set({
        returnedPence: transfer.partPaidPence,
        returnedOn: read.returnedOn,
        returnedReference: read.reference,
        returnedBy: input.staff.id,
      })
      .where(eq(bankTransfers.orderId, order.id));
    await recordAudit(tx, input.staff, {
      action: "order.transfer-returned",
      subject: { kind: "order", id: order.id },
      summary: `Order ${order.number}: part payments of ${formatPence(transfer.partPaidPence)} sent back on ${read.returnedOn}`,
      before: { returnedPence: null },
      after: { returnedPence: transfer.partPaidPence, returnedOn: read.returnedOn, reference: read.reference },
    });
    const version = await noteOrderChange(tx, {
      order,
      staffId: input.staff.id,
      note: BANK_TRANSFER_MESSAGES.returnedNote(transfer.partPaidPence, read.returnedOn, read.reference),
      at: input.now,
    });
    return {
      ok: true,
      status,
      version,
      message: BANK_TRANSFER_MESSAGES.returned(order.number, transfer.partPaidPence),
    };
  });
}
