import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./origin.server";

const base = "https://shop.example";
const req = (method: string, headers: Record<string, string>) =>
  new Request("http://internal:3000/contact", { method, headers });

describe("isCrossSiteWrite", () => {
  it("lets reads through whatever their origin", () => {
    expect(isCrossSiteWrite(req("GET", { origin: "https://evil.example" }), base)).toBe(false);
  });
  it("accepts writes from the public origin or the requested host", () => {
    expect(isCrossSiteWrite(req("POST", { origin: base }), base)).toBe(false);
    expect(isCrossSiteWrite(req("POST", { origin: "http://127.0.0.1:4173", host: "127.0.0.1:4173" }), base)).toBe(
      false,
    );
  });
  it("accepts writes from clients that send no Origin (webhooks, scripts)", () => {
    expect(isCrossSiteWrite(req("POST", {}), base)).toBe(false);
  });
  it("rejects writes from another site", () => {
    expect(isCrossSiteWrite(req("POST", { origin: "https://evil.example", host: "shop.example" }), base)).toBe(true);
    expect(isCrossSiteWrite(req("DELETE", { origin: "null" }), base)).toBe(true);
    expect(isCrossSiteWrite(req("PUT", { "sec-fetch-site": "cross-site" }), base)).toBe(true);
    expect(isCrossSiteWrite(req("PATCH", { origin: "not a url" }), base)).toBe(true);
  });
});
