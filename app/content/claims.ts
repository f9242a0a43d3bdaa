/**
 * Issue 18 item 2 (A-23, CAP Code): the shop's savings, minimum-order and turnaround claims,
 * written once. Every page, meta description and FAQ that states one reads it from here, so they
 * agree everywhere. The minimum order and the turnaround are computed from the catalogue
 * (app/domain/claims.ts); the savings figure is the one marketing signs off with its evidence.
 */
import { PRODUCTS } from "~/catalogue/catalogue";
import { catalogueTurnaround, formatWeeks, lowestMoq } from "~/domain/claims";

/** Savings against print-on-demand, always said as "about …" (SPEC.md §1). */
const SAVINGS_RANGE = "20–30%";

export const CLAIMS = {
  /** "about 20–30%" */
  savings: `about ${SAVINGS_RANGE}`,
  /** 50: the smallest minimum order of any product. */
  moq: lowestMoq(PRODUCTS),
  /** "3–6 weeks": from proof approval, the fastest product by express to the slowest by standard. */
  turnaround: formatWeeks(catalogueTurnaround(PRODUCTS)),
} as const;
