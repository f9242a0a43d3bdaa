/**
 * The earliest delivery of an order paid today (docs/decisions/041-one-answer-per-question.md, "one
 * earliest date"): the one answer the product page's and cart's delivery estimate and the need-by
 * planner give. The proof comes at the latest PROOF_WORKING_DAYS working days after paying and
 * cannot be approved before it comes, so the window is counted from that day (deliveryWindowFrom,
 * the engine every window uses); its last day is the date the planner plans with.
 */
import type { ShippingMethod } from "./checkout";
import { type IsoDate, londonToday } from "./dates";
import { type DeliveryTimes, deliveryWindowFrom } from "./delivery";
import { PROOF_WORKING_DAYS, proofDueDate } from "./orders";

export type EarliestDelivery = {
  /** The day the proof comes at the latest, and the earliest day it can be approved. */
  proofBy: IsoDate;
  /** The window if the proof is approved on `proofBy`; `end` is the earliest date we plan with. */
  start: IsoDate;
  end: IsoDate;
};

/** The earliest delivery by `method` of `products` ordered and paid at `now` (London's date). */
export function earliestDelivery(input: {
  products: readonly DeliveryTimes[];
  method: ShippingMethod;
  now: Date;
}): EarliestDelivery {
  const proofBy = proofDueDate(londonToday(input.now));
  return { proofBy, ...deliveryWindowFrom({ products: input.products, method: input.method, approvedOn: proofBy }) };
}

/** What the estimate assumes, in the words the page shows above it. */
export function earliestDeliveryAssumption(proofBy: string, proofs: "proof" | "proofs" = "proof"): string {
  return proofs === "proofs"
    ? `If you order today, your proofs come by ${proofBy} (within ${PROOF_WORKING_DAYS} working days). Approved that day, we deliver:`
    : `If you order today, your proof comes by ${proofBy} (within ${PROOF_WORKING_DAYS} working days). Approved that day, we deliver:`;
}
