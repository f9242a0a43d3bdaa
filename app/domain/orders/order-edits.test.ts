import { describe, expect, it } from "vitest";
import { findProductById } from "~/catalogue/catalogue";
import type { DraftShipping } from "../checkout/draft-schemas";
import { ORDER_STATUSES } from "../fulfilment/orders";
import {
  editShipTo,
  editSizes,
  isOrderEditable,
  ORDER_EDIT_MESSAGES,
  oneLineAddress,
  type ShipToEdit,
} from "./order-edits";

const SHIPPING: DraftShipping = {
  address: {
    company: "Northwind Events",
    firstName: "Jane",
    lastName: "Smith",
    name: "Jane Smith",
    line1: "2 Dock Road",
    line2: "",
    city: "Leeds",
    postcode: "LS1 4AP",
    country: "GB",
    phone: "+44 20 7946 0958",
  },
  method: "standard",
  notes: "",
  need_by: null,
};
const { name: _name, country: _country, ...TYPED } = SHIPPING.address;
const edit = (change: Partial<ShipToEdit>): ShipToEdit => ({ ...TYPED, ...change });

describe("isOrderEditable", () => {
  it("allows changes until the order goes into production, and never after", () => {
    expect(ORDER_STATUSES.filter(isOrderEditable)).toEqual([
      "awaiting_transfer",
      "on_account",
      "paid",
      "proof_sent",
      "changes_requested",
      "proof_approved",
    ]);
  });
});

describe("editShipTo", () => {
  it("takes a corrected address, names it from first and last name, and says what changed", () => {
    const result = editShipTo(SHIPPING, edit({ firstName: "Tom", lastName: "Baker", line1: "9 Quay Street" }));
    expect(result).toEqual({
      ok: true,
      address: { ...SHIPPING.address, firstName: "Tom", lastName: "Baker", name: "Tom Baker", line1: "9 Quay Street" },
      note: 'Delivery address changed from "Jane Smith, Northwind Events, 2 Dock Road, Leeds, LS1 4AP, United Kingdom, +44 20 7946 0958" to "Tom Baker, Northwind Events, 9 Quay Street, Leeds, LS1 4AP, United Kingdom, +44 20 7946 0958".',
    });
  });

  it("keeps the country that was paid for, whatever else changes", () => {
    const result = editShipTo(
      { ...SHIPPING, address: { ...SHIPPING.address, country: "FR", postcode: "75001" } },
      edit({ postcode: "75002" }),
    );
    expect(result.ok && result.address.country).toBe("FR");
  });

  it("asks for what step 4 asks for, and checks the phone and a UK postcode as it does", () => {
    expect(editShipTo(SHIPPING, edit({ line1: " ", company: "" }))).toEqual({
      ok: false,
      fieldErrors: { "address.company": "Required", "address.line1": "Required" },
    });
    const wrong = editShipTo(SHIPPING, edit({ phone: "12", postcode: "NOT A CODE" }));
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(Object.keys(wrong.fieldErrors).sort()).toEqual(["address.phone", "address.postcode"]);
  });

  it("says nothing changed when nothing did", () => {
    expect(editShipTo(SHIPPING, edit({}))).toEqual({ ok: false, fieldErrors: { "": ORDER_EDIT_MESSAGES.unchanged } });
  });

  it("writes an address on one line without blank parts", () => {
    expect(oneLineAddress({ ...SHIPPING.address, company: "", phone: "" })).toBe(
      "Jane Smith, 2 Dock Road, Leeds, LS1 4AP, United Kingdom",
    );
  });
});

describe("editSizes", () => {
  const shorts = findProductById("15")!;
  const cap = findProductById("8")!;
  const line = {
    quantity: 100,
    sizes: [
      { size: "M", count: 60 },
      { size: "L", count: 40 },
    ],
  };

  it("takes a new split of the same quantity, stored in the table's order without empty sizes", () => {
    expect(
      editSizes(shorts, line, [
        { size: "L", count: 30 },
        { size: "S", count: 20 },
        { size: "M", count: 50 },
        { size: "XL", count: 0 },
      ]),
    ).toEqual({
      ok: true,
      sizes: [
        { size: "S", count: 20 },
        { size: "M", count: 50 },
        { size: "L", count: 30 },
      ],
      note: "Custom Running Shorts: sizes changed from M 60, L 40 to S 20, M 50, L 30.",
    });
  });

  it("refuses a split that does not add up to the quantity paid for, or sizes the product is not made in", () => {
    expect(editSizes(shorts, line, [{ size: "M", count: 90 }])).toEqual({
      ok: false,
      message: "Sizes add up to 90; the quantity is 100.",
    });
    expect(editSizes(shorts, line, [{ size: "XXXL", count: 100 }]).ok).toBe(false);
    expect(
      editSizes(shorts, line, [
        { size: "M", count: 60.5 },
        { size: "L", count: 39.5 },
      ]).ok,
    ).toBe(false);
  });

  it("refuses a product without sizes, and a split that changes nothing", () => {
    expect(editSizes(cap, { quantity: 100, sizes: [] }, [{ size: "M", count: 100 }])).toEqual({
      ok: false,
      message: ORDER_EDIT_MESSAGES.noSizes,
    });
    expect(editSizes(shorts, line, [...line.sizes])).toEqual({ ok: false, message: ORDER_EDIT_MESSAGES.unchanged });
  });
});
