/**
 * The earliest delivery of an order paid today, as the need-by planner plans with it
 * (docs/decisions/041-one-answer-per-question.md): the proof comes at the latest PROOF_WORKING_DAYS
 * working days after paying and cannot be approved before it comes, so the window is counted from
 * that day by the engine every window uses (deliveryWindowFrom). The product page's estimate counts
 * from today, as its label says (decision 053, REQUIREMENTS A-28).
 */
import type { ShippingMethod } from "../pricing/checkout";
import { type IsoDate, londonToday } from "../core/dates";
import { type DeliveryTimes, deliveryWindowFrom } from "./delivery";
import { proofDueDate } from "./orders";

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
