/**
 * The one error shape every action and API route answers with (REQUIREMENTS.md B-11): the client
 * always shows `message`; `fieldErrors` says which fields, `current` is the record as it is now
 * (a 409 on a draft). A page's action may send the state its form needs back beside `error`.
 */
import type { FieldErrors } from "./field-errors";

export type ErrorBody = {
  error: { code: string; message: string; fieldErrors?: FieldErrors; current?: unknown };
};
