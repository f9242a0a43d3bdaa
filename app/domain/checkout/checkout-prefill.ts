/**
 * What a returning buyer finds already filled in on Details and Shipping: name
 * and e-mail from the account they signed up with; company, phone and addresses from their last
 * order. Only blanks are filled: nothing the buyer saved on this draft is ever replaced, and an
 * address is taken whole or not at all, so two addresses are never mixed. Pure.
 */
import { isPlaceholderEmail } from "../people/auth-rules";
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
 * - the VAT number from the last order, when the company it belongs to is the one
 *   this draft orders for: a VAT number is the company's, and one typed company's never labels another;
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
  if (last && blank(details.vat_number) && !blank(last.company) && same(details.company) === same(last.company)) {
    details = { ...details, vat_number: last.vat_number };
  }
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

// ---------------------------------------------------------------------------------------------
// Addresses used before: offered on Details and Shipping as choices that fill the form

/** At most this many of each kind are offered. */
export const SAVED_ADDRESS_LIMIT = 5;

export type SavedAddresses = { billing: BillingAddress[]; delivery: ShippingAddress[] };

/** Case, spacing and a postcode's inner space don't make two addresses different. */
const same = (text: string) => text.trim().toLowerCase().split(/\s/).filter(Boolean).join(" ");
const postcodeKey = (text: string) => text.toUpperCase().split(/\s/).join("");

const billingKey = (a: BillingAddress) =>
  [a.company, a.name, a.line1, a.line2, a.city].map(same).concat(postcodeKey(a.postcode), a.country).join("|");
const deliveryKey = (a: ShippingAddress) =>
  [a.company, a.firstName, a.lastName, a.line1, a.line2, a.city, a.phone]
    .map(same)
    .concat(postcodeKey(a.postcode), a.country)
    .join("|");

function distinct<T>(items: readonly T[], key: (item: T) => string, limit: number): T[] {
  const seen = new Set<string>();
  const kept: T[] = [];
  for (const item of items) {
    const k = key(item);
    if (seen.has(k)) continue;
    seen.add(k);
    kept.push(item);
    if (kept.length === limit) break;
  }
  return kept;
}

/**
 * The billing and delivery addresses of earlier orders, newest first (`orders` comes newest
 * first), each once however it was typed, blanks left out, at most `limit` of each.
 */
export function savedAddresses(
  orders: readonly Pick<DraftData, "details" | "shipping">[],
  limit: number = SAVED_ADDRESS_LIMIT,
): SavedAddresses {
  const billing = orders.map((o) => o.details.billing).filter((a) => !isBlankBilling(a));
  const delivery = orders.map((o) => o.shipping.address).filter((a) => !isBlankShipping(a));
  return {
    billing: distinct(billing, billingKey, limit).map((a) => ({ ...a })),
    delivery: distinct(delivery, deliveryKey, limit).map((a) => ({ ...a })),
  };
}

/** One line that tells a saved address apart: "Jane Smith, Acme Ltd, 1 Canal Street, London N1 9AA". */
export function addressLabel(address: BillingAddress | ShippingAddress): string {
  const name = "firstName" in address ? [address.firstName, address.lastName].join(" ") : address.name;
  const place = [address.city, address.postcode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(" ");
  return [name, address.company, address.line1, address.line2, place, address.country === "GB" ? "" : address.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
}

/** Whether the form already holds this address (its option then shows as chosen). */
export const isSameBilling = (a: BillingAddress, b: BillingAddress) => billingKey(a) === billingKey(b);
export const isSameDelivery = (a: ShippingAddress, b: ShippingAddress) => deliveryKey(a) === deliveryKey(b);
