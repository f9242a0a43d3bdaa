import { data } from "react-router";
import type { z } from "zod";
import type { ErrorBody } from "~/domain/api-errors";
import { fieldErrors } from "~/domain/auth-forms";

export type { ErrorBody };

/** The one error shape of every action and API route (REQUIREMENTS.md B-11). */
export function errorResponse(
  status: number,
  code: string,
  message: string,
  extra?: { fieldErrors?: Record<string, string[]>; headers?: HeadersInit },
) {
  return data<ErrorBody>(
    { error: { code, message, fieldErrors: extra?.fieldErrors } },
    { status, headers: extra?.headers },
  );
}

export function validationError(error: z.ZodError) {
  const fields = fieldErrors(error);
  const first = Object.values(fields)[0]?.[0] ?? "Check the form and try again.";
  return errorResponse(400, "VALIDATION_FAILED", first, { fieldErrors: fields });
}

/** An action that needs an account, called without one. */
export function signInRequired(message = "Please sign in to continue.") {
  return errorResponse(401, "UNAUTHENTICATED", message);
}

/** Field errors as lists, from the one-message-per-field form the draft rules give. */
export function fieldErrorLists(errors: Record<string, string> | undefined): Record<string, string[]> | undefined {
  return errors ? Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])) : undefined;
}
