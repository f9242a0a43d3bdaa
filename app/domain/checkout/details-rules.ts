/**
 * The Details step's rules (R-DET-08..10; the VAT number, decision 018): what is missing, what is
 * wrong, and whether Next may be pressed. Apart from draft.ts so the VAT number's rules (and jsvat)
 * reach only the pages that ask them (Details, payment), not every page that loads the draft's rules.
 * Pure: the Details page, the server's status rule (draft-plan.server.ts) and the payment's readiness
 * check call these.
 */
import { isValidEmail, isValidPhone, phoneErrorMessage } from "../people/contact-rules";
import { EMAIL_ERROR_MESSAGE } from "./draft";
import type { DraftDetails } from "./draft-schemas";
import { postcodeError } from "../pricing/postcodes";
import { vatNumberError } from "../pricing/vat-number";

export const DETAILS_REQUIRED_FIELDS = [
  "contact_name",
  "email",
  "company",
  "phone",
  "billing.name",
  "billing.line1",
  "billing.city",
  "billing.postcode",
  "billing.country",
] as const;
export type DetailsField = (typeof DETAILS_REQUIRED_FIELDS)[number] | "tos_accepted";

function detailsValue(details: DraftDetails, field: (typeof DETAILS_REQUIRED_FIELDS)[number]): string {
  switch (field) {
    case "billing.name":
      return details.billing.name;
    case "billing.line1":
      return details.billing.line1;
    case "billing.city":
      return details.billing.city;
    case "billing.postcode":
      return details.billing.postcode;
    case "billing.country":
      return details.billing.country;
    default:
      return details[field];
  }
}

/** Required details still blank after trimming, plus 'tos_accepted' while unticked (R-DET-08). No messages: see detailsErrors. */
export function missingDetails(details: DraftDetails): DetailsField[] {
  const missing: DetailsField[] = DETAILS_REQUIRED_FIELDS.filter((field) => detailsValue(details, field).trim() === "");
  if (!details.tos_accepted) missing.push("tos_accepted");
  return missing;
}

/**
 * Messages for filled-in fields that are wrong (R-DET-09/10): the e-mail pattern, the phone rule,
 * the VAT number (decision 018) and a GB billing postcode's format. A blank
 * field gets no message (R-DET-10) but a blank required one still blocks Next (missingDetails()).
 */
export function detailsErrors(details: DraftDetails) {
  const errors: Partial<Record<"email" | "phone" | "vat_number" | "billing.postcode", string>> = {};
  if (details.email.trim() !== "" && !isValidEmail(details.email)) errors.email = EMAIL_ERROR_MESSAGE;
  if (!isValidPhone(details.phone)) errors.phone = phoneErrorMessage;
  const vatNumber = vatNumberError(details.vat_number);
  if (vatNumber) errors.vat_number = vatNumber;
  const postcode = postcodeError(details.billing.country, details.billing.postcode);
  if (postcode) errors["billing.postcode"] = postcode;
  return errors;
}

/** R-DET-08: every required field filled, e-mail and phone valid, terms accepted. */
export function canProceedDetails(details: DraftDetails): boolean {
  return missingDetails(details).length === 0 && Object.keys(detailsErrors(details)).length === 0;
}
