/**
 * The buyer's orders (REQUIREMENTS B-3, B-8, B-19, B-20): the /orders list and
 * one order with its timeline, proofs and invoice number. A user reads their own orders and their
 * active organisation's. The answer to a proof (by the buyer, an approver of its organisation, a
 * share link's guest or staff recording it) is proof-responses.server.ts.
 */
import {
  etaInput,
  lineSummary,
  type OrderLine,
  type OrderSnapshot,
  orderEta,
  readOrderSnapshot,
} from "~/domain/orders/order-snapshot";
import { and, asc, desc, eq } from "drizzle-orm";
import { bankTransfers, invoices, orderProofs, orders, orderStatusHistory } from "#db/schema";
import { type CreditNoteListing, creditNotesOfOrder } from "./credit-notes.server";
import type { IsoDate } from "~/domain/core/dates";
import {
  ORDER_STATUS_LABELS,
  type LineProofState,
  lineProofState,
  type ProofDecision,
  proofDecision,
  isOrderId,
  type OrderAmounts,
  type OrderLineSummary,
  toOrderStatus,
  type Actor,
  type DeliveryView,
  type OrderStatus,
  type PaymentMethod,
} from "~/domain/fulfilment/orders";
import type { Database } from "../platform/db.server";
import { linesOfOrder, linesOfOrders } from "./order-lines.server";
import { readableBy } from "../platform/record-access.server";
import { answerRecordOf, type ProofAnswerRecord } from "~/domain/orders/proof-sharing";

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
  /** The buyer's in-hands date (decision 017), null when none was given. */
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
  /** Who answered, when and by which route (decision 025). */
  answeredBy: ProofAnswerRecord | null;
};

/** A line of the buyer's order with its proofs (decision 015). */
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
    /** One per refund, oldest first, with what each gave back (decisions 019 and 072). */
    creditNotes: CreditNoteListing[];
    /** How the order is paid; for a bank transfer its pro-forma and due date (decision 022). */
    payment: {
      method: PaymentMethod;
      proformaNumber: string | null;
      dueOn: IsoDate | null;
      /** Part payments received while the order waits for the rest (decision 079). */
      partPaidPence: number;
      /** The day a transfer arrived, as staff recorded it: the day the order was paid (decision 022). */
      arrivedOn: IsoDate | null;
    };
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
    delivery: deliveryView(
      status,
      { promised: row.promisedDeliveryDate, paid: row.paidAt !== null || row.onAccount },
      () => orderEta(etaInput(snapshot, lines), now),
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
  const [lines, history, proofs, [invoice], notes, [transfer]] = await Promise.all([
    linesOfOrder(db, row),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row.id))
      .orderBy(asc(orderStatusHistory.id)),
    db.select().from(orderProofs).where(eq(orderProofs.orderId, row.id)).orderBy(desc(orderProofs.version)),
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, row.id)).limit(1),
    creditNotesOfOrder(db, row),
    db
      .select({
        proformaNumber: bankTransfers.proformaNumber,
        dueOn: bankTransfers.dueOn,
        partPaidPence: bankTransfers.partPaidPence,
        arrivedOn: bankTransfers.arrivedOn,
      })
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
    creditNotes: notes,
    payment: transfer
      ? { method: row.onAccount ? "on_account" : "bank_transfer", ...transfer }
      : { method: "card", proformaNumber: null, dueOn: null, partPaidPence: 0, arrivedOn: null },
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
