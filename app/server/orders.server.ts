/**
 * Payment and orders (issue 8; REQUIREMENTS B-2, B-3, B-4, B-5, B-8, B-9, B-15, A-20, A-40, A-44;
 * DESIGN decisions 5, 9, 10, 12).
 *
 * - startPayment: the create-payment-intent function. The amount is computed here, in pence, from
 *   the catalogue and the draft (never from data.totals or anything the client sends), and one
 *   intent per draft and amount is created or reused with an idempotency key.
 * - applyPaymentEvent (→ handlePaymentSucceeded / handlePaymentFailed / handlePaymentProcessing):
 *   the only code that marks a draft paid, reached from the verified Stripe webhook and from the
 *   test-mode provider's server-side confirmation alike. Each event is applied once (payment_events
 *   is keyed by the provider's event id, claimed in the same transaction as its effects), paid is
 *   never downgraded, and the amount and currency must equal what the server computed.
 * - paymentState, listOrders, getOrder, respondToProof: what the buyer's pages read and do.
 *
 * Failures are http.server's Failure values (B-11's envelope) that a route answers with
 * toResponse(); only bugs and database faults throw.
 */
import { draftRowColumns, parseDraftRow } from "./drafts.server";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  cartItems,
  invoices,
  orderDrafts,
  orderProofs,
  orders,
  orderStatusHistory,
  paymentEvents,
  paymentIntents,
} from "#db/schema";
import { colourName } from "~/catalogue/colours";
import { findProductById, type Product } from "~/catalogue/catalogue";
import { SITE } from "~/content/links";
import type { CardInput } from "~/domain/cards";
import {
  COUNTRY_NAMES,
  isCountryCode,
  type OrderTotals,
  SHIPPING_METHODS,
  type ShippingMethod,
} from "~/domain/checkout";
import { formatDisplayDate, londonToday, type IsoDate } from "~/domain/delivery";
import { formatPence } from "~/domain/money";
import {
  NO_DRAFT_MESSAGE,
  canProceedCustomisation,
  canProceedDetails,
  canProceedShipping,
  customisationPart,
  customisationProductErrors,
  draftEta,
  draftTotals,
  isDraftId,
  isDraftStatus,
  statusAtLeast,
  storedTotals,
  totalsCountry,
  type DraftData,
} from "~/domain/draft";
import { draftDataSchema } from "~/domain/draft-schemas";
import { unitPricePence } from "~/domain/pricing";
import {
  ORDER_STATUS_LABELS,
  canTransition,
  formatInvoiceNumber,
  formatOrderNumber,
  isOrderStatus,
  type Actor,
  type DeliveryView,
  type OrderStatus,
  type ProofAnswer,
} from "~/domain/orders";
import { queryRows, type Database } from "./db.server";
import { getEnv } from "./env.server";
import { claimFirstOrderDiscount, firstOrderDiscountApplies } from "./first-order-discount.server";
import { sendMail } from "./mail.server";
import { orderConfirmationMail, type OrderConfirmationView } from "./order-mail.server";
import {
  PaymentProviderError,
  type PaymentEvent,
  type ProviderIntent,
  type ProviderKind,
} from "./payment-provider.server";
import type { Services } from "./services.server";
import { hitRateLimit } from "./rate-limit.server";
import { failure, signInRequired, type Failure } from "./http.server";

// ---------------------------------------------------------------------------------------------
// Messages

export const PAYMENT_MESSAGES = {
  /** R-PAY-01. */
  signIn: "Please sign in to continue to payment.",
  noDraft: NO_DRAFT_MESSAGE,
  productMismatch: "This draft is for a different product. Go back to your cart and open the payment step again.",
  alreadyPaid: "This order has already been paid.",
  processing: "Your payment is being processed. We'll e-mail you as soon as it's confirmed.",
  providerDown: "The payment provider is not responding. Nothing was charged; please try again.",
  /** A-1, when the Stripe keys are half set. */
  unavailable: "Payments are temporarily unavailable. Please contact us.",
  rateLimited: "Too many payment attempts. Please wait a minute and try again.",
  /** SPEC.md §8 "Payment confirmation failure". */
  failedDefault: "Payment failed. Please try again.",
  paymentNotFound: "This payment could not be found. Reload the payment page and try again.",
  paymentReplaced: "This payment was replaced by a newer one. Reload the payment page and try again.",
  changed: "Your order changed while the payment was being prepared. Please try again.",
  invalidDraft: "Some details of this order are no longer valid. Please review the checkout steps.",
  unknownProduct: "We don't sell that product any more.",
  incomplete: {
    customisation: "Complete the Customisation step before paying.",
    details: "Complete the Details step before paying.",
    shipping: "Complete the Shipping step before paying.",
  },
} as const;

/** B-22: at most 10 payment-intent requests a minute per user. */
export const PAYMENT_INTENT_LIMIT = { hits: 10, windowSeconds: 60 } as const;

/** B-3: what a buyer is promised after paying for an order that needs a proof. */
export const PROOF_PROMISE =
  "We'll send your proof within 2 working days of payment; production starts when you approve it.";

// ---------------------------------------------------------------------------------------------
// Shared reading

type Tx = Database;

const draftColumns = {
  ...draftRowColumns,
  paymentIntentId: orderDrafts.paymentIntentId,
  amountPence: orderDrafts.amountPence,
  paidAt: orderDrafts.paidAt,
};
/** A draft's data for the payment path: data outside the schema is refused, not thrown. */
function parseDraftData(row: { data: unknown; productId: string; status: string }): DraftData | null {
  const parsed = parseDraftRow(row);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// Completeness (B-2 step 2, B-22)

export type DraftReadiness =
  | { ok: true; data: DraftData; product: Product; method: ShippingMethod }
  | { ok: false; message: string };

/**
 * Whether a draft may be paid for: the row's status has reached shipping_done, the JSON fits the
 * draft schema, both confirmations are ticked (and a previous order reference for skip_proof,
 * A-40), the customisation fits the product, and the details and shipping steps pass their Next
 * rules. The message names the first step to finish.
 */
export function paymentReadiness(row: { productId: string; status: string; data: unknown }): DraftReadiness {
  const product = findProductById(row.productId);
  if (!product) return { ok: false, message: PAYMENT_MESSAGES.unknownProduct };
  const data = parseDraftData({ data: row.data, productId: row.productId, status: row.status });
  if (!data) return { ok: false, message: PAYMENT_MESSAGES.invalidDraft };
  if (
    !canProceedCustomisation(data) ||
    Object.keys(customisationProductErrors(product, customisationPart(data))).length > 0
  ) {
    return { ok: false, message: PAYMENT_MESSAGES.incomplete.customisation };
  }
  if (!canProceedDetails(data.details)) return { ok: false, message: PAYMENT_MESSAGES.incomplete.details };
  const method = data.shipping.method;
  if (!canProceedShipping(data.shipping) || method === null)
    return { ok: false, message: PAYMENT_MESSAGES.incomplete.shipping };
  if (!isDraftStatus(row.status) || !statusAtLeast(row.status, "shipping_done")) {
    return { ok: false, message: PAYMENT_MESSAGES.incomplete.shipping };
  }
  return { ok: true, data, product, method };
}

// ---------------------------------------------------------------------------------------------
// startPayment: the create-payment-intent function (B-2)

export type StartedPayment = {
  ok: true;
  clientSecret: string;
  intentId: string;
  amountPence: number;
  currency: "gbp";
  provider: ProviderKind;
  /** Stripe's publishable key for Stripe.js; null in test mode (the page shows the test card form). */
  publishableKey: string | null;
  totals: OrderTotals;
};

/** Intents a buyer can still pay with; anything else is finished, in flight or dead. */
const PAYABLE: readonly ProviderIntent["status"][] = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
];

/**
 * Creates or reuses the payment intent for a draft and returns its client secret (B-2, A-44).
 *
 * Checks, in order: signed in (401), rate limit (429), the draft is the caller's (404, another
 * user's draft looks exactly like a missing one), product_id matches (422), not already paid
 * (409 ALREADY_PAID), complete (409 DRAFT_INCOMPLETE). Then the amount: tier price × quantity,
 * shipping method, VAT by ship-to country, minus 10% of the goods while the person has not had
 * the first-order discount. The intent stored on the draft is reused while the amount is unchanged; a changed
 * amount cancels the old one first (so two tabs cannot pay two amounts) and creates a new one
 * with the idempotency key draft_id + amount. A provider fault or timeout is a 502 and stores
 * nothing; the retry reuses what the provider made under the same key.
 */
export async function startPayment(
  services: Services,
  input: {
    session: { user: { id: string } } | null;
    draftId: string;
    productId: string;
  },
): Promise<StartedPayment | Failure> {
  const { db, payments } = services;
  if (!input.session) return signInRequired(PAYMENT_MESSAGES.signIn);
  const userId = input.session.user.id;
  const limit = await hitRateLimit(
    db,
    `payment-intent:${userId}`,
    PAYMENT_INTENT_LIMIT.hits,
    PAYMENT_INTENT_LIMIT.windowSeconds,
  );
  if (!limit.allowed)
    return failure(429, "RATE_LIMITED", PAYMENT_MESSAGES.rateLimited, { retryAfterSeconds: limit.retryAfterSeconds });
  if (!isDraftId(input.draftId)) return failure(404, "DRAFT_NOT_FOUND", PAYMENT_MESSAGES.noDraft);
  const [row] = await db
    .select(draftColumns)
    .from(orderDrafts)
    .where(and(eq(orderDrafts.id, input.draftId), eq(orderDrafts.userId, userId)))
    .limit(1);
  if (!row) return failure(404, "DRAFT_NOT_FOUND", PAYMENT_MESSAGES.noDraft);
  if (row.productId !== input.productId) return failure(422, "PRODUCT_MISMATCH", PAYMENT_MESSAGES.productMismatch);
  if (row.status === "paid" || row.paidAt) return failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
  const ready = paymentReadiness(row);
  if (!ready.ok) return failure(409, "DRAFT_INCOMPLETE", ready.message);

  const provider = payments;
  if (!provider) return failure(502, "PAYMENT_PROVIDER_ERROR", PAYMENT_MESSAGES.unavailable);

  const { data, product, method } = ready;
  const computed = draftTotals({
    productId: product.id,
    quantity: data.quantity,
    country: totalsCountry(data),
    method,
    // Priced, not claimed: the claim is made when the order is paid (first-order-discount.server.ts).
    firstOrderDiscount: await firstOrderDiscountApplies(db, { userId: row.userId, accountId: row.accountId }),
  });
  if (!computed) return failure(409, "DRAFT_INCOMPLETE", PAYMENT_MESSAGES.unknownProduct);
  const amount = computed.total;
  const unitPence = unitPricePence(product.tiers, data.quantity);
  const idempotencyKey = `draft:${row.id}:amount:${amount}`;

  let intent: ProviderIntent | null = null;
  let usedKey = idempotencyKey;
  try {
    const [stored] = row.paymentIntentId
      ? await db.select().from(paymentIntents).where(eq(paymentIntents.intentId, row.paymentIntentId)).limit(1)
      : [];
    // An intent made by the other provider (the keys changed since) cannot be reused or reached.
    if (stored && stored.provider === provider.kind) {
      if (stored.amountPence === amount) {
        const current = await provider.retrieveIntent(stored.intentId);
        if (current?.status === "succeeded") return failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
        if (current?.status === "processing") return failure(409, "PAYMENT_PROCESSING", PAYMENT_MESSAGES.processing);
        if (current && PAYABLE.includes(current.status)) intent = current;
      } else {
        const old = await provider.cancelIntent(stored.intentId);
        if (old?.status === "succeeded") return failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
        if (old?.status === "processing") return failure(409, "PAYMENT_PROCESSING", PAYMENT_MESSAGES.processing);
      }
    }
    const request = {
      amountPence: amount,
      currency: "gbp" as const,
      idempotencyKey,
      description: `${SITE.name}: ${data.quantity} × ${product.title}`,
      metadata: { draft_id: row.id, account_id: row.accountId, user_id: userId },
    };
    intent ??= await provider.createOrReuseIntent(request);
    // The key's intent was cancelled (its amount came back after a change): a fresh key, derived
    // from the dead intent so a retry still lands on the same new one.
    if (intent.status === "canceled") {
      usedKey = `${idempotencyKey}:after:${intent.id}`;
      intent = await provider.createOrReuseIntent({ ...request, idempotencyKey: usedKey });
    }
    if (intent.amountPence !== amount || intent.currency !== "gbp") {
      throw new PaymentProviderError(
        `Intent ${intent.id} holds ${intent.amountPence} ${intent.currency}, expected ${amount} gbp`,
      );
    }
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      console.error(`[payments] draft ${row.id}: ${error.message}`);
      return failure(502, "PAYMENT_PROVIDER_ERROR", PAYMENT_MESSAGES.providerDown);
    }
    throw error;
  }

  const paymentIntent = intent;
  const totals: OrderTotals = { ...storedTotals(computed), vatRate: computed.vatRate };
  const saved = await db.transaction(async (tx) => {
    // B-2 step 5 and B-15: the draft records the intent, the amount and the figures charged, and
    // is locked for editing (awaiting_payment, B-1). A draft paid meanwhile is left alone, and so
    // is an editable one saved since it was priced above (its amount may be stale). Once locked,
    // only payment code bumps the version, so a second tab's call goes through.
    const updated = await tx
      .update(orderDrafts)
      .set({
        paymentIntentId: paymentIntent.id,
        amountPence: amount,
        currency: "gbp",
        status: "awaiting_payment",
        data: sql`jsonb_set(jsonb_set(${orderDrafts.data}, '{totals}', ${JSON.stringify(storedTotals(computed))}::jsonb), '{status}', '"awaiting_payment"')`,
        version: sql`${orderDrafts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orderDrafts.id, row.id),
          eq(orderDrafts.userId, userId),
          isNull(orderDrafts.paidAt),
          or(
            and(eq(orderDrafts.status, "shipping_done"), eq(orderDrafts.version, row.version)),
            inArray(orderDrafts.status, ["awaiting_payment", "payment_failed"]),
          ),
        ),
      )
      .returning({ id: orderDrafts.id });
    if (updated.length === 0) return updated;
    // The ledger the webhook checks amounts against (a reused intent is already in it).
    await tx
      .insert(paymentIntents)
      .values({
        intentId: paymentIntent.id,
        provider: provider.kind,
        draftId: row.id,
        accountId: row.accountId,
        userId,
        idempotencyKey: usedKey,
        amountPence: amount,
        currency: "gbp",
        subtotalPence: computed.subtotal,
        discountPence: computed.discount,
        shippingPence: computed.shipping,
        vatPence: computed.vat,
        vatRate: computed.vatRate,
        unitPence,
        quantity: data.quantity,
      })
      .onConflictDoNothing({ target: paymentIntents.intentId });
    return updated;
  });
  if (saved.length === 0) {
    const [current] = await db
      .select({ paidAt: orderDrafts.paidAt })
      .from(orderDrafts)
      .where(eq(orderDrafts.id, row.id));
    return current?.paidAt
      ? failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid)
      : failure(409, "DRAFT_CHANGED", PAYMENT_MESSAGES.changed);
  }

  return {
    ok: true,
    clientSecret: paymentIntent.clientSecret,
    intentId: paymentIntent.id,
    amountPence: amount,
    currency: "gbp",
    provider: provider.kind,
    publishableKey: provider.publishableKey,
    totals,
  };
}

// ---------------------------------------------------------------------------------------------
// Provider events: the only way to paid (DESIGN decision 10)

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
  | "failed"
  | "processing"
  /** Older than an event already applied to this intent. */
  | "stale";

export type PaymentEventResult = { outcome: PaymentEventOutcome; orderId?: string; orderNumber?: string };

/** Dispatches an allow-listed event from either provider to its handler. */
export async function applyPaymentEvent(
  services: Services,
  event: PaymentEvent,
  options: { now?: Date } = {},
): Promise<PaymentEventResult> {
  const { db } = services;
  switch (event.type) {
    case "payment_intent.succeeded":
      return handlePaymentSucceeded(services, event, options);
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

async function lockDraft(tx: Tx, draftId: string) {
  const [draft] = await tx.select(draftColumns).from(orderDrafts).where(eq(orderDrafts.id, draftId)).for("update");
  if (!draft) throw new Error(`Payment ledger points at draft ${draftId}, which does not exist`);
  return draft;
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

/** What the order keeps of the draft at payment (orders.snapshot). */
const orderSnapshotSchema = z.object({
  data: draftDataSchema,
  product: z.object({ id: z.string(), title: z.string(), leadTime: z.string(), deliveryTime: z.string().nullable() }),
});
export type OrderSnapshot = z.output<typeof orderSnapshotSchema>;

/**
 * The repeat order of A-40 / B-3: skip_proof names an earlier order of the same account whose
 * proof was approved. Anything else gets a proof like any other order.
 */
async function approvedPreviousOrder(tx: Tx, draft: { accountId: string; userId: string }, reference: string) {
  const number = reference.trim().toUpperCase();
  if (!number) return null;
  const [previous] = await tx
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(
      and(
        eq(orders.number, number),
        or(eq(orders.accountId, draft.accountId), eq(orders.userId, draft.userId)),
        inArray(orders.status, ["proof_approved", "in_production", "quality_check", "shipped", "delivered"]),
      ),
    )
    .limit(1);
  return previous ?? null;
}

/** The history note of an order paid with a first-order discount that another order had claimed. */
export const firstOrderShortfallNote = (discountPence: number) =>
  `Needs attention: the first-order discount of ${formatPence(discountPence)} was already used by this customer's earlier order, so this order was charged ${formatPence(discountPence)} too little`;

/** The promised date fixed at proof approval: the latest day of the checkout's estimate (DESIGN decision 6). */
function promisedDeliveryDate(snapshot: OrderSnapshot, now: Date): IsoDate {
  return draftEta({ product: snapshot.product, method: snapshot.data.shipping.method ?? "standard", now }).end;
}

/**
 * A successful payment: checks the amount and currency against the ledger, then in one
 * transaction marks the draft paid, creates the order (number from order_number_seq), its
 * history, its invoice (invoice_number_seq), approves a valid repeat order at once, and removes
 * the product's cart line. The confirmation e-mail goes after the commit, so a mail fault never
 * undoes a payment (and a replay never sends a second one).
 */
export async function handlePaymentSucceeded(
  services: Services,
  event: PaymentEvent,
  options: { now?: Date } = {},
): Promise<PaymentEventResult> {
  const { db, payments } = services;
  const now = options.now ?? new Date();
  type Applied = PaymentEventResult & { mail?: OrderConfirmationView; replacedIntentId?: string };
  const result = await withClaimedEvent(db, event, async (tx, ledger): Promise<Applied> => {
    if (
      event.currency !== ledger.currency ||
      event.amountPence !== ledger.amountPence ||
      event.amountReceivedPence !== ledger.amountPence
    ) {
      console.error(
        `[payments] intent ${ledger.intentId} reported ${event.amountReceivedPence}/${event.amountPence} ${event.currency}, ` +
          `server computed ${ledger.amountPence} ${ledger.currency}: not marked paid, needs a person`,
      );
      await tx
        .update(paymentIntents)
        .set({
          lastErrorCode: "amount_mismatch",
          lastErrorMessage: "Paid amount differs from the order total",
          updatedAt: sql`now()`,
        })
        .where(eq(paymentIntents.intentId, ledger.intentId));
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
        console.error(
          `[payments] draft ${draft.id} was paid twice (intents ${draft.paymentIntentId} and ${ledger.intentId}): refund ${ledger.intentId}`,
        );
      }
      return { outcome: "already_paid" };
    }
    const data = parseDraftData(draft);
    if (!data) throw new Error(`Draft ${draft.id} was paid but its data no longer fits the draft schema`);
    const product = findProductById(draft.productId);
    const snapshot: OrderSnapshot = {
      data,
      product: {
        id: draft.productId,
        title: product?.title ?? `Product ${draft.productId}`,
        leadTime: product?.leadTime ?? "",
        deliveryTime: product?.deliveryTime ?? null,
      },
    };

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
    const status: OrderStatus =
      repeatOf && canTransition("paid", "proof_approved", "system") ? "proof_approved" : "paid";
    const promised = status === "proof_approved" ? promisedDeliveryDate(snapshot, now) : null;

    const [order] = await tx
      .insert(orders)
      .values({
        number,
        draftId: draft.id,
        accountId: draft.accountId,
        userId: draft.userId,
        productId: draft.productId,
        quantity: ledger.quantity,
        snapshot,
        unitPence: ledger.unitPence,
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

    const mail = confirmationView({
      orderId: order.id,
      number,
      invoiceNumber,
      issuedOn,
      snapshot,
      ledger,
      repeatOf: repeatOf?.number ?? null,
      promised,
    });
    return {
      outcome: "paid",
      orderId: order.id,
      orderNumber: number,
      mail,
      replacedIntentId:
        draft.paymentIntentId && draft.paymentIntentId !== ledger.intentId ? draft.paymentIntentId : undefined,
    };
  });

  if (!("mail" in result)) return result;
  const { mail, replacedIntentId, ...outcome } = result;
  // An older intent of this draft got paid: the newer one must not be payable as well.
  if (replacedIntentId) {
    await payments
      ?.cancelIntent(replacedIntentId)
      .catch((error: unknown) =>
        console.error(`[payments] could not cancel replaced intent ${replacedIntentId}:`, error),
      );
  }
  if (mail) await sendOrderConfirmation(db, mail);
  return outcome;
}

/** The cart line of a paid product goes away (issue 8 item 6). */
async function removePaidCartLine(tx: Tx, line: { userId: string; productId: string }) {
  await tx.delete(cartItems).where(and(eq(cartItems.userId, line.userId), eq(cartItems.productId, line.productId)));
}

function addressLines(parts: Array<string | undefined>, country: string): string[] {
  const lines = parts.map((part) => part?.trim() ?? "").filter((part) => part !== "");
  if (country) lines.push(isCountryCode(country) ? COUNTRY_NAMES[country] : country);
  return lines;
}

function lineDescription(snapshot: OrderSnapshot): string {
  const colour = snapshot.data.variant.color_hex
    ? colourName(snapshot.product.id, snapshot.data.variant.color_hex)
    : undefined;
  const extras = [colour, ...snapshot.data.customization_selections].filter((part): part is string => Boolean(part));
  return extras.length > 0 ? `${snapshot.product.title} (${extras.join(", ")})` : snapshot.product.title;
}

function confirmationView(input: {
  orderId: string;
  number: string;
  invoiceNumber: string;
  issuedOn: IsoDate;
  snapshot: OrderSnapshot;
  ledger: LedgerRow;
  repeatOf: string | null;
  promised: IsoDate | null;
}): OrderConfirmationView {
  const { data } = input.snapshot;
  const { details, shipping } = data;
  const method = shipping.method ?? "standard";
  const nextSteps =
    input.repeatOf && input.promised
      ? [
          `This repeats order ${input.repeatOf}, so there is no new proof to approve: production starts now.`,
          `Promised delivery: ${formatDisplayDate(input.promised)}.`,
        ]
      : [PROOF_PROMISE];
  return {
    to: details.email.trim(),
    orderNumber: input.number,
    orderUrl: `${getEnv().BASE_URL}/orders/${input.orderId}`,
    invoiceNumber: input.invoiceNumber,
    issuedOn: input.issuedOn,
    customer: {
      company: details.billing.company.trim() || details.company,
      name: details.billing.name.trim() || details.contact_name,
      addressLines: addressLines(
        [details.billing.line1, details.billing.line2, details.billing.city, details.billing.postcode],
        details.billing.country,
      ),
      vatNumber: details.vat_number,
      poRef: details.po_ref,
    },
    shipTo: {
      name: shipping.address.name || `${shipping.address.firstName} ${shipping.address.lastName}`.trim(),
      company: shipping.address.company,
      addressLines: addressLines(
        [shipping.address.line1, shipping.address.line2, shipping.address.city, shipping.address.postcode],
        shipping.address.country,
      ),
    },
    line: {
      description: lineDescription(input.snapshot),
      quantity: input.ledger.quantity,
      unitPence: input.ledger.unitPence,
      amountPence: input.ledger.subtotalPence,
    },
    discountPence: input.ledger.discountPence,
    shipping: { label: SHIPPING_METHODS[method].label, pence: input.ledger.shippingPence },
    vatRate: input.ledger.vatRate,
    vatPence: input.ledger.vatPence,
    totalPence: input.ledger.amountPence,
    nextSteps,
  };
}

/** B-9: after the commit; a mail fault is logged, never undoes the payment (the order page has the invoice too). */
async function sendOrderConfirmation(db: Database, view: OrderConfirmationView) {
  try {
    await sendMail(db, orderConfirmationMail(view));
  } catch (error) {
    console.error(`[orders] confirmation e-mail for ${view.orderNumber} to ${view.to} failed:`, error);
  }
}

// ---------------------------------------------------------------------------------------------
// Test-mode confirmation (issue 8 item 3)

export type TestPaymentResult = { ok: true; status: "succeeded"; orderId?: string; orderNumber?: string } | Failure;

/**
 * The test-mode card form's submit: only while the test-mode provider is active (else 404), only
 * for the signed-in owner of the intent's draft. Field problems (Luhn, expiry, CVC) are a 402 that
 * changes nothing; a documented decline number is a 402 with the card's message that marks the
 * draft payment_failed; a good number succeeds. Declines and successes go through
 * applyPaymentEvent, exactly as Stripe's webhook events do.
 */
export async function confirmTestPayment(
  services: Services,
  input: {
    clientSecret: string;
    card: CardInput;
    userId: string;
    now?: Date;
  },
): Promise<TestPaymentResult> {
  const { db, payments } = services;
  const provider = payments;
  if (provider?.kind !== "test") return failure(404, "NOT_FOUND", "Test-mode payments are not enabled.");
  const now = input.now ?? new Date();
  const intent = await provider.findIntentByClientSecret(input.clientSecret);
  if (!intent) return failure(404, "PAYMENT_NOT_FOUND", PAYMENT_MESSAGES.paymentNotFound);
  const [ledger] = await db
    .select({ userId: paymentIntents.userId })
    .from(paymentIntents)
    .where(eq(paymentIntents.intentId, intent.id))
    .limit(1);
  if (!ledger || ledger.userId !== input.userId)
    return failure(404, "PAYMENT_NOT_FOUND", PAYMENT_MESSAGES.paymentNotFound);

  const confirmation = await provider.confirmIntent({ intentId: intent.id, card: input.card, now });
  switch (confirmation.kind) {
    case "invalid_card": {
      const { fieldErrors } = confirmation;
      const first = Object.values(fieldErrors)[0] ?? PAYMENT_MESSAGES.failedDefault;
      return failure(402, "CARD_INVALID", first, { fieldErrors });
    }
    case "canceled":
      return failure(409, "PAYMENT_REPLACED", PAYMENT_MESSAGES.paymentReplaced);
    case "event": {
      const { event } = confirmation;
      const applied = await applyPaymentEvent(services, event, { now });
      if (event.type === "payment_intent.payment_failed") {
        return failure(402, "CARD_DECLINED", event.errorMessage ?? PAYMENT_MESSAGES.failedDefault);
      }
      if (applied.outcome === "paid")
        return { ok: true, status: "succeeded", orderId: applied.orderId, orderNumber: applied.orderNumber };
      return { ok: true, status: "succeeded" };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Payment state (B-5, A-2)

export type PaymentState =
  | { state: "paid"; orderId: string; orderNumber: string }
  | { state: "processing" }
  | { state: "failed"; message: string }
  | { state: "unpaid" };

/**
 * What /inquiry-success may say about a draft, from the server's records only (A-2: never from
 * redirect_status). Paid only once an event was applied; processing while an intent is out and
 * no failure came back; failed with the provider's message. Null for another user's or an unknown draft.
 */
export async function paymentState(
  db: Database,
  {
    userId,
    draftId,
  }: {
    userId: string;
    draftId: string;
  },
): Promise<PaymentState | null> {
  if (!userId || !isDraftId(draftId)) return null;
  const [draft] = await db
    .select({ status: orderDrafts.status, paymentIntentId: orderDrafts.paymentIntentId })
    .from(orderDrafts)
    .where(and(eq(orderDrafts.id, draftId), eq(orderDrafts.userId, userId)))
    .limit(1);
  if (!draft) return null;
  if (draft.status === "paid") {
    const [order] = await db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(eq(orders.draftId, draftId))
      .limit(1);
    if (order) return { state: "paid", orderId: order.id, orderNumber: order.number };
    return { state: "processing" };
  }
  if (draft.status === "payment_failed") {
    const [ledger] = draft.paymentIntentId
      ? await db
          .select({ message: paymentIntents.lastErrorMessage })
          .from(paymentIntents)
          .where(eq(paymentIntents.intentId, draft.paymentIntentId))
          .limit(1)
      : [];
    return { state: "failed", message: ledger?.message || PAYMENT_MESSAGES.failedDefault };
  }
  if (draft.status === "awaiting_payment") return { state: "processing" };
  return { state: "unpaid" };
}

// ---------------------------------------------------------------------------------------------
// Orders for the buyer (B-8, B-3)

export type { DeliveryView };

export type OrderSummary = {
  id: string;
  number: string;
  productId: string;
  productTitle: string;
  quantity: number;
  status: OrderStatus;
  statusLabel: string;
  totalPence: number;
  currency: string;
  paidAt: Date;
  delivery: DeliveryView;
  carrier: string | null;
  trackingNumber: string | null;
  /** False for an organisation colleague's order, which this user may read but not answer. */
  placedByMe: boolean;
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
  decision: "approved" | "changes_requested" | null;
  comment: string | null;
  decidedAt: Date | null;
};

export type OrderDetail = OrderSummary & {
  snapshot: OrderSnapshot;
  unitPence: number;
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  vatRate: number;
  invoiceNumber: string | null;
  version: number;
  timeline: OrderTimelineEntry[];
  /** Newest first. */
  proofs: OrderProofView[];
  /** The buyer may approve or request changes now (owner, proof_sent, latest proof unanswered). */
  canRespondToProof: boolean;
};

type OrderRow = typeof orders.$inferSelect;

function toStatus(value: string): OrderStatus {
  if (!isOrderStatus(value)) throw new Error(`orders holds an unknown status "${value}"`);
  return value;
}

function readSnapshot(row: OrderRow): OrderSnapshot {
  const parsed = orderSnapshotSchema.safeParse(row.snapshot);
  if (!parsed.success) throw new Error(`Order ${row.number} holds a snapshot outside the schema`);
  return parsed.data;
}

function deliveryView(status: OrderStatus, promised: string | null, snapshot: OrderSnapshot, now: Date): DeliveryView {
  if (status === "cancelled" || status === "refunded") return { kind: "none" };
  if (promised) return { kind: "promised", date: promised };
  if (status === "delivered") return { kind: "none" };
  const eta = draftEta({ product: snapshot.product, method: snapshot.data.shipping.method ?? "standard", now });
  return { kind: "estimate", start: eta.start, end: eta.end };
}

function toSummary(row: OrderRow, userId: string, now: Date): OrderSummary {
  const status = toStatus(row.status);
  const snapshot = readSnapshot(row);
  return {
    id: row.id,
    number: row.number,
    productId: row.productId,
    productTitle: snapshot.product.title,
    quantity: row.quantity,
    status,
    statusLabel: ORDER_STATUS_LABELS[status],
    totalPence: row.totalPence,
    currency: row.currency,
    paidAt: row.paidAt,
    delivery: deliveryView(status, row.promisedDeliveryDate, snapshot, now),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    placedByMe: row.userId === userId,
  };
}

/** Orders this user can read: their own, and their active organisation's (B-8, B-20). */
function visibleTo(userId: string, accountId: string) {
  return or(eq(orders.userId, userId), eq(orders.accountId, accountId));
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
  return rows.map((row) => toSummary(row, input.userId, now));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (!input.userId || !UUID.test(input.orderId)) return null;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, input.orderId), visibleTo(input.userId, input.accountId || input.userId)))
    .limit(1);
  if (!row) return null;
  const [history, proofs, [invoice]] = await Promise.all([
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, row.id))
      .orderBy(asc(orderStatusHistory.id)),
    db.select().from(orderProofs).where(eq(orderProofs.orderId, row.id)).orderBy(desc(orderProofs.version)),
    db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, row.id)).limit(1),
  ]);
  const summary = toSummary(row, input.userId, input.now ?? new Date());
  const latest = proofs[0];
  return {
    ...summary,
    snapshot: readSnapshot(row),
    unitPence: row.unitPence,
    subtotalPence: row.subtotalPence,
    discountPence: row.discountPence,
    shippingPence: row.shippingPence,
    vatPence: row.vatPence,
    vatRate: row.vatRate,
    invoiceNumber: invoice?.number ?? null,
    version: row.version,
    timeline: history.map((entry) => ({
      from: entry.fromStatus === null ? null : toStatus(entry.fromStatus),
      to: toStatus(entry.toStatus),
      actor: entry.actor === "staff" || entry.actor === "buyer" ? entry.actor : "system",
      note: entry.note,
      at: entry.createdAt,
    })),
    proofs: proofs.map((proof) => ({
      id: proof.id,
      version: proof.version,
      originalName: proof.originalName,
      contentType: proof.contentType,
      sizeBytes: proof.sizeBytes,
      createdAt: proof.createdAt,
      decision: proof.decision === "approved" || proof.decision === "changes_requested" ? proof.decision : null,
      comment: proof.comment,
      decidedAt: proof.decidedAt,
    })),
    canRespondToProof:
      summary.placedByMe && summary.status === "proof_sent" && latest !== undefined && latest.decision === null,
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
 * The buyer answers the latest proof (B-3): only the user who placed the order (B-20), only while
 * the order is proof_sent, only the newest version, once. Approve moves the order to
 * proof_approved and fixes the promised delivery date (today in Europe/London + lead + delivery
 * days of the method bought, DESIGN decision 6, B-19); changes needs a comment and moves it to
 * changes_requested for staff to upload a new version. Both write a history row. The answer comes
 * checked by proofAnswerSchema, so a request for changes carries its comment.
 */
export async function respondToProof(
  db: Database,
  input: ProofAnswer & {
    userId: string;
    orderId: string;
    now?: Date;
  },
): Promise<ProofResponse | Failure> {
  const comment = input.comment ?? "";
  if (!input.userId || !UUID.test(input.orderId)) return failure(404, "ORDER_NOT_FOUND", PROOF_MESSAGES.notFound);
  const now = input.now ?? new Date();
  const target: OrderStatus = input.decision === "approve" ? "proof_approved" : "changes_requested";
  return db.transaction(async (tx): Promise<ProofResponse | Failure> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for("update");
    if (!order) return failure(404, "ORDER_NOT_FOUND", PROOF_MESSAGES.notFound);
    const from = toStatus(order.status);
    if (!canTransition(from, target, "buyer")) return failure(409, "PROOF_NOT_AWAITING", PROOF_MESSAGES.notAwaiting);
    const [latest] = await tx
      .select()
      .from(orderProofs)
      .where(eq(orderProofs.orderId, order.id))
      .orderBy(desc(orderProofs.version))
      .limit(1)
      .for("update");
    if (!latest || latest.decision !== null) return failure(409, "PROOF_NOT_AWAITING", PROOF_MESSAGES.notAwaiting);
    if (input.proofVersion !== undefined && input.proofVersion !== latest.version) {
      return failure(409, "PROOF_OUTDATED", PROOF_MESSAGES.outdated);
    }

    const promised =
      target === "proof_approved" ? promisedDeliveryDate(readSnapshot(order), now) : order.promisedDeliveryDate;
    await tx
      .update(orderProofs)
      .set({
        decision: target === "proof_approved" ? "approved" : "changes_requested",
        comment: comment || null,
        decidedAt: now,
      })
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
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: from,
      toStatus: target,
      actor: "buyer",
      actorUserId: input.userId,
      note: comment || `Proof version ${latest.version} approved`,
    });
    return { ok: true, status: target, promisedDeliveryDate: promised, version: updated?.version ?? order.version + 1 };
  });
}
