/**
 * Test fixtures only: the four products' pricing and timing facts exactly as SPEC §9 and
 * decision 049 state them (R-CONST-02..08), so the domain tests do not depend on the
 * catalogue module. The catalogue itself is the app's source of truth.
 */
import type { PricingTier } from "./pricing";

export const CAP_TABLE: readonly PricingTier[] = [
  { quantity: "50-399", price: "£5.50" },
  { quantity: "400+", price: "£3.88" },
];

// Kept exactly as the spec gives it, overlaps and rising prices included (A-7, decision 049).
export const SHORTS_TABLE: readonly PricingTier[] = [
  { quantity: "50-100", price: "£9.20" },
  { quantity: "100-200", price: "£10.40" },
  { quantity: "200-300", price: "£10.00" },
  { quantity: "300-400", price: "£9.00" },
  { quantity: "400+", price: "£8.00" },
];

export const DIARY_TABLE: readonly PricingTier[] = [
  { quantity: "50-999", price: "£2.24" },
  { quantity: "1000+", price: "£1.65" },
];

export const MAT_TABLE: readonly PricingTier[] = [
  { quantity: "50-399", price: "£5.50" },
  { quantity: "400+", price: "£3.80" },
];

export const CAP_TIMES = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };
export const SHORTS_TIMES = { leadTime: "9 days", deliveryTime: "10 days" };
export const DIARY_TIMES = { leadTime: "2-3 weeks", deliveryTime: "5-7 days" };
export const MAT_TIMES = { leadTime: "2 weeks", deliveryTime: "5-7 days" };
