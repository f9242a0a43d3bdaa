/**
 * Refunds staff give from an order's page (docs/decisions/072-refunds-and-credit-notes.md): all
 * or part of what the VAT invoice charged, by lines or as an amount, each recorded as a numbered credit
 * note citing the invoice and e-mailed to the buyer. The sums are app/domain/orders/refunds.ts's;
 * this module reads the order and its credits, moves the money and writes the records.
 *
 * A card refund is written as pending in one transaction, asked of the payment provider with no
 * transaction open (the shop never holds a lock while a provider answers), and completed in a second: a pending
 * refund counts against what is left of the invoice, so two at once cannot give back more than it,
 * and one whose answer was lost is tried again with the same idempotency key, which the provider
 * answers with the same refund. A transfer refund is money staff sent from the bank: recorded done,
 * with its day and reference, in one transaction.
 */
import { and, eq } from "drizzle-orm";
import { bankTransfers, creditNotes, guaranteeClaims, invoices, orders, orderStatusHistory, refunds } from "#db/schema";
import { londonToday } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { canTransition, isOrderId, ORDER_STATUS_LABELS, toOrderStatus } from "~/domain/fulfilment/orders";
import { ADMIN_MESSAGES } from "~/domain/orders/admin-orders";
import { acceptedClaimCreditNote } from "~/domain/orders/guarantee-credit-note";
import { refundMethod, type RefundMethod } from "~/domain/orders/refunds";
import {
  creditLeft,
  invoicedAmounts,
  type PastCredit,
  planRefund,
  readRefundForm,
  type RefundRefusal,
} from "~/domain/orders/refunds";
import type { StaffMember } from "../accounts/admin-access.server";
import { DOCUMENT_MAIL_JOB } from "../documents/invoices.server";
import { enqueue } from "../messages/jobs.server";
import { linesOfOrder } from "../orders/order-lines.server";
import type { Database } from "../platform/db.server";
import { nextDocumentNumber } from "../platform/document-numbers.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { AppContext } from "../providers/app-context.server";
import { PaymentProviderError } from "../providers/payment-provider.server";
import { type AdminChange, lockOrder, staleFailure } from "./admin-orders.server";
import { recordAudit } from "../platform/audit-log.server";

export const REFUND_SERVER_MESSAGES = {
  notPaid: "Nothing has been paid for this order, so there is nothing to refund.",
  noProvider: "Card payments are not set up (see /env), so a card refund cannot be made now. Nothing was refunded.",
  refused: (why: string) => `The card payment provider refused the refund (${why}). Nothing was refunded.`,
  pending:
    "The card payment provider did not answer. The refund is kept as pending below: try it again there. The provider will not refund it twice.",
  notPending: "That refund no longer waits for the provider. Reload the page to see it.",
} as const;

/** How many refunds (and retries) one member of staff may ask for an hour: each may call the payment provider. */
export const REFUND_LIMIT = { limit: 30, windowSeconds: 3600 } as const;

/** Null while this member of staff has refunds left this hour, else the 429 that says when to try again. */
async function overRefundLimit(db: Database, staff: StaffMember): Promise<Failure | null> {
  const hit = await hitRateLimit(db, { key: `refunds:${staff.id}`, ...REFUND_LIMIT });
  if (hit.allowed) return null;
  return failure(429, "TOO_MANY_REFUNDS", "You have made many refunds in the last hour: try again later.", {
    retryAfterSeconds: hit.retryAfterSeconds,
  });
}

type OrderRow = typeof orders.$inferSelect;

/** A refusal of the form, as the page shows it beside its field. */
const refusal = (refused: RefundRefusal): Failure =>
  failure(400, "VALIDATION_FAILED", refused.message, { fieldErrors: { [refused.field]: refused.message } });

/**
 * The credits already on the order's invoice: its refunds, pending or done; a credit note issued
 * before refunds could be partial, which credited the whole invoice; and the credit of an accepted
 * On-time Guarantee claim.
 */
const REFUNDED_HOW: Record<RefundMethod, string> = {
  card: "refunded to the card",
  bank_transfer: "refunded by bank transfer",
  account: "credited to the organisation's account",
};

export async function creditsOnOrder(db: Database, order: OrderRow): Promise<PastCredit[]> {
  const [given, legacy, [claim], [invoice]] = await Promise.all([
    db.select().from(refunds).where(eq(refunds.orderId, order.id)),
    db.select({ refundId: creditNotes.refundId }).from(creditNotes).where(eq(creditNotes.orderId, order.id)),
    db.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, order.id)).limit(1),
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id)).limit(1),
  ]);
  const credits: PastCredit[] = [...given];
  if (legacy.some((note) => note.refundId === null))
    credits.push({
      ...invoicedAmounts(order),
      goods: [],
      discountPence: order.discountPence,
      shippingPence: order.shippingPence,
    });
  const guarantee = claim && acceptedClaimCreditNote({ order, claim, invoiceNumber: invoice?.number ?? null });
  if (guarantee) credits.push({ ...guarantee.totals, goods: [], discountPence: 0, shippingPence: 0 });
  return credits;
}

/**
 * The credit note of a refund now done, with what follows from it in the same transaction: the
 * buyer's e-mail with the PDF (queued), and the order moved to "Refunded" once nothing of its
 * invoice is left and the state machine allows it (an order in production keeps its stage).
 */
async function issueRefundCreditNote(
  tx: Database,
  input: { order: OrderRow; refundId: string; staff: StaffMember; now: Date },
): Promise<AdminChange> {
  const { order, now } = input;
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, input.refundId));
  const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id));
  if (!refund || !invoice) throw new Error(`Refund ${input.refundId} of order ${order.number} has no invoice`);
  const number = await nextDocumentNumber(tx, { kind: "credit_note", now });
  await tx
    .insert(creditNotes)
    .values({ number, orderId: order.id, invoiceId: invoice.id, refundId: refund.id, issuedAt: now });
  await enqueue(tx, { job: DOCUMENT_MAIL_JOB, payload: { orderId: order.id, kind: "credit_note", number } });

  const from = toOrderStatus(order.status);
  const left = creditLeft(invoicedAmounts(order), await creditsOnOrder(tx, order));
  const ends = left.grossPence === 0 && canTransition(from, "refunded", "staff", "paid");
  const credited = refund.method === "account";
  const [updated] = await tx
    .update(orders)
    .set({ ...(ends ? { status: "refunded" } : {}), version: order.version + 1, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning({ version: orders.version, status: orders.status });
  if (ends)
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: "refunded",
      actor: "staff",
      actorUserId: input.staff.id,
      note: `Refunded in full: credit note ${number}`,
    });
  const to = refund.method === "card" ? "card" : "bank account";
  return {
    ok: true,
    status: toOrderStatus(updated!.status),
    version: updated!.version,
    message:
      (credited
        ? `Credited ${formatPence(refund.grossPence)} to the organisation's account.`
        : `Refunded ${formatPence(refund.grossPence)} to the ${to}.`) +
      ` Credit note ${number} issued and e-mailed to the buyer.` +
      (ends ? ` The order is now "${ORDER_STATUS_LABELS.refunded}".` : ""),
  };
}

/**
 * Staff refund part or all of a paid order (the refund form's fields). Refused with the reason when
 * the form is wrong, the order changed since the page showed it, or the refund would take more
 * than is left of the invoice; a card refund the provider refuses is not kept, one it did not
 * answer is kept pending to try again.
 */
export async function refundOrder(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; fields: Readonly<Record<string, string>>; now: Date },
): Promise<AdminChange | Failure> {
  const { db } = ctx;
  const { staff, now } = input;
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  const limited = await overRefundLimit(db, staff);
  if (limited) return limited;
  const started = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
    const [invoice] = await tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, order.id));
    if (!(order.paidAt || order.onAccount) || !invoice) return failure(409, "NOT_PAID", REFUND_SERVER_MESSAGES.notPaid);
    const [found] = await tx
      .select({ orderId: bankTransfers.orderId })
      .from(bankTransfers)
      .where(eq(bankTransfers.orderId, order.id));
    // An order on account not yet paid is credited, not paid back: its account owes less (decision 085).
    const method = refundMethod(order, Boolean(found));
    const transfer = method === "bank_transfer";
    const lines = await linesOfOrder(tx, order);
    const read = readRefundForm(input.fields, {
      lineCount: lines.length,
      byTransfer: transfer,
      paidOn: londonToday(order.paidAt ?? order.createdAt),
      today: londonToday(now),
    });
    if (!read.ok) return refusal(read);
    const { form } = read;
    if (order.version !== form.version) return staleFailure(order);
    if (method === "card" && !ctx.payments)
      return failure(503, "NO_PAYMENT_PROVIDER", REFUND_SERVER_MESSAGES.noProvider);
    const credits = await creditsOnOrder(tx, order);
    const plan = planRefund({ amounts: order, lines, credits, request: form.request });
    if (!plan.ok) return refusal(plan);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        status: method === "card" ? "pending" : "done",
        method,
        ...plan.credit,
        reason: form.reason,
        paidBackOn: form.transfer?.paidBackOn ?? null,
        reference: form.transfer?.reference ?? null,
        staffId: staff.id,
        doneAt: method === "card" ? null : now,
      })
      .returning({ id: refunds.id });
    await recordAudit(tx, staff, {
      action: "order.refund",
      subject: { kind: "order", id: order.id },
      summary: `Order ${order.number}: ${formatPence(plan.credit.grossPence)} ${REFUNDED_HOW[method]}, "${form.reason}"`,
      before: { creditLeftPence: creditLeft(invoicedAmounts(order), credits).grossPence },
      after: { refundId: refund!.id, method, reason: form.reason, ...plan.credit },
    });
    if (method !== "card") return issueRefundCreditNote(tx, { order, refundId: refund!.id, staff, now });
    return { ok: "pending" as const, refundId: refund!.id };
  });
  if (started.ok !== "pending") return started;
  return askProvider(ctx, { staff, orderId: input.orderId, refundId: started.refundId, now });
}

/** Staff try a pending card refund again: the provider answers with the refund it made, or makes it. */
export async function retryRefund(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; refundId: string; now: Date },
): Promise<AdminChange | Failure> {
  if (!isOrderId(input.orderId) || !isOrderId(input.refundId))
    return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  return (await overRefundLimit(ctx.db, input.staff)) ?? askProvider(ctx, input);
}

/** Asks the provider for a pending card refund, then completes it, drops it (refused) or leaves it pending. */
async function askProvider(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; refundId: string; now: Date },
): Promise<AdminChange | Failure> {
  const { db } = ctx;
  const pending = and(
    eq(refunds.id, input.refundId),
    eq(refunds.orderId, input.orderId),
    eq(refunds.status, "pending"),
  );
  const [row] = await db
    .select({ grossPence: refunds.grossPence, intentId: orders.paymentIntentId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(pending);
  if (!row) return failure(409, "REFUND_NOT_PENDING", REFUND_SERVER_MESSAGES.notPending);
  if (!ctx.payments) return failure(503, "NO_PAYMENT_PROVIDER", REFUND_SERVER_MESSAGES.noProvider);
  let providerRefundId: string;
  try {
    const refund = await ctx.payments.refund({
      intentId: row.intentId,
      amountPence: row.grossPence,
      idempotencyKey: `refund:${input.refundId}`,
    });
    providerRefundId = refund.id;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.log.error(`[refunds] refund ${input.refundId} of intent ${row.intentId}: ${error.message}`);
    if (!error.refused) return failure(502, "REFUND_PENDING", REFUND_SERVER_MESSAGES.pending);
    await db.delete(refunds).where(pending);
    return failure(502, "REFUND_REFUSED", REFUND_SERVER_MESSAGES.refused(error.message));
  }
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const [done] = await tx
      .update(refunds)
      .set({ status: "done", providerRefundId, doneAt: input.now })
      .where(pending)
      .returning({ id: refunds.id });
    // Another tab completed it meanwhile: its credit note is the one.
    if (!order || !done) return failure(409, "REFUND_NOT_PENDING", REFUND_SERVER_MESSAGES.notPending);
    return issueRefundCreditNote(tx, { order, refundId: done.id, staff: input.staff, now: input.now });
  });
}
