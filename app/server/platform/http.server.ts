/**
 * The request edge (decision 014): the one failure shape every server module returns, the one
 * response it becomes, and the two ways a route reads a body. A route reads the same way
 * everywhere: session from context, `parseForm` or `readJson`, one data call, `toResponse` on a
 * failure.
 *
 * Nothing here throws for bad input: a body that is not a form, not JSON, too large or invalid is
 * a `Failure` the route returns, so every refusal is a 4xx in the B-11 envelope, never a 500.
 */
import { data } from "react-router";
import type { z } from "zod";
import type { ErrorBody } from "~/domain/core/api-errors";
import { londonToday } from "~/domain/core/dates";
import { type FieldErrors, fieldErrorsFrom } from "~/domain/core/field-errors";

export type { ErrorBody, FieldErrors };

export type Failure<Current = unknown> = {
  ok: false;
  status: number;
  code: string;
  message: string;
  fieldErrors?: FieldErrors;
  /** 429: how long until the caller may try again, sent as Retry-After. */
  retryAfterSeconds?: number;
  /** 409: the record as it is now. */
  current?: Current;
};

export type Parsed<T> = { ok: true; value: T } | Failure;

export function failure<Current = unknown>(
  status: number,
  code: string,
  message: string,
  extra?: Pick<Failure<Current>, "fieldErrors" | "retryAfterSeconds" | "current">,
): Failure<Current> {
  return { ok: false, status, code, message, ...extra };
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === "object" && value !== null && (value as { ok?: unknown }).ok === false;
}

export const HTTP_MESSAGES = {
  signIn: "Please sign in to continue.",
  notAForm: "Send this form as application/x-www-form-urlencoded or multipart/form-data.",
  unreadableForm: "The form could not be read. Please try again.",
  filesInForm: "This form takes text, not files.",
  notJson: "Send the body as application/json.",
  badJson: "The body is not valid JSON.",
  notAnObject: "The body must be a JSON object.",
  tooLarge: "The request is too large.",
  invalid: "Check the form and try again.",
} as const;

/** An action that needs an account, called without one. */
export const signInRequired = (message: string = HTTP_MESSAGES.signIn) => failure(401, "UNAUTHENTICATED", message);

/**
 * A failure as the response every client reads: `{error: {code, message, fieldErrors?, current?}}`,
 * never cached, with Retry-After on a 429. A page's action may add the state its form needs back
 * (`extra`) beside `error`.
 */
export function toResponse<E extends Record<string, unknown> = Record<never, never>>(
  failed: Failure,
  extra?: E,
  init?: { headers?: HeadersInit },
) {
  const headers = new Headers(init?.headers);
  headers.set("Cache-Control", "no-store");
  if (failed.retryAfterSeconds) headers.set("Retry-After", String(Math.ceil(failed.retryAfterSeconds)));
  return data<ErrorBody & E>({ ...(extra as E), ...failureBody(failed) }, { status: failed.status, headers });
}

/** A refusal's JSON body: `{error: {code, message, fieldErrors?, current?}}`. */
export function failureBody({ code, message, fieldErrors, current }: Failure): ErrorBody {
  return { error: { code, message, fieldErrors, current } };
}

/**
 * A JSON answer that states its length, so the HTTP edge's gzip can tell a small one (decision
 * 029): React Router's own JSON answers are streamed without Content-Length, and each was gzipped
 * however small, costing the autosave more CPU than the few hundred bytes it saved.
 */
export function jsonAnswer(body: unknown, init?: { status?: number; headers?: Record<string, string> }): Response {
  const text = JSON.stringify(body);
  return new Response(text, {
    status: init?.status ?? 200,
    headers: {
      ...init?.headers,
      "Content-Type": "application/json",
      "Content-Length": String(Buffer.byteLength(text)),
    },
  });
}

/**
 * A staff CSV export as a download named `<baseName>-<London date>.csv`, never cached or sniffed.
 * The byte-order mark makes Excel read the file as UTF-8 (names such as Zoë); other tools ignore it.
 */
export function csvDownload(csv: string, baseName: string, now: Date): Response {
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="${baseName}-${londonToday(now)}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** An API that takes only POST, called with another method. */
export const onlyPost = () =>
  toResponse(failure(405, "METHOD_NOT_ALLOWED", "Use POST."), undefined, { headers: { Allow: "POST" } });

/** A schema's verdict as a value or a 400 whose message is the first field's. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors = fieldErrorsFrom(parsed.error);
  return failure(400, "VALIDATION_FAILED", Object.values(fieldErrors)[0] ?? HTTP_MESSAGES.invalid, { fieldErrors });
}

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/**
 * A form post's text fields for a schema to check (a repeated name keeps its last value). No page
 * form here takes a file (uploads have their own streamed routes), so a file part is refused.
 */
export async function readForm(request: Request): Promise<Parsed<Record<string, string>>> {
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? "")) {
    return failure(415, "UNSUPPORTED_MEDIA_TYPE", HTTP_MESSAGES.notAForm);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failure(400, "BAD_FORM", HTTP_MESSAGES.unreadableForm);
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string") return failure(400, "BAD_FORM", HTTP_MESSAGES.filesInForm);
    fields[name] = value;
  }
  return { ok: true, value: fields };
}

const MULTIPART = /^\s*multipart\/form-data\s*;/i;

/**
 * An upload's form, files and all: multipart only, read whole (the server's body limit for the
 * route caps what is read), or why it cannot be read.
 */
export async function readUpload(request: Request): Promise<Parsed<FormData>> {
  if (!MULTIPART.test(request.headers.get("content-type") ?? "")) {
    return failure(415, "UNSUPPORTED_MEDIA_TYPE", HTTP_MESSAGES.notAForm);
  }
  try {
    return { ok: true, value: await request.formData() };
  } catch {
    return failure(400, "BAD_FORM", HTTP_MESSAGES.unreadableForm);
  }
}

/** A form post checked by `schema`. The server's body limit (server.ts) caps what is read. */
export async function parseForm<S extends z.ZodType>(request: Request, schema: S): Promise<Parsed<z.infer<S>>> {
  const form = await readForm(request);
  return form.ok ? validate(schema, form.value) : form;
}

/** JSON bodies are small (a draft is a few kB); bigger ones are refused as they stream. */
export const JSON_MAX_BYTES = 256 * 1024;

const JSON_TYPE = /^\s*application\/json\s*(;|$)/i;
const BEACON_TYPE = /^\s*(application\/json|text\/plain)\s*(;|$)/i;

/**
 * A JSON object body checked by `schema`, read no further than `maxBytes`: a body past it is
 * refused at that byte, unread beyond. `beacon`: also as text/plain, which is how
 * `navigator.sendBeacon` posts a string.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  { maxBytes = JSON_MAX_BYTES, beacon = false }: { maxBytes?: number; beacon?: boolean } = {},
): Promise<Parsed<z.infer<S>>> {
  const refused = jsonTypeRefusal(request.headers.get("content-type"), { beacon });
  if (refused) return refused;
  return parseJsonText(await readText(request, maxBytes), schema);
}

/** A body that is not declared as JSON (415), or null. */
export function jsonTypeRefusal(contentType: string | null | undefined, { beacon = false } = {}): Failure | null {
  if ((beacon ? BEACON_TYPE : JSON_TYPE).test(contentType ?? "")) return null;
  return failure(415, "UNSUPPORTED_MEDIA_TYPE", HTTP_MESSAGES.notJson);
}

/** A JSON object body's text (null: it passed the size cap) checked by `schema`. */
export function parseJsonText<S extends z.ZodType>(text: string | null, schema: S): Parsed<z.infer<S>> {
  if (text === null) return failure(413, "PAYLOAD_TOO_LARGE", HTTP_MESSAGES.tooLarge);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return failure(400, "BAD_JSON", HTTP_MESSAGES.badJson);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return failure(400, "BAD_JSON", HTTP_MESSAGES.notAnObject);
  }
  return validate(schema, value);
}

/** The body as text, or null once it passes `maxBytes` (the rest is left unread). */
async function readText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString("utf8");
}
