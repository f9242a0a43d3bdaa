/**
 * A collection of sizes (docs/decisions/090-sizes-collected-by-link.md) against the cart's need-by
 * date (decision 061): when to close and pay to make it. Apart from size-collections.ts, whose
 * rules the collection's pages load in the browser, so they do not load the date engine with it.
 * Pure: the plan is passed in.
 */
import { formatDisplayDate, type IsoDate } from "../core/dates";
import { type NeedByPlan, payByDate } from "../fulfilment/need-by";

/** What the tally says of the cart's need-by date: when to close and pay, and whether the link runs past it. */
export type NeedByAdvice = { tone: "info" | "warning"; text: string };

/**
 * The tally's word on the cart's need-by date (decision 061's plan): the last day to close and pay
 * for each delivery that makes it, and a warning when the link takes answers past the last of them
 * or no delivery makes the date.
 */
export function needByAdvice(plan: NeedByPlan, closesOn: IsoDate): NeedByAdvice {
  const needed = `Your cart needs these by ${formatDisplayDate(plan.needBy)}`;
  if (plan.tooTight) return { tone: "warning", text: `${needed}. ${plan.tooTight.message}.` };
  const options = plan.methods
    .filter((method) => method.feasible)
    .map((method) => ({ label: method.label, payBy: payByDate(method.approveBy) }));
  const text = `${needed}: close and pay ${options
    .map((option) => `by ${formatDisplayDate(option.payBy)} for ${option.label}`)
    .join(", or ")}.`;
  const last = options.reduce((latest, option) => (option.payBy > latest ? option.payBy : latest), "");
  if (closesOn > last) {
    return {
      tone: "warning",
      text: `${text} Your link takes answers until ${formatDisplayDate(closesOn)}, after the last of those days: close it sooner.`,
    };
  }
  return { tone: "info", text };
}
