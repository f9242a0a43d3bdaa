/**
 * On-time Guarantee claims (docs/decisions/026-guarantee-claims.md). The order's
 * buyer or a member of its organisation claims once while guaranteeEligibility allows (another's
 * order is a 404); staff accept or refuse with a reason. An accepted claim whose remedy names an
 * amount issues a credit note for it, numbered with the other documents (CN-…) and rendered by the
 * one PDF module; the buyer is e-mailed the outcome either way. Alerts and e-mails go after the
 * commit, and a mail fault never undoes the claim or the decision.
 */
import { and, asc, eq } from "drizzle-orm";
import { guaranteeClaims, invoices, orders, orderStatusHistory } from "#db/schema";
import { londonToday, type IsoDate } from "~/domain/core/dates";
import {
  CLAIM_REFUSALS,
  guaranteeEligibility,
  remedyCredit,
  type GuaranteeEligibility,
} from "~/domain/fulfilment/guarantee";
import { isOrderId, toOrderStatus } from "~/domain/fulfilment/orders";
import { visibleTo } from "../orders/buyer-orders.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { alertStaff } from "../payments/staff-alerts.server";
import { nextDocumentNumber } from "../platform/document-numbers.server";
import { claimDecisionMail, sendClaimDecision } from "./guarantee-mail.server";
import type { StaffMember } from "../accounts/admin-access.server";
import { lockOrder } from "../admin/admin-orders.server";
import { creditsOnOrder } from "../admin/refunds.server";
import { creditLeft, invoicedAmounts } from "~/domain/orders/refunds";
import { formatPence } from "~/domain/core/money";
import { recordAudit } from "../platform/audit-log.server";

/** Claims one user may send in an hour: a buyer has few late orders; enough to retry, too few to flood. */
export const CLAIM_LIMIT = { hits: 10, windowSeconds: 3600 } as const;

export const CLAIM_MESSAGES = {
  notFound: "Order not found.",
  tooMany: "You've sent several claims in a short time. Please wait a while.",
  claimed: "Thank you: your On-time Guarantee claim is with our team. We'll e-mail you their answer.",
  notOpen: "This claim has already been decided.",
  noClaim: "This order has no On-time Guarantee claim.",
  overInvoice: (credit: number, left: number) =>
    `The remedy's credit of ${formatPence(credit)} is more than the ${formatPence(left)} left of the invoice after its refunds, so it cannot be credited. Nothing was changed.`,
} as const;

export type ClaimView = {
  status: "open" | "accepted" | "refused";
  note: string | null;
  daysLate: number;
  claimedAt: Date;
  reason: string | null;
  decidedAt: Date | null;
  remedy: string | null;
  creditNoteNumber: string | null;
  creditPence: number | null;
};

type ClaimRow = typeof guaranteeClaims.$inferSelect;

const toView = (row: ClaimRow): ClaimView => ({
  status: row.status === "accepted" || row.status === "refused" ? row.status : "open",
  note: row.note,
  daysLate: row.daysLate,
  claimedAt: row.claimedAt,
  reason: row.reason,
  decidedAt: row.decidedAt,
  remedy: row.remedy,
  creditNoteNumber: row.creditNoteNumber,
  creditPence: row.creditPence,
});

/** The London date the order was first marked delivered, from its history. */
export async function deliveredOn(db: Database, orderId: string): Promise<IsoDate | null> {
  const [entry] = await db
    .select({ at: orderStatusHistory.createdAt })
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "delivered")))
    .orderBy(asc(orderStatusHistory.id))
    .limit(1);
  return entry ? londonToday(entry.at) : null;
}

export async function claimOf(db: Database, orderId: string): Promise<ClaimView | null> {
  const [row] = await db.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, orderId)).limit(1);
  return row ? toView(row) : null;
}

/** What the order page shows: the claim if there is one, else whether it may be made, and the remedy's words. */
export async function guaranteeOfOrder(
  ctx: AppContext,
  { order, now }: { order: { id: string; status: string; promised: IsoDate | null }; now: Date },
): Promise<{ claim: ClaimView | null; eligibility: GuaranteeEligibility; remedy: string }> {
  const { db } = ctx;
  const claim = await claimOf(db, order.id);
  const eligibility = guaranteeEligibility({
    status: toOrderStatus(order.status),
    promised: order.promised,
    deliveredOn: await deliveredOn(db, order.id),
    today: londonToday(now),
    claimed: claim !== null,
  });
  return { claim, eligibility, remedy: ctx.business.lateDeliveryRemedy };
}

/**
 * The buyer claims (B-20: the order's buyer or its organisation; anyone else gets the 404 an
 * unknown order gets). The order is locked so a staff change cannot pass the check midway; the
 * primary key keeps one claim per order even against a second tab.
 */
export async function claimGuarantee(
  ctx: AppContext,
  input: { userId: string; accountId: string; orderId: string; note: string; now?: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const { db } = ctx;
  if (!input.userId || !isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", CLAIM_MESSAGES.notFound);
  const limit = await hitRateLimit(db, {
    key: `guarantee-claim:${input.userId}`,
    limit: CLAIM_LIMIT.hits,
    windowSeconds: CLAIM_LIMIT.windowSeconds,
  });
  if (!limit.allowed)
    return failure(429, "RATE_LIMITED", CLAIM_MESSAGES.tooMany, { retryAfterSeconds: limit.retryAfterSeconds });
  const now = input.now ?? ctx.clock();
  return db.transaction(async (tx): Promise<{ ok: true; message: string } | Failure> => {
    const [order] = await tx
      .select({ id: orders.id, number: orders.number, status: orders.status, promised: orders.promisedDeliveryDate })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), visibleTo(input.userId, input.accountId || input.userId)))
      .for("update");
    if (!order) return failure(404, "ORDER_NOT_FOUND", CLAIM_MESSAGES.notFound);
    const { eligibility } = await guaranteeOfOrder({ ...ctx, db: tx }, { order, now });
    if (!eligibility.eligible)
      return failure(409, `CLAIM_${eligibility.reason.toUpperCase()}`, CLAIM_REFUSALS[eligibility.reason]);
    const [inserted] = await tx
      .insert(guaranteeClaims)
      .values({
        orderId: order.id,
        claimedBy: input.userId,
        note: input.note.trim() || null,
        daysLate: eligibility.daysLate,
        claimedAt: now,
      })
      .onConflictDoNothing()
      .returning({ orderId: guaranteeClaims.orderId });
    if (!inserted) return failure(409, "CLAIM_ALREADY_CLAIMED", CLAIM_REFUSALS.already_claimed);
    // The staff alert leaves with the commit (decision 030).
    await alertStaff(
      { ...ctx, db: tx },
      {
        kind: "guarantee-claim",
        orderId: order.id,
        orderNumber: order.number,
        daysLate: eligibility.daysLate,
        note: input.note.trim(),
      },
    );
    return { ok: true, message: CLAIM_MESSAGES.claimed };
  });
}

export type ClaimDecision = { decision: "accept" | "refuse"; reason: string };

/**
 * Staff decide an open claim, once, with a reason. Accepting credits the remedy's amount
 * (remedyCredit) with a credit note when the order has a VAT invoice to credit; otherwise the
 * remedy is recorded for staff to give by hand. The buyer is e-mailed the outcome.
 */
export async function decideClaim(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; decision: ClaimDecision; now?: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const { db } = ctx;
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", CLAIM_MESSAGES.notFound);
  const now = input.now ?? ctx.clock();
  const { decision, reason } = input.decision;
  const remedy = ctx.business.lateDeliveryRemedy;
  const result = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", CLAIM_MESSAGES.notFound);
    const [claim] = await tx.select().from(guaranteeClaims).where(eq(guaranteeClaims.orderId, order.id)).for("update");
    if (!claim) return failure(404, "CLAIM_NOT_FOUND", CLAIM_MESSAGES.noClaim);
    if (claim.status !== "open") return failure(409, "CLAIM_DECIDED", CLAIM_MESSAGES.notOpen);
    const [invoice] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.orderId, order.id))
      .limit(1);
    const credit = decision === "accept" && invoice ? remedyCredit(remedy, order) : { kind: "recorded" as const };
    // The credits on one invoice never add up to more than it (docs/decisions/072).
    if (credit.kind === "credit") {
      const left = creditLeft(invoicedAmounts(order), await creditsOnOrder(tx, order));
      if (credit.totalPence > left.grossPence)
        return failure(409, "CREDIT_OVER_INVOICE", CLAIM_MESSAGES.overInvoice(credit.totalPence, left.grossPence));
    }
    const creditNoteNumber =
      credit.kind === "credit" ? await nextDocumentNumber(tx, { kind: "credit_note", now }) : null;
    const [decided] = await tx
      .update(guaranteeClaims)
      .set({
        status: decision === "accept" ? "accepted" : "refused",
        decidedBy: input.staff.id,
        reason,
        decidedAt: now,
        remedy: decision === "accept" ? remedy : null,
        creditNoteNumber,
        creditPence: credit.kind === "credit" ? credit.totalPence : null,
      })
      .where(and(eq(guaranteeClaims.orderId, order.id), eq(guaranteeClaims.status, "open")))
      .returning();
    if (!decided) return failure(409, "CLAIM_DECIDED", CLAIM_MESSAGES.notOpen);
    await recordAudit(tx, input.staff, {
      action: `order.guarantee-${decision}`,
      subject: { kind: "order", id: order.id },
      summary: `Order ${order.number}: On-time Guarantee claim ${decision === "accept" ? "accepted" : "refused"}: ${reason}`,
      before: { claim: "open" },
      after: { claim: decided.status, remedy: decided.remedy, creditPence: decided.creditPence, creditNoteNumber },
    });
    const mail = claimDecisionMail({
      shop: ctx,
      order,
      claim: toView(decided),
      credit,
      invoiceNumber: invoice?.number ?? null,
    });
    return { ok: true as const, order, mail, creditNoteNumber };
  });
  if (!result.ok) return result;
  await sendClaimDecision(ctx, result.mail);
  const outcome = decision === "accept" ? "accepted" : "refused";
  const note = result.creditNoteNumber ? `; credit note ${result.creditNoteNumber} is issued` : "";
  return {
    ok: true,
    message: `The claim on order ${result.order.number} is ${outcome}${note}, and the buyer is e-mailed.`,
  };
}

/** Open claims, oldest first, for the back office. */
export async function openClaims(db: Database) {
  return db
    .select({
      orderId: guaranteeClaims.orderId,
      orderNumber: orders.number,
      daysLate: guaranteeClaims.daysLate,
      claimedAt: guaranteeClaims.claimedAt,
      note: guaranteeClaims.note,
    })
    .from(guaranteeClaims)
    .innerJoin(orders, eq(orders.id, guaranteeClaims.orderId))
    .where(eq(guaranteeClaims.status, "open"))
    .orderBy(asc(guaranteeClaims.claimedAt))
    .limit(200);
}
