/**
 * The contact form's one schema (SPEC.md §5 "Contact form", R-CONTACT-02..04): the page checks it
 * before submitting and the action re-checks it, so both sides give the same messages.
 */
import { keysOf } from "../core/one-of";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, isValidEmail, isValidPhone, phoneErrorMessage } from "./contact-rules";
import {
  CONTACT_FIELDS,
  CONTACT_PURPOSES,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from "./contact-fields";
import { type FormParseResult, isCalendarDate, refillValues } from "../core/form-rules";

// The fields and their wording live in contact-fields.ts, which the page loads without zod.
export {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_PURPOSES,
  contactValuesFrom,
  EMPTY_CONTACT_VALUES,
  type ContactErrors,
  type ContactField,
  type ContactPurpose,
  type ContactValues,
} from "./contact-fields";

const PURPOSE_IDS = keysOf(CONTACT_PURPOSES);

/** The longest value each field takes; the schema refuses longer ones before any pattern runs. */
const MAX_LENGTHS: Readonly<Record<ContactField, number>> = {
  first_name: 100,
  last_name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: PHONE_MAX_LENGTH,
  company: 200,
  deadline: 10,
  purpose: Math.max(...PURPOSE_IDS.map((id) => id.length)),
  notes: 5000,
};

// `abort`: zod runs the checks after a failed one too, and the length must stop any pattern (decision 062).
const required = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, { message: `Keep this under ${max} characters`, abort: true });

/** Optional text: blank becomes undefined, so nothing but real input is stored. */
const optional = <T extends z.ZodType<unknown, string | undefined>>(inner: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(inner);

export const contactFormSchema = z.object({
  first_name: required("Enter your first name", MAX_LENGTHS.first_name),
  last_name: required("Enter your last name", MAX_LENGTHS.last_name),
  email: required("Enter your work e-mail", MAX_LENGTHS.email).refine(
    isValidEmail,
    "Enter an e-mail address in the format name@company.com",
  ),
  phone: optional(
    z
      .string()
      .max(MAX_LENGTHS.phone, { message: phoneErrorMessage, abort: true })
      .refine(isValidPhone, phoneErrorMessage)
      .optional(),
  ),
  company: required("Enter your company name", MAX_LENGTHS.company),
  deadline: optional(
    z
      .string()
      .max(MAX_LENGTHS.deadline, { message: "Enter the deadline as a date", abort: true })
      .refine(isCalendarDate, "Enter the deadline as a date")
      .optional(),
  ),
  purpose: optional(z.enum(PURPOSE_IDS, "Choose one of the options").optional()),
  notes: optional(z.string().max(MAX_LENGTHS.notes, "Keep your notes under 5,000 characters").optional()),
});

export type ContactInput = z.output<typeof contactFormSchema>;
export type ContactParseResult = FormParseResult<ContactField, ContactInput>;

/** Checks the typed values; a refusal keeps what was typed (B-26, app/domain/core/form-rules.ts). */
export function parseContactForm(values: ContactValues): ContactParseResult {
  const result = contactFormSchema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (CONTACT_FIELDS as readonly string[]).includes(field)) {
      errors[field as ContactField] ??= issue.message;
    }
  }
  return { ok: false, errors, values: refillValues(CONTACT_FIELDS, MAX_LENGTHS, values) };
}
