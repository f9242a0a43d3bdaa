/**
 * Copy of /compare (R-MKT-02): how ordering with us compares with print-on-demand and overseas sourcing.
 * Its own module, so each page loads its own copy and no other page's (the shared parts are in
 * ./marketing).
 */
import { CLAIMS } from "./claims";
import { POLICY } from "./policy";

export type CompareRow = { feature: string; printOnDemand: boolean; overseas: boolean; us: boolean };

export const COMPARE_PAGE = {
  title: "Compare your options",
  metaDescription:
    "Print-on-demand, overseas sourcing or Swag Studio: twelve things that matter when you order branded merch for a team.",
  lead: `Print-on-demand, sourcing from a factory yourself, or Swag Studio: how they compare for a team order of ${CLAIMS.moq} or more.`,
  caption: "How the options compare",
  columns: { feature: "Feature", printOnDemand: "Print-on-Demand", overseas: "Overseas Sourcing", us: "Swag Studio" },
  yes: "Yes",
  no: "No",
  // R-MKT-02: exactly twelve rows. Each mark describes how that option typically works.
  rows: [
    { feature: "Fair factory prices at team volumes", printOnDemand: false, overseas: true, us: true },
    { feature: `Minimum orders from ${CLAIMS.moq} units`, printOnDemand: true, overseas: false, us: true },
    { feature: "Instant tiered prices in pounds", printOnDemand: true, overseas: false, us: true },
    { feature: "Embroidery, deboss and laser, not just print", printOnDemand: false, overseas: true, us: true },
    {
      feature: "Design help: our designers mock up your logo on the product",
      printOnDemand: true,
      overseas: false,
      us: true,
    },
    { feature: "A person checks your artwork before production", printOnDemand: false, overseas: false, us: true },
    { feature: "Quality checks before dispatch", printOnDemand: false, overseas: false, us: true },
    { feature: "No factory hunting, negotiating or chasing", printOnDemand: true, overseas: false, us: true },
    { feature: "Shipping and UK customs handled, delivered duty paid", printOnDemand: true, overseas: false, us: true },
    { feature: `Delivery in ${CLAIMS.turnaround}`, printOnDemand: true, overseas: false, us: true },
    {
      feature: "Order tracking: updates at every stage and a tracking reference",
      printOnDemand: true,
      overseas: false,
      us: true,
    },
    { feature: "On-time delivery guarantee", printOnDemand: false, overseas: false, us: true },
  ] satisfies readonly CompareRow[],
  summary: [
    `Print-on-demand is quick and has no minimums, but you pay per-item prices on every unit. We source straight from factories, which means savings of ${CLAIMS.savings} and fair prices compared with print-on-demand once you order ${CLAIMS.moq} or more.`,
    "Sourcing overseas yourself gets factory prices, but you find the factory, check the samples, arrange freight and clear customs. " +
      POLICY.shippingEstimates +
      " We do all of that for you.",
  ],
  footnote: "Print-on-demand and overseas sourcing are described as they typically work; individual providers vary.",
} as const;
