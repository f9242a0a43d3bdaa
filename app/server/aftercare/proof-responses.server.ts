/**
 * The answer to a line's proof (B-3, B-20): the buyer who placed
 * the order, an approver of its organisation, a share link's guest (proof-answerers.server.ts) or
 * staff recording an answer given by phone or e-mail (recorded-approvals.server.ts,
 * docs/decisions/039-staff-recorded-approval.md). The buyer's orders themselves are
 * buyer-orders.server.ts.
 */
import { desc, eq, sql } from "drizzle-orm";
import { orderProofs, orders, orderStatusHistory } from "#db/schema";
import type { IsoDate } from "~/domain/core/dates";
import type { ProofAnswer } from "~/domain/orders/order-forms";
import { etaInput, promisedDeliveryDate, readOrderSnapshot } from "~/domain/orders/order-snapshot";
import {
  canTransition,
  isOrderId,
  lineProofState,
  lineTitle,
  orderPayment,
  promisesDelivery,
  proofName,
  statusFromLineProofs,
  toOrderStatus,
  type OrderStatus,
} from "~/domain/fulfilment/orders";
import { recordedAnswerNote } from "~/domain/orders/proof-sharing";
import { orderMailView, proofApprovedMail, sendStageMail } from "../messages/admin-mail.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { answerColumns, answerRecordFor, type ProofAnswerer } from "./proof-answerers.server";
import { alertStaff, proofAnswerAlert } from "../payments/staff-alerts.server";

export const PROOF_ANSWER_MESSAGES = {
  notFound: "Order not found.",
  notAwaiting: "This proof is not waiting for your answer.",
  outdated: "A newer proof has been sent. Please review the latest version.",
} as const;

export type ProofResponse = {
  ok: true;
  status: OrderStatus;
  promisedDeliveryDate: IsoDate | null;
  version: number;
};

/**
 * The buyer answers a line's latest proof (B-3): the user who placed the order
 * (B-20) or whom answerRecordFor admits, only while the order is proof_sent,
 * only the line's newest version, once. The order's status then follows its lines
 * (statusFromLineProofs): changes asked on any line move it to changes_requested for staff to
 * upload a new version; the last line approved moves it to
 * proof_approved and fixes the promised delivery date (today in Europe/London + the slowest
 * line's lead and delivery days for the method bought, decision 053, B-19); otherwise it
 * stays proof_sent. Every answer writes a history row, and the approval e-mails the buyer after
 * the commit. The answer comes checked by proofAnswerSchema, so a request for
 * changes carries its comment.
 */
export async function respondToProof(
  ctx: AppContext,
  input: Omit<ProofAnswer, "line"> & {
    /** The line by position; the first when not named. */
    line?: number;
    userId: string;
    /** The account the buyer's session acts for (docs/decisions/035-current-membership.md). */
    accountId?: string;
    orderId: string;
    now?: Date;
    /** Who answers; the buyer by `userId` when not given. */
    answerer?: ProofAnswerer;
    /** When the answer was given, if before `now` (an approval by phone recorded later). */
    answeredAt?: Date;
  },
): Promise<ProofResponse | Failure> {
  const { db } = ctx;
  const comment = input.comment ?? "";
  if ((!input.userId && !input.answerer) || !isOrderId(input.orderId))
    return failure(404, "ORDER_NOT_FOUND", PROOF_ANSWER_MESSAGES.notFound);
  const now = input.now ?? ctx.clock();
  const notAwaiting = () => failure(409, "PROOF_NOT_AWAITING", PROOF_ANSWER_MESSAGES.notAwaiting);
  return db.transaction(async (tx): Promise<ProofResponse | Failure> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return failure(404, "ORDER_NOT_FOUND", PROOF_ANSWER_MESSAGES.notFound);
    const who = await answerRecordFor(tx, {
      order,
      who: input.answerer ?? { kind: "account", userId: input.userId, accountId: input.accountId },
      now,
    });
    if (!who.ok) return who;
    const from = toOrderStatus(order.status);
    if (from !== "proof_sent") return notAwaiting();
    const lines = await linesOfOrder(tx, order);
    const line = lines.find((candidate) => candidate.position === (input.line ?? 1));
    if (!line) return notAwaiting();
    const proofs = await tx
      .select({
        id: orderProofs.id,
        lineId: orderProofs.orderLineId,
        version: orderProofs.version,
        decision: orderProofs.decision,
      })
      .from(orderProofs)
      .where(eq(orderProofs.orderId, order.id))
      .orderBy(desc(orderProofs.version))
      .for("update");
    const latestOf = (lineId: string) => proofs.find((proof) => proof.lineId === lineId);
    const latest = latestOf(line.id);
    if (!latest || latest.decision !== null) return notAwaiting();
    if (input.proofVersion !== undefined && input.proofVersion !== latest.version) {
      return failure(409, "PROOF_OUTDATED", PROOF_ANSWER_MESSAGES.outdated);
    }

    const decision = input.decision === "approve" ? "approved" : "changes_requested";
    latest.decision = decision;
    const target = statusFromLineProofs(lines.map((each) => lineProofState(latestOf(each.id))));
    const payment = orderPayment(order.paidAt, order.onAccount);
    if (target !== from && !canTransition(from, target, "buyer", payment)) return notAwaiting();
    const promised = promisesDelivery(target, payment)
      ? promisedDeliveryDate(etaInput(readOrderSnapshot(order.number, order.snapshot), lines), now)
      : order.promisedDeliveryDate;
    await tx
      .update(orderProofs)
      .set({ decision, comment: comment || null, decidedAt: input.answeredAt ?? now, ...answerColumns(who.record) })
      .where(eq(orderProofs.id, latest.id));
    const [updated] = await tx
      .update(orders)
      .set({
        status: target,
        promisedDeliveryDate: promised,
        version: sql`${orders.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id))
      .returning({ version: orders.version });
    const title = lineTitle(lines, line);
    const name = proofName(latest.version, title);
    const recorded = input.answerer?.kind === "staff" ? input.answerer : null;
    const said = decision === "approved" ? `${name} approved` : title ? `${name}: ${comment}` : comment;
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: target,
      actor: recorded ? "staff" : "buyer",
      actorUserId: recorded ? recorded.staffId : who.record.userId,
      note: recorded
        ? recordedAnswerNote({
            said,
            approver: recorded.name,
            method: recorded.method,
            approvedWithNote: decision === "approved" ? comment : null,
          })
        : said,
    });
    const version = updated?.version ?? order.version + 1;
    const mail = target === "proof_approved" ? proofApprovedMail({ ...orderMailView(ctx, order), promised }) : null;
    // The buyer's e-mail and the staff alert leave with the commit (decision 030).
    if (mail) await sendStageMail(tx, mail);
    await alertStaff({ ...ctx, db: tx }, proofAnswerAlert(order, { decision, proof: name, comment }));
    return { ok: true, status: target, promisedDeliveryDate: promised, version };
  });
}
