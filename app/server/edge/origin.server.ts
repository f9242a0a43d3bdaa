/**
 * Tells a cross-site write from a same-site one, for the HTTP edge's refusal of cross-site writes on
 * every route, not only the auth routes (docs/security.md).
 */
import { failure } from "../platform/http.server";

/** The refusal of a cross-site write. */
export const crossSiteRefusal = () => failure(403, "CROSS_SITE", "Cross-site requests are not allowed.");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True for a state-changing request that a browser sent from another site (docs/security.md).
 * Same-origin means the Origin matches the public BASE_URL or the Host the request was sent to.
 * Requests without Origin or Sec-Fetch-Site come from non-browser clients (webhooks, scripts).
 */
export function isCrossSiteWrite(
  request: { method: string; headers: { get(name: string): string | null } },
  baseUrl: string,
): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin) return false;
  if (origin === "null") return true;
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return true;
  }
  if (originUrl.origin === new URL(baseUrl).origin) return false;
  return originUrl.host !== request.headers.get("host");
}
