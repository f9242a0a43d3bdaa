/** How a form reads its action's reply: the message above the fields and the message under each field. */
import type { ErrorBody } from "~/domain/core/api-errors";
import type { FieldErrors } from "~/domain/core/field-errors";

/** What an action answered a form with: the error envelope, if any, beside the state the form needs back. */
export type FormReply = { error?: ErrorBody["error"] } & Record<string, unknown>;

/**
 * The message a form shows above its fields. A form that failed its schema shows each message
 * under its own field instead, so the same words never appear twice.
 */
export function formMessage(reply: FormReply | undefined): string | undefined {
  const error = reply?.error;
  return error && error.code !== "VALIDATION_FAILED" ? error.message : undefined;
}

/** The message under each field, by its name. */
export function fieldErrorsOf(reply: FormReply | undefined): FieldErrors {
  return reply?.error?.fieldErrors ?? {};
}
