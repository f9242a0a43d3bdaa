import { describe, expect, it } from "vitest";
import { specProducts } from "../../../tests/setup/spec-catalogue";
import { unagreedBelowMinimum } from "./payment-readiness";

describe("unagreedBelowMinimum (decision 087)", () => {
  it("lets a line below the MOQ through only at a quote's price", () => {
    expect(unagreedBelowMinimum([{ productId: "8", quantity: 30, quotedUnitPence: 600 }], specProducts)).toBeNull();
    expect(unagreedBelowMinimum([{ productId: "8", quantity: 50 }], specProducts)).toBeNull();
    expect(
      unagreedBelowMinimum(
        [
          { productId: "15", quantity: 100 },
          { productId: "8", quantity: 30 },
        ],
        specProducts,
      ),
    ).toBe(
      "30 × Custom Embroidered Cap was agreed at the price of a quote that no longer applies. Change the quantity in your cart to at least 50.",
    );
  });

  it("leaves a product no longer sold to the readiness check, which names it", () => {
    expect(unagreedBelowMinimum([{ productId: "999", quantity: 1 }], specProducts)).toBeNull();
  });
});
