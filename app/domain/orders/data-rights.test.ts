import { describe, expect, it } from "vitest";
import { draftDataSchema } from "../checkout/draft-schemas";
import { ORDER_STATUSES } from "../fulfilment/orders";
import {
  DATA_RIGHTS_MESSAGES,
  DELETED_CUSTOMER,
  dataExportFileName,
  givenAddressesCsv,
  isOrderUnderWay,
  withoutThePerson,
} from "./data-rights";

const checkout = draftDataSchema.parse({
  product_id: "8",
  quantity: 100,
  details: {
    contact_name: "Jane Smith",
    email: "jane@acme.example",
    company: "Acme Events Ltd",
    phone: "+44 20 7946 0958",
    vat_number: "GB980780684",
    po_ref: "PO-77",
    billing: {
      company: "Acme Events Ltd",
      name: "Jane Smith",
      line1: "1 High Street",
      city: "London",
      postcode: "EC1A 1BB",
      country: "GB",
    },
  },
  shipping: {
    address: {
      company: "Acme Events Ltd",
      firstName: "Jane",
      lastName: "Smith",
      name: "Jane Smith",
      line1: "2 Dock Road",
      line2: "Flat 4",
      city: "Leeds",
      postcode: "LS1 4AP",
      country: "GB",
      phone: "+44 7700 900123",
    },
    method: "standard",
    notes: "Leave with Jane's neighbour at number 3",
  },
});

describe("an order's checkout data without its buyer", () => {
  const taken = withoutThePerson(checkout);

  it("names the buyer Deleted customer and removes the e-mail address, phones and delivery address", () => {
    expect(taken.details).toMatchObject({ contact_name: DELETED_CUSTOMER, email: "", phone: "" });
    expect(taken.details.billing.name).toBe(DELETED_CUSTOMER);
    expect(taken.shipping.address).toEqual({
      company: "Acme Events Ltd",
      firstName: "",
      lastName: "",
      name: DELETED_CUSTOMER,
      line1: "",
      line2: "",
      city: "",
      postcode: "",
      country: "GB",
      phone: "",
    });
    expect(taken.shipping.notes).toBe("");
    expect(JSON.stringify(taken)).not.toMatch(/Jane|jane@|7946|900123|Dock Road|LS1/);
  });

  it("keeps what the VAT invoice needs: the company billed, its address and VAT number, the PO reference, the order itself", () => {
    expect(taken.details).toMatchObject({ company: "Acme Events Ltd", vat_number: "GB980780684", po_ref: "PO-77" });
    expect(taken.details.billing).toMatchObject({
      company: "Acme Events Ltd",
      line1: "1 High Street",
      city: "London",
      postcode: "EC1A 1BB",
      country: "GB",
    });
    expect(taken.shipping.method).toBe("standard");
    expect(taken.quantity).toBe(100);
    expect(draftDataSchema.parse(taken)).toEqual(taken);
  });

  it("is the same taken twice", () => {
    expect(withoutThePerson(taken)).toEqual(taken);
  });
});

describe("orders that block deleting an account", () => {
  it("are the ones not yet delivered, cancelled, refunded or expired", () => {
    expect(ORDER_STATUSES.filter(isOrderUnderWay)).toEqual([
      "awaiting_transfer",
      "on_account",
      "paid",
      "proof_sent",
      "changes_requested",
      "proof_approved",
      "in_production",
      "quality_check",
      "shipped",
    ]);
  });

  it("are named in the refusal, one or several", () => {
    expect(DATA_RIGHTS_MESSAGES.ordersUnderWay(["SW-1001"])).toBe(
      "Your order SW-1001 is still under way. You can delete your account once it is delivered or cancelled; write to us if you need it sooner.",
    );
    expect(DATA_RIGHTS_MESSAGES.ordersUnderWay(["SW-1001", "SW-1002"])).toContain(
      "Your orders SW-1001, SW-1002 are still under way. You can delete your account once they are delivered",
    );
  });
});

it("names a download by the London day it was prepared", () => {
  expect(dataExportFileName("2026-11-30")).toBe("swag-studio-data-2026-11-30.zip");
});

describe("the addresses a person gave", () => {
  it("lists each billing and delivery address once, skipping ones left blank", () => {
    const csv = givenAddressesCsv([
      checkout,
      checkout,
      draftDataSchema.parse({ product_id: "8", quantity: 50 }),
      undefined,
    ]);
    expect(csv.split("\r\n")).toEqual([
      "kind,company,name,line 1,line 2,town,postcode,country",
      "billing,Acme Events Ltd,Jane Smith,1 High Street,,London,EC1A 1BB,GB",
      "delivery,Acme Events Ltd,Jane Smith,2 Dock Road,Flat 4,Leeds,LS1 4AP,GB",
      "",
    ]);
  });
});
