/**
 * Prices ex or inc VAT (issue 17 item 5). The catalogue and every stored amount are ex VAT; a
 * visitor may choose to see prices with UK VAT added. The choice lives in a cookie, so the page
 * the server renders already shows it and the switch works without JavaScript.
 */
import { VAT_RATE_GB } from "./checkout";
import { parseCookies } from "./cookies";
import { percentOfPence } from "./money";
import { oneOf } from "./one-of";

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
 * the penny with the same rule the order's VAT uses (orderTotals, percentOfPence).
 *
 * Each amount is converted on its own: a unit price, a line total, a tier. So a displayed inc-VAT
 * unit price times the quantity may differ by pennies from the displayed inc-VAT line total (£4.69
 * ex is £5.63 inc, 3 of them £14.07 ex are £16.88 inc, not £16.89), and the lines' inc-VAT figures
 * need not add up to the order's total: the order charges VAT once, on the sum of discounted goods
 * and shipping (orderTotals). The totals the buyer pays are therefore always shown ex and inc VAT
 * from the order's own figures, never from these.
 */
export function priceInMode(exVatPence: number, mode: PriceMode, vatRate: number = VAT_RATE_GB): number {
  return mode === "inc" ? exVatPence + percentOfPence(exVatPence, vatRate) : exVatPence;
}
