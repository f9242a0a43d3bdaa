/**
 * Decision 024 (A-23, CAP Code): the shop's savings, minimum-order and turnaround claims,
 * written once. Every page, meta description and FAQ that states one reads it from here, so they
 * agree everywhere. The minimum order and the turnaround are the catalogue's figures
 * (app/domain/fulfilment/claims.ts computes them, and claims.test.ts holds these to what it computes); they are
 * written out because every page states them, and reading them from the catalogue put the whole
 * catalogue in every page's JavaScript. The savings figure is the one
 * marketing signs off with its evidence.
 */

/** Savings against print-on-demand, always said as "about …" (SPEC.md §1). */
const SAVINGS_RANGE = "20–30%";

export const CLAIMS = {
  /** "about 20–30%" */
  savings: `about ${SAVINGS_RANGE}`,
  /** The smallest minimum order of any product. */
  moq: 50,
  /** From proof approval, the fastest product by express to the slowest by standard. */
  turnaround: "3–6 weeks",
} as const;
