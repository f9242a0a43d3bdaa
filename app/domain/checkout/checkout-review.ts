/**
 * The final review before payment: what the order will say about who is billed,
 * where it goes, the buyer's references and dates, each with the step that changes it. Pure: the
 * payment step's loader gives it the draft and the products of the order's lines.
 */
import { addressLines, SHIPPING_METHODS } from "../pricing/checkout";
import type { IsoDate } from "../core/dates";
import type { DeliveryTimes } from "../fulfilment/delivery";
import { joinName } from "../people/person-names";
import type { DraftData } from "./draft-schemas";
import { approveByDate } from "../fulfilment/need-by";

export type CheckoutReview = {
  billTo: string[];
  /** The delivery address, the billing address's when the buyer ships there. */
  shipTo: string[];
  shipsToBilling: boolean;
  method: string | null;
  poRef: string;
  vatNumber: string;
  needBy: IsoDate | null;
  /** The last day to approve the proof for delivery by needBy; null without one. */
  approveBy: IsoDate | null;
};

export function checkoutReview(data: DraftData, products: readonly DeliveryTimes[]): CheckoutReview {
  const { details, shipping } = data;
  const billing = details.billing;
  const billTo = addressLines(
    [billing.company, billing.name, billing.line1, billing.line2, billing.city, billing.postcode],
    billing.country,
  );
  const address = shipping.address;
  const name = address.name.trim() || joinName(address.firstName, address.lastName);
  const shipTo = details.use_billing_as_shipping
    ? billTo
    : addressLines(
        [address.company, name, address.line1, address.line2, address.city, address.postcode],
        address.country,
      );
  const needBy = shipping.need_by;
  const approveBy =
    needBy && products.length > 0 ? approveByDate({ products, method: shipping.method ?? "standard", needBy }) : null;
  return {
    billTo,
    shipTo,
    shipsToBilling: details.use_billing_as_shipping,
    method: shipping.method ? SHIPPING_METHODS[shipping.method].label : null,
    poRef: details.po_ref.trim(),
    vatNumber: details.vat_number.trim(),
    needBy,
    approveBy,
  };
}
