/**
 * Starting a payment (decision 006; REQUIREMENTS B-2, B-5, B-15, B-22, A-1, A-2, A-44; decisions 052
 * and 056): what the buyer's payment step calls.
 *
 * - startPayment: the create-payment-intent function. The amount is computed here, in pence, from
 *   the catalogue, the checkout's draft and every cart line's draft (never from data.totals or
 *   anything the client sends; decision 016), and one intent per checkout, lines and amount is created
 *   or reused with an idempotency key.
 * - confirmTestPayment: the test-mode card form's submit, which ends in applyPaymentEvent
 *   (payment-events.server.ts) exactly as Stripe's webhook does.
 *
 * A step's save that replaces a payment is checkout-save.server.ts; what /inquiry-success may say
 * about a payment, payment-progress.server.ts.
 *
 * Failures are http.server's Failure values (B-11's envelope) that a route answers with
 * toResponse(); only bugs and database faults throw.
 */
import { paymentDraftColumns } from "../checkout/drafts.server";
import { createHash } from "node:crypto";
import {
  lineReadiness,
  PAYMENT_MESSAGES,
  paymentReadiness,
  unagreedBelowMinimum,
} from "~/domain/checkout/payment-readiness";
import type { ProductLookup } from "~/catalogue/lookup";
import { readShelf } from "../catalogue/catalogue-store.server";
import { type LedgerLine, ledgerAmounts, readLedgerLines, sameLedgerLines } from "~/domain/checkout/ledger-lines";
import { orderTotals, pricedLineTotal, type OrderTotals } from "~/domain/pricing/checkout";
import { describeLines } from "~/domain/fulfilment/orders";
import { type CheckoutLine, readCartLines } from "../checkout/checkout.server";
import { checkoutLines, lineTitle } from "~/domain/checkout/cart-checkout";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { orderDrafts, paymentIntents } from "#db/schema";
import { SITE } from "~/content/links";
import type { CardInput } from "~/domain/pricing/cards";
import {
  PAYING_STATUSES,
  isDraftId,
  pricedLines,
  storedTotals,
  vatPlace,
  type DraftData,
} from "~/domain/checkout/draft";
import type { Database } from "../platform/db.server";
import { firstOrderDiscountApplies } from "../checkout/first-order-discount.server";
import { PaymentProviderError, type ProviderIntent, type ProviderKind } from "../providers/payment-provider.server";
import type { AppContext } from "../providers/app-context.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { failure, signInRequired, type Failure } from "../platform/http.server";
import { applyPaymentEvent } from "./payment-events.server";
import { withQuotedPrices } from "~/domain/checkout/quoted-prices";
import { cartQuotePricing } from "../checkout/quotes.server";
import { outsideOrganisation } from "../platform/record-access.server";

/** B-22: at most 10 payment-intent requests a minute per user. */
export const PAYMENT_INTENT_LIMIT = { hits: 10, windowSeconds: 60 } as const;

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
 * (409 ALREADY_PAID), complete, and every other cart line customised (409 DRAFT_INCOMPLETE).
 * Then the amount: each line's tier price × quantity, one shipping charge, VAT by ship-to
 * country, minus 10% of the goods while the person has not had the first-order discount. The
 * intent stored on the draft is reused while the amount and the lines are unchanged; otherwise the
 * old one is cancelled first (so two tabs cannot pay two amounts) and a new one made with the
 * idempotency key draft_id + version + lines + amount (a save that replaced the payment made a
 * new version, so its dead intent is never reused). A provider fault or timeout is a 502 and
 * stores nothing; the retry reuses what the provider made under the same key.
 */
export async function startPayment(
  ctx: AppContext,
  input: {
    session: { user: { id: string }; accountId?: string } | null;
    draftId: string;
    productId: string;
  },
): Promise<StartedPayment | Failure> {
  const { db, payments } = ctx;
  const buyer = await payingBuyer(db, { ...input, bucket: "payment-intent", limit: PAYMENT_INTENT_LIMIT });
  if (!buyer.ok) return buyer;
  const { userId, accountId } = buyer;
  const priced = await priceCheckout(db, { userId, accountId, draftId: input.draftId, productId: input.productId });
  if (!priced.ok) return priced;
  const provider = payments;
  if (!provider) return failure(502, "PAYMENT_PROVIDER_ERROR", PAYMENT_MESSAGES.unavailable);
  const { row, paying, lines, computed } = priced;
  const amount = computed.total;
  // A save replaces the payment and bumps the version, so each version of the checkout gets its
  // own key; the other lines' drafts and versions are in it too, so a change to any line does.
  const idempotencyKey = `draft:${row.id}:v${row.version}:lines:${linesDigest(lines)}:amount:${amount}`;
  const description = `${SITE.name}: ${describeLines(paying.map((d) => ({ title: d.title, quantity: d.data.quantity })))}`;
  let intent: ProviderIntent | null = null;
  let usedKey = idempotencyKey;
  try {
    const [stored] = row.paymentIntentId
      ? await db.select().from(paymentIntents).where(eq(paymentIntents.intentId, row.paymentIntentId)).limit(1)
      : [];
    // An intent made by the other provider (the keys changed since) cannot be reused or reached.
    if (stored && stored.provider === provider.kind) {
      if (stored.amountPence === amount && sameLedgerLines(readLedgerLines(stored.lines), lines, row.id)) {
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
      description: description.slice(0, 500),
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
      ctx.log.error(`[payments] draft ${row.id}: ${error.message}`);
      return failure(502, "PAYMENT_PROVIDER_ERROR", PAYMENT_MESSAGES.providerDown);
    }
    throw error;
  }

  const paymentIntent = intent;
  const totals: OrderTotals = { ...storedTotals(computed), vatRate: computed.vatRate };
  const saved = await db.transaction(async (tx) => {
    // B-2 step 5 and B-15: the draft records the intent, the amount and the figures charged, and
    // shows awaiting_payment. It stays editable (decision 006): a save detaches the intent. So
    // the draft must be as priced above: the same version, or (a second tab's call, or an event
    // that moved the status) still holding this very intent. A draft paid meanwhile is left alone.
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
          inArray(orderDrafts.status, ["shipping_done", ...PAYING_STATUSES]),
          or(
            eq(orderDrafts.version, row.version),
            and(inArray(orderDrafts.status, [...PAYING_STATUSES]), eq(orderDrafts.paymentIntentId, paymentIntent.id)),
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
        ...ledgerAmounts(computed),
        lines,
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

/** A checkout priced by the server: its draft, the drafts it pays for, their ledger lines and the totals. */
export type PricedCheckout = {
  ok: true;
  row: NonNullable<Awaited<ReturnType<typeof ownDraft>>>;
  paying: DraftToPay[];
  lines: LedgerLine[];
  computed: ReturnType<typeof orderTotals>;
};

async function ownDraft(db: Database, userId: string, draftId: string) {
  const [row] = await db
    .select(paymentDraftColumns)
    .from(orderDrafts)
    .where(and(eq(orderDrafts.id, draftId), eq(orderDrafts.userId, userId)))
    .limit(1);
  return row;
}

/** A payment request: who asks (the session, or null), and the limit of its kind (`bucket`). */
type PaymentRequest = {
  session: { user: { id: string }; accountId?: string } | null;
  bucket: string;
  limit: { hits: number; windowSeconds: number };
};

/** The signed-in buyer, within their limit of this kind of payment request; else the refusal. */
export async function payingBuyer(
  db: Database,
  { session, bucket, limit: { hits, windowSeconds } }: PaymentRequest,
): Promise<{ ok: true; userId: string; accountId: string } | Failure> {
  if (!session) return signInRequired(PAYMENT_MESSAGES.signIn);
  const userId = session.user.id;
  const accountId = session.accountId || userId;
  const hit = await hitRateLimit(db, { key: `${bucket}:${userId}`, limit: hits, windowSeconds });
  if (!hit.allowed)
    return failure(429, "RATE_LIMITED", PAYMENT_MESSAGES.rateLimited, { retryAfterSeconds: hit.retryAfterSeconds });
  return { ok: true, userId, accountId };
}

/**
 * The amount of a checkout, in pence, from the catalogue, every cart line's draft and a converted
 * quote (never from anything the client sends; decision 016), for a card or a bank transfer alike.
 * Refuses another's draft (404), a product mismatch (422), a paid draft or an incomplete checkout (409).
 */
export async function priceCheckout(
  db: Database,
  input: { userId: string; accountId: string; draftId: string; productId: string },
): Promise<PricedCheckout | Failure> {
  if (!isDraftId(input.draftId)) return failure(404, "DRAFT_NOT_FOUND", PAYMENT_MESSAGES.noDraft);
  const row = await ownDraft(db, input.userId, input.draftId);
  if (!row) return failure(404, "DRAFT_NOT_FOUND", PAYMENT_MESSAGES.noDraft);
  // Only a member places an organisation's checkout (docs/decisions/035-current-membership.md).
  if (await outsideOrganisation(db, { accountId: row.accountId, userId: input.userId }))
    return failure(409, "NOT_A_MEMBER", PAYMENT_MESSAGES.notActingFor);
  if (row.productId !== input.productId) return failure(422, "PRODUCT_MISMATCH", PAYMENT_MESSAGES.productMismatch);
  if (row.status === "paid" || row.paidAt) return failure(409, "ALREADY_PAID", PAYMENT_MESSAGES.alreadyPaid);
  // What is on sale now prices the checkout: a price edited in the back office is what the next payment charges.
  const products = (await readShelf(db)).find;
  const ready = paymentReadiness(row, products(row.productId));
  if (!ready.ok) return failure(409, "DRAFT_INCOMPLETE", ready.message);

  const { data, method } = ready;
  const paying = await draftsToPay(db, { ...row, data }, products);
  if (!paying.ok) return paying;
  // A valid quote the buyer converted fixes the unit price of its lines at the quantities quoted (decision 021).
  const { quoted } = await cartQuotePricing(db, {
    userId: input.userId,
    accountId: input.accountId,
    cart: paying.drafts.map((draft) => ({ productId: draft.productId, quantity: draft.data.quantity })),
    now: new Date(),
  });
  const quantities = withQuotedPrices(
    paying.drafts.map((draft) => ({
      productId: draft.productId,
      quantity: draft.data.quantity,
      method: draft.data.branding.method,
      selections: draft.data.customization_selections,
    })),
    quoted,
  );
  const unagreed = unagreedBelowMinimum(quantities, products);
  if (unagreed) return failure(409, "BELOW_MINIMUM", unagreed);
  const lines: LedgerLine[] = pricedLines(quantities, products).map((priced, index) => {
    const draft = paying.drafts[index]!;
    if (!priced) throw new Error(`Draft ${draft.id} passed its readiness check for a product not sold`);
    const { unitPence, quantity, charges, chargesPence } = priced;
    const subtotalPence = pricedLineTotal(priced);
    const { id: draftId, version, productId } = draft;
    return { draftId, version, productId, unitPence, quantity, subtotalPence, charges: [...charges], chargesPence };
  });
  const computed = orderTotals({
    lines,
    shippingMethod: method,
    ...vatPlace(data),
    // Priced, not claimed: the claim is made when the order is placed (first-order-discount.server.ts).
    firstOrderDiscount: await firstOrderDiscountApplies(db, { userId: row.userId, accountId: row.accountId }),
  });
  return { ok: true, row, paying: paying.drafts, lines, computed };
}

/** A draft one payment is for, with the product title its description names. */
type DraftToPay = { id: string; version: number; productId: string; title: string; data: DraftData };

/**
 * The drafts one payment is for (decision 016): every cart line's newest editable draft, in cart
 * order, the checkout's own draft for its product; each line must have finished step 2, or the
 * payment names the product to finish. A draft whose product is no longer in the cart pays for
 * itself alone, as before carts had one checkout.
 */
async function draftsToPay(
  db: Database,
  checkout: { id: string; version: number; userId: string; productId: string; lineId: string | null; data: DraftData },
  products: ProductLookup,
): Promise<{ ok: true; drafts: DraftToPay[] } | Failure> {
  const titleOf = (productId: string) => products(productId)?.title ?? productId;
  const own = { ...checkout, title: titleOf(checkout.productId) };
  type Item = { lineId: string | null; productId: string; line: CheckoutLine | null };
  const cart: Item[] = (await readCartLines(db, checkout.userId)).map((line) => ({
    lineId: line.cart.id,
    productId: line.cart.productId,
    line,
  }));
  const drafts: DraftToPay[] = [];
  const ownItem = { lineId: checkout.lineId, productId: checkout.productId, line: null };
  const named = cart.map((item) => ({ productId: item.productId }));
  for (const { productId, line } of checkoutLines<Item>(cart, ownItem)) {
    const colour = line?.cart.selectedColor;
    const title = colour ? lineTitle({ productId, colour }, named, products(productId)) : titleOf(productId);
    if (!line) drafts.push(own);
    else if (!line.draft) return failure(409, "DRAFT_INCOMPLETE", PAYMENT_MESSAGES.incomplete.line(title));
    else {
      const ready = lineReadiness({ ...line.draft, productId }, products(productId));
      if (!ready.ok) return failure(409, "DRAFT_INCOMPLETE", ready.message);
      drafts.push({ id: line.draft.id, version: line.draft.version, productId, title, data: ready.data });
    }
  }
  return { ok: true, drafts };
}

/** A short, stable name for the lines priced: their drafts, versions and quantities. */
function linesDigest(lines: readonly LedgerLine[]): string {
  const text = lines.map((l) => `${l.draftId}.${l.version}.${l.quantity}`).join(",");
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

// ---------------------------------------------------------------------------------------------
// Test-mode confirmation (decision 007)

export type TestPaymentResult = { ok: true; status: "succeeded"; orderId?: string; orderNumber?: string } | Failure;

/**
 * The test-mode card form's submit: only while the test-mode provider is active (else 404), only
 * for the signed-in owner of the intent's draft. Field problems (Luhn, expiry, CVC) are a 402 that
 * changes nothing; a documented decline number is a 402 with the card's message that marks the
 * draft payment_failed; a good number succeeds. Declines and successes go through
 * applyPaymentEvent, exactly as Stripe's webhook events do.
 */
export async function confirmTestPayment(
  ctx: AppContext,
  input: {
    clientSecret: string;
    card: CardInput;
    userId: string;
    now?: Date;
  },
): Promise<TestPaymentResult> {
  const { db, payments } = ctx;
  const provider = payments;
  if (provider?.kind !== "test") return failure(404, "NOT_FOUND", "Test-mode payments are not enabled.");
  const now = input.now ?? ctx.clock();
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
      const applied = await applyPaymentEvent(ctx, { event, now });
      if (event.type === "payment_intent.payment_failed") {
        return failure(402, "CARD_DECLINED", event.errorMessage ?? PAYMENT_MESSAGES.failedDefault);
      }
      if (applied.outcome === "paid")
        return { ok: true, status: "succeeded", orderId: applied.orderId, orderNumber: applied.orderNumber };
      return { ok: true, status: "succeeded" };
    }
  }
}
