import { describe, expect, it } from "vitest";
import { productionTimeText } from "./production-time";
import { CAP_TIMES, SHORTS_TIMES } from "../pricing/spec-fixtures";

const CAP = { title: "Custom Embroidered Cap", ...CAP_TIMES };
const SHORTS = { title: "Custom Running Shorts", ...SHORTS_TIMES };

describe("productionTimeText", () => {
  it("gives one product's production time as the catalogue (and its page) gives it", () => {
    expect(productionTimeText([CAP])).toBe("Production takes 3.5 weeks from proof approval and payment.");
    expect(productionTimeText([SHORTS])).toBe("Production takes 9 days from proof approval and payment.");
  });

  it("gives each product's for several, in their order", () => {
    expect(productionTimeText([CAP, SHORTS])).toBe(
      "Production from proof approval and payment: Custom Embroidered Cap 3.5 weeks; Custom Running Shorts 9 days.",
    );
  });

  it("says nothing without products", () => {
    expect(productionTimeText([])).toBe("");
  });
});
