/**
 * The order draft (SPEC.md §3 "Draft data", §4 draft states, §5; REQUIREMENTS R-STEP, R-CUST,
 * R-DET, R-SHIP, R-PROOF, R-DRAFT): the step rules that the pages and app/server/checkout/drafts.server.ts
 * share. The schemas of `order_drafts.data` and of each step's patch are in draft-schemas.ts, which
 * the browser never loads (zod would add 24 kB to every checkout step).
 * Pure: no I/O, no React. Money is integer pence, dates are ISO 'YYYY-MM-DD' in Europe/London.
 *
 * Text limits (characters) are in DRAFT_LIMITS. Strings are stored as typed (autosave runs while
 * the buyer is still typing); "required" and format rules are the canProceed… checks, which trim.
 */
import type { Product } from "~/catalogue/types";
import { BRANDING_METHODS, type BrandingMethod } from "../pricing/checkout";
import { isValidPhone, phoneErrorMessage } from "../people/contact-rules";
import type { IsoDate } from "../core/dates";
import { joinName, splitName } from "../people/person-names";
import type { CustomisationPatch, DraftData, DraftDetails, DraftShipping, ShippingAddress } from "./draft-schemas";
import type { FieldErrors } from "../core/field-errors";
import { postcodeError } from "../pricing/postcodes";
import { agreedMinimum, maxQuantity } from "../pricing/pricing";
import { sizesShapeError } from "../pricing/sizes";
import { colourOf } from "~/catalogue/lookup";

// ---------------------------------------------------------------------------------------------
// Texts

/** R-ERR-16: the details, shipping and later steps without a draft. */
export const NO_DRAFT_MESSAGE = "No draft found.";
/** R-DRAFT-01, R-ERR-10: a save without an account id, a user id or a product. */
export const MISSING_SAVE_DATA_MESSAGE = "Missing required data for save";
/** the red box's title; its body is saveErrorMessage(). */
export const SAVE_ERROR_TITLE = "Save Error:";
/** The two confirmations of the customisation step, exactly as R-CUST-12/13 give them. */
export const CONFIRMATION_LABELS = {
  rights_confirmed: "I confirm I have the rights to use the supplied artwork.",
  lead_time_acknowledged: "I understand lead time starts after payment and proof approval.",
} as const;
export const EMAIL_ERROR_MESSAGE = "Enter an e-mail address in the format name@company.com";
/** skip_proof repeats an earlier order, so it must say which one. */
export const PREVIOUS_ORDER_REF_MESSAGE = "Enter the reference of the order you want to repeat";
export { phoneErrorMessage };
export * from "../core/draft-base";
export * from "./draft-totals";
export type { IsoDate };
export type * from "./draft-schemas";

/** The server's answers to a draft save it refuses (drafts.server.ts, artwork.server.ts). */
export const DRAFT_MESSAGES = {
  invalid: "Some fields need attention.",
  conflict: "This draft was changed in another tab or window, so the latest version has been loaded.",
  locked: "This order has been paid, so it can't be changed. You'll find it under your orders.",
  paymentInFlight: "Your payment is being processed, so this order can't be changed now.",
  unknownProduct: "We don't sell that product.",
  colourOnAnotherLine: (colour: string) =>
    `Your cart already has this product in ${colour} as a line of its own: change that line, or choose another colour.`,
} as const;

/** 'Save failed: ' + (message || 'Unknown error'). */
export function saveErrorMessage(message?: string | null): string {
  return `Save failed: ${message || "Unknown error"}`;
}

// ---------------------------------------------------------------------------------------------
// Steps

export const DRAFT_STEPS = ["customisation", "details", "shipping", "proofing"] as const;
export type DraftStep = (typeof DRAFT_STEPS)[number];

/** Step 2's part of a draft (the rest belongs to later steps and is never sent from step 2). */
export type CustomisationForm = Pick<
  DraftData,
  | "variant"
  | "quantity"
  | "branding"
  | "proof"
  | "confirm"
  | "notes"
  | "handwritten_note"
  | "customization_selections"
  | "sizes"
> & { artwork: { email_later: boolean } };

/** The step-2 part of a draft, as createDraft() and the customisation autosave send it. */
export function customisationPart(data: DraftData): CustomisationForm {
  return {
    variant: { ...data.variant },
    quantity: data.quantity,
    branding: { ...data.branding },
    proof: { ...data.proof },
    artwork: { email_later: data.artwork.email_later },
    confirm: { ...data.confirm },
    notes: data.notes,
    handwritten_note: data.handwritten_note,
    customization_selections: [...data.customization_selections],
    sizes: data.sizes.map((entry) => ({ ...entry })),
  };
}

// ---------------------------------------------------------------------------------------------
// Step 2: customisation (what blocks its Next is ./customisation-gate)

/** What step 2's Next reads of a draft. */
export type CustomisationGate = Pick<
  DraftData,
  "confirm" | "proof" | "artwork" | "branding" | "customization_selections" | "product_id"
>;

/** "Laser engraving isn't offered for the Custom Embroidered Cap: choose Embroidery or DTF transfer." */
export function brandingMethodMessage(product: Product, method: BrandingMethod): string {
  const labels = product.branding.methods.map((offered) => BRANDING_METHODS[offered]);
  const choices = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}` : labels.join("");
  return `${BRANDING_METHODS[method]} isn't offered for the ${product.title}: choose ${choices}.`;
}

/**
 * Checks of a step-2 patch that need the product (the server runs them; the page can too):
 * quantity within [MOQ, max] (refused, not silently changed, as the cart does) or exactly the
 * `agreed` quantity below the MOQ (decision 087), a colour the product is made in, customisations
 * and a branding method the product offers, a handwritten note only where allowed.
 */
export function customisationProductErrors(product: Product, patch: CustomisationPatch, agreed?: number): FieldErrors {
  const errors: FieldErrors = {};
  const max = maxQuantity(product.tiers);
  const minimum = agreedMinimum(product, agreed);
  if (patch.quantity !== undefined && (patch.quantity < minimum || patch.quantity > max)) {
    errors.quantity = `Order between ${minimum} and ${max.toLocaleString("en-GB")} of ${product.title}.`;
  }
  const hex = patch.variant?.color_hex;
  if (hex && !colourOf(product, hex)) errors["variant.color_hex"] = "Choose one of this product's colours";
  const offered = new Set(product.customizationOptions.map((option) => option.title));
  if (patch.customization_selections?.some((title) => !offered.has(title))) {
    errors.customization_selections = "Choose from this product's customisations";
  }
  const method = patch.branding?.method;
  if (method !== undefined && !product.branding.methods.includes(method)) {
    errors["branding.method"] = brandingMethodMessage(product, method);
  }
  const sizesError = patch.sizes === undefined ? null : sizesShapeError(product, patch.sizes);
  if (sizesError) errors.sizes = sizesError;
  if (patch.handwritten_note === true && !product.allowHandwrittenNote) {
    errors.handwritten_note = "This product can't come with a handwritten note";
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Step 3: details

/**
 * R-DET-06: while 'use billing as shipping' is on, the billing address becomes the ship-to
 * address. The phone is the contact phone while the shipping phone is blank or still the copy of
 * the contact phone as it was (`before`), so a corrected contact phone reaches step 4; a phone
 * typed on step 4 is kept. The billing name is split. Billing company is optional but
 * the ship-to company is required (R-SHIP-07), so the contact's company fills in for a blank one.
 * Method and notes are kept.
 */
export function applyBillingAsShipping(
  details: DraftDetails,
  shipping: DraftShipping,
  before: Pick<DraftDetails, "phone"> = details,
): DraftShipping {
  const { billing } = details;
  const shippingPhone = shipping.address.phone.trim();
  const phoneIsCopy = shippingPhone === "" || shippingPhone === before.phone.trim();
  const { firstName, lastName } = splitName(billing.name);
  const address: ShippingAddress = {
    company: billing.company.trim() !== "" ? billing.company : details.company,
    firstName,
    lastName,
    name: joinName(firstName, lastName),
    line1: billing.line1,
    line2: billing.line2,
    city: billing.city,
    postcode: billing.postcode,
    country: billing.country,
    phone: phoneIsCopy ? details.phone : shipping.address.phone,
  };
  return { ...shipping, address };
}

/** The delivery-address fields the billing copy writes; the phone is the courier's, not billing's. */
const COPIED_FROM_BILLING = [
  "company",
  "firstName",
  "lastName",
  "line1",
  "line2",
  "city",
  "postcode",
  "country",
] as const;

/**
 * Whether a shipping-step patch changes the delivery address away from the billing copy while
 * "use billing as shipping" is on. Then the tick comes off with that save, so a
 * later Details save can no longer copy billing over what the buyer typed on step 4.
 */
export function leavesBillingCopy(
  details: DraftDetails,
  shipping: DraftShipping,
  patch: Partial<ShippingAddress> | undefined,
): boolean {
  if (!details.use_billing_as_shipping || !patch) return false;
  const copy = applyBillingAsShipping(details, shipping).address;
  return COPIED_FROM_BILLING.some((key) => patch[key] !== undefined && patch[key] !== copy[key]);
}

// ---------------------------------------------------------------------------------------------
// Step 4: shipping

/**
 * R-SHIP-02: first name, last name and phone come from the details step where the ship-to
 * fields are empty. The name is the billing name (the addressee of the invoice), else the
 * contact name, split. Fields the buyer already typed are never replaced.
 */
export function prefillShipping(details: DraftDetails, shipping: DraftShipping): DraftShipping {
  const source = details.billing.name.trim() !== "" ? details.billing.name : details.contact_name;
  const split = splitName(source);
  const current = shipping.address;
  const firstName = current.firstName.trim() !== "" ? current.firstName : split.firstName;
  const lastName = current.lastName.trim() !== "" ? current.lastName : split.lastName;
  const phone = current.phone.trim() !== "" ? current.phone : details.phone;
  return { ...shipping, address: { ...current, firstName, lastName, phone, name: joinName(firstName, lastName) } };
}

export const SHIPPING_REQUIRED_FIELDS = [
  "address.company",
  "address.firstName",
  "address.lastName",
  "address.line1",
  "address.city",
  "address.postcode",
  "address.country",
  "address.phone",
] as const;
export type ShippingField = (typeof SHIPPING_REQUIRED_FIELDS)[number] | "method";

/** Required ship-to fields blank after trimming, plus 'method' while none is chosen (R-SHIP-07). */
export function missingShipping(shipping: DraftShipping): ShippingField[] {
  const address = shipping.address;
  const values: Record<(typeof SHIPPING_REQUIRED_FIELDS)[number], string> = {
    "address.company": address.company,
    "address.firstName": address.firstName,
    "address.lastName": address.lastName,
    "address.line1": address.line1,
    "address.city": address.city,
    "address.postcode": address.postcode,
    "address.country": address.country,
    "address.phone": address.phone,
  };
  const missing: ShippingField[] = SHIPPING_REQUIRED_FIELDS.filter((field) => values[field].trim() === "");
  if (shipping.method === null) missing.push("method");
  return missing;
}

/**
 * the courier's phone follows the same rule, with the same message, as the details phone;
 * a GB ship-to postcode is checked by its format, as the billing one is.
 */
export function shippingErrors(shipping: DraftShipping): Partial<Record<"address.phone" | "address.postcode", string>> {
  const errors: Partial<Record<"address.phone" | "address.postcode", string>> = {};
  if (!isValidPhone(shipping.address.phone)) errors["address.phone"] = phoneErrorMessage;
  const postcode = postcodeError(shipping.address.country, shipping.address.postcode);
  if (postcode) errors["address.postcode"] = postcode;
  return errors;
}

/** R-SHIP-07 with A-39. line2 and notes are optional. */
export function canProceedShipping(shipping: DraftShipping): boolean {
  return missingShipping(shipping).length === 0 && Object.keys(shippingErrors(shipping)).length === 0;
}
