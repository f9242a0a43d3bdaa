import { describe, expect, it } from "vitest";
import { hasAuthCookie, markPrivacy } from "./private-responses.server";

const request = (path: string, cookie?: string) =>
  new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });
const marked = (req: Request, init: ResponseInit = {}) => {
  const response = new Response("x", init);
  markPrivacy(req, response);
  return { cacheControl: response.headers.get("Cache-Control"), vary: response.headers.get("Vary") };
};

describe("hasAuthCookie", () => {
  it("knows better-auth's cookies over http and https, and nothing else", () => {
    expect(hasAuthCookie(request("/", "swag.session_token=abc"))).toBe(true);
    expect(hasAuthCookie(request("/", "promo=1; __Host-swag.session_token=abc"))).toBe(true);
    expect(hasAuthCookie(request("/", "__Secure-swag.session_data=abc"))).toBe(true);
    expect(hasAuthCookie(request("/", "promo=1; swagger=1; theme=swag.session_token"))).toBe(false);
    expect(hasAuthCookie(request("/"))).toBe(false);
  });
});

describe("markPrivacy", () => {
  it("makes any answer to a signed-in request private and never stored, even one a route called public", () => {
    expect(marked(request("/account", "swag.session_token=abc"))).toEqual({
      cacheControl: "private, no-store",
      vary: "Cookie",
    });
    expect(
      marked(request("/api/recent-purchases", "swag.session_token=abc"), {
        headers: { "Cache-Control": "public, max-age=60" },
      }).cacheControl,
    ).toBe("private, no-store");
  });

  it("makes an answer that sets a cookie private", () => {
    expect(marked(request("/sign-in"), { headers: { "Set-Cookie": "swag.session_token=abc" } }).cacheControl).toBe(
      "private, no-store",
    );
  });

  it("makes /api answers private unless they say they are public", () => {
    expect(marked(request("/api/drafts")).cacheControl).toBe("private, no-store");
    expect(marked(request("/api/drafts"), { headers: { "Cache-Control": "no-store" } }).cacheControl).toBe(
      "private, no-store",
    );
    expect(
      marked(request("/api/recent-purchases"), { headers: { "Cache-Control": "public, max-age=60" } }).cacheControl,
    ).toBe("public, max-age=60");
  });

  it("leaves a signed-out page's caching to the page, varying by cookie", () => {
    expect(marked(request("/products"))).toEqual({ cacheControl: null, vary: "Cookie" });
    expect(marked(request("/products", "promo=1"))).toEqual({ cacheControl: null, vary: "Cookie" });
  });

  it("adds Cookie to an existing Vary once", () => {
    expect(marked(request("/"), { headers: { Vary: "Accept-Encoding" } }).vary).toBe("Accept-Encoding, Cookie");
    expect(marked(request("/"), { headers: { Vary: "accept-encoding, cookie" } }).vary).toBe("accept-encoding, cookie");
  });
});
