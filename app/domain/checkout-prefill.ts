/**
 * What a returning buyer finds already filled in on Details and Shipping (issue 16 item 9): name
 * and e-mail from the account they signed up with; company, phone and addresses from their last
 * order. Only blanks are filled: nothing the buyer saved on this draft is ever replaced, and an
 * address is taken whole or not at all, so two addresses are never mixed. Pure.
 */
import { isPlaceholderEmail } from "./auth-rules";
import type { BillingAddress, DraftData, ShippingAddress } from "./draft-schemas";

export type PrefillSources = {
  /** The signed-in account. A phone-only account's e-mail is a placeholder and is never offered. */
  account: { name: string; email: string; phoneNumber?: string | null };
  /** The details and delivery of the buyer's most recent order, if any. */
  lastOrder: Pick<DraftData, "details" | "shipping"> | null;
};

const blank = (text: string) => text.trim() === "";
const orElse = (current: string, ...offers: (string | null | undefined)[]) =>
  blank(current) ? (offers.find((offer) => offer && !blank(offer)) ?? current) : current;

/** The typed parts of a billing address (country has a default, so it never counts as typed). */
const BILLING_TYPED = ["company", "name", "line1", "line2", "city", "postcode"] as const;
const SHIPPING_TYPED = ["company", "firstName", "lastName", "line1", "line2", "city", "postcode", "phone"] as const;

export const isBlankBilling = (billing: BillingAddress) => BILLING_TYPED.every((key) => blank(billing[key]));
export const isBlankShipping = (address: ShippingAddress) => SHIPPING_TYPED.every((key) => blank(address[key]));

/**
 * The draft with its blanks filled from the account and the last order:
 * - contact name and e-mail from the account (else the last order's), company and phone from the
 *   last order (else the account's phone);
 * - a blank billing address becomes the last order's, with its choice of shipping to it;
 * - a blank delivery address, when the buyer does not ship to the billing address, becomes the
 *   last order's.
 */
export function prefillCheckout(data: DraftData, sources: PrefillSources): DraftData {
  const { account, lastOrder } = sources;
  const last = lastOrder?.details;
  const email = isPlaceholderEmail(account.email) ? "" : account.email;
  let details = {
    ...data.details,
    contact_name: orElse(data.details.contact_name, account.name, last?.contact_name),
    email: orElse(data.details.email, email, last?.email),
    company: orElse(data.details.company, last?.company),
    phone: orElse(data.details.phone, last?.phone, account.phoneNumber),
  };
  if (last && isBlankBilling(details.billing) && !isBlankBilling(last.billing)) {
    details = {
      ...details,
      billing: { ...last.billing },
      use_billing_as_shipping: details.use_billing_as_shipping && last.use_billing_as_shipping,
    };
  }
  let shipping = data.shipping;
  const lastAddress = lastOrder?.shipping.address;
  if (
    lastAddress &&
    !details.use_billing_as_shipping &&
    isBlankShipping(shipping.address) &&
    !isBlankShipping(lastAddress)
  ) {
    shipping = { ...shipping, address: { ...lastAddress } };
  }
  return { ...data, details, shipping };
}
