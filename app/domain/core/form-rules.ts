/**
 * What the site's flat text forms (contact, "Request this product") share: a form as typed is a
 * string per field; a refusal gives the first message per field and the values back, so nothing
 * the visitor typed is lost (B-26). No zod here: a form a catalogue page carries must not bring
 * zod into its bundle (docs/decisions/008).
 */

/** A field people never see; only form-filling bots put anything in it (B-22). */
export const HONEYPOT_FIELD = "website";

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
 * The values as typed, for the form to show again with its errors, each cut to one character over
 * its field's limit: enough that the error still stands, and a megabyte posted into one field is
 * not sent back in the page.
 */
export function refillValues<F extends string>(
  fields: readonly F[],
  maxLengths: Readonly<Record<F, number>>,
  values: FormValues<F>,
): FormValues<F> {
  return Object.fromEntries(
    fields.map((field) => [field, values[field].slice(0, maxLengths[field] + 1)]),
  ) as FormValues<F>;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a day that exists ('2026-02-30' does not). */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
