/**
 * Checkout constants and order totals (R-CONST-11..14, R-CALC-14..20). The server recomputes
 * every total with this module (decisions 052 and 056), so it must stay pure.
 */
import { keysOf, oneOf } from "../core/one-of";
import { percentOfPence } from "../core/money";
import { lineTotalPence } from "./pricing";
import { type VatPlace, vatFor } from "./vat";

/** Offered countries in the spec's order (R-CONST-13). */
export const COUNTRIES = ["GB", "IE", "US", "DE", "FR", "ES", "IT", "NL"] as const;
export type CountryCode = (typeof COUNTRIES)[number];
export const COUNTRY_NAMES: Readonly<Record<CountryCode, string>> = {
  GB: "United Kingdom",
  IE: "Ireland",
  US: "United States",
  DE: "Germany",
  FR: "France",
  ES: "Spain",
  IT: "Italy",
  NL: "Netherlands",
};
export const DEFAULT_COUNTRY: CountryCode = "GB";

export const isCountryCode = oneOf(COUNTRIES);

/** A country's name for a code we ship to; anything else as it is. */
export function countryName(country: string): string {
  return isCountryCode(country) ? COUNTRY_NAMES[country] : country;
}

/** An address as printed lines: the non-blank parts, then the country's name (mails, invoices, back office). */
export function addressLines(parts: ReadonlyArray<string | undefined>, country: string): string[] {
  const lines = parts.map((part) => part?.trim() ?? "").filter((part) => part !== "");
  if (country) lines.push(countryName(country));
  return lines;
}

/** Flat per-order rates actually charged (R-CONST-12; A-6: the per-unit figures are not charged). */
export const SHIPPING_METHODS = {
  standard: { label: "Standard Shipping", pence: 1800 },
  express: { label: "Express Air Freight", pence: 3500 },
} as const;
export type ShippingMethod = keyof typeof SHIPPING_METHODS;
export const SHIPPING_METHOD_IDS = keysOf(SHIPPING_METHODS);
export const isShippingMethod = oneOf(SHIPPING_METHOD_IDS);

/** The method totals are estimated with before the buyer chooses one: the cheapest. */
export const CHEAPEST_SHIPPING_METHOD: ShippingMethod = SHIPPING_METHOD_IDS.reduce((cheapest, method) =>
  SHIPPING_METHODS[method].pence < SHIPPING_METHODS[cheapest].pence ? method : cheapest,
);

/** Branding methods (R-CONST-14). The spec gives only the ids; the labels are ours. */
export const BRANDING_METHODS = {
  embroidery: "Embroidery",
  screen_print: "Screen print",
  dtf: "DTF transfer",
  laser: "Laser engraving",
  deboss: "Deboss",
  none: "No branding",
} as const;
export type BrandingMethod = keyof typeof BRANDING_METHODS;
export const BRANDING_METHOD_IDS = keysOf(BRANDING_METHODS);
export const isBrandingMethod = oneOf(BRANDING_METHOD_IDS);
/**
 * What a draft holds before a method is chosen (SPEC §4), and what a stored draft without one
 * reads as. Step 2 preselects the product's own default (catalogue `branding`), and a draft is
 * saved and paid only with a method its product offers.
 */
export const DEFAULT_BRANDING_METHOD: BrandingMethod = "none";

/**
 * Design-proof preferences (R-CONST-14); labels are ours. `ai_mockup` keeps the spec's id, but the
 * mock-up is made by our designers: no AI makes one (decision 024).
 */
export const PROOF_PREFERENCES = {
  ai_mockup: "Designer mock-up",
  manufacturer_mockup: "Manufacturer mock-up",
  skip_proof: "Skip proof (repeat of a previous order)",
} as const;
export type ProofPreference = keyof typeof PROOF_PREFERENCES;
export const PROOF_PREFERENCE_IDS = keysOf(PROOF_PREFERENCES);
export const isProofPreference = oneOf(PROOF_PREFERENCE_IDS);
/** The customisation step's default proof choice (SPEC §4). */
export const DEFAULT_PROOF_PREFERENCE: ProofPreference = "ai_mockup";

/** First-order discount, percent of goods only (A-20, decision 057). */
export const FIRST_ORDER_DISCOUNT_PERCENT = 10;
/** Its line in every summary, invoice and e-mail (REQUIREMENTS: a "First order discount (10%)" line). */
export const FIRST_ORDER_DISCOUNT_LABEL = `First order discount (${FIRST_ORDER_DISCOUNT_PERCENT}%)`;
/** The condition every unpaid summary prints under the first-order discount (A-20, B-15). */
export const FIRST_ORDER_DISCOUNT_CONDITION = "Applies only if this is still your first order when you pay.";

/**
 * One line of an order: a product's tier price and quantity, and what its set-up fees and
 * surcharges add (decision 088; none on most lines).
 */
export type PricedLine = { unitPence: number; quantity: number; chargesPence?: number };

/** A line's goods: its units at the unit price, and its charges. */
export const pricedLineTotal = (line: PricedLine): number =>
  lineTotalPence(line.unitPence, line.quantity) + (line.chargesPence ?? 0);

/** Where the order goes (vat.ts): the ship-to country, else the billing one, and its postcode. */
export type OrderTotalsInput = VatPlace & {
  /** Every line of the order (decision 016): goods are their sum; shipping and VAT are the order's. */
  lines: readonly PricedLine[];
  shippingMethod?: ShippingMethod | null;
  firstOrderDiscount?: boolean;
};

/** All integer pence; vatRate in percent. */
export type OrderTotals = {
  subtotal: number;
  discount: number;
  shipping: number;
  vat: number;
  total: number;
  vatRate: number;
  /** Why this rate, where an address could mislead (a Channel Islands or Isle of Man postcode). */
  vatNote?: string;
};

/**
 * Order totals (R-CALC-16/17). The discount comes off goods before VAT and never off shipping
 * VAT is charged on discounted goods plus shipping; each step rounds half-up to the
 * penny so the figures shown, stored and charged are the same integers.
 */
export function orderTotals(input: OrderTotalsInput): OrderTotals {
  const subtotal = input.lines.reduce((sum, line) => sum + pricedLineTotal(line), 0);
  if (subtotal < 0) throw new RangeError("Order subtotal cannot be negative");
  const discount = input.firstOrderDiscount ? percentOfPence(subtotal, FIRST_ORDER_DISCOUNT_PERCENT) : 0;
  const shipping = input.shippingMethod ? SHIPPING_METHODS[input.shippingMethod].pence : 0;
  const { rate: vatRate, note } = vatFor(input);
  const vat = percentOfPence(subtotal - discount + shipping, vatRate);
  const totals = { subtotal, discount, shipping, vat, total: subtotal - discount + shipping + vat, vatRate };
  return note ? { ...totals, vatNote: note } : totals;
}

/** The first `max` selections plus how many more there are, for a '+N' chip (3 picks → 2 shown, +1). */
export function summariseTags<T>(list: readonly T[], max = 2): { shown: T[]; more: number } {
  const limit = Math.max(0, Math.floor(max));
  return { shown: list.slice(0, limit), more: Math.max(0, list.length - limit) };
}
