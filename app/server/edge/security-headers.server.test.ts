import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { afterAll, describe, expect, it } from "vitest";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { artworkPreviewHeaders, sharedProofFileHeaders } from "../artwork/artwork.server";
import { parseEnv } from "../platform/env.server";
import { createHttpApp } from "./http-app.server";
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

describe("securityHeaders: Stripe in the CSP", () => {
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

describe("a route's own stricter headers are kept by the HTTP edge", () => {
  const handle = testFileDatabase({ reset: false });
  const servers: ServerType[] = [];
  afterAll(() => {
    for (const server of servers) server.close();
  });

  /** The production edge on a loopback port, its routes answering with the real routes' headers. */
  async function edge() {
    const app = createHttpApp({
      env: parseEnv({ BASE_URL: "http://localhost:3000" }),
      ctx: testContext(handle, null),
      stopping: () => false,
      render: async (request) => {
        const { pathname } = new URL(request.url);
        if (pathname.endsWith("/preview")) return new Response("png", { headers: artworkPreviewHeaders() });
        if (pathname.endsWith("/file")) {
          return new Response("%PDF", {
            headers: sharedProofFileHeaders({ name: "proof.pdf", contentType: "application/pdf", size: 4 }),
          });
        }
        return new Response("<p>page</p>", { headers: { "Content-Type": "text/html" } });
      },
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((listening) => server.once("listening", listening));
    servers.push(server);
    const { port } = server.address() as AddressInfo;
    return (path: string) => fetch(`http://127.0.0.1:${port}${path}`);
  }

  it("keeps default-src 'none' on artwork previews, the buyer's and the back office's", async () => {
    const request = await edge();
    for (const path of ["/api/artwork/f1/preview", "/admin/orders/o1/artwork/f1/preview"]) {
      const response = await request(path);
      expect(response.headers.get("Content-Security-Policy"), path).toBe("default-src 'none'");
      expect(response.headers.get("X-Frame-Options"), path).toBe("DENY");
    }
  });

  it("keeps the sandbox and no-referrer on a shared proof file", async () => {
    const response = await (await edge())("/proof-approval/Qm9vdHN0cmFwLXNoYXJlLWxpbmstdG9rZW4tMzJieXRlcw/file");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    expect(response.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("gives a page without a policy of its own the shop's, with a nonce", async () => {
    const response = await (await edge())("/");
    expect(response.headers.get("Content-Security-Policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  });
});
