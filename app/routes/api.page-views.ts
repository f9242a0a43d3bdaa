import type { Route } from "./+types/api.page-views";
import { normalisePagePath, recordPageView } from "~/server/page-views.server";
import { clientIp } from "~/server/rate-limit.server";

const MAX_BODY = 4096;

function failure(status: number, code: string, message: string, headers?: HeadersInit) {
  return Response.json({ error: { code, message } }, { status, headers });
}

/**
 * POST {path}: one first-party page view (R-AN-01/02). The browser sends it with
 * navigator.sendBeacon, which posts text/plain, so the body is read as text and parsed here.
 * The beacon never reads an answer, but a refusal still says why (B-11's one error shape).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return failure(405, "METHOD_NOT_ALLOWED", "Use POST.", { Allow: "POST" });
  const text = await request.text();
  if (text.length > MAX_BODY) return failure(413, "TOO_LARGE", "Request too large.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(400, "VALIDATION_FAILED", "Send JSON {path}.");
  }
  const path = normalisePagePath(typeof body === "object" && body !== null ? Reflect.get(body, "path") : undefined);
  if (!path) return failure(400, "VALIDATION_FAILED", "Send the page's path, starting with /.");
  const outcome = await recordPageView({ path, ip: clientIp(request) });
  if (outcome === "rate_limited") return failure(429, "RATE_LIMITED", "Too many page views. Please try again later.");
  return new Response(null, { status: 204 });
}
