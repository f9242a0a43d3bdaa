/**
 * The spec's four products as tests hand them to the checkout's rules, which receive the products
 * they price and check (docs/decisions/066): the same products the database's seed rows hold.
 */
import { findProductById } from "~/catalogue/catalogue";
import type { ProductLookup } from "~/catalogue/lookup";
import { canProceedCustomisation, missingCustomisation } from "~/domain/checkout/customisation-gate";
import type { CustomisationGate } from "~/domain/checkout/draft";
import { buildInitialDraft, type DraftData } from "~/domain/checkout/draft-schemas";
import type { DraftCartLine } from "~/domain/core/draft-base";

export const specProducts: ProductLookup = findProductById;

/** Step 2's starting point for a cart line of one of the spec's products. */
export const initialDraft = (line: DraftCartLine, existing?: DraftData | null): DraftData =>
  buildInitialDraft(line, findProductById(line.productId), existing);

/** What still blocks step 2's Next for a draft of one of the spec's products. */
export const missingFor = (data: CustomisationGate) => missingCustomisation(data, findProductById(data.product_id));
export const canProceed = (data: CustomisationGate) => canProceedCustomisation(data, findProductById(data.product_id));
