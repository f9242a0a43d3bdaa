/**
 * Changing a paid order before production (docs/decisions/046-order-edits.md):
 * staff correct the delivery address or a sized line's split while the order has not gone to the
 * factory. The money never moves here: the country (which decides VAT and shipping) and the
 * quantities (which decide the price) stay as paid. A change is recorded on the order's history
 * with what it was and what it is, for staff and the buyer alike.
 */
import { z } from "zod";
import type { Product } from "~/catalogue/types";
import { addressLines } from "../pricing/checkout";
import { missingShipping, shippingErrors } from "../checkout/draft";
import { joinName } from "../people/person-names";
import { addressFields, type DraftShipping, type ShippingAddress } from "../checkout/draft-schemas";
import type { FieldErrors } from "../core/field-errors";
import type { OrderStatus } from "../fulfilment/orders";
import { describeSizes, normaliseSizes, type SizeBreakdown, sizesMismatch, sizesShapeError } from "../pricing/sizes";

/** The statuses in which an order may still be changed: paid or awaiting its money, not yet made. */
export const ORDER_EDITABLE_STATUSES = [
  "awaiting_transfer",
  "on_account",
  "paid",
  "proof_sent",
  "changes_requested",
  "proof_approved",
] as const satisfies readonly OrderStatus[];

export function isOrderEditable(status: OrderStatus): boolean {
  return (ORDER_EDITABLE_STATUSES as readonly OrderStatus[]).includes(status);
}

export const ORDER_EDIT_MESSAGES = {
  notEditable: "This order has gone into production: its address and sizes can no longer be changed here.",
  unchanged: "Nothing was changed.",
  required: "Required",
  noSizes: "This line has no sizes to change.",
} as const;

/** The ship-to fields staff may correct, held to step 4's rules; the country stays as paid (it decided VAT and shipping). */
export const shipToEditSchema = z.object(addressFields).omit({ country: true });
export type ShipToEdit = z.output<typeof shipToEditSchema>;

/** An address on one line, as the history says it. */
export function oneLineAddress(address: ShippingAddress): string {
  return [
    address.name,
    address.company,
    ...addressLines([address.line1, address.line2, address.city, address.postcode], address.country),
    address.phone,
  ]
    .filter((part) => part.trim() !== "")
    .join(", ");
}

/**
 * The order's address with the edit applied, checked as step 4 checks it (the same required
 * fields, phone and postcode rules), or the fields to correct.
 */
export function editShipTo(
  current: DraftShipping,
  edit: ShipToEdit,
): { ok: true; address: ShippingAddress; note: string } | { ok: false; fieldErrors: FieldErrors } {
  const address: ShippingAddress = {
    ...current.address,
    ...edit,
    name: joinName(edit.firstName, edit.lastName),
    country: current.address.country,
  };
  const shipping = { ...current, address };
  const fieldErrors: FieldErrors = {};
  for (const field of missingShipping(shipping))
    if (field !== "method") fieldErrors[field] = ORDER_EDIT_MESSAGES.required;
  for (const [field, message] of Object.entries(shippingErrors(shipping))) fieldErrors[field] ??= message;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  const before = oneLineAddress(current.address);
  const after = oneLineAddress(address);
  if (before === after) return { ok: false, fieldErrors: { "": ORDER_EDIT_MESSAGES.unchanged } };
  return { ok: true, address, note: `Delivery address changed from "${before}" to "${after}".` };
}

/**
 * A sized line's new split: the product's sizes, whole numbers, adding up to the quantity paid for.
 * Returns the split as stored and the history's words, or why it cannot be taken.
 */
export function editSizes(
  product: Pick<Product, "title" | "sizingTable">,
  line: { quantity: number; sizes: SizeBreakdown },
  sizes: SizeBreakdown,
): { ok: true; sizes: SizeBreakdown; note: string } | { ok: false; message: string } {
  if (line.sizes.length === 0 && !product.sizingTable) return { ok: false, message: ORDER_EDIT_MESSAGES.noSizes };
  const wrong = sizesShapeError(product, sizes) ?? sizesMismatch(product, sizes, line.quantity);
  if (wrong) return { ok: false, message: wrong };
  const stored = normaliseSizes(product, sizes);
  const before = describeSizes(line.sizes);
  const after = describeSizes(stored);
  if (before === after) return { ok: false, message: ORDER_EDIT_MESSAGES.unchanged };
  return { ok: true, sizes: stored, note: `${product.title}: sizes changed from ${before} to ${after}.` };
}
