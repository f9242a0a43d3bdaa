import { data } from "react-router";
import type { ErrorBody } from "~/domain/api-errors";

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const FORM_BODY_MESSAGES = {
  notAForm: "Send this form as application/x-www-form-urlencoded or multipart/form-data.",
  unreadable: "The form could not be read. Please try again.",
} as const;

/**
 * A form post's fields. A body that is not a form (JSON or text sent to a page, a multipart body
 * that breaks off) is thrown as a 415 or 400 with the one error shape, so the page's error
 * boundary answers it: `request.formData()` alone would throw a TypeError, a 500 (issue 3 item 2).
 */
export async function readFormData(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    throw data<ErrorBody>(
      { error: { code: "UNSUPPORTED_MEDIA_TYPE", message: FORM_BODY_MESSAGES.notAForm } },
      { status: 415, statusText: "Unsupported Media Type" },
    );
  }
  try {
    return await request.formData();
  } catch {
    throw data<ErrorBody>(
      { error: { code: "BAD_FORM", message: FORM_BODY_MESSAGES.unreadable } },
      { status: 400, statusText: "Bad Request" },
    );
  }
}
