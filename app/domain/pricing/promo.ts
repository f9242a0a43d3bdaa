/** The cookie that keeps the promotion banner closed (R-LAYOUT-03): set by the page, read by the server. */
export const PROMO_COOKIE = "promo_closed";

/** Whether a Cookie header says the visitor closed the banner. */
export function promoClosed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(/;\s*/).includes(`${PROMO_COOKIE}=1`);
}
