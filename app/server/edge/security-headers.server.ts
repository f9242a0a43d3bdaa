/** Stripe.js and its Payment Element, allowed only while Stripe takes the payments (docs/security.md). */
const STRIPE_JS = "https://js.stripe.com";
const STRIPE_API = "https://api.stripe.com";

/** The headers every response carries; scripts run only with this response's nonce. */
export function securityHeaders(options: { nonce: string; baseUrl: string; stripe: boolean }): Record<string, string> {
  const stripe = (source: string) => (options.stripe ? ` ${source}` : "");
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}'${stripe(STRIPE_JS)}`,
    // React's style props and Radix's positioning write inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe(STRIPE_API)}`,
    options.stripe ? `frame-src ${STRIPE_JS}` : "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (options.baseUrl.startsWith("https://")) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}
