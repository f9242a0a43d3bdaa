/**
 * What blocks step 2's Next: the confirmations, a previous order's reference, and artwork files whose
 * preflight warnings the buyer has not accepted; for a cart, which lines are done and where Next goes.
 * Apart from ./draft and ./cart-checkout because it reads the preflight's rules, which the cart and
 * the later steps' pages have no use for.
 */
import type { ProductLookup } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";
import { filesAwaitingConsent } from "./artwork-preflight";
import type { CheckoutLineState } from "./cart-checkout";
import type { CustomisationGate } from "./draft";
import { sizesComplete } from "../pricing/sizes";
import { completedSteps, type StepNumber, type StepperDraft } from "./steps";

export type CustomisationField =
  | "confirm.rights_confirmed"
  | "confirm.lead_time_acknowledged"
  | "proof.previous_order_ref"
  | "artwork.use_anyway";

/**
 * What still blocks step 2's Next (R-CUST-14; A-40: a previous order reference for skip_proof;
 * decision 027: a file whose preflight warnings for this method and placement the buyer has not said
 * "Use it anyway" to, where it prints on `product`).
 */
export function missingCustomisation(
  data: CustomisationGate,
  product: Pick<Product, "customizationOptions"> | undefined,
): CustomisationField[] {
  const missing: CustomisationField[] = [];
  if (!data.confirm.rights_confirmed) missing.push("confirm.rights_confirmed");
  if (!data.confirm.lead_time_acknowledged) missing.push("confirm.lead_time_acknowledged");
  if (data.proof.preference === "skip_proof" && data.proof.previous_order_ref.trim() === "") {
    missing.push("proof.previous_order_ref");
  }
  const choice = { product, method: data.branding.method, selections: data.customization_selections };
  if (filesAwaitingConsent(data.artwork.files, choice).length > 0) missing.push("artwork.use_anyway");
  return missing;
}

export function canProceedCustomisation(
  data: CustomisationGate,
  product: Pick<Product, "customizationOptions"> | undefined,
): boolean {
  return missingCustomisation(data, product).length === 0;
}

/**
 * Whether a line's step 2 is done: its draft holds both confirmations (and a skip_proof reference),
 * and a sized product's split adds up to its quantity, as payment requires.
 */
export function isLineCustomised(
  line: CheckoutLineState,
  product: Pick<Product, "title" | "sizingTable" | "customizationOptions"> | undefined,
): boolean {
  if (line.draft === null || !canProceedCustomisation(line.draft.data, product)) return false;
  return !product || sizesComplete(product, line.draft.data.sizes, line.draft.data.quantity);
}

/**
 * Where step 2's Next goes from the line `lineId` (decision 016): the next line in the cart,
 * wrapping round, whose customisation is not done; null when every other line is done, so
 * Next goes to Details. The current line counts as done: its Next is enabled only then.
 */
export function nextLineToCustomise(
  lines: readonly CheckoutLineState[],
  lineId: string,
  products: ProductLookup,
): CheckoutLineState | null {
  const at = lines.findIndex((line) => line.lineId === lineId);
  for (let step = 1; step < lines.length; step++) {
    const line = lines[(at + step + lines.length) % lines.length];
    if (line && line.lineId !== lineId && !isLineCustomised(line, products(line.productId))) return line;
  }
  return null;
}

/**
 * The stepper's completed steps for a cart's checkout (R-STEP-04): the lead draft's, except that
 * step 2 is done only once every line is customised. Without cart lines (a draft opened by its
 * link after its product left the cart) the draft's own.
 */
export function checkoutCompletedSteps(
  lines: readonly CheckoutLineState[],
  lead: StepperDraft | null,
  products: ProductLookup,
): StepNumber[] {
  const steps = completedSteps(lead, lines.length > 0);
  const allCustomised = lines.every((line) => isLineCustomised(line, products(line.productId)));
  return lines.length === 0 || allCustomised ? steps : steps.filter((step) => step !== 2);
}
