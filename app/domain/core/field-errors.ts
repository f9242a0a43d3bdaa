/**
 * The one field-error shape of every form and API (decision 014): one message per field, keyed
 * by its dotted path ('email', 'billing.city', 'address.phone'); '' is the value as a whole.
 */
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/** zod's issues as field errors, the first message per field. */
export function fieldErrorsFrom(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) errors[path ? `${path}.${key}` : key] ??= "This field can't be changed here";
      continue;
    }
    errors[path] ??= issue.message;
  }
  return errors;
}
