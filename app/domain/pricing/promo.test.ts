import { describe, expect, it } from "vitest";
import { promoClosed } from "./promo";

describe("promoClosed (R-LAYOUT-03)", () => {
  it.each([
    ["promo_closed=1", true],
    ["session=abc; promo_closed=1; other=2", true],
    ["promo_closed=0", false],
    ["xpromo_closed=1", false],
    ["", false],
  ])("%j → %s", (header, closed) => {
    expect(promoClosed(header)).toBe(closed);
  });

  it("is open without a Cookie header", () => {
    expect(promoClosed(null)).toBe(false);
  });
});
