/**
 * The back office's orders (REQUIREMENTS B-7): status changes along the rules of
 * app/domain/fulfilment/orders.ts. Callers have checked requireStaff (app/server/accounts/admin-access.server.ts);
 * nothing here is scoped to a buyer.
 *
 * Every change names the order version the page showed. A different version now means someone
 * else (a colleague, or the buyer answering a proof) changed the order meanwhile: the answer is a
 * 409 with the current state and nothing is written. Each change adds a row to
 * order_status_history with the staff member and a note, in the same transaction. One order as
 * staff see it is app/server/admin/admin-order-detail.server.ts; the list staff work from (and its CSV
 * export) is app/server/admin/admin-order-list.server.ts.
 */
import { and, eq, sql } from "drizzle-orm";
import { artworkFiles, orderLines, orders, orderStatusHistory } from "#db/schema";
import { ADMIN_MESSAGES, defaultStatusNote, type StatusChange } from "~/domain/orders/admin-orders";
import {
  ORDER_STATUS_LABELS,
  canTransition,
  orderPayment,
  isOrderId,
  toOrderStatus,
  type OrderStatus,
} from "~/domain/fulfilment/orders";
import type { StaffMember } from "../accounts/admin-access.server";
import { orderMailView, sendStageMail, staffStatusMail } from "../messages/admin-mail.server";
import { openArtwork, type ArtworkDownload } from "../artwork/artwork.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, type Failure } from "../platform/http.server";
import type { FileStorage } from "../providers/storage.server";
import { recordAudit } from "../platform/audit-log.server";

// ---------------------------------------------------------------------------------------------
// Results

export type AdminChange = { ok: true; status: OrderStatus; version: number; message: string };

// ---------------------------------------------------------------------------------------------
// Status changes

type Tx = Database;

/** The order row locked for this transaction, or null. */
export async function lockOrder(tx: Tx, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

export function staleFailure(current: { status: string }): Failure {
  return failure(409, "ORDER_CHANGED", ADMIN_MESSAGES.stale(toOrderStatus(current.status)));
}

/**
 * A staff change that leaves the order's status as it is (an address corrected, a part payment, money
 * sent back): its version moves, so a page opened before it is stale, and its history says what
 * happened. Answers the new version.
 */
export async function noteOrderChange(
  tx: Tx,
  input: { order: { id: string; status: string }; staffId: string; note: string; at?: Date },
): Promise<number> {
  const status = toOrderStatus(input.order.status);
  const [updated] = await tx
    .update(orders)
    .set({ version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(eq(orders.id, input.order.id))
    .returning({ version: orders.version });
  await tx.insert(orderStatusHistory).values({
    orderId: input.order.id,
    fromStatus: status,
    toStatus: status,
    actor: "staff",
    actorUserId: input.staffId,
    note: input.note,
    ...(input.at ? { createdAt: input.at } : {}),
  });
  return updated!.version;
}

/**
 * Moves an order to `change.to` (B-7): only a move canTransition allows staff, only
 * from the version the page showed, never to proof_sent (that is a proof upload). Shipping stores
 * the carrier and tracking number. In production, shipped (with the tracking link) and delivered
 * each e-mail the buyer (staffStatusMail, decision 024), queued in the change's transaction (decision
 * 030); delivery's e-mail links to the order's reviews (decision 023). A mail fault is logged and never
 * undoes the change (the buyer's order page shows the status, tracking number and review forms too).
 */
export async function changeOrderStatus(
  ctx: AppContext,
  input: {
    staff: StaffMember;
    orderId: string;
    change: StatusChange;
  },
): Promise<AdminChange | Failure> {
  const { db } = ctx;
  const { staff, change } = input;
  if (!isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
  if (change.to === "proof_sent") return failure(400, "USE_PROOF_FORM", ADMIN_MESSAGES.useProofForm);
  if (change.to === "refunded") return failure(400, "USE_REFUND_FORM", ADMIN_MESSAGES.useRefundForm);
  if (change.to === "cancelled") return failure(400, "USE_CANCEL_FORM", ADMIN_MESSAGES.useCancelForm);
  const note = change.note || defaultStatusNote(change);
  return db.transaction(async (tx): Promise<AdminChange | Failure> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
    if (order.version !== change.version) return staleFailure(order);
    const from = toOrderStatus(order.status);
    if (!canTransition(from, change.to, "staff", orderPayment(order.paidAt, order.onAccount)))
      return failure(409, "INVALID_TRANSITION", ADMIN_MESSAGES.invalidTransition(from, change.to));

    const shipping = change.to === "shipped" ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {};
    const [updated] = await tx
      .update(orders)
      .set({ status: change.to, ...shipping, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.version, change.version)))
      .returning({ version: orders.version });
    if (!updated) return staleFailure(order);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: change.to,
      actor: "staff",
      actorUserId: staff.id,
      note,
    });
    await recordAudit(tx, staff, {
      action: "order.status",
      subject: { kind: "order", id: order.id },
      summary: `Order ${order.number}: "${ORDER_STATUS_LABELS[from]}" to "${ORDER_STATUS_LABELS[change.to]}"`,
      before: { status: from },
      after: { status: change.to, note, ...shipping },
    });
    // What the change sends leaves with its commit (decision 030): the stage e-mail as an outbox row.
    const mail = staffStatusMail(change.to, {
      ...orderMailView(ctx, order),
      promised: order.promisedDeliveryDate,
      carrier: change.carrier,
      trackingNumber: change.trackingNumber,
    });
    if (mail) await sendStageMail(tx, mail);
    return {
      ok: true,
      status: change.to,
      version: updated.version,
      message: `Order ${order.number} is now "${ORDER_STATUS_LABELS[change.to]}".`,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Files staff download

/** An artwork file of one of this order's lines (uploaded by the buyer at checkout), or null. */
export async function openOrderArtwork(
  db: Database,
  input: {
    orderId: string;
    fileId: string;
    preview?: boolean;
    storage: FileStorage;
  },
): Promise<ArtworkDownload | null> {
  if (!isOrderId(input.orderId) || !isOrderId(input.fileId)) return null;
  const [file] = await db
    .select({ userId: artworkFiles.userId })
    .from(artworkFiles)
    .innerJoin(orderLines, eq(orderLines.draftId, artworkFiles.draftId))
    .where(and(eq(orderLines.orderId, input.orderId), eq(artworkFiles.id, input.fileId)))
    .limit(1);
  if (!file) return null;
  // openArtwork is scoped to the uploader; the join above has checked the file is this order's.
  return openArtwork(db, { ...input, userId: file.userId });
}
