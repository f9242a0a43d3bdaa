/**
 * What the site's flat text forms (contact, "Request this product") share: a form as typed is a
 * string per field; one zod schema checks it on both sides; a refusal gives the first message per
 * field and the values back, so nothing the visitor typed is lost (B-26).
 */
import { z } from "zod";

/** A field people never see; only form-filling bots put anything in it (B-22). */
export const HONEYPOT_FIELD = "website";

// `abort`: zod runs the checks after a failed one too, and the length must stop any pattern (issue 13).
export const requiredText = (message: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(max, { message: `Keep this under ${max} characters`, abort: true });

/** Optional text: blank becomes undefined, so nothing but real input is stored. */
export const optionalText = <T extends z.ZodType<unknown, string | undefined>>(inner: T) =>
  z
    .string()
    .trim()
    .transform((value) => (value === "" ? undefined : value))
    .pipe(inner);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a day that exists ('2026-02-30' does not). */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export type FormValues<F extends string> = Record<F, string>;
export type FormErrors<F extends string> = Partial<Record<F, string>>;
export type FormParseResult<F extends string, T> =
  | { ok: true; data: T }
  | { ok: false; errors: FormErrors<F>; values: FormValues<F> };

/** Every field empty. */
export function emptyValues<F extends string>(fields: readonly F[]): FormValues<F> {
  return Object.fromEntries(fields.map((field) => [field, ""])) as FormValues<F>;
}

/** The form's fields as strings (a file or a missing field counts as empty). */
export function valuesFrom<F extends string>(fields: readonly F[], source: { get(name: string): unknown }) {
  const values = emptyValues(fields);
  for (const field of fields) {
    const value = source.get(field);
    values[field] = typeof value === "string" ? value : "";
  }
  return values;
}

/**
 * Checks the typed values; on failure returns the first message per field and the values as typed,
 * each cut to one character over its field's limit: enough that the error still stands, and a
 * megabyte posted into one field is not sent back in the page (issue 13).
 */
export function parseFlatForm<F extends string, S extends z.ZodType>(
  schema: S,
  fields: readonly F[],
  maxLengths: Readonly<Record<F, number>>,
  values: FormValues<F>,
): FormParseResult<F, z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FormErrors<F> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (fields as readonly string[]).includes(field)) {
      errors[field as F] ??= issue.message;
    }
  }
  const refill = Object.fromEntries(fields.map((field) => [field, values[field].slice(0, maxLengths[field] + 1)]));
  return { ok: false, errors, values: refill as FormValues<F> };
}
