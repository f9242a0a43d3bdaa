import { describe, expect, it } from "vitest";
import { RUNNING_SHORTS as SHORTS } from "~/catalogue/products";
import {
  brandingField,
  DETAIL_FIELDS,
  DETAIL_HISTORY,
  DETAILS_LIMITS,
  detailsFields,
  NEW_PRODUCT_DETAILS,
  type ProductDetails,
  readDetailsEdit,
} from "./product-details-edit";

const SHORTS_DETAILS: ProductDetails = {
  branding: SHORTS.branding,
  customizationTheme: SHORTS.customizationTheme,
  allowHandwrittenNote: SHORTS.allowHandwrittenNote,
  customizationOptions: SHORTS.customizationOptions,
  features: SHORTS.features,
  goodFor: SHORTS.goodFor,
  specifications: SHORTS.specifications,
  shippingInfo: SHORTS.shippingInfo,
  shippingPerUnitPence: SHORTS.shippingPerUnitPence,
  sizingTable: SHORTS.sizingTable,
};

const read = (changes: Record<string, string | undefined>, from: ProductDetails = SHORTS_DETAILS) => {
  const fields = detailsFields(from);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete fields[name];
    else fields[name] = value;
  }
  return readDetailsEdit(fields);
};

describe("a product's set-up fees and surcharges in the editor (decision 088)", () => {
  it("reads them against the methods ticked and the customisations listed, and says what changed", () => {
    const { details, errors } = read({
      [DETAIL_FIELDS.charges]:
        "Set-up fee | 25 | per order\nLeg print | 0.40 | per unit | Leg logo print\nDTF film | 15 | per order | DTF transfer",
    });
    expect(errors).toEqual({});
    expect(details.charges).toEqual([
      { name: "Set-up fee", pence: 2500, per: "order", when: "" },
      { name: "Leg print", pence: 40, per: "unit", when: "Leg logo print" },
      { name: "DTF film", pence: 1500, per: "order", when: "dtf" },
    ]);
    expect(read({}, details)).toEqual({ details, errors: {} });
    const history = Object.fromEntries(DETAIL_HISTORY.map(([label, show]) => [label, show(details)]));
    expect(history["Set-up fees and surcharges"]).toBe(
      "Set-up fee | 25.00 | per order; Leg print | 0.40 | per unit | Leg logo print; DTF film | 15.00 | per order | DTF transfer",
    );
  });

  it("refuses a charge for a method not ticked, keeping what was typed", () => {
    const typed = "Digitising | 20 | per order | Embroidery";
    const { errors } = read({ [DETAIL_FIELDS.charges]: typed });
    expect(errors[DETAIL_FIELDS.charges]).toBe(
      'Charge 1: "Embroidery" is not a branding method or customisation of this product.',
    );
  });
});

describe("a product's details in the editor", () => {
  it("read back exactly as saved, for a spec product and for a new one", () => {
    // The methods come back in the shop's order of methods, as the editor lists them.
    const shorts = { ...SHORTS_DETAILS, branding: { methods: ["screen_print", "dtf"], default: "dtf" } };
    expect(read({})).toEqual({ details: shorts, errors: {} });
    expect(read({}, NEW_PRODUCT_DETAILS)).toEqual({ details: NEW_PRODUCT_DETAILS, errors: {} });
  });

  it("take lists one item a line, ignoring blank lines and the spaces around each", () => {
    const { details, errors } = read({
      [DETAIL_FIELDS.features]: "  Stainless steel \r\n\n Keeps drinks cold 24 h  ",
      [DETAIL_FIELDS.goodFor]: "Onboarding packs",
      [DETAIL_FIELDS.specifications]: "Capacity: 500 ml\nLid: Bamboo: screw top",
      [DETAIL_FIELDS.options]: "Lid engraving | Laser, up to 3 cm\nGift box",
    });
    expect(errors).toEqual({});
    expect(details.features).toEqual(["Stainless steel", "Keeps drinks cold 24 h"]);
    expect(details.goodFor).toEqual(["Onboarding packs"]);
    expect(details.specifications).toEqual([
      { label: "Capacity", value: "500 ml" },
      { label: "Lid", value: "Bamboo: screw top" },
    ]);
    expect(details.customizationOptions).toEqual([
      { title: "Lid engraving", subtitle: "Laser, up to 3 cm" },
      { title: "Gift box" },
    ]);
  });

  it("offer the ticked branding methods and start on the chosen one", () => {
    const { details, errors } = read({
      [brandingField("dtf")]: undefined,
      [brandingField("laser")]: "on",
      [DETAIL_FIELDS.brandingDefault]: "laser",
    });
    expect(errors).toEqual({});
    expect(details.branding).toEqual({ methods: ["screen_print", "laser"], default: "laser" });
  });

  it("refuse no branding method, or a starting method that is not ticked", () => {
    expect(read({ [brandingField("dtf")]: undefined, [brandingField("screen_print")]: undefined }).errors).toEqual({
      branding: "Tick at least one way the product can be branded.",
    });
    expect(read({ [DETAIL_FIELDS.brandingDefault]: "embroidery" }).errors).toEqual({
      brandingDefault: "Choose which ticked method the checkout starts with.",
    });
  });

  it("read sizes as five measures a line, and no lines as a product without sizes", () => {
    const { details } = read({ [DETAIL_FIELDS.sizes]: "S | 160-170 | 55-62 | 70-76 | 34\nM|168-176|62-72|76-82|35" });
    expect(details.sizingTable?.rows.map((row) => row.size)).toEqual(["S", "M"]);
    expect(details.sizingTable?.headers).toEqual(SHORTS.sizingTable?.headers);
    expect(read({ [DETAIL_FIELDS.sizes]: "", [DETAIL_FIELDS.sizingNote]: "" }).details).not.toHaveProperty(
      "sizingTable",
    );
  });

  it.each([
    [DETAIL_FIELDS.sizes, "M | 168-176 | 62-72", /^Line 1: write size \| height/],
    [DETAIL_FIELDS.sizes, "M | 1 | 2 | 3 | 4\nm | 1 | 2 | 3 | 4", /^Line 2: size m is listed twice\.$/],
    [DETAIL_FIELDS.sizes, `M | ${"9".repeat(21)} | 2 | 3 | 4`, /^Line 1: keep each measure to 20 characters\.$/],
    [DETAIL_FIELDS.specifications, "Capacity 500 ml", /^Line 1: write it as "Label: value"/],
    [DETAIL_FIELDS.specifications, `${"L".repeat(41)}: x`, /^Line 1: keep the label before the colon to 40/],
    [DETAIL_FIELDS.options, " | subtitle only", /^Line 1: start with the customisation's name/],
    [DETAIL_FIELDS.options, "Gift box\ngift BOX", /^Line 2: "gift BOX" is listed twice\.$/],
    [DETAIL_FIELDS.options, "x".repeat(61), /^Line 1: keep the name to 60 characters\.$/],
    [
      DETAIL_FIELDS.features,
      Array.from({ length: 21 }, (_, i) => `Feature ${i}`).join("\n"),
      /^List at most 20 features/,
    ],
    [DETAIL_FIELDS.goodFor, `ok\n${"x".repeat(201)}`, /^Line 2: keep each line to 200 characters\.$/],
    [DETAIL_FIELDS.shippingInfo, "  ", /^Enter what buyers are told about shipping\.$/],
    [DETAIL_FIELDS.shippingInfo, "x".repeat(DETAILS_LIMITS.shippingInfo + 1), /^Keep the shipping text to 500/],
    [DETAIL_FIELDS.shippingPerUnit, "abc", /^Enter the courier cost per unit in pounds/],
    [DETAIL_FIELDS.shippingPerUnit, "100.01", /^Enter the courier cost per unit in pounds/],
    [DETAIL_FIELDS.shippingPerUnit, "1.955", /^Enter the courier cost per unit in pounds/],
    [DETAIL_FIELDS.theme, "pink", /^Choose the colour of the customisation panel\.$/],
    [DETAIL_FIELDS.sizingNote, "x".repeat(301), /^Keep the sizing note to 300 characters\.$/],
  ])("refuse %s of %j with a reason", (field, value, message) => {
    const { errors } = read({ [field]: value });
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]).toMatch(message);
  });

  it("take the courier cost with or without a pound sign", () => {
    expect(read({ [DETAIL_FIELDS.shippingPerUnit]: "£2.8" }).details.shippingPerUnitPence).toBe(280);
    expect(read({ [DETAIL_FIELDS.shippingPerUnit]: "0" }).details.shippingPerUnitPence).toBe(0);
  });

  it("are written in the history as an operator would say them", () => {
    const lines = Object.fromEntries(DETAIL_HISTORY.map(([name, text]) => [name, text(SHORTS_DETAILS)]));
    expect(lines.Branding).toBe("Screen print, DTF transfer (starts on DTF transfer)");
    expect(lines.Sizes).toMatch(/^XS \| 155-165 \| 45-55 \| 64-70 \| 33; S \| /);
    expect(lines["Handwritten note"]).toBe("not offered");
    expect(lines["Courier cost per unit"]).toBe("£1.95");
    expect(Object.fromEntries(DETAIL_HISTORY.map(([name, text]) => [name, text(NEW_PRODUCT_DETAILS)]))).toMatchObject({
      Customisations: null,
      Sizes: null,
      "Sizing note": null,
    });
  });
});
