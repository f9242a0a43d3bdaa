/**
 * A product's production time has one source, the catalogue's `leadTime` (R-CONST-07: cap
 * '3.5 weeks', shorts '9 days', diary '2-3 weeks', mat '2 weeks'), which the product page shows
 * and the delivery engine counts; a quote states the same figure for each of its products rather
 * than the policy's general range (docs/decisions/041-one-answer-per-question.md).
 */
export type ProductionTimeOf = { title: string; leadTime: string };

/** "Production takes 3.5 weeks from proof approval and payment." or, for several, each product's. */
export function productionTimeText(products: readonly ProductionTimeOf[]): string {
  const [only, ...more] = products;
  if (only === undefined) return "";
  if (more.length === 0) return `Production takes ${only.leadTime} from proof approval and payment.`;
  const each = products.map((p) => `${p.title} ${p.leadTime}`).join("; ");
  return `Production from proof approval and payment: ${each}.`;
}
