/**
 * Paying by bank transfer (decision 022; REQUIREMENTS B-10; rules in app/domain/orders/bank-transfer.ts).
 *
 * - placeBankTransferOrder: the payment step's "Pay by bank transfer". The amount is the server's
 *   (priceCheckout, the same as a card payment's), recorded in the payment ledger as a
 *   bank_transfer entry; the order is made unpaid (createOrder) with its pro-forma number, due
 *   date and the order number as the payment reference, in one transaction that locks the
 *   checkout's draft, so a double click or a second tab finds the order already placed and gets
 *   the same one back. An open card payment of the checkout is cancelled first.
 *   At most OPEN_TRANSFER_LIMITS orders may await a transfer per buyer and per organisation, and
 *   the e-mails go to the buyer's confirmed address (buyerMailRecipient), never just to the
 *   address typed at checkout (decision 036).
 * - markTransferReceived (transfer-received.server.ts): staff mark the money in.
 *
 * Reminders before the due date and expiry after it: bank-transfer-tasks.server.ts.
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, notInArray, or, sql } from "drizzle-orm";
import { z } from "zod";
import { bankTransfers, orderLines, orders, paymentIntents } from "#db/schema";
import {
  BANK_TRANSFER_MESSAGES,
  OPEN_TRANSFER_LIMITS,
  proformaDocument,
  transferDueOn,
} from "~/domain/orders/bank-transfer";
import { ledgerAmounts } from "~/domain/checkout/ledger-lines";
import { transferAllowed, transferOverLimitMessage } from "~/domain/orders/bank-transfer-limit";
import { accountDueOn, CREDIT_MESSAGES, onAccountRefusal } from "~/domain/orders/credit-accounts";
import { formatDisplayDate, londonToday } from "~/domain/core/dates";
import { accountStanding } from "./credit-accounts.server";
import { DOCUMENT_MAIL_JOB, issueInvoice } from "../documents/invoices.server";
import type { BusinessDocument } from "~/domain/pricing/documents";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import { isOrderId } from "~/domain/fulfilment/orders";
import { PAYMENT_MESSAGES } from "~/domain/checkout/payment-readiness";
import { orderMailView } from "../messages/admin-mail.server";
import { transferPlacedMail, type TransferMailView } from "./bank-transfer-mail.server";
import type { Database } from "../platform/db.server";
import { nextDocumentNumber } from "../platform/document-numbers.server";
import { failure, type Failure } from "../platform/http.server";
import { sendMail } from "../messages/mail.server";
import { buyerMailRecipient } from "../messages/mail-recipient.server";
import { createOrder } from "./order-creation.server";
import { linesOfOrder } from "../orders/order-lines.server";
import type { DocumentReader } from "../documents/invoices.server";
import { documentFileName } from "~/domain/pricing/documents";
import { renderDocumentPdf } from "../documents/documents.server";
import { visibleTo } from "../orders/buyer-orders.server";
import { lockDraft, lockLineDrafts } from "./payment-events.server";
import { PaymentProviderError } from "../providers/payment-provider.server";
import { payingBuyer, priceCheckout } from "./payment-start.server";
import type { AppContext } from "../providers/app-context.server";
import { queueStaffAlert } from "./staff-alerts.server";
import { defineJob, enqueue } from "../messages/jobs.server";
import { readShelf } from "../catalogue/catalogue-store.server";

/** At most 10 orders placed by transfer a minute per user, like payment intents (B-22). */
export const BANK_TRANSFER_LIMIT = { hits: 10, windowSeconds: 60 } as const;

/**
 * The payment step's "Pay by bank transfer" form. Kept here, not in the route: a schema built at
 * the route module's top level would ship zod to every buyer's browser with the payment page.
 */
export const TRANSFER_FORM = z.object({
  intent: z.enum(["bank_transfer", "on_account"], PAYMENT_MESSAGES.noDraft),
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

/**
 * Refuses a further order by transfer when the buyer, or the organisation the order is for, has
 * OPEN_TRANSFER_LIMITS awaiting already (decision 036): unpaid, neither received nor expired nor
 * cancelled. Called in the placing transaction after an advisory lock per buyer and per account,
 * always taken in that order, so two tabs or two colleagues cannot both slip under the limit.
 */
async function openTransferLimitFailure(
  tx: Database,
  input: { userId: string; accountId: string },
): Promise<Failure | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-transfers:user:${input.userId}`}))`);
  const organisation = input.accountId !== input.userId;
  if (organisation)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`open-transfers:account:${input.accountId}`}))`);
  const [open] = await tx
    .select({
      buyer: sql<number>`count(*) filter (where ${orders.userId} = ${input.userId})`.mapWith(Number),
      account: sql<number>`count(*) filter (where ${orders.accountId} = ${input.accountId})`.mapWith(Number),
    })
    .from(bankTransfers)
    .innerJoin(orders, eq(orders.id, bankTransfers.orderId))
    .where(
      and(
        or(eq(orders.userId, input.userId), eq(orders.accountId, input.accountId)),
        isNull(bankTransfers.receivedAt),
        isNull(bankTransfers.expiredAt),
        isNull(orders.paidAt),
        notInArray(orders.status, ["cancelled", "expired", "refunded"]),
      ),
    );
  if ((open?.buyer ?? 0) >= OPEN_TRANSFER_LIMITS.perBuyer)
    return failure(409, "TOO_MANY_OPEN_TRANSFERS", BANK_TRANSFER_MESSAGES.tooManyForBuyer);
  if (organisation && (open?.account ?? 0) >= OPEN_TRANSFER_LIMITS.perOrganisation)
    return failure(409, "TOO_MANY_OPEN_TRANSFERS", BANK_TRANSFER_MESSAGES.tooManyForOrganisation);
  return null;
}

type PlacingInput = {
  session: { user: { id: string }; accountId?: string } | null;
  draftId: string;
  productId: string;
  now?: Date;
};

/** Places the signed-in buyer's checkout to pay by bank transfer; see the module comment. */
export function placeBankTransferOrder(ctx: AppContext, input: PlacingInput): Promise<PlacedTransfer | Failure> {
  return placeUnpaidOrder(ctx, { ...input, way: "transfer" });
}

/**
 * Places the checkout of a member of an organisation on its account (decision 085): refused with
 * the reason unless the account is approved, nothing on it is overdue and the order fits in what is
 * left of its limit, checked under a lock of the account so two colleagues cannot both use the last
 * of it. The order's VAT invoice is issued now and e-mailed; it is due within the account's terms.
 */
export function placeOrderOnAccount(ctx: AppContext, input: PlacingInput): Promise<PlacedTransfer | Failure> {
  return placeUnpaidOrder(ctx, { ...input, way: "account" });
}

async function placeUnpaidOrder(
  ctx: AppContext,
  input: PlacingInput & { way: "transfer" | "account" },
): Promise<PlacedTransfer | Failure> {
  const { db } = ctx;
  const onAccount = input.way === "account";
  const buyer = await payingBuyer(db, {
    session: input.session,
    bucket: onAccount ? "on-account" : "bank-transfer",
    limit: BANK_TRANSFER_LIMIT,
  });
  if (!buyer.ok) return buyer;
  const { userId, accountId } = buyer;
  const now = input.now ?? ctx.clock();
  if (onAccount && accountId === userId) return failure(409, "ORGANISATION_NEEDED", CREDIT_MESSAGES.organisationNeeded);

  const priced = await priceCheckout(db, { userId, accountId, draftId: input.draftId, productId: input.productId });
  if (!priced.ok) {
    const placed = priced.code === "ALREADY_PAID" ? await placedByTransfer(db, userId, input.draftId) : null;
    return placed ? { ok: true, ...placed } : priced;
  }
  const { row, lines, computed } = priced;
  const { bankTransferMaxPence, salesEmail } = ctx.business;
  if (!onAccount && !transferAllowed(computed.total, bankTransferMaxPence)) {
    return failure(409, "TRANSFER_OVER_LIMIT", transferOverLimitMessage(bankTransferMaxPence, salesEmail));
  }

  // An open card payment of this checkout is cancelled first, so it cannot be paid as well; one
  // the provider has taken or is taking wins.
  const [card] = row.paymentIntentId
    ? await db.select().from(paymentIntents).where(eq(paymentIntents.intentId, row.paymentIntentId)).limit(1)
    : [];
  if (card && card.provider === ctx.payments?.kind) {
    try {
      const old = await ctx.payments.cancelIntent(card.intentId);
      if (old?.status === "succeeded") return failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
      if (old?.status === "processing") return failure(409, "PAYMENT_PROCESSING", PAYMENT_MESSAGES.processing);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      ctx.log.error(`[payments] draft ${row.id}: ${error.message}`);
      return failure(502, "PAYMENT_PROVIDER_ERROR", PAYMENT_MESSAGES.providerDown);
    }
  }

  // Read before the transaction: on the embedded database a read waits for an open transaction.
  const products = (await readShelf(db)).findAnyStatus;
  const result = await db.transaction(async (tx): Promise<PlacedTransfer | Failure> => {
    const draft = await lockDraft(tx, row.id);
    if (draft.status === "paid" || draft.paidAt) {
      // A second tab or click that waited on the lock: the order the first one placed.
      const placed = await placedByTransfer(tx, userId, row.id);
      return placed ? { ok: true, ...placed } : failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
    }
    if (draft.version !== row.version) return failure(409, "DRAFT_CHANGED", PAYMENT_MESSAGES.changed);
    const lineDrafts = await lockLineDrafts(tx, { lines, checkoutDraftId: draft.id });
    if (!lineDrafts) return failure(409, "DRAFT_CHANGED", PAYMENT_MESSAGES.changed);
    let dueOn = transferDueOn(now);
    let termsDays: number | null = null;
    if (onAccount) {
      // One order at a time takes from an account's credit: the standing is read under its lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`credit-account:${draft.accountId}`}))`);
      const found = await accountStanding(tx, { organisationId: draft.accountId, today: londonToday(now) });
      const refusal = onAccountRefusal(found?.standing ?? null, {
        totalPence: computed.total,
        organisation: found?.organisation ?? "",
      });
      if (refusal || !found) return failure(409, "ON_ACCOUNT_REFUSED", refusal ?? CREDIT_MESSAGES.noAccount);
      termsDays = found.standing.termsDays;
      dueOn = accountDueOn(now, termsDays);
    } else {
      const tooMany = await openTransferLimitFailure(tx, { userId, accountId: draft.accountId });
      if (tooMany) return tooMany;
    }

    const [ledger] = await tx
      .insert(paymentIntents)
      .values({
        intentId: `${onAccount ? "oa" : "bt"}_${randomUUID()}`,
        provider: "bank_transfer",
        draftId: draft.id,
        accountId: draft.accountId,
        userId,
        idempotencyKey: `${onAccount ? "on-account" : "bank-transfer"}:draft:${draft.id}:v${draft.version}`,
        ...ledgerAmounts(computed),
        lines,
      })
      .returning();
    if (!ledger) throw new Error("Recording a bank transfer in the ledger returned no row");
    const made = await createOrder(tx, {
      draft,
      lineDrafts,
      ledger,
      now,
      products,
      payment: onAccount ? "on_account" : "bank_transfer",
      firstNote: onAccount
        ? `Ordered on account: invoice due by ${formatDisplayDate(dueOn)} (${termsDays} days)`
        : BANK_TRANSFER_MESSAGES.placedNote(dueOn),
    });
    await tx.insert(bankTransfers).values({
      orderId: made.orderId,
      proformaNumber: onAccount ? null : await nextDocumentNumber(tx, { kind: "proforma", now }),
      termsDays,
      amountPence: computed.total,
      dueOn,
      placedAt: now,
    });
    if (onAccount) {
      // Invoiced now; the invoice's e-mail and the staff alert leave with the commit (decision 030).
      await issueInvoice(tx, { orderId: made.orderId, now });
      await enqueue(tx, { job: DOCUMENT_MAIL_JOB, payload: { orderId: made.orderId, kind: "invoice" } });
    }
    // The buyer's e-mail with the pro-forma (or the invoice's) and the staff alert leave with the commit (decision 030).
    await enqueue(tx, { job: TRANSFER_PLACED_JOB, payload: { orderId: made.orderId } });
    return { ok: true, orderId: made.orderId, orderNumber: made.orderNumber };
  });
  return result;
}

/**
 * What an order placed by bank transfer sends, queued in the transaction that places it: the buyer's
 * e-mail with the pro-forma and the bank details, and the staff alert. The job renders the pro-forma
 * itself; each message has a key, so a job run twice sends nothing twice.
 */
export const TRANSFER_PLACED_JOB = defineJob("transfer-placed", z.object({ orderId: z.uuid() }));

/** The transfer-placed job's work (decision 022). */
export async function sendTransferPlacedMessages(ctx: AppContext, input: { orderId: string }) {
  const { db } = ctx;
  const [found] = await db
    .select({ order: orders, transfer: bankTransfers })
    .from(orders)
    .innerJoin(bankTransfers, eq(bankTransfers.orderId, orders.id))
    .where(eq(orders.id, input.orderId))
    .limit(1);
  // An order erased since it was placed has nobody left to tell.
  if (!found) return;
  const { order, transfer } = found;
  // An order on account: its invoice went with the document-mail job; staff are told here.
  if (order.onAccount) {
    await queueStaffAlert(ctx, {
      alert: {
        kind: "account-order-placed",
        orderId: order.id,
        orderNumber: order.number,
        totalPence: transfer.amountPence,
        dueOn: transfer.dueOn,
      },
      key: `account-order-placed:${order.id}`,
    });
    return;
  }
  const { details } = readOrderSnapshot(order.number, order.snapshot).data;
  // The address typed at checkout: buyerMailRecipient decides whether it may be written to.
  const to = await buyerMailRecipient(db, { userId: order.userId, accountId: order.accountId, contact: details.email });
  if (to) {
    const proforma = await loadProforma(db, { orderId: order.id, reader: "staff" });
    if (!proforma) throw new Error(`Order ${order.number} has no pro-forma`);
    const view: TransferMailView = {
      ...orderMailView(ctx, order),
      to,
      proformaNumber: transfer.proformaNumber,
      totalPence: transfer.amountPence,
      dueOn: transfer.dueOn,
      poRef: details.po_ref,
      partPaidPence: 0,
    };
    await sendMail(db, {
      ...transferPlacedMail(view),
      attachments: [
        {
          filename: documentFileName(proforma),
          content: await renderDocumentPdf(proforma, ctx.business),
          contentType: "application/pdf",
        },
      ],
      key: `transfer-placed:${order.id}`,
    });
  }
  await queueStaffAlert(ctx, {
    alert: {
      kind: "transfer-placed",
      orderId: order.id,
      orderNumber: order.number,
      totalPence: transfer.amountPence,
      dueOn: transfer.dueOn,
    },
    key: `transfer-placed:${order.id}`,
  });
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
  // An order on account has its VAT invoice instead.
  const number = found?.transfer.proformaNumber;
  if (!found || !number) return null;
  const { order, transfer } = found;
  return proformaDocument({
    number,
    issuedAt: transfer.placedAt,
    orderNumber: order.number,
    snapshot: readOrderSnapshot(order.number, order.snapshot),
    lines: await linesOfOrder(db, order),
    amounts: order,
    dueOn: transfer.dueOn,
  });
}
