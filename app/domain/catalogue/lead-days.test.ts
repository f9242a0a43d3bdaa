import { describe, expect, it } from "vitest";
import { PRODUCTS } from "~/catalogue/catalogue";
import { leadDaysOf } from "./lead-days";

describe("a lead time in days", () => {
  it.each([
    ["2-3 weeks", 21],
    ["9 days", 9],
    ["3.5 weeks", 25],
    ["10 working days", 14],
    ["1 week", 7],
    ["Made in 12 Days", 12],
    ["5–7 days", 7],
  ])("reads %j as %i days at most", (text, days) => {
    expect(leadDaysOf(text)).toBe(days);
  });

  it.each(["", "soon", "two weeks", "ASAP"])("is unknown for %j", (text) => {
    expect(leadDaysOf(text)).toBeNull();
  });

  it("reads every spec product's lead time", () => {
    for (const product of PRODUCTS) expect(leadDaysOf(product.leadTime), product.leadTime).toBeGreaterThan(0);
  });
});
