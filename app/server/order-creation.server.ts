/**
 * A paid draft becomes an order (issue 8; REQUIREMENTS B-3, B-9, A-20, A-40; DESIGN decision 9),
 * inside the transaction that applies the payment event (payment-events.server.ts): the order
 * (number from order_number_seq) with its line, history and invoice (invoice_number_seq), the
 * first-order discount claimed, a valid repeat order approved at once, the draft marked paid and
 * the product's cart line removed. It returns the confirmation e-mail's view, which the caller
 * sends after the commit, so a mail fault never undoes a payment.
 */
import { and, eq, sql } from "drizzle-orm";
import {
  cartItems,
  invoices,
  orderDrafts,
  orderLines,
  orders,
  orderStatusHistory,
  type paymentIntents,
} from "#db/schema";
import { findProductById } from "~/catalogue/catalogue";
import { londonToday } from "~/domain/delivery";
import { readDraftData } from "~/domain/draft-schemas";
import { formatPence } from "~/domain/money";
import { etaInput, promisedDeliveryDate, splitDraftData } from "~/domain/order-snapshot";
import { canTransition, formatInvoiceNumber, formatOrderNumber, type OrderStatus } from "~/domain/orders";
import { approvedPreviousOrder } from "./buyer-orders.server";
import { queryRows, type Database } from "./db.server";
import { claimFirstOrderDiscount, firstOrderShortfallNote } from "./first-order-discount.server";
import { orderConfirmationView } from "./order-mail.server";

type Tx = Database;
/** The draft as the payment event locked it. */
type PaidDraft = { id: string; accountId: string; userId: string; productId: string; status: string; data: unknown };

/** Makes the order of a paid draft; see the module comment. */
export async function createPaidOrder(
  tx: Tx,
  input: { draft: PaidDraft; ledger: typeof paymentIntents.$inferSelect; now: Date },
) {
  const { draft, ledger, now } = input;
  const data = readDraftData(draft);
  if (!data) throw new Error(`Draft ${draft.id} was paid but its data no longer fits the draft schema`);
  const product = findProductById(draft.productId);
  const { order: snapshot, line: sold } = splitDraftData(data, {
    id: draft.productId,
    title: product?.title ?? `Product ${draft.productId}`,
    leadTime: product?.leadTime ?? "",
    deliveryTime: product?.deliveryTime ?? null,
  });
  // The line as charged: the ledger's quantity and tier price.
  const line = { ...sold, quantity: ledger.quantity, unitPence: ledger.unitPence, subtotalPence: ledger.subtotalPence };

  const [sequence] = await queryRows<{ order_seq: number; invoice_seq: number }>(
    tx,
    sql`select nextval('order_number_seq')::int as order_seq, nextval('invoice_number_seq')::int as invoice_seq`,
  );
  if (!sequence) throw new Error("Sequences returned no row");
  const number = formatOrderNumber(sequence.order_seq);
  const issuedOn = londonToday(now);
  const invoiceNumber = formatInvoiceNumber(Number(issuedOn.slice(0, 4)), sequence.invoice_seq);

  const repeatOf =
    data.proof.preference === "skip_proof"
      ? await approvedPreviousOrder(tx, draft, data.proof.previous_order_ref)
      : null;
  const status: OrderStatus = repeatOf && canTransition("paid", "proof_approved", "system") ? "proof_approved" : "paid";
  const promised = status === "proof_approved" ? promisedDeliveryDate(etaInput(snapshot, [line]), now) : null;

  const [order] = await tx
    .insert(orders)
    .values({
      number,
      accountId: draft.accountId,
      userId: draft.userId,
      snapshot,
      subtotalPence: ledger.subtotalPence,
      discountPence: ledger.discountPence,
      shippingPence: ledger.shippingPence,
      vatPence: ledger.vatPence,
      totalPence: ledger.amountPence,
      vatRate: ledger.vatRate,
      currency: ledger.currency,
      paymentIntentId: ledger.intentId,
      status,
      promisedDeliveryDate: promised,
      paidAt: now,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("Inserting an order returned no row");
  await tx.insert(orderLines).values({
    orderId: order.id,
    position: 1,
    draftId: draft.id,
    productId: draft.productId,
    quantity: line.quantity,
    unitPence: line.unitPence,
    subtotalPence: line.subtotalPence,
    snapshot: sold,
  });

  const history: Array<typeof orderStatusHistory.$inferInsert> = [
    {
      orderId: order.id,
      fromStatus: null,
      toStatus: "paid",
      actor: "system",
      note: `Paid by card (${ledger.provider} ${ledger.intentId})`,
    },
  ];
  // The discount the amount included is taken now, once per person; a payment that lost the race
  // to another order of the same person has been charged too little, which staff must settle.
  if (ledger.discountPence > 0) {
    const claim = {
      orderId: order.id,
      userId: draft.userId,
      accountId: draft.accountId,
      discountPence: ledger.discountPence,
    };
    if (!(await claimFirstOrderDiscount(tx, claim))) {
      console.error(
        `[payments] order ${number} was given a first-order discount its customer had already used: ${formatPence(ledger.discountPence)} short`,
      );
      history.push({
        orderId: order.id,
        fromStatus: "paid",
        toStatus: "paid",
        actor: "system",
        note: firstOrderShortfallNote(ledger.discountPence),
      });
    }
  }
  if (data.proof.preference === "skip_proof") {
    history.push(
      repeatOf
        ? {
            orderId: order.id,
            fromStatus: "paid",
            toStatus: "proof_approved",
            actor: "system",
            note: `Repeat of ${repeatOf.number}: proof skipped`,
          }
        : {
            orderId: order.id,
            fromStatus: "paid",
            toStatus: "paid",
            actor: "system",
            note: `Previous order reference "${data.proof.previous_order_ref}" is not an approved order of this account, so a proof will be sent`,
          },
    );
  }
  await tx.insert(orderStatusHistory).values(history);
  await tx.insert(invoices).values({ number: invoiceNumber, orderId: order.id, issuedAt: now });

  await tx
    .update(orderDrafts)
    .set({
      status: "paid",
      paidAt: now,
      paymentIntentId: ledger.intentId,
      amountPence: ledger.amountPence,
      data: sql`jsonb_set(${orderDrafts.data}, '{status}', '"paid"')`,
      version: sql`${orderDrafts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(orderDrafts.id, draft.id));
  await removePaidCartLine(tx, { userId: draft.userId, productId: draft.productId });

  const mail = orderConfirmationView({
    orderId: order.id,
    number,
    invoiceNumber,
    issuedOn,
    snapshot,
    lines: [line],
    ledger,
    repeatOf: repeatOf?.number ?? null,
    promised,
  });
  return { orderId: order.id, orderNumber: number, mail };
}

/** The cart line of a paid product goes away (issue 8 item 6). */
async function removePaidCartLine(tx: Tx, line: { userId: string; productId: string }) {
  await tx.delete(cartItems).where(and(eq(cartItems.userId, line.userId), eq(cartItems.productId, line.productId)));
}
