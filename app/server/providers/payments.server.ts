/**
 * Card payment providers behind one interface (decisions 007 and 056;
 * REQUIREMENTS B-2, A-1, A-44; the interface is app/server/providers/payment-provider.server.ts). Stripe
 * through its server SDK when the three STRIPE_* variables are set; otherwise the built-in
 * test-mode provider (app/server/providers/test-payment-provider.server.ts), so a fresh install completes an
 * order with no keys and no network.
 *
 * This module speaks for the provider only: it creates, reads and cancels intents and turns a
 * provider's news (a verified Stripe webhook, a test-mode card confirmation) into a PaymentEvent.
 * What an event does to a draft and an order is app/server/payments/payment-events.server.ts's business, and the
 * same code path handles both providers' events.
 */
import type Stripe from "stripe";
import type { Env } from "../platform/env.server";
import { paymentConfiguration } from "./payment-keys.server";
import {
  type ProviderIntent,
  type ProviderIntentStatus,
  PaymentProviderError,
  WebhookSignatureError,
  type StripePaymentProvider,
  type PaymentProvider,
} from "./payment-provider.server";
import { createTestProvider } from "./test-payment-provider.server";
import type { Database } from "../platform/db.server";

// ---------------------------------------------------------------------------------------------
// Stripe

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
    amountReceivedPence: intent.amount_received ?? 0,
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
        { cause: error, refused: error instanceof Stripe.errors.StripeInvalidRequestError },
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

    async refund(input) {
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          { payment_intent: input.intentId, amount: input.amountPence },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        return providerError("refund a payment", error);
      }
      if (refund.status !== "succeeded" && refund.status !== "pending")
        throw new PaymentProviderError(
          `Stripe did not refund ${input.intentId}: refund ${refund.id} is ${refund.status}`,
        );
      return { id: refund.id, amountPence: refund.amount, status: refund.status };
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
          // Allow-list: every other event is acknowledged and left alone.
          return { kind: "ignored", eventId: event.id, type: event.type };
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Choosing one

/**
 * The provider `env` selects (app/server/providers/payment-keys.server.ts has the rules), or null when the
 * Stripe variables are half set: then nobody can pay and /env says why. The test-mode provider
 * keeps its intents in `db`. Chosen once, when the server opens its app context (app-context.server.ts).
 */
export async function selectPaymentProvider(db: Database, env: Env): Promise<PaymentProvider | null> {
  const config = paymentConfiguration(env);
  switch (config.mode) {
    case "test":
      return createTestProvider(db);
    case "stripe":
      return createStripeProvider(config);
    case "unavailable":
      return null;
  }
}
