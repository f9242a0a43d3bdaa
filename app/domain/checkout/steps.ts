/**
 * The checkout's six steps and the stepper's rules (R-STEP-01..05, R-ROUTE-20): kept apart from the
 * draft's step rules (draft.ts) so that a page showing only the stepper and a step link, the
 * payment step say, does not load the customisation and artwork rules with it.
 * Pure: no I/O, no React.
 */
import { type DraftStatus, statusAtLeast } from "../core/draft-base";
import type { DraftData } from "./draft-schemas";

export const STEPS = [
  { step: 1, label: "Cart", path: "/cart" },
  { step: 2, label: "Customisation", path: "/customization" },
  { step: 3, label: "Details", path: "/details" },
  { step: 4, label: "Shipping", path: "/shipping" },
  { step: 5, label: "Design Proofing", path: "/design-proofing" },
  { step: 6, label: "Payment", path: "/payment" },
] as const;
export type StepNumber = (typeof STEPS)[number]["step"];

/** What the stepper needs of a draft: the row's status and two parts of its data. */
export type StepperDraft = {
  status: DraftStatus;
  data: { confirm: DraftData["confirm"]; proof_acknowledged: boolean };
};

/**
 * Completed steps, derived from the saved draft (R-STEP-04, A-12): 1 when the cart has items,
 * 2 when both confirmations are saved, 3 from details_done, 4 from shipping_done, 5 once the
 * proof summary is acknowledged. Step 6 completes only by payment, which leaves the checkout.
 */
export function completedSteps(draft: StepperDraft | null, cartNonEmpty: boolean): StepNumber[] {
  const done: StepNumber[] = [];
  if (cartNonEmpty) done.push(1);
  if (draft) {
    if (draft.data.confirm.rights_confirmed && draft.data.confirm.lead_time_acknowledged) done.push(2);
    if (statusAtLeast(draft.status, "details_done")) done.push(3);
    if (statusAtLeast(draft.status, "shipping_done")) done.push(4);
    if (draft.data.proof_acknowledged) done.push(5);
  }
  return done;
}

/** R-STEP-02: at or before the current step, or already completed; every other step is disabled. */
export function canNavigate(target: StepNumber, current: StepNumber, completed: readonly StepNumber[]): boolean {
  return target <= current || completed.includes(target);
}

/**
 * A step's link. Steps 2–6 keep draft_id and product_id (R-ROUTE-20, R-STEP-05), in the order
 * R-CUST-17 writes them; a missing one is left out rather than sent empty. The cart needs neither.
 */
export function stepHref(
  step: StepNumber,
  ids: { productId?: string | null; draftId?: string | null; lineId?: string | null },
): string {
  const entry = STEPS[step - 1];
  if (!entry) throw new RangeError(`No checkout step ${step}`);
  if (step === 1) return entry.path;
  const params = new URLSearchParams();
  if (ids.draftId) params.set("draft_id", ids.draftId);
  if (ids.productId) params.set("product_id", ids.productId);
  if (ids.lineId) params.set("line_id", ids.lineId);
  const query = params.toString();
  return query ? `${entry.path}?${query}` : entry.path;
}
