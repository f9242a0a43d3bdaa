import { describe, expect, it } from "vitest";
import { isCheckoutPage } from "./checkout-pages";
import { STEPS } from "./steps";

const at = (pathname: string, search = "") => isCheckoutPage({ pathname, search });

describe("isCheckoutPage", () => {
  it("is every checkout step, cart to payment, with or without its draft", () => {
    expect(STEPS.map((step) => at(step.path))).toEqual([true, true, true, true, true, true]);
    expect(at("/details", "?draft_id=d1&product_id=8")).toBe(true);
    expect(at("/payment", "?draft_id=d1&product_id=8")).toBe(true);
  });

  it("is the payment's return page, but not the contact form's page of the same path", () => {
    expect(at("/inquiry-success", "?draft_id=d1&product_id=8")).toBe(true);
    expect(at("/inquiry-success", "?draft_id=")).toBe(true);
    expect(at("/inquiry-success")).toBe(false);
    expect(at("/inquiry-success", "?product_id=8")).toBe(false);
  });

  it("matches the way the router does: any case, a trailing slash", () => {
    expect(at("/Cart")).toBe(true);
    expect(at("/shipping/")).toBe(true);
    expect(at("/DESIGN-PROOFING//")).toBe(true);
  });

  it("is no other page", () => {
    for (const path of [
      "/",
      "",
      "/products",
      "/product/8",
      "/favorites",
      "/shopping-list",
      "/orders",
      "/orders/abc",
      "/account",
      "/carts",
      "/cart/extra",
      "/payments",
      "/contact",
      "/faqs",
      "/no-such-page",
    ]) {
      expect(at(path), path).toBe(false);
    }
  });
});
