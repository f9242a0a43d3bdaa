/**
 * Nothing personal is cacheable (decision 062). server.ts asks this of every response except
 * the build's static files: a page or answer for someone signed in, one that signs someone in,
 * and any /api answer that does not say it is public, must not be kept by a shared cache (a CDN,
 * a company proxy) nor left in the browser's cache for the next person at the machine.
 */

/** better-auth's cookies: `swag.session_token` and the rest, `__Host-swag.…` over https (auth.server.ts). */
const AUTH_COOKIE_PREFIXES = ["swag.", "__Host-swag.", "__Secure-swag."];

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/** Whether a comma-separated header (Cache-Control, Vary) names `token`, in any case. */
function listed(header: string | null, token: string): boolean {
  return (header ?? "").split(",").some((entry) => entry.trim().toLowerCase() === token);
}

function cookieNames(header: string | null): string[] {
  if (!header) return [];
  return header.split(";").map((part) => part.split("=")[0]!.trim());
}

/** Whether the request carries one of better-auth's cookies, a valid session or not. */
export function hasAuthCookie(request: Request): boolean {
  return cookieNames(request.headers.get("Cookie")).some((name) =>
    AUTH_COOKIE_PREFIXES.some((prefix) => name.startsWith(prefix)),
  );
}

/**
 * Whether `response` answers for one person: the request carries a session cookie, the response
 * sets a cookie, or it is /api and does not declare itself public (an API that forgets to say is
 * private by default).
 */
export function isPersonal(request: Request, response: Response): boolean {
  if (hasAuthCookie(request) || response.headers.has("Set-Cookie")) return true;
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/")) return false;
  return !listed(response.headers.get("Cache-Control"), "public");
}

/**
 * Marks a response that is not a static file: it varies by the visitor's cookies (a shared cache
 * must not give one visitor's page to another), and a personal one is never stored.
 */
export function markPrivacy(request: Request, response: Response): void {
  const vary = response.headers.get("Vary");
  if (!listed(vary, "cookie") && !listed(vary, "*")) response.headers.append("Vary", "Cookie");
  if (isPersonal(request, response)) response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}
