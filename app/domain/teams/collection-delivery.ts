/**
 * Where each person's item goes, when a collection asks (decision 092): the buyer chooses not to
 * ask, to ask everyone for a delivery address, or to let each person choose between an address and
 * picking it up at the office. These are the rules of that question: what the buyer may choose, what
 * a person's answer must hold (a postcode checked, and tidied, by its country's format), and how an
 * answer reads on the tally.
 */
import { oneLine } from "../core/one-line";
import { COUNTRIES, COUNTRY_NAMES, type CountryCode, isCountryCode } from "../pricing/checkout";
import { postcodeError, tidyPostcode } from "../pricing/postcodes";

/** What a collection asks about delivery: nothing, an address, or an address or office pickup. */
export const ADDRESS_ASKS = ["no", "address", "address_or_pickup"] as const;
export type AddressAsk = (typeof ADDRESS_ASKS)[number];
export const isAddressAsk = (value: string): value is AddressAsk => (ADDRESS_ASKS as readonly string[]).includes(value);

export type PostalAddress = { line1: string; line2: string; city: string; postcode: string; country: CountryCode };
/** A person's answer about delivery: an address of theirs, or the office. */
export type AnswerDelivery = { kind: "pickup" } | ({ kind: "address" } & PostalAddress);

/** The answer form's fields about delivery; `delivery` is the choice, "address" or "pickup". */
export const DELIVERY_FIELDS = ["delivery", "line1", "line2", "city", "postcode", "country"] as const;
export type DeliveryField = (typeof DELIVERY_FIELDS)[number];

export const DELIVERY_LIMITS = { line: 200, postcode: 16 } as const;
export const DELIVERY_MAX_LENGTHS: Readonly<Record<DeliveryField, number>> = {
  delivery: 10,
  line1: DELIVERY_LIMITS.line,
  line2: DELIVERY_LIMITS.line,
  city: DELIVERY_LIMITS.line,
  postcode: DELIVERY_LIMITS.postcode,
  country: 2,
};

export const DELIVERY_MESSAGES = {
  ask: "Choose whether to ask for delivery addresses.",
  askNeedsNames: "Ask for names too, so every parcel has a name on it.",
  choose: "Choose whether we deliver yours or you pick it up at the office.",
  line1: "Enter the first line of your address.",
  city: "Enter your town or city.",
  postcode: "Enter your postcode.",
  country: "Choose the country, one we deliver to.",
  tooLong: `Keep each line of your address under ${DELIVERY_LIMITS.line} characters.`,
} as const;

/**
 * The person's answer about delivery, as the collection asks it: null when it does not ask, else
 * their address (each line on one line, the postcode as its country writes it) or the office; or
 * each wrong field's message.
 */
export function parseDelivery(
  values: Readonly<Record<DeliveryField, string>>,
  ask: AddressAsk,
): { ok: true; delivery: AnswerDelivery | null } | { ok: false; errors: Partial<Record<DeliveryField, string>> } {
  if (ask === "no") return { ok: true, delivery: null };
  const choice = ask === "address" ? "address" : values.delivery;
  if (choice === "pickup") return { ok: true, delivery: { kind: "pickup" } };
  if (choice !== "address") return { ok: false, errors: { delivery: DELIVERY_MESSAGES.choose } };
  const errors: Partial<Record<DeliveryField, string>> = {};
  const [line1, line2, city] = [oneLine(values.line1), oneLine(values.line2), oneLine(values.city)];
  if (!line1) errors.line1 = DELIVERY_MESSAGES.line1;
  else if (line1.length > DELIVERY_LIMITS.line) errors.line1 = DELIVERY_MESSAGES.tooLong;
  if (line2.length > DELIVERY_LIMITS.line) errors.line2 = DELIVERY_MESSAGES.tooLong;
  if (!city) errors.city = DELIVERY_MESSAGES.city;
  else if (city.length > DELIVERY_LIMITS.line) errors.city = DELIVERY_MESSAGES.tooLong;
  const country = values.country.trim();
  const postcode = oneLine(values.postcode);
  if (!isCountryCode(country)) errors.country = DELIVERY_MESSAGES.country;
  if (!postcode) errors.postcode = DELIVERY_MESSAGES.postcode;
  else if (isCountryCode(country)) {
    const wrong =
      postcode.length > DELIVERY_LIMITS.postcode ? DELIVERY_MESSAGES.postcode : postcodeError(country, postcode);
    if (wrong) errors.postcode = wrong;
  }
  if (Object.keys(errors).length > 0 || !isCountryCode(country)) return { ok: false, errors };
  return {
    ok: true,
    delivery: { kind: "address", line1, line2, city, postcode: tidyPostcode(country, postcode), country },
  };
}

/** The form's values for an answer given: what the person sees when they come back to change it. */
export function deliveryValues(delivery: AnswerDelivery | null): Record<DeliveryField, string> {
  if (delivery?.kind === "address") {
    const { line1, line2, city, postcode, country } = delivery;
    return { delivery: "address", line1, line2, city, postcode, country };
  }
  return { delivery: delivery?.kind ?? "", line1: "", line2: "", city: "", postcode: "", country: "GB" };
}

/** An answer's delivery in one line: "Pick up at the office", or the address with its country. */
export function deliveryText(delivery: AnswerDelivery): string {
  if (delivery.kind === "pickup") return "Pick up at the office";
  const { line1, line2, city, postcode, country } = delivery;
  return [line1, line2, `${city} ${postcode}`, COUNTRY_NAMES[country]].filter(Boolean).join(", ");
}

/** What a person is told of where theirs goes, once they have answered. */
export function deliverySentence(delivery: AnswerDelivery): string {
  return delivery.kind === "pickup" ? "You'll pick it up at the office." : `It goes to ${deliveryText(delivery)}.`;
}

/** How many answers go to an address of their own, and how many to the office. */
export function deliveryCounts(answers: readonly { delivery: AnswerDelivery | null }[]) {
  let addresses = 0;
  let pickups = 0;
  for (const { delivery } of answers) {
    if (delivery?.kind === "address") addresses += 1;
    else if (delivery?.kind === "pickup") pickups += 1;
  }
  return { addresses, pickups };
}

/** The counts as the tally says them: "3 to their own address, 2 to pick up at the office." */
export function deliveryCountsText({ addresses, pickups }: { addresses: number; pickups: number }): string {
  const parts = [`${addresses} to their own address`];
  if (pickups > 0) parts.push(`${pickups} to pick up at the office`);
  return `${parts.join(", ")}.`;
}

/** The countries a person may give, in the order the shop lists them. */
export const DELIVERY_COUNTRIES = COUNTRIES.map((code) => ({ code, name: COUNTRY_NAMES[code] }));
