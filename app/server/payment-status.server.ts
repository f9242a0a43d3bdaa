import { getEnv } from "./env.server";

export type PaymentStatus = "ok" | "missing publishable key" | "failed to initialize";

/** The payment provider's health in the spec's words (SPEC.md §2 "Diagnostics"); never a key. */
export function paymentProviderStatus(): PaymentStatus {
  const { STRIPE_PUBLISHABLE_KEY: key } = getEnv();
  if (!key) return "missing publishable key";
  return /^pk_(test|live)_[A-Za-z0-9]+$/.test(key) ? "ok" : "failed to initialize";
}
