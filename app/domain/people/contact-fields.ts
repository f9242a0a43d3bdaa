/**
 * The contact form's fields and their wording, without its schema (app/domain/people/contact-form.ts):
 * the page renders the form from these, and fetches the schema, with zod, only when the visitor
 * reaches for the form (the JavaScript budget, decision 008).
 */
import { emptyValues, type FormErrors, type FormValues, HONEYPOT_FIELD, valuesFrom } from "../core/form-rules";

export const CONTACT_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "company",
  "deadline",
  "purpose",
  "notes",
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The spam trap's field (B-22, app/domain/core/form-rules.ts). */
export const CONTACT_HONEYPOT_FIELD = HONEYPOT_FIELD;

/** What the enquiry is about; the spec leaves `purpose` free, a short list keeps replies routed. */
export const CONTACT_PURPOSES = {
  quote: "A quote for catalogue products",
  custom_product: "A product that isn't in the catalogue",
  sample: "A branded sample order",
  existing_order: "An order I've already placed",
  other: "Something else",
} as const;
export type ContactPurpose = keyof typeof CONTACT_PURPOSES;

/** The form as typed, every field a string, for re-filling it after an error. */
export type ContactValues = FormValues<ContactField>;
export type ContactErrors = FormErrors<ContactField>;

export const EMPTY_CONTACT_VALUES: ContactValues = emptyValues(CONTACT_FIELDS);

/** The form's fields as strings (a file or a missing field counts as empty). */
export function contactValuesFrom(source: { get(name: string): unknown }): ContactValues {
  return valuesFrom(CONTACT_FIELDS, source);
}
