/**
 * What every card payment provider is (decisions 007 and 056): the
 * intents it creates, the events it reports and the faults it raises. Stripe's provider is
 * app/server/providers/payments.server.ts, the built-in test mode's app/server/providers/test-payment-provider.server.ts.
 */
import type { CardInput } from "~/domain/pricing/cards";

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

/** An intent as the provider holds it; amounts in pence, currency lower-case ('gbp'). */
export type ProviderIntent = {
  id: string;
  clientSecret: string;
  amountPence: number;
  /** What the provider has taken so far: the whole amount once succeeded, else 0. */
  amountReceivedPence: number;
  currency: string;
  status: ProviderIntentStatus;
};

/** Money given back on a succeeded intent; a pending one is on its way (Stripe settles it later). */
export type ProviderRefund = { id: string; amountPence: number; status: "succeeded" | "pending" };

export type CreateIntentInput = {
  amountPence: number;
  currency: "gbp";
  /** The same key returns the same intent, however often it is sent. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
};

/** The events payment-events.server.ts acts on (the webhook allow-list). */
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
  /** The provider answered and refused: nothing happened there. Else it may not have heard, or its answer was lost. */
  readonly refused: boolean;
  constructor(message: string, options?: { cause?: unknown; refused?: boolean }) {
    super(message, options);
    this.name = "PaymentProviderError";
    this.refused = options?.refused ?? false;
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
  /**
   * Gives back part or all of what a succeeded intent took; the same key returns the same refund,
   * however often it is sent. Throws PaymentProviderError when the provider refuses or fails it.
   */
  refund(input: { intentId: string; amountPence: number; idempotencyKey: string }): Promise<ProviderRefund>;
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
