/**
 * Provider events: the only way to paid (decision 006; REQUIREMENTS B-3, B-4, B-9, A-20, A-40;
 * decisions 056 and 057).
 *
 * applyPaymentEvent (→ handlePaymentSucceeded / handlePaymentFailed / handlePaymentProcessing) is
 * the only code that marks a draft paid, reached from the verified Stripe webhook and from the
 * test-mode provider's server-side confirmation alike. Each event is applied once (payment_events
 * is keyed by the provider's event id, claimed in the same transaction as its effects), paid is
 * never downgraded, and the amount and currency must equal what the server computed. A paid
 * draft becomes an order with its history, invoice and confirmation e-mail.
 */
import { paymentDraftColumns } from "../checkout/drafts.server";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { linesUnchangedSincePriced, readLedgerLines, type LedgerLine } from "~/domain/checkout/ledger-lines";
import { orderDrafts, paymentEvents, paymentIntents } from "#db/schema";
import type { Database } from "../platform/db.server";
import { createPaidOrder } from "./order-creation.server";
import type { PaymentEvent } from "../providers/payment-provider.server";
import type { AppContext } from "../providers/app-context.server";
import { readShelf } from "../catalogue/catalogue-store.server";

type Tx = Database;

export type PaymentEventOutcome =
  /** The draft became an order. */
  | "paid"
  /** This event id was applied before; nothing changed. */
  | "duplicate"
  /** Not an intent this server created; recorded and ignored. */
  | "unknown_intent"
  /** The provider's amount or currency differs from the server's; nothing marked paid. */
  | "amount_mismatch"
  /** The draft is paid already; a failure or processing event never downgrades it. */
  | "already_paid"
  /**
   * Paid for a draft that has since changed (the buyer edited it, which replaced this payment):
   * never fulfilled at the old price; held for staff to refund (decision 006).
   */
  | "held"
  | "failed"
  | "processing"
  /** Older than an event already applied to this intent. */
  | "stale";

export type PaymentEventResult = { outcome: PaymentEventOutcome; orderId?: string; orderNumber?: string };

/** A provider's event, applied at `now` (the context's clock unless a test says). */
export type PaymentEventInput = { event: PaymentEvent; now?: Date };

/** Dispatches an allow-listed event from either provider to its handler. */
export async function applyPaymentEvent(
  ctx: Pick<AppContext, "db" | "payments" | "log" | "clock">,
  input: PaymentEventInput,
): Promise<PaymentEventResult> {
  const { db } = ctx;
  const { event } = input;
  switch (event.type) {
    case "payment_intent.succeeded":
      return handlePaymentSucceeded(ctx, input);
    case "payment_intent.payment_failed":
      return handlePaymentFailed(db, event);
    case "payment_intent.processing":
      return handlePaymentProcessing(db, event);
  }
}

type LedgerRow = typeof paymentIntents.$inferSelect;

/**
 * Runs `apply` in one transaction with the event claimed in payment_events (insert … on conflict
 * do nothing) and the intent's ledger row locked. A replay finds the claim and returns
 * 'duplicate'; a fault rolls the claim back with everything else, so the provider's retry works.
 */
async function withClaimedEvent<T extends PaymentEventResult>(
  db: Database,
  event: PaymentEvent,
  apply: (tx: Tx, ledger: LedgerRow) => Promise<T>,
): Promise<T | { outcome: "duplicate" | "unknown_intent" }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(paymentEvents)
      .values({ eventId: event.eventId, type: event.type, intentId: event.intentId, outcome: "pending" })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ eventId: paymentEvents.eventId });
    if (claimed.length === 0) return { outcome: "duplicate" as const };
    const [ledger] = await tx
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.intentId, event.intentId))
      .for("update");
    const result = ledger ? await apply(tx, ledger) : { outcome: "unknown_intent" as const };
    await tx.update(paymentEvents).set({ outcome: result.outcome }).where(eq(paymentEvents.eventId, event.eventId));
    return result;
  });
}

export async function lockDraft(tx: Tx, draftId: string) {
  const [draft] = await tx
    .select(paymentDraftColumns)
    .from(orderDrafts)
    .where(eq(orderDrafts.id, draftId))
    .for("update");
  if (!draft) throw new Error(`Payment ledger points at draft ${draftId}, which does not exist`);
  return draft;
}

/**
 * Locks the drafts of a payment's other lines (or a bank transfer's); null unless each is still editable, unpaid and at
 * the version it was priced at.
 */
export async function lockLineDrafts(
  tx: Tx,
  { lines, checkoutDraftId }: { lines: readonly LedgerLine[]; checkoutDraftId: string },
) {
  const wanted = lines.filter((line) => line.draftId !== checkoutDraftId);
  if (wanted.length === 0) return [];
  const rows = await tx
    .select(paymentDraftColumns)
    .from(orderDrafts)
    .where(
      inArray(
        orderDrafts.id,
        wanted.map((line) => line.draftId),
      ),
    )
    .for("update");
  return linesUnchangedSincePriced(lines, rows, checkoutDraftId) ? rows : null;
}

const isNewer = (event: PaymentEvent, ledger: LedgerRow) =>
  !ledger.lastEventAt || event.createdAt >= ledger.lastEventAt;

async function setDraftStatus(tx: Tx, draftId: string, status: "awaiting_payment" | "payment_failed") {
  await tx
    .update(orderDrafts)
    .set({
      status,
      data: sql`jsonb_set(${orderDrafts.data}, '{status}', ${JSON.stringify(status)}::jsonb)`,
      version: sql`${orderDrafts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(orderDrafts.id, draftId), isNull(orderDrafts.paidAt)));
}

/** Why a payment waits for a person (the back office lists them: payments-attention.server.ts). */
export const ATTENTION_REASONS = {
  amount_mismatch: "Paid amount differs from the order total",
  paid_twice: "A second payment for an order already paid: refund it",
  paid_after_change: "Paid after the buyer changed the order, which replaced this payment: refund it",
} as const;

async function needsAttention(tx: Tx, intentId: string, reason: keyof typeof ATTENTION_REASONS) {
  await tx
    .update(paymentIntents)
    .set({ lastErrorCode: reason, lastErrorMessage: ATTENTION_REASONS[reason], updatedAt: sql`now()` })
    .where(eq(paymentIntents.intentId, intentId));
}

/** A declined or failed attempt: the draft shows the provider's message and can be paid again. */
export async function handlePaymentFailed(db: Database, event: PaymentEvent): Promise<PaymentEventResult> {
  return withClaimedEvent(db, event, async (tx, ledger) => {
    if (ledger.status === "succeeded") return { outcome: "already_paid" };
    if (!isNewer(event, ledger)) return { outcome: "stale" };
    await tx
      .update(paymentIntents)
      .set({
        status: "failed",
        lastErrorCode: event.errorCode,
        lastErrorMessage: event.errorMessage,
        lastEventAt: event.createdAt,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentIntents.intentId, ledger.intentId));
    const draft = await lockDraft(tx, ledger.draftId);
    if (draft.status === "paid" || draft.paidAt) return { outcome: "already_paid" };
    // An intent the draft has since replaced says nothing about the draft's current payment.
    if (draft.paymentIntentId === ledger.intentId) await setDraftStatus(tx, draft.id, "payment_failed");
    return { outcome: "failed" };
  });
}

/** A new attempt is in flight (e.g. after a decline): the draft is pending again, not failed. */
export async function handlePaymentProcessing(db: Database, event: PaymentEvent): Promise<PaymentEventResult> {
  return withClaimedEvent(db, event, async (tx, ledger) => {
    if (ledger.status === "succeeded") return { outcome: "already_paid" };
    if (!isNewer(event, ledger)) return { outcome: "stale" };
    await tx
      .update(paymentIntents)
      .set({ status: "processing", lastEventAt: event.createdAt, updatedAt: sql`now()` })
      .where(eq(paymentIntents.intentId, ledger.intentId));
    const draft = await lockDraft(tx, ledger.draftId);
    if (draft.status === "paid" || draft.paidAt) return { outcome: "already_paid" };
    if (draft.paymentIntentId === ledger.intentId && draft.status === "payment_failed") {
      await setDraftStatus(tx, draft.id, "awaiting_payment");
    }
    return { outcome: "processing" };
  });
}

/**
 * A successful payment: checks the amount and currency against the ledger, then, in the same
 * transaction, refuses a draft paid already or changed since (both held for staff) and makes the
 * order (createPaidOrder, order-creation.server.ts), whose confirmation and staff alert are queued
 * as a job in the same transaction: they go exactly when the payment is committed, and a replay
 * (found claimed) queues nothing more.
 */
export async function handlePaymentSucceeded(
  ctx: Pick<AppContext, "db" | "payments" | "log" | "clock">,
  input: PaymentEventInput,
): Promise<PaymentEventResult> {
  const { db } = ctx;
  const { event, now = ctx.clock() } = input;
  // Read before the transaction: on the embedded database a read waits for an open transaction.
  const products = (await readShelf(db)).findAnyStatus;
  return withClaimedEvent(db, event, async (tx, ledger): Promise<PaymentEventResult> => {
    if (
      event.currency !== ledger.currency ||
      event.amountPence !== ledger.amountPence ||
      event.amountReceivedPence !== ledger.amountPence
    ) {
      ctx.log.error(
        `[payments] intent ${ledger.intentId} reported ${event.amountReceivedPence}/${event.amountPence} ${event.currency}, ` +
          `server computed ${ledger.amountPence} ${ledger.currency}: not marked paid, needs a person`,
      );
      await needsAttention(tx, ledger.intentId, "amount_mismatch");
      return { outcome: "amount_mismatch" };
    }
    await tx
      .update(paymentIntents)
      .set({
        status: "succeeded",
        lastErrorCode: null,
        lastErrorMessage: null,
        lastEventAt: event.createdAt,
        updatedAt: sql`now()`,
      })
      .where(eq(paymentIntents.intentId, ledger.intentId));

    const draft = await lockDraft(tx, ledger.draftId);
    if (draft.status === "paid" || draft.paidAt) {
      if (draft.paymentIntentId !== ledger.intentId) {
        ctx.log.error(
          `[payments] draft ${draft.id} was paid twice (intents ${draft.paymentIntentId} and ${ledger.intentId}): refund ${ledger.intentId}`,
        );
        await needsAttention(tx, ledger.intentId, "paid_twice");
      }
      return { outcome: "already_paid" };
    }
    // The buyer changed the draft after this payment was opened, which replaced it: the order it
    // would make is no longer the one this amount was for.
    if (draft.paymentIntentId !== ledger.intentId) {
      ctx.log.error(`[payments] intent ${ledger.intentId} was paid after draft ${draft.id} changed: held for a refund`);
      await needsAttention(tx, ledger.intentId, "paid_after_change");
      return { outcome: "held" };
    }
    // The cart's other lines must be as they were priced: a line changed, paid or dropped since
    // means the order this amount was for no longer exists.
    const lineDrafts = await lockLineDrafts(tx, { lines: readLedgerLines(ledger.lines), checkoutDraftId: draft.id });
    if (!lineDrafts) {
      ctx.log.error(
        `[payments] intent ${ledger.intentId} was paid after a line of draft ${draft.id}'s cart changed: held for a refund`,
      );
      await needsAttention(tx, ledger.intentId, "paid_after_change");
      return { outcome: "held" };
    }
    const made = await createPaidOrder(tx, { draft, lineDrafts, ledger, now, products });
    return { outcome: "paid", ...made };
  });
}
