/**
 * Card payment providers behind one interface (issue 8 item 3; DESIGN "payment" and decision 10;
 * REQUIREMENTS B-2, A-1, A-44). Stripe through its server SDK when the three STRIPE_* variables
 * are set; otherwise the built-in test-mode provider, which keeps its intents in
 * `test_payment_intents` and treats the documented Stripe test cards as Stripe does, so a fresh
 * install completes an order with no keys and no network.
 *
 * This module speaks for the provider only: it creates, reads and cancels intents and turns a
 * provider's news (a verified Stripe webhook, a test-mode card confirmation) into a PaymentEvent.
 * What an event does to a draft and an order is app/server/orders.server.ts's business, and the
 * same code path handles both providers' events.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { testPaymentIntents } from "#db/schema";
import { cardProblems, testCardOutcome, type CardInput } from "~/domain/cards";
import { getDb } from "./db.server";
import { getEnv } from "./env.server";
import { paymentConfiguration } from "./payment-status.server";

export type ProviderKind = "stripe" | "test";

/** Stripe's PaymentIntent statuses; the test-mode provider uses three of them. */
export type ProviderIntentStatus =
  | "requires_payment_method"
  | "requires_confirmation"
  | "requires_action"
  | "processing"
  | "requires_capture"
  | "canceled"
  | "succeeded"
  /** A status newer than this code: neither reusable nor paid. */
  | "unknown";

const KNOWN_STATUSES: readonly string[] = [
  "requires_payment_method",
  "requires_confirmation",
  "requires_action",
  "processing",
  "requires_capture",
  "canceled",
  "succeeded",
];
const isKnownStatus = (status: string): status is Exclude<ProviderIntentStatus, "unknown"> =>
  KNOWN_STATUSES.includes(status);

/** An intent as the provider holds it; amounts in pence, currency lower-case ('gbp'). */
export type ProviderIntent = {
  id: string;
  clientSecret: string;
  amountPence: number;
  currency: string;
  status: ProviderIntentStatus;
};

export type CreateIntentInput = {
  amountPence: number;
  currency: "gbp";
  /** The same key returns the same intent, however often it is sent. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
};

/** The events orders.server.ts acts on (the webhook allow-list, item 5). */
export const PAYMENT_EVENT_TYPES = [
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
  "payment_intent.processing",
] as const;
export type PaymentEventType = (typeof PAYMENT_EVENT_TYPES)[number];

/** One provider event, in our terms. `eventId` is the provider's, so a replay carries the same id. */
export type PaymentEvent = {
  eventId: string;
  type: PaymentEventType;
  provider: ProviderKind;
  /** When the provider created the event; a late, older event never undoes a newer one. */
  createdAt: Date;
  intentId: string;
  amountPence: number;
  /** What was actually taken; must equal the server's amount before anything is marked paid. */
  amountReceivedPence: number;
  currency: string;
  errorCode: string | null;
  errorMessage: string | null;
};

/**
 * The provider could not be reached, timed out or refused. Nothing is stored as paid; the buyer is
 * told to try again, and the idempotency key makes the retry reuse whatever the provider made.
 */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PaymentProviderError";
  }
}

/** A webhook whose Stripe-Signature does not match its raw body (or is missing, stale or not JSON). */
export class WebhookSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "WebhookSignatureError";
  }
}

interface ProviderBase {
  readonly publishableKey: string | null;
  /** Creates the intent, or returns the one this idempotency key already made. */
  createOrReuseIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** Null when the provider has no such intent. */
  retrieveIntent(intentId: string): Promise<ProviderIntent | null>;
  /** Cancels an intent that can still be paid; returns it as it now is (succeeded ones stay succeeded). */
  cancelIntent(intentId: string): Promise<ProviderIntent | null>;
}

export type WebhookResult =
  | { kind: "payment"; event: PaymentEvent }
  | { kind: "ignored"; eventId: string; type: string };

export interface StripePaymentProvider extends ProviderBase {
  readonly kind: "stripe";
  readonly publishableKey: string;
  /** Verifies Stripe-Signature against the raw body; throws WebhookSignatureError when it fails. */
  verifyWebhook(payload: Uint8Array | string, signature: string | null): WebhookResult;
}

export type TestConfirmation =
  | { kind: "invalid_card"; fieldErrors: Partial<Record<"number" | "expiry" | "cvc", string>> }
  | { kind: "canceled" }
  | { kind: "event"; event: PaymentEvent };

export interface TestPaymentProvider extends ProviderBase {
  readonly kind: "test";
  readonly publishableKey: null;
  findIntentByClientSecret(clientSecret: string): Promise<ProviderIntent | null>;
  /**
   * What Stripe's servers do when a card form is submitted: field checks (nothing changes when
   * they fail), then the documented outcome of the test number, reported as a PaymentEvent.
   */
  confirmIntent(input: { intentId: string; card: CardInput; now: Date }): Promise<TestConfirmation>;
}

export type PaymentProvider = StripePaymentProvider | TestPaymentProvider;

// ---------------------------------------------------------------------------------------------
// Stripe

export type StripeProviderOptions = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the real SDK at a loopback fake; production leaves these unset (api.stripe.com). */
  apiHost?: string;
  apiPort?: number;
  apiProtocol?: "http" | "https";
  /** Per request; a provider that does not answer in time is a 502, not a hung checkout. */
  timeoutMs?: number;
  /** Safe because every create carries our idempotency key. */
  maxNetworkRetries?: number;
};

export const STRIPE_TIMEOUT_MS = 10_000;

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  if (!intent.client_secret)
    throw new PaymentProviderError(`Stripe returned intent ${intent.id} without a client secret`);
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountPence: intent.amount,
    currency: intent.currency,
    status: isKnownStatus(intent.status) ? intent.status : "unknown",
  };
}

/**
 * The SDK is loaded only when Stripe is configured: in test mode it would cost every start of the
 * server about 150 ms for nothing (`npm run bench`, cold start).
 */
export async function createStripeProvider(options: StripeProviderOptions): Promise<StripePaymentProvider> {
  const { default: Stripe } = await import("stripe");

  /** Stripe's own errors (timeouts and connection failures included) become PaymentProviderError. */
  function providerError(action: string, error: unknown): never {
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentProviderError(
        `Stripe could not ${action}: ${error.type} ${error.code ?? ""} ${error.message}`.trim(),
        {
          cause: error,
        },
      );
    }
    throw error;
  }

  function isMissingResource(error: unknown): boolean {
    return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing";
  }

  const stripe = new Stripe(options.secretKey, {
    host: options.apiHost,
    port: options.apiPort,
    protocol: options.apiProtocol,
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    telemetry: false,
    appInfo: { name: "swag-storefront" },
  });

  async function retrieveIntent(intentId: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await stripe.paymentIntents.retrieve(intentId));
    } catch (error) {
      if (isMissingResource(error)) return null;
      return providerError("read a payment", error);
    }
  }

  return {
    kind: "stripe",
    publishableKey: options.publishableKey,
    retrieveIntent,

    async createOrReuseIntent(input) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountPence,
            currency: input.currency,
            // the checkout offers a card form only.
            allowed_payment_method_types: ["card"],
            description: input.description,
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toProviderIntent(intent);
      } catch (error) {
        return providerError("create a payment", error);
      }
    },

    async cancelIntent(intentId) {
      try {
        return toProviderIntent(await stripe.paymentIntents.cancel(intentId));
      } catch (error) {
        if (isMissingResource(error)) return null;
        // Succeeded and processing intents cannot be cancelled: report them as they are.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError &&
          error.code === "payment_intent_unexpected_state"
        ) {
          return retrieveIntent(intentId);
        }
        return providerError("cancel a payment", error);
      }
    },

    verifyWebhook(payload, signature) {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError("Stripe-Signature does not match the payload", { cause: error });
      }
      switch (event.type) {
        case "payment_intent.succeeded":
        case "payment_intent.payment_failed":
        case "payment_intent.processing": {
          const intent = event.data.object;
          const error = intent.last_payment_error;
          return {
            kind: "payment",
            event: {
              eventId: event.id,
              type: event.type,
              provider: "stripe",
              createdAt: new Date(event.created * 1000),
              intentId: intent.id,
              amountPence: intent.amount,
              amountReceivedPence: intent.amount_received,
              currency: intent.currency,
              errorCode: error?.decline_code ?? error?.code ?? null,
              errorMessage: error?.message ?? null,
            },
          };
        }
        default:
          // Allow-list (item 5): every other event is acknowledged and left alone.
          return { kind: "ignored", eventId: event.id, type: event.type };
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Test mode

type TestIntentRow = typeof testPaymentIntents.$inferSelect;

function testRowToIntent(row: TestIntentRow): ProviderIntent {
  const status: ProviderIntentStatus =
    row.status === "succeeded" ? "succeeded" : row.status === "canceled" ? "canceled" : "requires_payment_method";
  return { id: row.id, clientSecret: row.clientSecret, amountPence: row.amountPence, currency: row.currency, status };
}

/** Stripe-shaped ids and secrets, so logs and the client code look the same in both modes. */
function newTestIntentId(): string {
  return `pi_test_${randomBytes(12).toString("hex")}`;
}

export function createTestProvider(): TestPaymentProvider {
  async function retrieveIntent(intentId: string): Promise<ProviderIntent | null> {
    const db = await getDb();
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    return row ? testRowToIntent(row) : null;
  }

  return {
    kind: "test",
    publishableKey: null,
    retrieveIntent,

    async createOrReuseIntent(input) {
      const db = await getDb();
      const id = newTestIntentId();
      await db
        .insert(testPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`,
          idempotencyKey: input.idempotencyKey,
          amountPence: input.amountPence,
          currency: input.currency,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: testPaymentIntents.idempotencyKey });
      const [row] = await db
        .select()
        .from(testPaymentIntents)
        .where(eq(testPaymentIntents.idempotencyKey, input.idempotencyKey));
      if (!row) throw new PaymentProviderError("The test-mode provider lost an intent it had just stored");
      // Stripe refuses a key reused with other parameters; so does this provider.
      if (row.amountPence !== input.amountPence || row.currency !== input.currency) {
        throw new PaymentProviderError("Idempotency key reused with a different amount");
      }
      return testRowToIntent(row);
    },

    async cancelIntent(intentId) {
      const db = await getDb();
      await db
        .update(testPaymentIntents)
        .set({ status: "canceled", updatedAt: sql`now()` })
        .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, "requires_payment_method")));
      return retrieveIntent(intentId);
    },

    async findIntentByClientSecret(clientSecret) {
      if (!/^pi_test_[0-9a-f]{24}_secret_[0-9a-f]{32}$/.test(clientSecret)) return null;
      const db = await getDb();
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret));
      return row ? testRowToIntent(row) : null;
    },

    async confirmIntent({ intentId, card, now }) {
      const db = await getDb();
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
      if (!row || row.status === "canceled") return { kind: "canceled" };
      const event = (
        type: PaymentEventType,
        eventId: string,
        error?: { code: string; message: string },
      ): TestConfirmation => ({
        kind: "event",
        event: {
          eventId,
          type,
          provider: "test",
          createdAt: now,
          intentId: row.id,
          amountPence: row.amountPence,
          amountReceivedPence: type === "payment_intent.succeeded" ? row.amountPence : 0,
          currency: row.currency,
          errorCode: error?.code ?? null,
          errorMessage: error?.message ?? null,
        },
      });
      // One success event per intent: a double-submitted form, or a retry after a crash between
      // this provider and the order handler, replays the same event id and changes nothing twice.
      const succeededEventId = `evt_test_${row.id}_succeeded`;
      if (row.status === "succeeded") return event("payment_intent.succeeded", succeededEventId);

      const problems = cardProblems(card, now);
      if (Object.keys(problems).length > 0) return { kind: "invalid_card", fieldErrors: problems };

      const outcome = testCardOutcome(card.number);
      if (outcome.outcome === "declined") {
        await db
          .update(testPaymentIntents)
          .set({ lastErrorCode: outcome.code, lastErrorMessage: outcome.message, updatedAt: sql`now()` })
          .where(eq(testPaymentIntents.id, row.id));
        // Each declined attempt is an event of its own, as at Stripe; the intent stays payable.
        return event("payment_intent.payment_failed", `evt_test_${randomBytes(12).toString("hex")}`, outcome);
      }
      const [updated] = await db
        .update(testPaymentIntents)
        .set({ status: "succeeded", lastErrorCode: null, lastErrorMessage: null, updatedAt: sql`now()` })
        .where(and(eq(testPaymentIntents.id, row.id), eq(testPaymentIntents.status, "requires_payment_method")))
        .returning({ id: testPaymentIntents.id });
      // Lost a race with a concurrent confirmation or cancellation: report what the intent is now.
      if (!updated) {
        const current = await retrieveIntent(row.id);
        if (current?.status !== "succeeded") return { kind: "canceled" };
      }
      return event("payment_intent.succeeded", succeededEventId);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Choosing one

let stripeProvider: Promise<StripePaymentProvider> | undefined;
let testProvider: TestPaymentProvider | undefined;
let override: PaymentProvider | undefined;

/**
 * The provider the environment selects (app/server/payment-status.server.ts has the rules), or
 * null when the Stripe variables are half set: then nobody can pay and /env says why.
 */
export async function getPaymentProvider(): Promise<PaymentProvider | null> {
  if (override) return override;
  const config = paymentConfiguration(getEnv());
  switch (config.mode) {
    case "test":
      testProvider ??= createTestProvider();
      return testProvider;
    case "stripe":
      stripeProvider ??= createStripeProvider(config);
      return stripeProvider;
    case "unavailable":
      return null;
  }
}

/** Tests hand in a provider (e.g. Stripe pointed at a loopback fake); undefined restores the env's. */
export function usePaymentProviderForTests(provider: PaymentProvider | undefined) {
  override = provider;
}
