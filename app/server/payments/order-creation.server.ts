/**
 * A paid checkout becomes an order (decision 006; REQUIREMENTS B-3, B-9, A-20, A-40; decision 055,
 * docs/decisions/016), inside the transaction that applies the payment event
 * (payment-events.server.ts): the order (number from order_number_seq) with a line per line the
 * ledger charged, its history and VAT invoice (invoices.server.ts), the first-order discount claimed,
 * a valid repeat order approved at once, every line's draft marked paid and their cart lines
 * removed, and the job that sends the confirmation and the staff alert queued. createOrder is the part a
 * checkout placed to pay by bank transfer shares (bank-transfers.server.ts).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { cartItems, orderDrafts, orderLines, orders, orderStatusHistory, type paymentIntents } from "#db/schema";
import type { ProductLookup } from "~/catalogue/lookup";
import { readLedgerLines, type LedgerLine } from "~/domain/checkout/ledger-lines";
import { readDraftData } from "~/domain/checkout/draft-schemas";
import { formatPence } from "~/domain/core/money";
import { etaInput, promisedDeliveryDate, splitDraftData } from "~/domain/orders/order-snapshot";
import { tierRowsOf } from "~/domain/pricing/tier-table";
import {
  canTransition,
  formatOrderNumber,
  lineTitle,
  promisesDelivery,
  type OrderPayment,
  type OrderStatus,
  type PaymentMethod,
} from "~/domain/fulfilment/orders";
import { repeatDecision } from "~/domain/orders/repeat-orders";
import { queryRows, type Database } from "../platform/db.server";
import { issueInvoice } from "../documents/invoices.server";
import { readableBy } from "../platform/record-access.server";
import { claimFirstOrderDiscount, firstOrderShortfallNote } from "../checkout/first-order-discount.server";
import { markQuoteOrdered } from "../checkout/quotes.server";
import { enqueue } from "../messages/jobs.server";
import { ORDER_PAID_JOB } from "./order-mail.server";

type Tx = Database;
/** A draft as the payment event locked it. */
type PaidDraft = {
  id: string;
  accountId: string;
  userId: string;
  productId: string;
  lineId: string | null;
  status: string;
  data: unknown;
};

/** A line of the order: what the ledger charged for it, and its draft's customisation as sold. */
function soldLine(charged: LedgerLine, draft: PaidDraft | undefined, products: ProductLookup) {
  const data = draft ? readDraftData(draft) : null;
  if (!draft || !data)
    throw new Error(`Draft ${charged.draftId} was paid but is gone or no longer fits the draft schema`);
  const product = products(draft.productId);
  const split = splitDraftData(data, {
    id: draft.productId,
    title: product?.title ?? `Product ${draft.productId}`,
    leadTime: product?.leadTime ?? "",
    deliveryTime: product?.deliveryTime ?? null,
    colours: product?.colours.map(({ name, hex }) => ({ name, hex })) ?? [],
    tiers: product ? tierRowsOf(product.tiers) : [],
  });
  const line = {
    ...split.line,
    quantity: charged.quantity,
    unitPence: charged.unitPence,
    subtotalPence: charged.subtotalPence,
    charges: charged.charges,
    chargesPence: charged.chargesPence,
  };
  return { draft, data, order: split.order, line };
}

type OrderInput = {
  draft: PaidDraft;
  lineDrafts: readonly PaidDraft[];
  ledger: typeof paymentIntents.$inferSelect;
  now: Date;
  /**
   * The catalogue's products, any status (readShelf's findAnyStatus, read before the transaction):
   * what each line is recorded as sold as, its title, times, colours and bands.
   */
  products: ProductLookup;
};

/**
 * Makes the order of a paid checkout; see the module comment. `draft` is the checkout's draft
 * (its contact, addresses and method are the order's); `lineDrafts` the other lines' drafts,
 * locked and checked against the ledger's versions by the caller.
 */
export async function createPaidOrder(tx: Tx, input: OrderInput) {
  const made = await createOrder(tx, { ...input, payment: "card", firstNote: "Paid by card" });
  await issueInvoice(tx, { orderId: made.orderId, now: input.now });
  // The confirmation and the staff alert leave with the commit, as a job (decision 030).
  await enqueue(tx, { job: ORDER_PAID_JOB, payload: { orderId: made.orderId, repeatOf: made.repeatOf } });
  return { orderId: made.orderId, orderNumber: made.orderNumber };
}

/**
 * The order of a checkout, paid by card or placed to pay by bank transfer (decision 022): a
 * card order starts paid; a transfer order starts awaiting_transfer, unpaid (no paid_at, its
 * drafts done but not paid) until staff mark the money in. A repeat order is approved at once
 * either way; its delivery date is promised only once it is paid too (promisesDelivery).
 */
export async function createOrder(
  tx: Tx,
  { payment: method, firstNote, ...input }: OrderInput & { payment: PaymentMethod; firstNote: string },
) {
  const { draft, ledger, now } = input;
  const drafts = new Map([draft, ...input.lineDrafts].map((d) => [d.id, d]));
  const sold = readLedgerLines(ledger.lines).map((charged) =>
    soldLine(charged, drafts.get(charged.draftId), input.products),
  );
  const own = sold.find((s) => s.draft.id === draft.id);
  if (!own) throw new Error(`Payment ${ledger.intentId} does not charge its own draft ${draft.id}`);
  const snapshot = own.order;
  const lines = sold.map((s) => s.line);
  const payment: OrderPayment = method === "card" ? "paid" : method === "on_account" ? "on_account" : "unpaid";
  const placed: OrderStatus = PLACED_AS[payment];

  const [sequence] = await queryRows<{ order_seq: number }>(
    tx,
    sql`select nextval('order_number_seq')::int as order_seq`,
  );
  if (!sequence) throw new Error("The order number sequence returned no row");
  const number = formatOrderNumber(sequence.order_seq);

  // A line that skips its proof repeats an approved order of this account; the order is
  // approved at once only when every line does.
  const repeats = await Promise.all(
    sold.map(async ({ data }) =>
      data.proof.preference === "skip_proof"
        ? {
            ref: data.proof.previous_order_ref,
            of: await approvedPreviousOrder(tx, draft, data.proof.previous_order_ref),
          }
        : null,
    ),
  );
  const { repeatOf, notes: repeatNotes } = repeatDecision(
    repeats,
    lines.map((line) => lineTitle(lines, line)),
  );
  const status: OrderStatus =
    repeatOf && canTransition(placed, "proof_approved", "system", payment) ? "proof_approved" : placed;
  const promised = promisesDelivery(status, payment) ? promisedDeliveryDate(etaInput(snapshot, lines), now) : null;
  const paidAt = payment === "paid" ? now : null;

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
      needBy: snapshot.data.shipping.need_by,
      paidAt,
      onAccount: method === "on_account",
      // A transfer order is placed now (its proof's clock starts: proofClockStart); a card order
      // keeps the database's time, as it always has.
      ...(paidAt ? {} : { createdAt: now }),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error("Inserting an order returned no row");
  await tx.insert(orderLines).values(
    sold.map(({ draft: lineDraft, line }, index) => ({
      orderId: order.id,
      position: index + 1,
      draftId: lineDraft.id,
      productId: lineDraft.productId,
      quantity: line.quantity,
      unitPence: line.unitPence,
      chargesPence: line.chargesPence,
      subtotalPence: line.subtotalPence,
      snapshot: { customization: line.customization, product: line.product, charges: line.charges },
    })),
  );

  const history: Array<typeof orderStatusHistory.$inferInsert> = [
    // In words: the provider's id is the order's payment reference, shown to staff only.
    { orderId: order.id, fromStatus: null, toStatus: placed, actor: "system", note: firstNote },
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
        fromStatus: placed,
        toStatus: placed,
        actor: "system",
        note: firstOrderShortfallNote(ledger.discountPence),
      });
    }
  }
  for (const { toStatus, note } of repeatNotes) {
    history.push({
      orderId: order.id,
      fromStatus: placed,
      toStatus: toStatus === "paid" ? placed : toStatus,
      actor: "system",
      note,
    });
  }
  await tx.insert(orderStatusHistory).values(history);

  await tx
    .update(orderDrafts)
    .set({
      // The checkout is done either way; a transfer's drafts get their paid_at with the money.
      status: "paid",
      paidAt,
      paymentIntentId: ledger.intentId,
      amountPence: ledger.amountPence,
      data: sql`jsonb_set(${orderDrafts.data}, '{status}', '"paid"')`,
      version: sql`${orderDrafts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(orderDrafts.id, [...drafts.keys()]));
  await removePaidCartLines(tx, { userId: draft.userId, lineIds: sold.flatMap((s) => s.draft.lineId ?? []) });
  await markQuoteOrdered(tx, {
    userId: draft.userId,
    lines: sold.map((s) => ({ productId: s.draft.productId, quantity: s.line.quantity, unitPence: s.line.unitPence })),
    now,
  });

  return {
    orderId: order.id,
    orderNumber: number,
    snapshot,
    lines,
    status,
    promised,
    repeatOf: repeatOf?.number ?? null,
  };
}

/** The status an order starts in, by its payment. */
const PLACED_AS: Record<OrderPayment, OrderStatus> = {
  paid: "paid",
  unpaid: "awaiting_transfer",
  on_account: "on_account",
};

/** The cart lines paid for go away (decision 086: a line each, a product's other colours too when paid). */
async function removePaidCartLines(tx: Tx, paid: { userId: string; lineIds: string[] }) {
  if (paid.lineIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.userId, paid.userId), inArray(cartItems.id, paid.lineIds)));
}

/**
 * The repeat order of A-40 / B-3: skip_proof names an earlier order of the same account whose
 * proof was approved. Anything else gets a proof like any other order.
 */
async function approvedPreviousOrder(db: Database, draft: { accountId: string; userId: string }, reference: string) {
  const number = reference.trim().toUpperCase();
  if (!number) return null;
  const [previous] = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.number, number),
        readableBy(orders.accountId, { userId: draft.userId, accountId: draft.accountId }),
        inArray(orders.status, ["proof_approved", "in_production", "quality_check", "shipped", "delivered"]),
      ),
    )
    .limit(1);
  return previous ?? null;
}
