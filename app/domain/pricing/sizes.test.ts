import { describe, expect, it } from "vitest";
import { findProductById } from "~/catalogue/catalogue";
import { defaultDraftData } from "../checkout/draft-schemas";
import { lineReadiness } from "../checkout/payment-readiness";
import {
  describeSizes,
  hasSizes,
  normaliseSizes,
  offeredSizes,
  sizesComplete,
  sizesMismatch,
  sizesShapeError,
  sizesTotal,
} from "./sizes";

const shorts = findProductById("15");
const cap = findProductById("8");
if (!shorts || !cap) throw new Error("catalogue changed");

describe("offered sizes", () => {
  it("come from the sizing table, in its order", () => {
    expect(offeredSizes(shorts)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    expect(hasSizes(shorts)).toBe(true);
  });
  it("are none for a product without a table", () => {
    expect(offeredSizes(cap)).toEqual([]);
    expect(hasSizes(cap)).toBe(false);
  });
});

describe("sizesShapeError", () => {
  it("accepts an empty or partial split of offered sizes", () => {
    expect(sizesShapeError(shorts, [])).toBeNull();
    expect(
      sizesShapeError(shorts, [
        { size: "M", count: 0 },
        { size: "L", count: 7 },
      ]),
    ).toBeNull();
  });
  it("refuses a size the product is not made in", () => {
    expect(sizesShapeError(shorts, [{ size: "XXXL", count: 1 }])).toBe("Choose from sizes XS, S, M, L, XL or XXL.");
  });
  it("refuses a size twice", () => {
    expect(
      sizesShapeError(shorts, [
        { size: "M", count: 1 },
        { size: "M", count: 2 },
      ]),
    ).toBe("Size M is listed twice.");
  });
  it("refuses negative and fractional counts", () => {
    expect(sizesShapeError(shorts, [{ size: "S", count: -1 }])).toBe("Enter a whole number of S (0 or more).");
    expect(sizesShapeError(shorts, [{ size: "S", count: 1.5 }])).toBe("Enter a whole number of S (0 or more).");
  });
  it("refuses any breakdown on a product without sizes", () => {
    expect(sizesShapeError(cap, [])).toBeNull();
    expect(sizesShapeError(cap, [{ size: "M", count: 50 }])).toBe(`The ${cap.title} doesn't come in sizes.`);
  });
});

describe("sizesMismatch and sizesComplete", () => {
  const split = [
    { size: "S", count: 20 },
    { size: "M", count: 40 },
    { size: "L", count: 30 },
  ];
  it("names the total and the quantity when they differ", () => {
    expect(sizesTotal(split)).toBe(90);
    expect(sizesMismatch(shorts, split, 100)).toBe("Sizes add up to 90; the quantity is 100.");
    expect(sizesMismatch(shorts, [], 1000)).toBe("Sizes add up to 0; the quantity is 1,000.");
    expect(sizesComplete(shorts, split, 100)).toBe(false);
  });
  it("passes a split that sums to the quantity", () => {
    expect(sizesMismatch(shorts, split, 90)).toBeNull();
    expect(sizesComplete(shorts, split, 90)).toBe(true);
  });
  it("is never needed for a product without sizes", () => {
    expect(sizesMismatch(cap, [], 250)).toBeNull();
    expect(sizesComplete(cap, [], 250)).toBe(true);
    expect(sizesComplete(cap, [{ size: "M", count: 250 }], 250)).toBe(false);
  });
  it("is incomplete when the shape is wrong even if the sum fits", () => {
    expect(sizesComplete(shorts, [{ size: "XXXL", count: 90 }], 90)).toBe(false);
  });
});

describe("normaliseSizes and describeSizes", () => {
  it("orders by the table and drops empty sizes", () => {
    expect(
      normaliseSizes(shorts, [
        { size: "L", count: 40 },
        { size: "XS", count: 0 },
        { size: "S", count: 20 },
        { size: "M", count: 40 },
      ]),
    ).toEqual([
      { size: "S", count: 20 },
      { size: "M", count: 40 },
      { size: "L", count: 40 },
    ]);
  });
  it("describes a split in one line", () => {
    expect(
      describeSizes([
        { size: "S", count: 20 },
        { size: "M", count: 40 },
        { size: "L", count: 40 },
      ]),
    ).toBe("S 20, M 40, L 40");
    expect(
      describeSizes([
        { size: "XS", count: 0 },
        { size: "XL", count: 1200 },
      ]),
    ).toBe("XL 1,200");
    expect(describeSizes([])).toBe("");
  });
});

describe("a sized line at payment", () => {
  const draft = (sizes: { size: string; count: number }[]) => ({
    ...defaultDraftData("15", 100),
    branding: { method: shorts.branding.default, placement: "none", placement_details: "" },
    confirm: { rights_confirmed: true, lead_time_acknowledged: true },
    sizes,
  });
  const row = (data: unknown) => ({ productId: "15", status: "shipping_done", data });
  const readiness = (line: ReturnType<typeof row>) => lineReadiness(line, shorts);
  it("is refused until the sizes sum to the quantity", () => {
    expect(readiness(row(draft([{ size: "M", count: 90 }])))).toEqual({
      ok: false,
      message: `Complete the Customisation step for your ${shorts.title} before paying.`,
    });
    expect(readiness(row(draft([])))).toMatchObject({ ok: false });
  });
  it("is ready once they do", () => {
    expect(
      readiness(
        row(
          draft([
            { size: "M", count: 60 },
            { size: "L", count: 40 },
          ]),
        ),
      ),
    ).toMatchObject({ ok: true });
  });
});
