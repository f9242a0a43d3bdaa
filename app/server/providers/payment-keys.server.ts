/**
 * Reads the Stripe keys: which payment provider they select (Stripe, the built-in test mode or none)
 * and what /env says of it, never a key (decision 007; ).
 */
import type { Env } from "../platform/env.server";

/**
 * The spec's three words for /env (SPEC.md §2 "Diagnostics", R-DIAG; decision 058: never a
 * key), and "test mode" for a provider that takes no money, so it is never "ok": the built-in one
 * (decision 007) and Stripe with test keys (decision 024).
 */
export type PaymentStatus = "ok" | "test mode" | "missing publishable key" | "failed to initialize";

/**
 * Which provider the keys select (decision 007):
 * - none of the three Stripe variables set: the built-in test-mode provider, unless PAYMENT_PROVIDER
 *   is stripe (an https:// BASE_URL needs PAYMENT_PROVIDER=test for it: env.server.ts);
 * - all three set and well-formed: Stripe;
 * - anything in between: no provider at all. A half-configured production server must not fall
 *   back to test mode and take "payments" that charge nothing, so payment is refused
 *   with "Payments are temporarily unavailable" and /env says why.
 */
export type PaymentConfiguration =
  | { mode: "test"; status: "test mode" }
  | { mode: "stripe"; status: "ok" | "test mode"; secretKey: string; publishableKey: string; webhookSecret: string }
  | { mode: "unavailable"; status: Exclude<PaymentStatus, "ok">; problem: string };

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]+$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=]+$/;

export function paymentConfiguration(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_PUBLISHABLE_KEY" | "STRIPE_WEBHOOK_SECRET" | "PAYMENT_PROVIDER">,
): PaymentConfiguration {
  const {
    STRIPE_SECRET_KEY: secretKey,
    STRIPE_PUBLISHABLE_KEY: publishableKey,
    STRIPE_WEBHOOK_SECRET: webhookSecret,
  } = env;
  if (!secretKey && !publishableKey && !webhookSecret && env.PAYMENT_PROVIDER !== "stripe")
    return { mode: "test", status: "test mode" };
  if (!publishableKey) {
    return { mode: "unavailable", status: "missing publishable key", problem: "STRIPE_PUBLISHABLE_KEY is not set" };
  }
  const failed = (problem: string): PaymentConfiguration => ({
    mode: "unavailable",
    status: "failed to initialize",
    problem,
  });
  if (!secretKey) return failed("STRIPE_SECRET_KEY is not set");
  if (!webhookSecret) return failed("STRIPE_WEBHOOK_SECRET is not set");
  const secret = SECRET_KEY.exec(secretKey);
  const publishable = PUBLISHABLE_KEY.exec(publishableKey);
  if (!secret) return failed("STRIPE_SECRET_KEY is not a Stripe secret key");
  if (!publishable) return failed("STRIPE_PUBLISHABLE_KEY is not a Stripe publishable key");
  if (!WEBHOOK_SECRET.test(webhookSecret))
    return failed("STRIPE_WEBHOOK_SECRET is not a Stripe webhook signing secret");
  // A test secret key with a live publishable key (or the reverse) makes every card form fail.
  if (secret[2] !== publishable[1])
    return failed("the secret and publishable keys are from different modes (test/live)");
  // Stripe's test keys charge no card either.
  const status = secret[2] === "test" ? "test mode" : "ok";
  return { mode: "stripe", status, secretKey, publishableKey, webhookSecret };
}
