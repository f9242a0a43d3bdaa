/**
 * The buyer's orders (issue 8 items 6 and 7; REQUIREMENTS B-3, B-8, B-19, B-20): the /orders list,
 * one order with its timeline, proofs and invoice number, and the buyer's answer to a proof. A
 * user reads their own orders and their active organisation's; the buyer who placed an order, an
 * approver of its organisation or a share link's guest answers its proof (proof-answerers.server.ts).
 */
import {
  etaInput,
  lineSummary,
  type OrderLine,
  type OrderSnapshot,
  orderEta,
  promisedDeliveryDate,
  readOrderSnapshot,
} from "~/domain/order-snapshot";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { bankTransfers, creditNotes, invoices, orderProofs, orders, orderStatusHistory } from "#db/schema";
import type { IsoDate } from "~/domain/dates";
import {
  ORDER_STATUS_LABELS,
  canTransition,
  orderPayment,
  promisesDelivery,
  type LineProofState,
  lineProofState,
  lineTitle,
  type ProofDecision,
  proofDecision,
  proofName,
  statusFromLineProofs,
  isOrderId,
  type OrderAmounts,
  type OrderLineSummary,
  toOrderStatus,
  type Actor,
  type DeliveryView,
  type OrderStatus,
  type PaymentMethod,
} from "~/domain/orders";
import type { ProofAnswer } from "~/domain/order-forms";
import { orderMailView, proofApprovedMail, sendStageMail } from "./admin-mail.server";
import type { Database } from "./db.server";
import { failure, type Failure } from "./http.server";
import type { Mail } from "./mail.server";
import { linesOfOrder, linesOfOrders } from "./order-lines.server";
import { readableBy } from "./record-access.server";
import { answerColumns, answerRecordFor, type ProofAnswerer } from "./proof-answerers.server";
import { answerRecordOf, type ProofAnswerRecord } from "~/domain/proof-sharing";
import { alertStaff, proofAnswerAlert, type StaffAlert } from "./staff-alerts.server";

export type { DeliveryView };

export type OrderSummary = {
  id: string;
  number: string;
  lines: OrderLineSummary[];
  status: OrderStatus;
  statusLabel: string;
  totalPence: number;
  currency: string;
  /** Null while a bank transfer is awaited. */
  paidAt: Date | null;
  createdAt: Date;
  delivery: DeliveryView;
  carrier: string | null;
  trackingNumber: string | null;
  /** False for an organisation colleague's order, which this user may read but not answer. */
  placedByMe: boolean;
  /** The buyer's in-hands date (issue 19), null when none was given. */
  needBy: IsoDate | null;
};

export type OrderTimelineEntry = {
  from: OrderStatus | null;
  to: OrderStatus;
  actor: Actor;
  note: string | null;
  at: Date;
};

export type OrderProofView = {
  id: string;
  version: number;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  /** The studio's note sent with this version (shown beside the proof); null when none. */
  note: string | null;
  /** A PDF proof has a page-one picture (order-proof.ts ?preview=1). */
  hasPreview: boolean;
  decision: ProofDecision | null;
  comment: string | null;
  decidedAt: Date | null;
  /** Who answered, when and by which route (issue 19 item 2). */
  answeredBy: ProofAnswerRecord | null;
};

/** A line of the buyer's order with its proofs (issue 15 item 6). */
export type OrderLineWithProofs = OrderLine & {
  /** Newest first. */
  proofs: OrderProofView[];
  proofState: LineProofState;
  /** The buyer may approve or request changes now (owner, proof_sent, this line's latest unanswered). */
  canRespond: boolean;
};

export type OrderDetail = Omit<OrderSummary, "lines"> &
  OrderAmounts & {
    snapshot: OrderSnapshot;
    lines: OrderLineWithProofs[];
    invoiceNumber: string | null;
    /** After a refund (issue 17 item 3). */
    creditNoteNumber: string | null;
    /** How the order is paid; for a bank transfer its pro-forma and due date (issue 17 item 4). */
    payment: { method: PaymentMethod; proformaNumber: string | null; dueOn: IsoDate | null };
    version: number;
    timeline: OrderTimelineEntry[];
  };

type OrderRow = typeof orders.$inferSelect;

const readSnapshot = (row: OrderRow) => readOrderSnapshot(row.number, row.snapshot);

function deliveryView(
  status: OrderStatus,
  order: { promised: string | null; paid: boolean },
  eta: () => { start: IsoDate; end: IsoDate },
): DeliveryView {
  if (status === "cancelled" || status === "refunded" || status === "expired") return { kind: "none" };
  if (order.promised) return { kind: "promised", date: order.promised };
  if (status === "delivered") return { kind: "none" };
  return { kind: "estimate", ...eta(), awaitingPayment: !order.paid };
}

function toSummary(row: OrderRow, lines: readonly OrderLine[], userId: string, now: Date): OrderSummary {
  const status = toOrderStatus(row.status);
  const snapshot = readSnapshot(row);
  return {
    id: row.id,
    number: row.number,
    lines: lines.map(lineSummary),
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    totalPence: row.totalPence,
    currency: row.currency,
    paidAt: row.paidAt,
    createdAt: row.createdAt,
    delivery: deliveryView(status, { promised: row.promisedDeliveryDate, paid: row.paidAt !== null }, () =>
      orderEta(etaInput(snapshot, lines), now),
    ),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    placedByMe: row.userId === userId,
    needBy: row.needBy,
  };
}

/**
 * Orders this user can read (B-8, B-20): their personal ones, and their active organisation's while
 * they are a member; never an organisation's order only because they placed it (record-access.server.ts).
 */
export function visibleTo(userId: string, accountId: string) {
  return readableBy(orders.accountId, { userId, accountId });
}

/** The user's orders and their active organisation's, newest first (B-8 /orders). */
export async function listOrders(
  db: Database,
  input: {
    userId: string;
    accountId: string;
    now?: Date;
    limit?: number;
  },
): Promise<OrderSummary[]> {
  if (!input.userId) return [];
  const rows = await db
    .select()
    .from(orders)
    .where(visibleTo(input.userId, input.accountId || input.userId))
    .orderBy(desc(orders.createdAt))
    .limit(Math.min(200, Math.max(1, Math.floor(input.limit ?? 100))));
  const now = input.now ?? new Date();
  const lines = await linesOfOrders(db, rows);
  return rows.map((row) => toSummary(row, lines.get(row.id) ?? [], input.userId, now));
}

/** One order with its timeline, proofs and invoice number; null when this user may not read it. */
export async function getOrder(
  db: Database,
  input: {
    userId: string;
    accountId: string;
    orderId: string;
    now?: Date;
  },
): Promise<OrderDetail | null> {
  if (!input.userId || !isOrderId(input.orderId)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), visibleTo(input.userId, input.accountId || input.userId)))
    .limit(1);
  if (!row) return null;
  const [lines, history, proofs, [invoice], [creditNote], [transfer]] = await Promise.all([
    linesOfOrder(db, row),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row.id))
      .orderBy(asc(orderStatusHistory.id)),
    db.select().from(orderProofs).where(eq(orderProofs.orderId, row.id)).orderBy(desc(orderProofs.version)),
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, row.id)).limit(1),
    db.select({ number: creditNotes.number }).from(creditNotes).where(eq(creditNotes.orderId, row.id)).limit(1),
    db
      .select({ proformaNumber: bankTransfers.proformaNumber, dueOn: bankTransfers.dueOn })
      .from(bankTransfers)
      .where(eq(bankTransfers.orderId, row.id))
      .limit(1),
  ]);
  const summary = toSummary(row, lines, input.userId, input.now ?? new Date());
  return {
    ...summary,
    snapshot: readSnapshot(row),
    lines: lines.map((line) => {
      const own = proofs.filter((proof) => proof.orderLineId === line.id).map(toProofView);
      const proofState = lineProofState(own[0]);
      return {
        ...line,
        proofs: own,
        proofState,
        canRespond: summary.placedByMe && summary.status === "proof_sent" && proofState === "awaiting_answer",
      };
    }),
    subtotalPence: row.subtotalPence,
    discountPence: row.discountPence,
    shippingPence: row.shippingPence,
    vatPence: row.vatPence,
    vatRate: row.vatRate,
    invoiceNumber: invoice?.number ?? null,
    creditNoteNumber: creditNote?.number ?? null,
    payment: transfer
      ? { method: "bank_transfer", ...transfer }
      : { method: "card", proformaNumber: null, dueOn: null },
    version: row.version,
    timeline: history.map((entry) => ({
      from: entry.fromStatus === null ? null : toOrderStatus(entry.fromStatus),
      to: toOrderStatus(entry.toStatus),
      actor: entry.actor === "staff" || entry.actor === "buyer" ? entry.actor : "system",
      note: entry.note,
      at: entry.createdAt,
    })),
  };
}

function toProofView(proof: typeof orderProofs.$inferSelect): OrderProofView {
  return {
    id: proof.id,
    version: proof.version,
    originalName: proof.originalName,
    contentType: proof.contentType,
    sizeBytes: proof.sizeBytes,
    createdAt: proof.createdAt,
    note: proof.note,
    hasPreview: proof.previewStoredName !== null,
    decision: proofDecision(proof.decision),
    comment: proof.comment,
    decidedAt: proof.decidedAt,
    // Buyers see that staff recorded an answer, not which staff member did.
    answeredBy: answerRecordOf({ ...proof, recordedByName: null }),
  };
}

export const PROOF_MESSAGES = {
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
 * The buyer answers a line's latest proof (B-3, issue 15 item 6): the user who placed the order
 * (B-20) or whom answerRecordFor admits (issue 19 item 2), only while the order is proof_sent,
 * only the line's newest version, once. The order's status then follows its lines
 * (statusFromLineProofs): changes asked on any line move it to changes_requested for staff to
 * upload a new version; the last line approved moves it to
 * proof_approved and fixes the promised delivery date (today in Europe/London + the slowest
 * line's lead and delivery days for the method bought, DESIGN decision 6, B-19); otherwise it
 * stays proof_sent. Every answer writes a history row, and the approval e-mails the buyer after
 * the commit (issue 18 item 4). The answer comes checked by proofAnswerSchema, so a request for
 * changes carries its comment.
 */
export async function respondToProof(
  db: Database,
  input: Omit<ProofAnswer, "line"> & {
    /** The line by position; the first when not named. */
    line?: number;
    userId: string;
    /** The account the buyer's session acts for (docs/decisions/035-current-membership.md). */
    accountId?: string;
    orderId: string;
    now?: Date;
    /** Who answers (issue 19 item 2); the buyer by `userId` when not given. */
    answerer?: ProofAnswerer;
    /** When the answer was given, if before `now` (an approval by phone recorded later). */
    answeredAt?: Date;
  },
): Promise<ProofResponse | Failure> {
  const comment = input.comment ?? "";
  if ((!input.userId && !input.answerer) || !isOrderId(input.orderId))
    return failure(404, "ORDER_NOT_FOUND", PROOF_MESSAGES.notFound);
  const now = input.now ?? new Date();
  const notAwaiting = () => failure(409, "PROOF_NOT_AWAITING", PROOF_MESSAGES.notAwaiting);
  type Answered = ProofResponse & { mail: Mail | null; alert: StaffAlert };
  const result = await db.transaction(async (tx): Promise<Answered | Failure> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) return failure(404, "ORDER_NOT_FOUND", PROOF_MESSAGES.notFound);
    const who = await answerRecordFor(
      tx,
      order,
      input.answerer ?? { kind: "account", userId: input.userId, accountId: input.accountId },
      now,
    );
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
      return failure(409, "PROOF_OUTDATED", PROOF_MESSAGES.outdated);
    }

    const decision = input.decision === "approve" ? "approved" : "changes_requested";
    latest.decision = decision;
    const target = statusFromLineProofs(lines.map((each) => lineProofState(latestOf(each.id))));
    const payment = orderPayment(order.paidAt);
    if (target !== from && !canTransition(from, target, "buyer", payment)) return notAwaiting();
    const promised = promisesDelivery(target, payment)
      ? promisedDeliveryDate(etaInput(readSnapshot(order), lines), now)
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
        ? `${said} by ${recorded.name} by ${recorded.method === "phone" ? "phone" : "e-mail"}, recorded by staff${decision === "approved" && comment ? `: ${comment}` : ""}`
        : said,
    });
    const version = updated?.version ?? order.version + 1;
    const mail = target === "proof_approved" ? proofApprovedMail({ ...orderMailView(order), promised }) : null;
    const alert = proofAnswerAlert(order, { decision, proof: name, comment });
    return { ok: true, status: target, promisedDeliveryDate: promised, version, mail, alert };
  });
  if (!result.ok) return result;
  const { mail, alert, ...answered } = result;
  if (mail) await sendStageMail(db, mail);
  await alertStaff(db, alert);
  return answered;
}
