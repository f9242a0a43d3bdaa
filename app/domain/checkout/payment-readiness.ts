/**
 * Whether a draft may be paid for (REQUIREMENTS B-2 step 2, B-22, A-40), and the payment step's
 * messages. Pure: app/server/payments/payment-start.server.ts asks it before pricing a payment.
 */
import type { Product } from "~/catalogue/types";
import type { ShippingMethod } from "../pricing/checkout";
import { canProceedDetails } from "./details-rules";
import { canProceedCustomisation } from "./customisation-gate";
import {
  NO_DRAFT_MESSAGE,
  canProceedShipping,
  customisationPart,
  customisationProductErrors,
  isDraftStatus,
  statusAtLeast,
  type DraftData,
} from "./draft";
import { readDraftData } from "./draft-schemas";
import { belowMinimumMessage } from "./cart-rules";
import { sizesComplete } from "../pricing/sizes";

export const PAYMENT_MESSAGES = {
  /** R-PAY-01. */
  signIn: "Please sign in to continue to payment.",
  noDraft: NO_DRAFT_MESSAGE,
  productMismatch: "This draft is for a different product. Go back to your cart and open the payment step again.",
  alreadyPaid: "This order has already been paid.",
  /** Decision 035: an organisation's checkout, after the buyer left that organisation. */
  notActingFor:
    "This checkout was started for an organisation you no longer belong to. Start again from your cart to order for yourself.",
  processing: "Your payment is being processed. We'll e-mail you as soon as it's confirmed.",
  providerDown: "The payment provider is not responding. Nothing was charged; please try again.",
  /** A-1, when the Stripe keys are half set. */
  unavailable: "Payments are temporarily unavailable. Please contact us.",
  rateLimited: "Too many payment attempts. Please wait a minute and try again.",
  /** SPEC.md §8 "Payment confirmation failure". */
  failedDefault: "Payment failed. Please try again.",
  paymentNotFound: "This payment could not be found. Reload the payment page and try again.",
  paymentReplaced: "This payment was replaced by a newer one. Reload the payment page and try again.",
  changed: "Your order changed while the payment was being prepared. Please try again.",
  invalidDraft: "Some details of this order are no longer valid. Please review the checkout steps.",
  unknownProduct: "We don't sell that product any more.",
  belowMinimum: belowMinimumMessage,
  incomplete: {
    customisation: "Complete the Customisation step before paying.",
    /** A cart line other than the one whose draft carries the checkout (decision 016). */
    line: (title: string) => `Complete the Customisation step for your ${title} before paying.`,
    details: "Complete the Details step before paying.",
    shipping: "Complete the Shipping step before paying.",
  },
} as const;

export type DraftReadiness =
  | { ok: true; data: DraftData; product: Product; method: ShippingMethod }
  | { ok: false; message: string };

/**
 * Whether a draft may be paid for: the row's status has reached shipping_done, the JSON fits the
 * draft schema, both confirmations are ticked (and a previous order reference for skip_proof,
 * A-40), the customisation fits the product, and the details and shipping steps pass their Next
 * rules. The message names the first step to finish.
 */
export function paymentReadiness(
  row: { productId: string; status: string; data: unknown },
  product: Product | undefined,
): DraftReadiness {
  const line = lineReadiness(row, product, () => PAYMENT_MESSAGES.incomplete.customisation);
  if (!line.ok) return line;
  const { data } = line;
  if (!canProceedDetails(data.details)) return { ok: false, message: PAYMENT_MESSAGES.incomplete.details };
  const method = data.shipping.method;
  if (!canProceedShipping(data.shipping) || method === null)
    return { ok: false, message: PAYMENT_MESSAGES.incomplete.shipping };
  if (!isDraftStatus(row.status) || !statusAtLeast(row.status, "shipping_done")) {
    return { ok: false, message: PAYMENT_MESSAGES.incomplete.shipping };
  }
  return { ok: true, data, product: line.product, method };
}

/**
 * Why a checkout cannot be paid for a line below its product's MOQ that no quote prices (decision
 * 087: fewer than the MOQ hold only at the price of the quote that agreed them); null when none is.
 */
export function unagreedBelowMinimum(
  lines: readonly { productId: string; quantity: number; quotedUnitPence?: number }[],
  products: (id: string) => Pick<Product, "title" | "moq"> | undefined,
): string | null {
  for (const line of lines) {
    const product = products(line.productId);
    if (product && line.quantity < product.moq && line.quotedUnitPence === undefined)
      return PAYMENT_MESSAGES.belowMinimum(product.title, line.quantity, product.moq);
  }
  return null;
}

export type LineReadiness = { ok: true; data: DraftData; product: Product } | { ok: false; message: string };

/**
 * Whether one line's draft may be paid for (decision 016): the JSON fits the draft schema, both
 * confirmations are ticked (and a previous order reference for skip_proof, A-40), a sized
 * product's size breakdown sums to its quantity and the customisation fits the
 * product. An unfinished step 2 is refused with `incomplete(title)`: the
 * checkout's own line and the cart's other lines word it differently. A quantity below the MOQ
 * is left to the pricing, where only a quote that agreed it lets it through (decision 087).
 */
export function lineReadiness(
  row: { productId: string; status: string; data: unknown },
  product: Product | undefined,
  incomplete: (title: string) => string = PAYMENT_MESSAGES.incomplete.line,
): LineReadiness {
  if (!product) return { ok: false, message: PAYMENT_MESSAGES.unknownProduct };
  const data = readDraftData({ data: row.data, productId: row.productId, status: row.status });
  if (!data) return { ok: false, message: PAYMENT_MESSAGES.invalidDraft };
  if (
    !canProceedCustomisation(data, product) ||
    !sizesComplete(product, data.sizes, data.quantity) ||
    Object.keys(customisationProductErrors(product, customisationPart(data), data.quantity)).length > 0
  ) {
    return { ok: false, message: incomplete(product.title) };
  }
  return { ok: true, data, product };
}
