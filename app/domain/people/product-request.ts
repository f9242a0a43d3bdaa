/**
 * "Request this product": what an empty category page and an empty search offer
 * instead of a dead end. One check, both sides: the page runs it before sending and the action runs
 * it again, so both give the same messages; the request goes to the back office's quote inbox.
 * Written without zod, so the catalogue pages that carry the form stay light (docs/decisions/008).
 */
import { EMAIL_MAX_LENGTH, isValidEmail } from "./contact-rules";
import { type IsoDate, londonToday } from "../core/dates";
import {
  emptyValues,
  type FormErrors,
  type FormParseResult,
  type FormValues,
  isCalendarDate,
  refillValues,
  valuesFrom,
} from "../core/form-rules";

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
  neededBy: "Enter a valid date",
  neededByPast: "Choose today or a later date",
  notes: `Keep your notes under ${MAX_LENGTHS.notes.toLocaleString("en-GB")} characters`,
  name: "Enter your name",
  email: "Enter your work e-mail",
  emailFormat: "Enter an e-mail address in the format name@company.com",
  company: `Keep this under ${MAX_LENGTHS.company} characters`,
} as const;
const M = PRODUCT_REQUEST_MESSAGES;

/** A request as the quote inbox keeps it: trimmed, blanks left out, the quantity a number. */
export type ProductRequest = {
  product: string;
  quantity: number;
  needed_by?: IsoDate;
  notes?: string;
  name: string;
  email: string;
  company?: string;
};
export type ProductRequestValues = FormValues<ProductRequestField>;
export type ProductRequestErrors = FormErrors<ProductRequestField>;

export const EMPTY_PRODUCT_REQUEST: ProductRequestValues = emptyValues(PRODUCT_REQUEST_FIELDS);

/** The form's fields as strings (a file or a missing field counts as empty). */
export function productRequestValuesFrom(source: { get(name: string): unknown }): ProductRequestValues {
  return valuesFrom(PRODUCT_REQUEST_FIELDS, source);
}

const tooLong = (max: number) => `Keep this under ${max} characters`;

/** The first problem with a trimmed required text, if any. */
function requiredText(text: string, missing: string, max: number): string | undefined {
  if (text === "") return missing;
  return text.length > max ? tooLong(max) : undefined;
}

function quantityError(text: string): string | undefined {
  // The length first: no pattern runs on a long string (decision 062).
  if (text.length > MAX_LENGTHS.quantity) return M.quantityTooLarge;
  if (!/^\d+$/.test(text) || Number(text) < 1) return M.quantity;
  return Number(text) > PRODUCT_REQUEST_MAX_QUANTITY ? M.quantityTooLarge : undefined;
}

function neededByError(text: string, today: IsoDate): string | undefined {
  if (text === "") return undefined;
  if (text.length > MAX_LENGTHS.needed_by || !isCalendarDate(text)) return M.neededBy;
  // ISO dates compare as text.
  return text < today ? M.neededByPast : undefined;
}

function emailError(text: string): string | undefined {
  return requiredText(text, M.email, MAX_LENGTHS.email) ?? (isValidEmail(text) ? undefined : M.emailFormat);
}

/**
 * Checks a request typed at `now` (a needed-by date may not be before today in London); a refusal
 * gives the first message per field and keeps what was typed (app/domain/core/form-rules.ts).
 */
export function parseProductRequest(
  values: ProductRequestValues,
  now: Date,
): FormParseResult<ProductRequestField, ProductRequest> {
  const v = Object.fromEntries(
    PRODUCT_REQUEST_FIELDS.map((field) => [field, values[field].trim()]),
  ) as ProductRequestValues;
  const found: ProductRequestErrors = {
    product: requiredText(v.product, M.product, MAX_LENGTHS.product),
    quantity: quantityError(v.quantity),
    needed_by: neededByError(v.needed_by, londonToday(now)),
    notes: v.notes.length > MAX_LENGTHS.notes ? M.notes : undefined,
    name: requiredText(v.name, M.name, MAX_LENGTHS.name),
    email: emailError(v.email),
    company: v.company.length > MAX_LENGTHS.company ? M.company : undefined,
  };
  const errors = Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as ProductRequestErrors;
  if (Object.keys(errors).length > 0) {
    return { ok: false, errors, values: refillValues(PRODUCT_REQUEST_FIELDS, MAX_LENGTHS, values) };
  }
  const optional = (text: string) => (text === "" ? undefined : text);
  return {
    ok: true,
    data: {
      product: v.product,
      quantity: Number(v.quantity),
      needed_by: optional(v.needed_by),
      notes: optional(v.notes),
      name: v.name,
      email: v.email,
      company: optional(v.company),
    },
  };
}
