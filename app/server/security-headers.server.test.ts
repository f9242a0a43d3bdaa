import { describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.server";

/** The CSP as directive → sources. */
function csp(stripe: boolean): Record<string, string[]> {
  const header =
    securityHeaders({ nonce: "abc", baseUrl: "http://localhost:3000", stripe })["Content-Security-Policy"] ?? "";
  return Object.fromEntries(
    header.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources];
    }),
  );
}

describe("securityHeaders: Stripe in the CSP (issue 13)", () => {
  it("allows exactly Stripe.js (script, frame) and Stripe's API (connect) while Stripe takes payments", () => {
    const policy = csp(true);
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc'", "https://js.stripe.com"]);
    expect(policy["frame-src"]).toEqual(["https://js.stripe.com"]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://api.stripe.com"]);
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
  });

  it("names no Stripe origin without Stripe", () => {
    const policy = csp(false);
    expect(policy["script-src"]).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy["frame-src"]).toEqual(["'none'"]);
    expect(policy["connect-src"]).toEqual(["'self'"]);
    expect(JSON.stringify(policy)).not.toContain("stripe");
  });
});
