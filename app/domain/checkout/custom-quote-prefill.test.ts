import { describe, expect, it } from "vitest";
import { customQuotePrefill } from "./custom-quote-prefill";

describe("a custom quote request's starting point", () => {
  it("carries the cart's lines and the account's company", () => {
    expect(
      customQuotePrefill(
        [
          { title: "Custom Embroidered Cap", quantity: 400, colour: "Navy" },
          { title: "Custom Running Shorts", quantity: 120, colour: "" },
        ],
        "Northwind Events",
      ),
    ).toEqual({
      product: "Custom Embroidered Cap, Custom Running Shorts",
      quantity: "520",
      notes: "From my cart:\n- 400 × Custom Embroidered Cap (Navy)\n- 120 × Custom Running Shorts",
      company: "Northwind Events",
    });
  });
  it("leaves the lines blank for an empty cart, and keeps the product within its limit", () => {
    expect(customQuotePrefill([], "Acme")).toEqual({ product: "", quantity: "", notes: "", company: "Acme" });
    const many = Array.from({ length: 30 }, (_, i) => ({ title: `Product number ${i}`, quantity: 50, colour: "" }));
    expect(customQuotePrefill(many, "").product.length).toBeLessThanOrEqual(200);
  });
});
