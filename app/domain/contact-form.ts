/**
 * The contact form's one schema (SPEC.md §5 "Contact form", R-CONTACT-02..04): the page checks it
 * before submitting and the action re-checks it, so both sides give the same messages.
 */
import { keysOf } from "./one-of";
import { z } from "zod";
import { EMAIL_MAX_LENGTH, PHONE_MAX_LENGTH, isValidEmail, isValidPhone, phoneErrorMessage } from "./contact-rules";

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

/** A field people never see; only form-filling bots put anything in it (B-22). */
export const CONTACT_HONEYPOT_FIELD = "website";

/** What the enquiry is about; the spec leaves `purpose` free, a short list keeps replies routed. */
export const CONTACT_PURPOSES = {
  quote: "A quote for catalogue products",
  custom_product: "A product that isn't in the catalogue",
  sample: "A branded sample order",
  existing_order: "An order I've already placed",
  other: "Something else",
} as const;
export type ContactPurpose = keyof typeof CONTACT_PURPOSES;
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

// `abort`: zod runs the checks after a failed one too, and the length must stop any pattern (issue 13).
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

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

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
/** The form as typed, every field a string, for re-filling it after an error. */
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export type ContactParseResult =
  | { ok: true; data: ContactInput }
  | { ok: false; errors: ContactErrors; values: ContactValues };

export const EMPTY_CONTACT_VALUES: ContactValues = Object.fromEntries(
  CONTACT_FIELDS.map((field) => [field, ""]),
) as ContactValues;

/** The form's fields as strings (a file or a missing field counts as empty). */
export function contactValuesFrom(source: { get(name: string): unknown }): ContactValues {
  const values = { ...EMPTY_CONTACT_VALUES };
  for (const field of CONTACT_FIELDS) {
    const value = source.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * Checks the typed values; on failure returns the first message per field and the values as typed
 * (B-26), each cut to one character over its field's limit: enough that the error still stands,
 * and a megabyte posted into one field is not sent back in the page (issue 13).
 */
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
  const refill = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, values[field].slice(0, MAX_LENGTHS[field] + 1)]),
  );
  return { ok: false, errors, values: refill as ContactValues };
}
