/**
 * Paying by bank transfer (issue 17 item 4; REQUIREMENTS B-10; rules in app/domain/bank-transfer.ts).
 *
 * - placeBankTransferOrder: the payment step's "Pay by bank transfer". The amount is the server's
 *   (priceCheckout, the same as a card payment's), recorded in the payment ledger as a
 *   bank_transfer entry; the order is made unpaid (createOrder) with its pro-forma number, due
 *   date and the order number as the payment reference, in one transaction that locks the
 *   checkout's draft, so a double click or a second tab finds the order already placed and gets
 *   the same one back. An open card payment of the checkout is cancelled first.
 * - markTransferReceived: staff mark the money in; who and when are recorded, the order is paid.
 *
 * Reminders before the due date and expiry after it: bank-transfer-tasks.server.ts.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { bankTransfers, orderDrafts, orderLines, orders, orderStatusHistory, paymentIntents } from "#db/schema";
import { ADMIN_MESSAGES } from "~/domain/admin-orders";
import { BANK_TRANSFER_MESSAGES, proformaDocument, transferDueOn } from "~/domain/bank-transfer";
import { ledgerAmounts } from "~/domain/ledger-lines";
import type { BusinessDocument } from "~/domain/documents";
import { readOrderSnapshot } from "~/domain/order-snapshot";
import { etaInput, promisedDeliveryDate } from "~/domain/order-snapshot";
import {
  ORDER_STATUS_LABELS,
  isOrderId,
  promisesDelivery,
  statusAfterTransferReceived,
  toOrderStatus,
} from "~/domain/orders";
import { PAYMENT_MESSAGES } from "~/domain/payment-readiness";
import type { StaffMember } from "./admin-access.server";
import { lockOrder, staleFailure, type AdminChange } from "./admin-orders.server";
import { orderUrl } from "./mail-templates.server";
import { transferPlacedMail, type TransferMailView } from "./bank-transfer-mail.server";
import type { Database } from "./db.server";
import { nextDocumentNumber } from "./document-numbers.server";
import { failure, type Failure } from "./http.server";
import { sendMail } from "./mail.server";
import { createOrder } from "./order-creation.server";
import { linesOfOrder } from "./order-lines.server";
import { type DocumentReader, issueInvoice, mailOrderDocument } from "./invoices.server";
import { documentFileName } from "~/domain/documents";
import { renderDocumentPdf } from "./documents.server";
import { visibleTo } from "./buyer-orders.server";
import { lockDraft, lockLineDrafts } from "./payment-events.server";
import { PaymentProviderError } from "./payment-provider.server";
import { payingBuyer, priceCheckout } from "./payment-start.server";
import type { Services } from "./services.server";
import { alertStaff } from "./staff-alerts.server";

/** At most 10 orders placed by transfer a minute per user, like payment intents (B-22). */
export const BANK_TRANSFER_LIMIT = { hits: 10, windowSeconds: 60 } as const;

/**
 * The payment step's "Pay by bank transfer" form. Kept here, not in the route: a schema built at
 * the route module's top level would ship zod to every buyer's browser with the payment page.
 */
export const TRANSFER_FORM = z.object({
  intent: z.literal("bank_transfer", PAYMENT_MESSAGES.noDraft),
  draft_id: z.string(PAYMENT_MESSAGES.noDraft).max(64, PAYMENT_MESSAGES.noDraft),
  product_id: z.string(PAYMENT_MESSAGES.noDraft).max(32, PAYMENT_MESSAGES.noDraft),
});

export type PlacedTransfer = { ok: true; orderId: string; orderNumber: string };

/** The order a checkout's draft went into by bank transfer, if it did: placing it again finds this one. */
async function placedByTransfer(db: Database, userId: string, draftId: string) {
  const [placed] = await db
    .select({ orderId: orders.id, orderNumber: orders.number })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(bankTransfers, eq(bankTransfers.orderId, orders.id))
    .where(and(eq(orderLines.draftId, draftId), eq(orders.userId, userId)))
    .limit(1);
  return placed ?? null;
}

/** Places the signed-in buyer's checkout to pay by bank transfer; see the module comment. */
export async function placeBankTransferOrder(
  services: Services,
  input: {
    session: { user: { id: string }; accountId?: string } | null;
    draftId: string;
    productId: string;
    now?: Date;
  },
): Promise<PlacedTransfer | Failure> {
  const { db } = services;
  const buyer = await payingBuyer(db, input.session, "bank-transfer", BANK_TRANSFER_LIMIT);
  if (!buyer.ok) return buyer;
  const { userId, accountId } = buyer;
  const now = input.now ?? new Date();

  const priced = await priceCheckout(db, { userId, accountId, draftId: input.draftId, productId: input.productId });
  if (!priced.ok) {
    const placed = priced.code === "ALREADY_PAID" ? await placedByTransfer(db, userId, input.draftId) : null;
    return placed ? { ok: true, ...placed } : priced;
  }
  const { row, lines, computed } = priced;

  // An open card payment of this checkout is cancelled first, so it cannot be paid as well; one
  // the provider has taken or is taking wins.
  const [card] = row.paymentIntentId
    ? await db.select().from(paymentIntents).where(eq(paymentIntents.intentId, row.paymentIntentId)).limit(1)
    : [];
  if (card && card.provider === services.payments?.kind) {
    try {
      const old = await services.payments.cancelIntent(card.intentId);
      if (old?.status === "succeeded") return failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
      if (old?.status === "processing") return failure(409, "PAYMENT_PROCESSING", PAYMENT_MESSAGES.processing);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      console.error(`[payments] draft ${row.id}: ${error.message}`);
      return failure(502, "PAYMENT_PROVIDER_ERROR", PAYMENT_MESSAGES.providerDown);
    }
  }

  const dueOn = transferDueOn(now);
  type Placed = PlacedTransfer & { mail: TransferMailView | null };
  const result = await db.transaction(async (tx): Promise<Placed | Failure> => {
    const draft = await lockDraft(tx, row.id);
    if (draft.status === "paid" || draft.paidAt) {
      // A second tab or click that waited on the lock: the order the first one placed.
      const placed = await placedByTransfer(tx, userId, row.id);
      return placed ? { ok: true, ...placed, mail: null } : failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
    }
    if (draft.version !== row.version) return failure(409, "DRAFT_CHANGED", PAYMENT_MESSAGES.changed);
    const lineDrafts = await lockLineDrafts(tx, lines, draft.id);
    if (!lineDrafts) return failure(409, "DRAFT_CHANGED", PAYMENT_MESSAGES.changed);

    const [ledger] = await tx
      .insert(paymentIntents)
      .values({
        intentId: `bt_${randomUUID()}`,
        provider: "bank_transfer",
        draftId: draft.id,
        accountId: draft.accountId,
        userId,
        idempotencyKey: `bank-transfer:draft:${draft.id}:v${draft.version}`,
        ...ledgerAmounts(computed),
        lines,
      })
      .returning();
    if (!ledger) throw new Error("Recording a bank transfer in the ledger returned no row");
    const made = await createOrder(
      tx,
      { draft, lineDrafts, ledger, now },
      { payment: "bank_transfer", firstNote: BANK_TRANSFER_MESSAGES.placedNote(dueOn) },
    );
    const proformaNumber = await nextDocumentNumber(tx, "proforma", now);
    await tx.insert(bankTransfers).values({
      orderId: made.orderId,
      proformaNumber,
      amountPence: computed.total,
      dueOn,
      placedAt: now,
    });
    const { details } = made.snapshot.data;
    return {
      ok: true,
      orderId: made.orderId,
      orderNumber: made.orderNumber,
      mail: {
        to: details.email.trim(),
        orderNumber: made.orderNumber,
        orderUrl: orderUrl(made.orderId),
        proformaNumber,
        totalPence: computed.total,
        dueOn,
        poRef: details.po_ref,
      },
    };
  });
  if (!result.ok) return result;
  const { mail, ...placed } = result;
  if (mail?.to) await sendPlacedMail(db, placed.orderId, mail);
  if (mail)
    await alertStaff(db, { kind: "transfer-placed", ...placed, totalPence: mail.totalPence, dueOn: mail.dueOn });
  return placed;
}

// ---------------------------------------------------------------------------------------------
// The pro-forma invoice

/**
 * The pro-forma invoice of an order placed by bank transfer, for its buyer and their organisation
 * (like the order page) or staff; null for anyone else, an unknown order or a card order, so the
 * route answers all of them alike with a 404. Dated when the order was placed.
 */
export async function loadProforma(
  db: Database,
  input: { orderId: string; reader: DocumentReader },
): Promise<BusinessDocument | null> {
  const { reader } = input;
  if (!isOrderId(input.orderId) || (reader !== "staff" && !reader.userId)) return null;
  const [found] = await db
    .select({ order: orders, transfer: bankTransfers })
    .from(orders)
    .innerJoin(bankTransfers, eq(bankTransfers.orderId, orders.id))
    .where(
      reader === "staff"
        ? eq(orders.id, input.orderId)
        : and(eq(orders.id, input.orderId), visibleTo(reader.userId, reader.accountId || reader.userId)),
    )
    .limit(1);
  if (!found) return null;
  const { order, transfer } = found;
  return proformaDocument({
    number: transfer.proformaNumber,
    issuedAt: transfer.placedAt,
    orderNumber: order.number,
    snapshot: readOrderSnapshot(order.number, order.snapshot),
    lines: await linesOfOrder(db, order),
    amounts: order,
    dueOn: transfer.dueOn,
  });
}

/** The placed e-mail with the pro-forma attached; a fault is logged and never undoes the order (its page has the pro-forma). */
async function sendPlacedMail(db: Database, orderId: string, view: TransferMailView) {
  try {
    const proforma = await loadProforma(db, { orderId, reader: "staff" });
    if (!proforma) throw new Error(`Order ${view.orderNumber} has no pro-forma`);
    const pdf = await renderDocumentPdf(proforma);
    await sendMail(db, {
      ...transferPlacedMail(view),
      attachments: [{ filename: documentFileName(proforma), content: pdf, contentType: "application/pdf" }],
    });
  } catch (error) {
    console.error(`[orders] bank transfer e-mail for ${view.orderNumber} failed:`, error);
  }
}

// ---------------------------------------------------------------------------------------------
// The back office

/**
 * Staff mark an order's transfer received (issue 17 item 4): only while it is awaited, only from
 * the order version the page showed. The order is paid now (paid_at, its drafts' paid_at), its
 * status follows statusAfterTransferReceived, a delivery date is promised if its proof is approved
 * already, and the history and the transfer record who marked it and when. The order's VAT invoice
 * is issued now, in the same transaction, and e-mailed to the buyer after the commit.
 */
export async function markTransferReceived(
  db: Database,
  input: { staff: StaffMember; orderId: string; version: number; now?: Date },
): Promise<AdminChange | Failure> {
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  const now = input.now ?? new Date();
  type Received = AdminChange & { orderNumber: string };
  const result = await db.transaction(async (tx): Promise<Received | Failure> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
    if (order.version !== input.version) return staleFailure(order);
    const [transfer] = await tx.select().from(bankTransfers).where(eq(bankTransfers.orderId, order.id)).for("update");
    const from = toOrderStatus(order.status);
    const to = statusAfterTransferReceived(from);
    if (!transfer || transfer.receivedAt || transfer.expiredAt || order.paidAt || !to)
      return failure(409, "NOT_AWAITING_TRANSFER", BANK_TRANSFER_MESSAGES.notAwaiting);

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
      .set({ receivedAt: now, receivedBy: input.staff.id })
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
      note: BANK_TRANSFER_MESSAGES.receivedNote,
      createdAt: now,
    });
    const invoiceNumber = await issueInvoice(tx, { orderId: order.id, now });
    return {
      ok: true,
      status: to,
      version: updated.version,
      orderNumber: order.number,
      message: `${BANK_TRANSFER_MESSAGES.received(order.number)} It is "${ORDER_STATUS_LABELS[to]}"; VAT invoice ${invoiceNumber} is issued.`,
    };
  });
  if (!result.ok) return result;
  await alertStaff(db, {
    kind: "transfer-received",
    orderId: input.orderId,
    orderNumber: result.orderNumber,
    staffName: input.staff.name,
  });
  try {
    const sent = await mailOrderDocument(db, { orderId: input.orderId, kind: "invoice" });
    if (sent) return { ...result, message: `${result.message} It was e-mailed to ${sent.to}.` };
  } catch (error) {
    console.error(`[orders] invoice e-mail for ${input.orderId} after its transfer failed:`, error);
  }
  return result;
}
