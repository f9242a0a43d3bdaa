/**
 * Staff change a paid order before production (docs/decisions/046-order-edits.md): its delivery
 * address, or a sized line's split. As every back-office change, it names the order version the
 * page showed (a colleague's or the buyer's change meanwhile is a 409 that writes nothing), and
 * writes the change and its history row in one transaction, then e-mails the buyer what changed. The money is never touched: the rules
 * (app/domain/orders/order-edits.ts) keep the country and every quantity as paid.
 */
import { and, eq, sql } from "drizzle-orm";
import { orderLines, orders } from "#db/schema";
import { ADMIN_MESSAGES } from "~/domain/orders/admin-orders";
import type { FieldErrors } from "~/domain/core/field-errors";
import {
  editShipTo,
  editSizes,
  isOrderEditable,
  ORDER_EDIT_MESSAGES,
  type ShipToEdit,
} from "~/domain/orders/order-edits";
import { readOrderLineSnapshot, readOrderSnapshot } from "~/domain/orders/order-snapshot";
import { isOrderId, toOrderStatus } from "~/domain/fulfilment/orders";
import type { SizeBreakdown } from "~/domain/pricing/sizes";
import type { StaffMember } from "../accounts/admin-access.server";
import { orderChangedMail, orderMailView, sendStageMail } from "../messages/admin-mail.server";
import { lockOrder, noteOrderChange, staleFailure } from "./admin-orders.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { type Failure, failure } from "../platform/http.server";
import { readShelf } from "../catalogue/catalogue-store.server";
import { recordAudit } from "../platform/audit-log.server";

export type OrderEdited = { ok: true; version: number; message: string };

const notFound = () => failure(404, "ORDER_NOT_FOUND", ADMIN_MESSAGES.notFound);
const notEditable = () => failure(409, "ORDER_NOT_EDITABLE", ORDER_EDIT_MESSAGES.notEditable);

/**
 * Locks the order at the version staff saw and still editable, runs `change` (which writes and
 * returns the history's note), then bumps the version and records the note; all or nothing.
 */
async function editOrder(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; version: number },
  change: (
    tx: Database,
    order: typeof orders.$inferSelect,
  ) => Promise<{ ok: true; note: string; before: unknown; after: unknown } | Failure>,
): Promise<OrderEdited | Failure> {
  const { db } = ctx;
  if (!isOrderId(input.orderId)) return notFound();
  return db.transaction(async (tx): Promise<OrderEdited | Failure> => {
    const order = await lockOrder(tx, input.orderId);
    if (!order) return notFound();
    if (order.version !== input.version) return staleFailure(order);
    const status = toOrderStatus(order.status);
    if (!isOrderEditable(status)) return notEditable();
    const changed = await change(tx, order);
    if (!changed.ok) return changed;
    const version = await noteOrderChange(tx, { order, staffId: input.staff.id, note: changed.note });
    await recordAudit(tx, input.staff, {
      action: "order.edit",
      subject: { kind: "order", id: order.id },
      summary: `Order ${order.number}: ${changed.note}`,
      before: changed.before,
      after: changed.after,
    });
    // The buyer hears of it with the commit (decision 030); a mail fault never undoes the change.
    await sendStageMail(tx, orderChangedMail(orderMailView(ctx, order), changed.note));
    return { ok: true, version, message: changed.note };
  });
}

/** A 400 naming the fields to correct, or saying the address is as it was. */
function addressRefused(fieldErrors: FieldErrors): Failure {
  const { "": whole, ...fields } = fieldErrors;
  return whole
    ? failure(400, "UNCHANGED", whole)
    : failure(400, "INVALID_ADDRESS", "Check the highlighted fields.", { fieldErrors: fields });
}

/** The delivery address corrected; the country stays as paid. */
export function changeShipTo(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; version: number; edit: ShipToEdit },
): Promise<OrderEdited | Failure> {
  return editOrder(ctx, input, async (tx, order) => {
    const { data } = readOrderSnapshot(order.number, order.snapshot);
    const edited = editShipTo(data.shipping, input.edit);
    if (!edited.ok) return addressRefused(edited.fieldErrors);
    await tx
      .update(orders)
      .set({
        snapshot: sql`jsonb_set(${orders.snapshot}, '{data,shipping,address}', ${JSON.stringify(edited.address)}::jsonb)`,
      })
      .where(eq(orders.id, order.id));
    return { ok: true, note: edited.note, before: data.shipping.address, after: edited.address };
  });
}

/** A sized line's split changed, adding up to the quantity paid for. */
export async function changeLineSizes(
  ctx: AppContext,
  input: { staff: StaffMember; orderId: string; version: number; lineId: string; sizes: SizeBreakdown },
): Promise<OrderEdited | Failure> {
  // The sizes the product is made in today, read before the edit's transaction opens.
  const { findAnyStatus } = await readShelf(ctx.db);
  return editOrder(ctx, input, async (tx, order) => {
    if (!isOrderId(input.lineId)) return failure(404, "LINE_NOT_FOUND", "That line isn't on this order.");
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, input.lineId), eq(orderLines.orderId, order.id)));
    if (!line) return failure(404, "LINE_NOT_FOUND", "That line isn't on this order.");
    const snapshot = readOrderLineSnapshot(order.number, line.snapshot);
    const product = findAnyStatus(snapshot.product.id);
    const edited = product
      ? editSizes(product, { quantity: line.quantity, sizes: snapshot.customization.sizes }, input.sizes)
      : { ok: false as const, message: ORDER_EDIT_MESSAGES.noSizes };
    if (!edited.ok) return failure(400, "INVALID_SIZES", edited.message);
    await tx
      .update(orderLines)
      .set({
        snapshot: sql`jsonb_set(${orderLines.snapshot}, '{customization,sizes}', ${JSON.stringify(edited.sizes)}::jsonb)`,
      })
      .where(eq(orderLines.id, line.id));
    return {
      ok: true,
      note: edited.note,
      before: { lineId: line.id, sizes: snapshot.customization.sizes },
      after: { lineId: line.id, sizes: edited.sizes },
    };
  });
}
