/**
 * Tier pricing (REQUIREMENTS §24, R-CALC-01..08). Shared by the product page, cart and the
 * server's payment amount so the two can never disagree (R-CALC-20).
 */
import { formatPence, poundsToPence } from "../core/money";

/** One row of a catalogue pricing table, exactly as the catalogue writes it. */
export type PricingTier = { quantity: string; price: string };

/** A product's headline price: one figure, or a [low, high] range shown on cards (R-CAT-03). */
export type UnitPrice = number | readonly [number, number];

export type TierRange = { min: number; max: number | null };

/** Quantity ceiling when a product has no pricing table (R-CONST-10). */
export const DEFAULT_MAX_QUANTITY = 10000;
/** An open-ended last tier 'N+' allows up to 25 × N units (R-CONST-10). */
export const OPEN_TIER_MULTIPLIER = 25;

/** '£5.50' → 5.5. Throws so that a typo in the catalogue fails the catalogue test (R-CALC-02). */
export function parsePrice(text: string): number {
  const cleaned = text.replace(/£/g, "").replace(/\s+/g, "");
  if (!/^\d+(?:\.\d+)?$/.test(cleaned)) throw new Error(`Unparsable price: "${text}"`);
  return Number(cleaned);
}

/** '50-100' → {min: 50, max: 100}; '400+' → {min: 400, max: null}. Throws on anything else. */
export function parseTierRange(text: string): TierRange {
  const open = /^\s*(\d+)\s*\+\s*$/.exec(text);
  if (open?.[1] !== undefined) return { min: Number(open[1]), max: null };
  // An en dash is accepted because copy edited in a word processor tends to gain one.
  const bounded = /^\s*(\d+)\s*[-–]\s*(\d+)\s*$/.exec(text);
  if (bounded?.[1] !== undefined && bounded[2] !== undefined) {
    const min = Number(bounded[1]);
    const max = Number(bounded[2]);
    if (max <= min) throw new Error(`Tier range is empty: "${text}"`);
    return { min, max };
  }
  throw new Error(`Unparsable tier range: "${text}"`);
}

function covers(range: TierRange, quantity: number): boolean {
  // Decision 049: bands are lower-bound inclusive, so the spec's overlapping shorts bands
  // ('50-100', '100-200') put 100 in the second band.
  return quantity >= range.min && (range.max === null || quantity < range.max);
}

/**
 * One tier as the pages and the server price it: parsed once, when the catalogue loads
 * (catalogue.ts). `label` is the band the tier really prices ('50–99', '400+'), not the
 * catalogue's text ('50-100'): see bandLabel.
 */
export type PriceTier = { label: string; min: number; max: number | null; unitPence: number };

/**
 * The quantities a tier really prices, as the buyer reads them, with an en dash.
 * A band ends just before the next band starts, so the spec's overlapping '50-100', '100-200'
 * read '50–99', '100–199' (decision 049) and '50-399' before '400+' reads '50–399'. The last
 * band is open ('400+') or ends at its upper bound, the largest quantity it sells (maxQuantity).
 */
export function bandLabel(range: TierRange, next: TierRange | undefined): string {
  const last = next === undefined ? range.max : next.min - 1;
  if (last === null) return `${range.min}+`;
  return last <= range.min ? `${range.min}` : `${range.min}–${last}`;
}

/** A catalogue table as numeric tiers. Throws on a row it cannot read, so a typo fails the catalogue test. */
export function parseTiers(table: readonly PricingTier[]): PriceTier[] {
  const tiers = table.map((row) => ({
    ...parseTierRange(row.quantity),
    unitPence: poundsToPence(parsePrice(row.price)),
  }));
  return tiers.map((tier, index) => ({ label: bandLabel(tier, tiers[index + 1]), ...tier }));
}

/**
 * The tier that prices `quantity`. Below the first band the first band applies (the MOQ clamp
 * normally prevents that); past a bounded last band, or in a gap, the highest band starting at
 * or below the quantity applies, so a malformed table never leaves a line without a price.
 */
export function tierFor(tiers: readonly PriceTier[], quantity: number): PriceTier {
  const first = tiers[0];
  if (first === undefined) throw new Error("Pricing table is empty");
  let fallback = first;
  let fallbackMin = Number.NEGATIVE_INFINITY;
  for (const tier of tiers) {
    if (covers(tier, quantity)) return tier;
    if (tier.min <= quantity && tier.min >= fallbackMin) {
      fallback = tier;
      fallbackMin = tier.min;
    }
  }
  return fallback;
}

/** Unit price in pence for `quantity` (decision 050: totals always use the tier price). */
export function unitPricePence(tiers: readonly PriceTier[], quantity: number): number {
  return tierFor(tiers, quantity).unitPence;
}

/** R-CALC-01: 10000 without a table, 25 × N for an 'N+' last tier, else the last tier's upper bound. */
export function maxQuantity(tiers: readonly PriceTier[] | null | undefined): number {
  const last = tiers?.[tiers.length - 1];
  if (last === undefined) return DEFAULT_MAX_QUANTITY;
  return last.max ?? OPEN_TIER_MULTIPLIER * last.min;
}

/**
 * Whole units within [moq, max] (R-PDP-05, decision 051). If a table were ever so short
 * that max < moq, the MOQ wins: selling below the minimum order is the worse failure.
 */
export function clampQuantity(quantity: number, moq: number, max: number): number {
  if (Number.isNaN(quantity)) return moq;
  return Math.max(moq, Math.min(max, Math.floor(quantity)));
}

/**
 * The fewest of a product a line may hold (decision 087): its MOQ, or fewer where a quote agreed
 * it: staff tick "Below-MOQ price agreed", and converting the quote puts that quantity in the cart.
 * `agreed` is that quantity; one at or above the MOQ changes nothing.
 */
export function agreedMinimum(product: { moq: number }, agreed?: number): number {
  return agreed !== undefined && Number.isInteger(agreed) && agreed >= 1 && agreed < product.moq ? agreed : product.moq;
}

/** Midpoint of a price range, rounded to the penny: [3.88, 5.50] → 4.69 (R-CALC-05). */
export function midpoint(range: readonly [number, number]): number {
  return poundsToPence((range[0] + range[1]) / 2) / 100;
}

/** How an ex-VAT amount in pence is shown (price-mode.ts priceInMode); unchanged unless said. */
export type ShownPence = (exVatPence: number) => number;
const asIs: ShownPence = (pence) => pence;

/**
 * '£5.50', or '£3.88 - £5.50' for a range, low end first (R-CAT-03); each end in pence through
 * `formatUnit` (inc VAT: price-mode.ts formatUnitInMode, '£4.656 - £6.60').
 */
export function formatUnitPrice(price: UnitPrice, formatUnit: (pence: number) => string = formatPence): string {
  const format = (pounds: number) => formatUnit(poundsToPence(pounds));
  if (typeof price === "number") return format(price);
  const low = Math.min(price[0], price[1]);
  const high = Math.max(price[0], price[1]);
  return `${format(low)} - ${format(high)}`;
}

/** The single figure a price sorts by; a range sorts by its midpoint (decision 050, A-10). Never for totals. */
export function effectiveUnitPrice(price: UnitPrice): number {
  return typeof price === "number" ? price : midpoint(price);
}

/**
 * Saving per unit against the FIRST tier, in percent to 1 decimal (R-CALC-07). Negative
 * when a later tier costs more (shorts at 100–399, A-7). Computed on integer pence and rounded
 * half away from zero in integer arithmetic so x.x5 cases cannot flip with float error.
 */
export function savingsPercent(tiers: readonly PriceTier[], quantity: number): number {
  const first = tiers[0];
  if (first === undefined) return 0;
  const base = first.unitPence;
  if (base <= 0) return 0;
  const diff = base - unitPricePence(tiers, quantity);
  // tenths of a percent = diff / base × 1000, rounded: floor((2·|diff|·1000 + base) / (2·base)).
  const tenths = Math.floor((2 * Math.abs(diff) * 1000 + base) / (2 * base));
  if (tenths === 0) return 0;
  return (diff < 0 ? -tenths : tenths) / 10;
}

/** "You're saving 29.5% per unit vs 50–399", or null when there is no positive saving (A-8, R-CALC-08). */
export function savingsMessage(tiers: readonly PriceTier[], quantity: number): string | null {
  const first = tiers[0];
  if (first === undefined) return null;
  const percent = savingsPercent(tiers, quantity);
  if (percent <= 0) return null;
  return `You're saving ${percent.toFixed(1)}% per unit vs ${first.label}`;
}

/** Unit price × quantity in whole pence (R-CALC-06). Both must already be integers. */
export function lineTotalPence(unitPence: number, quantity: number): number {
  if (!Number.isSafeInteger(unitPence)) throw new RangeError(`Unit price must be whole pence: ${unitPence}`);
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be a whole number: ${quantity}`);
  const total = unitPence * quantity;
  if (!Number.isSafeInteger(total)) throw new RangeError("Line total is too large");
  return total;
}

/** "Add 1 more and pay £642.50 less": a larger quantity in the next tier that costs less in total. */
export type PriceBreakHint = { quantity: number; addUnits: number; savingPence: number; message: string };

/**
 * The price break just above `quantity`: when the next tier's smallest quantity
 * costs less in total than `quantity` does now (399 caps £2,194.50, 400 caps £1,552.00), how many
 * more to add and how much less to pay. Null in the last tier, or when the next tier costs the
 * same or more in total (shorts 99 → 100, caps up to 282). Tiers are in order and contiguous (the
 * catalogue test), so the next tier starts above `quantity` and within the largest quantity sold.
 * `shown` converts each line total the way the page shows it (ex or inc VAT); adding VAT never
 * turns a saving into a loss, so whether there is a hint does not depend on it.
 */
export function priceBreakHint(
  tiers: readonly PriceTier[],
  quantity: number,
  shown: ShownPence = asIs,
): PriceBreakHint | null {
  const current = tierFor(tiers, quantity);
  const next = tiers[tiers.indexOf(current) + 1];
  if (next === undefined) return null;
  // The difference of the two line totals as shown, so the saving matches the totals the buyer reads.
  const savingPence =
    shown(lineTotalPence(current.unitPence, quantity)) - shown(lineTotalPence(next.unitPence, next.min));
  if (savingPence <= 0) return null;
  const addUnits = next.min - quantity;
  return {
    quantity: next.min,
    addUnits,
    savingPence,
    message: `Add ${addUnits.toLocaleString("en-GB")} more and pay ${formatPence(savingPence)} less`,
  };
}
