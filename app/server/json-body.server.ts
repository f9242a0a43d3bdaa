/** Bodies bigger than this are refused before parsing (drafts are a few kB). */
const MAX_JSON_BYTES = 256 * 1024;

/** A JSON request body, or why it can't be read: never a 500 for malformed input. */
export async function readJsonBody(
  request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; message: string }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.includes("application/json")) return { ok: false, message: "Send the body as application/json." };
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) return { ok: false, message: "The request is too large." };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return { ok: false, message: "The body must be a JSON object." };
    return { ok: true, value };
  } catch {
    return { ok: false, message: "The body is not valid JSON." };
  }
}
