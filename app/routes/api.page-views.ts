import type { Route } from "./+types/api.page-views";
import { normalisePagePath, recordPageView } from "~/server/page-views.server";
import { clientIp } from "~/server/rate-limit.server";

const MAX_BODY = 4096;

/**
 * POST {path}: one first-party page view (R-AN-01/02). The browser sends it with
 * navigator.sendBeacon, which posts text/plain, so the body is read as text and parsed here.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  const text = await request.text();
  if (text.length > MAX_BODY) return new Response(null, { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(null, { status: 400 });
  }
  const path = normalisePagePath(typeof body === "object" && body !== null ? Reflect.get(body, "path") : undefined);
  if (!path) return new Response(null, { status: 400 });
  const outcome = await recordPageView({ path, ip: clientIp(request) });
  return new Response(null, { status: outcome === "recorded" ? 204 : 429 });
}
