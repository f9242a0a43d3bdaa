/**
 * What blocks step 2's Next: the confirmations, a previous order's reference, and artwork files whose
 * preflight warnings the buyer has not accepted. Apart from ./draft because it reads the preflight's
 * rules, which the later steps' pages have no use for.
 */
import type { Product } from "~/catalogue/types";
import { filesAwaitingConsent } from "./artwork-preflight";
import type { DraftData } from "./draft-schemas";

export type CustomisationField =
  | "confirm.rights_confirmed"
  | "confirm.lead_time_acknowledged"
  | "proof.previous_order_ref"
  | "artwork.use_anyway";

/** What step 2's Next reads of a draft. */
export type CustomisationGate = Pick<
  DraftData,
  "confirm" | "proof" | "artwork" | "branding" | "customization_selections" | "product_id"
>;

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
