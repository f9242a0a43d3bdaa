/**
 * The built-in test-mode provider (decision 007; REQUIREMENTS ): used while no Stripe
 * keys are set. It keeps its intents in `test_payment_intents` and treats the documented Stripe
 * test cards as Stripe does, so a fresh install completes an order with no keys and no network.
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { testPaymentIntents, testPaymentRefunds } from "#db/schema";
import { cardProblems, testCardOutcome } from "~/domain/pricing/cards";
import type { Database } from "../platform/db.server";
import {
  type ProviderIntentStatus,
  type ProviderIntent,
  type PaymentEventType,
  PaymentProviderError,
  type TestConfirmation,
  type TestPaymentProvider,
} from "./payment-provider.server";

type TestIntentRow = typeof testPaymentIntents.$inferSelect;

function testRowToIntent(row: TestIntentRow): ProviderIntent {
  const status: ProviderIntentStatus =
    row.status === "succeeded" ? "succeeded" : row.status === "canceled" ? "canceled" : "requires_payment_method";
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountPence: row.amountPence,
    amountReceivedPence: status === "succeeded" ? row.amountPence : 0,
    currency: row.currency,
    status,
  };
}

/** Stripe-shaped ids and secrets, so logs and the client code look the same in both modes. */
function newTestIntentId(): string {
  return `pi_test_${randomBytes(12).toString("hex")}`;
}

export function createTestProvider(db: Database): TestPaymentProvider {
  async function retrieveIntent(intentId: string): Promise<ProviderIntent | null> {
    const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
    return row ? testRowToIntent(row) : null;
  }

  return {
    kind: "test",
    publishableKey: null,
    retrieveIntent,

    async createOrReuseIntent(input) {
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
      await db
        .update(testPaymentIntents)
        .set({ status: "canceled", updatedAt: sql`now()` })
        .where(and(eq(testPaymentIntents.id, intentId), eq(testPaymentIntents.status, "requires_payment_method")));
      return retrieveIntent(intentId);
    },

    async refund(input) {
      const intent = await retrieveIntent(input.intentId);
      if (intent?.status !== "succeeded")
        throw new PaymentProviderError(`Intent ${input.intentId} has taken no payment to refund`, { refused: true });
      const [done] = await db
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.idempotencyKey, input.idempotencyKey));
      if (done) {
        // Stripe refuses a key reused with other parameters; so does this provider.
        if (done.intentId !== input.intentId || done.amountPence !== input.amountPence)
          throw new PaymentProviderError("Idempotency key reused with a different refund", { refused: true });
        return { id: done.id, amountPence: done.amountPence, status: "succeeded" };
      }
      const [refunded] = await db
        .select({ pence: sql<number>`coalesce(sum(${testPaymentRefunds.amountPence}), 0)::int` })
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.intentId, input.intentId));
      if (
        !Number.isSafeInteger(input.amountPence) ||
        input.amountPence < 1 ||
        (refunded?.pence ?? 0) + input.amountPence > intent.amountPence
      )
        throw new PaymentProviderError(
          `Refund of ${input.amountPence} is more than is left of intent ${input.intentId}`,
        );
      const id = `re_test_${randomBytes(12).toString("hex")}`;
      await db
        .insert(testPaymentRefunds)
        .values({ id, idempotencyKey: input.idempotencyKey, intentId: input.intentId, amountPence: input.amountPence });
      return { id, amountPence: input.amountPence, status: "succeeded" };
    },

    async findIntentByClientSecret(clientSecret) {
      if (!/^pi_test_[0-9a-f]{24}_secret_[0-9a-f]{32}$/.test(clientSecret)) return null;
      const [row] = await db.select().from(testPaymentIntents).where(eq(testPaymentIntents.clientSecret, clientSecret));
      return row ? testRowToIntent(row) : null;
    },

    async confirmIntent({ intentId, card, now }) {
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
