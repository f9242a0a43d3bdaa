/**
 * Prices ex or inc VAT (decision 020). The catalogue and every stored amount are ex VAT; a
 * visitor may choose to see prices with UK VAT added. The choice lives in a cookie, so the page
 * the server renders already shows it and the switch works without JavaScript.
 */
import { parseCookies } from "../core/cookies";
import type { OrderTotals } from "./checkout";
import { VAT_RATE_GB } from "./vat";
import { formatHundredthsOfPence, percentOfPence } from "../core/money";
import { oneOf } from "../core/one-of";

export const PRICE_MODES = ["ex", "inc"] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

/** A B2B shop: prices are shown ex VAT until the visitor asks otherwise. */
export const DEFAULT_PRICE_MODE: PriceMode = "ex";

/** The cookie that remembers the choice. It holds only "ex" or "inc": nothing about the person. */
export const PRICE_MODE_COOKIE = "prices";

/** A year, like the promotion banner's cookie. */
export const PRICE_MODE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

/** What each price says beside it, and the toggle's two buttons. */
export const PRICE_MODE_LABELS: Readonly<Record<PriceMode, string>> = { ex: "ex VAT", inc: "inc VAT" };

export const isPriceMode = oneOf(PRICE_MODES);

/** The mode a Cookie header asks for; the default when it says nothing valid. */
export function priceModeFromCookie(cookieHeader: string | null | undefined): PriceMode {
  for (const [name, value] of parseCookies(cookieHeader))
    if (name === PRICE_MODE_COOKIE && isPriceMode(value)) return value;
  return DEFAULT_PRICE_MODE;
}

/**
 * The Set-Cookie value that remembers `mode`. Readable by the page (no HttpOnly: it is no secret),
 * sent on top-level navigations from other sites (Lax) so a visitor arriving by a link sees their
 * choice, and Secure when the shop is served over https.
 */
export function priceModeCookie(mode: PriceMode, secure: boolean): string {
  const attributes = [`${PRICE_MODE_COOKIE}=${mode}`, "Path=/", `Max-Age=${PRICE_MODE_COOKIE_MAX_AGE}`, "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}

/**
 * An ex-VAT amount as the visitor sees it: unchanged ex VAT; inc VAT, plus VAT at `vatRate`
 * (percent; the UK rate unless the order's ship-to country says otherwise), rounded half-up to
 * the penny with the same rule the order's VAT uses (orderTotals, percentOfPence). For one
 * amount on its own (a shipping method, a tier's line); a page's lines and totals go through
 * shownLineTotals and shownTotals so that they add up (docs/decisions/041-one-answer-per-question.md).
 */
export function priceInMode(exVatPence: number, mode: PriceMode, vatRate: number = VAT_RATE_GB): number {
  return mode === "inc" ? exVatPence + percentOfPence(exVatPence, vatRate) : exVatPence;
}

/** An ex-VAT amount in the mode, exactly, in hundredths of a penny (388p at 20% → 46560, £4.656). */
export function exactInMode(exVatPence: number, mode: PriceMode, vatRate: number = VAT_RATE_GB): number {
  if (!Number.isSafeInteger(exVatPence)) throw new RangeError(`Pence must be a whole number: ${exVatPence}`);
  return exVatPence * (mode === "inc" ? 100 + vatRate : 100);
}

/**
 * A unit price as shown: ex VAT '£3.88'; inc VAT exact, with the sub-penny digit VAT gives it
 * ('£4.656', never a rounded '£4.66'), so that quantity × the unit shown is the line's exact
 * figure: 400 × £4.656 = £1,862.40, which is what the line shows and what is charged.
 */
export function formatUnitInMode(unitExVatPence: number, mode: PriceMode, vatRate: number = VAT_RATE_GB): string {
  return formatHundredthsOfPence(exactInMode(unitExVatPence, mode, vatRate));
}

/**
 * A page's line totals in the mode. Ex VAT they are the lines' own figures. Inc VAT the order
 * charges VAT once, on the sum (orderTotals), so each line shows its exact inc-VAT figure rounded
 * to a neighbouring penny such that the lines add up to the goods shown (shownTotals): the floor
 * of each, plus a penny to the lines with the largest remainders (the earlier line on a tie) until
 * the sum is the goods' inc-VAT figure. A line whose exact figure is whole pence shows it as it is.
 */
export function shownLineTotals(
  lineExVatPence: readonly number[],
  mode: PriceMode,
  vatRate: number = VAT_RATE_GB,
): number[] {
  if (mode === "ex") return [...lineExVatPence];
  const exact = lineExVatPence.map((pence) => exactInMode(pence, mode, vatRate));
  const floors = exact.map((hundredths) => Math.floor(hundredths / 100));
  const sumEx = lineExVatPence.reduce((sum, pence) => sum + pence, 0);
  let missing = priceInMode(sumEx, mode, vatRate) - floors.reduce((sum, pence) => sum + pence, 0);
  const byRemainder = exact
    .map((hundredths, index) => ({ index, remainder: hundredths % 100 }))
    .filter((line) => line.remainder > 0)
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const line of byRemainder) {
    if (missing <= 0) break;
    floors[line.index] = (floors[line.index] ?? 0) + 1;
    missing -= 1;
  }
  return floors;
}

/** An order's totals as a page shows them in one mode; `total` and `vat` are always the charge's. */
type ShownTotals = {
  mode: PriceMode;
  goods: number;
  discount: number;
  shipping: number;
  total: number;
  vat: number;
  vatRate: number;
};

/**
 * The totals in the mode, so that goods − discount + shipping is exactly the total shown and the
 * inc-VAT total is exactly what is charged (orderTotals, the one engine; nothing is re-charged here).
 * Inc VAT: goods at their inc-VAT figure (the lines' sum, shownLineTotals), the discount as the
 * difference it makes to that figure, and shipping as the rest of the charge, which is its own
 * inc-VAT price whenever its VAT is whole pence (every shipping method: the unit tests).
 */
export function shownTotals(totals: OrderTotals, mode: PriceMode): ShownTotals {
  const { subtotal, discount, shipping, vat, total, vatRate } = totals;
  if (mode === "ex") {
    return { mode, goods: subtotal, discount, shipping, total, vat, vatRate };
  }
  const goods = priceInMode(subtotal, mode, vatRate);
  const afterDiscount = priceInMode(subtotal - discount, mode, vatRate);
  return {
    mode,
    goods,
    discount: goods - afterDiscount,
    shipping: total - afterDiscount,
    total,
    vat,
    vatRate,
  };
}
