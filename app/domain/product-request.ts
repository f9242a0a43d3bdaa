/**
 * "Request this product" (issue 16 item 9): what an empty category page and an empty search offer
 * instead of a dead end. One schema: the page checks it before sending and the action re-checks
 * it, so both sides give the same messages; the request goes to the back office's quote inbox.
 */
import { z } from "zod";
import { EMAIL_MAX_LENGTH, isValidEmail } from "./contact-rules";
import { type IsoDate, londonToday } from "./dates";
import {
  emptyValues,
  type FormErrors,
  type FormParseResult,
  type FormValues,
  isCalendarDate,
  optionalText,
  parseFlatForm,
  requiredText,
  valuesFrom,
} from "./form-rules";

export const PRODUCT_REQUEST_FIELDS = [
  "product",
  "quantity",
  "needed_by",
  "notes",
  "name",
  "email",
  "company",
] as const;
export type ProductRequestField = (typeof PRODUCT_REQUEST_FIELDS)[number];

/** The most one request may ask for; a bigger order is a conversation, not a form. */
export const PRODUCT_REQUEST_MAX_QUANTITY = 1_000_000;

const MAX_LENGTHS: Readonly<Record<ProductRequestField, number>> = {
  product: 200,
  quantity: 9,
  needed_by: 10,
  notes: 2000,
  name: 200,
  email: EMAIL_MAX_LENGTH,
  company: 200,
};

export const PRODUCT_REQUEST_MESSAGES = {
  product: "Tell us which product you need",
  quantity: "Enter how many you need, as a whole number",
  quantityTooLarge: `Enter a quantity up to ${PRODUCT_REQUEST_MAX_QUANTITY.toLocaleString("en-GB")}`,
  neededBy: "Enter the date as a date",
  neededByPast: "Choose today or a later date",
  notes: `Keep your notes under ${MAX_LENGTHS.notes.toLocaleString("en-GB")} characters`,
  name: "Enter your name",
  email: "Enter your work e-mail",
  emailFormat: "Enter an e-mail address in the format name@company.com",
  company: `Keep this under ${MAX_LENGTHS.company} characters`,
} as const;
const M = PRODUCT_REQUEST_MESSAGES;

/** The schema for a request sent on `today` (Europe/London): a needed-by date may not be past. */
export function productRequestSchema(today: IsoDate) {
  return z.object({
    product: requiredText(M.product, MAX_LENGTHS.product),
    quantity: z
      .string()
      .trim()
      .max(MAX_LENGTHS.quantity, { message: M.quantityTooLarge, abort: true })
      .regex(/^\d+$/, M.quantity)
      .transform(Number)
      .pipe(z.number().min(1, M.quantity).max(PRODUCT_REQUEST_MAX_QUANTITY, M.quantityTooLarge)),
    needed_by: optionalText(
      z
        .string()
        .max(MAX_LENGTHS.needed_by, { message: M.neededBy, abort: true })
        .refine(isCalendarDate, { message: M.neededBy, abort: true })
        // ISO dates compare as text.
        .refine((date) => date >= today, M.neededByPast)
        .optional(),
    ),
    notes: optionalText(z.string().max(MAX_LENGTHS.notes, M.notes).optional()),
    name: requiredText(M.name, MAX_LENGTHS.name),
    email: requiredText(M.email, MAX_LENGTHS.email).refine(isValidEmail, M.emailFormat),
    company: optionalText(z.string().max(MAX_LENGTHS.company, M.company).optional()),
  });
}

export type ProductRequest = z.output<ReturnType<typeof productRequestSchema>>;
export type ProductRequestValues = FormValues<ProductRequestField>;
export type ProductRequestErrors = FormErrors<ProductRequestField>;

export const EMPTY_PRODUCT_REQUEST: ProductRequestValues = emptyValues(PRODUCT_REQUEST_FIELDS);

/** The form's fields as strings (a file or a missing field counts as empty). */
export function productRequestValuesFrom(source: { get(name: string): unknown }): ProductRequestValues {
  return valuesFrom(PRODUCT_REQUEST_FIELDS, source);
}

/** Checks a request typed at `now`; a refusal keeps what was typed (app/domain/form-rules.ts). */
export function parseProductRequest(
  values: ProductRequestValues,
  now: Date,
): FormParseResult<ProductRequestField, ProductRequest> {
  return parseFlatForm(productRequestSchema(londonToday(now)), PRODUCT_REQUEST_FIELDS, MAX_LENGTHS, values);
}
