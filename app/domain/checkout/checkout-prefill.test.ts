import { describe, expect, it } from "vitest";
import { placeholderEmailForPhone } from "../people/auth-rules";
import { isBlankBilling, isBlankShipping, prefillCheckout, type PrefillSources } from "./checkout-prefill";
import { defaultDraftData, type DraftData } from "./draft-schemas";

const fresh = () => defaultDraftData("8", 250);

const account: PrefillSources["account"] = { name: "Ada Lovelace", email: "ada@example.com", phoneNumber: null };

/** The last order: billed to the office, delivered to the events venue. */
function lastOrder(): Pick<DraftData, "details" | "shipping"> {
  const data = fresh();
  return {
    details: {
      ...data.details,
      contact_name: "Ada King",
      email: "orders@analytical.example",
      company: "Analytical Ltd",
      phone: "+44 20 7946 0958",
      vat_number: "GB123456789",
      po_ref: "PO-77",
      billing: {
        company: "Analytical Ltd",
        name: "Accounts Payable",
        line1: "1 Engine Street",
        line2: "",
        city: "London",
        postcode: "N1 9GU",
        country: "GB",
      },
      tos_accepted: true,
      use_billing_as_shipping: false,
    },
    shipping: {
      ...data.shipping,
      address: {
        company: "Events Hall",
        firstName: "Charles",
        lastName: "Babbage",
        name: "Charles Babbage",
        line1: "2 Dock Road",
        line2: "Gate B",
        city: "Leeds",
        postcode: "LS1 4AP",
        country: "GB",
        phone: "0113 496 0000",
      },
      method: "express",
      notes: "Reception closes at 5",
    },
  };
}

describe("prefillCheckout", () => {
  it("fills a fresh draft: name and e-mail from the account, the rest from the last order", () => {
    const filled = prefillCheckout(fresh(), { account, lastOrder: lastOrder() });
    expect(filled.details).toEqual({
      ...fresh().details,
      contact_name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Ltd",
      phone: "+44 20 7946 0958",
      vat_number: "GB123456789",
      billing: lastOrder().details.billing,
      use_billing_as_shipping: false,
    });
    // The last order shipped elsewhere, so its delivery address comes too; not its method or notes.
    expect(filled.shipping).toEqual({ ...fresh().shipping, address: lastOrder().shipping.address });
  });

  it("never carries over what belongs to one order: PO, terms, method, notes", () => {
    const filled = prefillCheckout(fresh(), { account, lastOrder: lastOrder() });
    expect([filled.details.po_ref, filled.details.tos_accepted]).toEqual(["", false]);
    expect([filled.shipping.method, filled.shipping.notes]).toEqual([null, ""]);
  });

  it("remembers the VAT number of the last order for the same company, and never labels another company with it", () => {
    const sameCompany = fresh();
    sameCompany.details.company = "  analytical LTD ";
    expect(prefillCheckout(sameCompany, { account, lastOrder: lastOrder() }).details.vat_number).toBe("GB123456789");

    const otherCompany = fresh();
    otherCompany.details.company = "Cobol & Co";
    expect(prefillCheckout(otherCompany, { account, lastOrder: lastOrder() }).details.vat_number).toBe("");

    const typed = fresh();
    typed.details.vat_number = "GB987654321";
    expect(prefillCheckout(typed, { account, lastOrder: lastOrder() }).details.vat_number).toBe("GB987654321");

    const noCompany = lastOrder();
    noCompany.details.company = "";
    expect(prefillCheckout(fresh(), { account, lastOrder: noCompany }).details.vat_number).toBe("");
  });

  it("with no order yet, fills name and e-mail alone", () => {
    const filled = prefillCheckout(fresh(), { account, lastOrder: null });
    expect(filled).toEqual({
      ...fresh(),
      details: { ...fresh().details, contact_name: "Ada Lovelace", email: "ada@example.com" },
    });
  });

  it("never replaces what the buyer saved", () => {
    const draft = fresh();
    draft.details.contact_name = "Grace Hopper";
    draft.details.email = "grace@example.com";
    draft.details.company = "Cobol & Co";
    draft.details.phone = "01632 960123";
    draft.details.billing.city = "Bristol";
    draft.shipping.address.line1 = "9 Quay Street";
    const filled = prefillCheckout(draft, { account, lastOrder: lastOrder() });
    expect(filled.details).toEqual(draft.details);
    expect(filled.shipping).toEqual(draft.shipping);
  });

  it("fills each blank contact field on its own", () => {
    const draft = fresh();
    draft.details.contact_name = "Grace Hopper";
    const filled = prefillCheckout(draft, { account, lastOrder: lastOrder() });
    expect(filled.details.contact_name).toBe("Grace Hopper");
    expect(filled.details.email).toBe("ada@example.com");
    expect(filled.details.company).toBe("Analytical Ltd");
  });

  it("takes an address whole or not at all", () => {
    const draft = fresh();
    draft.details.billing.postcode = "BS1 5TR";
    const filled = prefillCheckout(draft, { account, lastOrder: lastOrder() });
    expect(filled.details.billing).toEqual(draft.details.billing);
    // The billing address was the buyer's, so their choice to ship to it stands.
    expect(filled.details.use_billing_as_shipping).toBe(true);
    expect(filled.shipping).toEqual(draft.shipping);
  });

  it("ships to the billing address when the last order did", () => {
    const previous = lastOrder();
    previous.details.use_billing_as_shipping = true;
    const filled = prefillCheckout(fresh(), { account, lastOrder: previous });
    expect(filled.details.use_billing_as_shipping).toBe(true);
    expect(filled.shipping).toEqual(fresh().shipping);
  });

  it("keeps the buyer's own choice not to ship to the billing address, filling a blank delivery address", () => {
    const draft = fresh();
    draft.details.use_billing_as_shipping = false;
    const previous = lastOrder();
    previous.details.use_billing_as_shipping = true;
    const filled = prefillCheckout(draft, { account, lastOrder: previous });
    expect(filled.details.use_billing_as_shipping).toBe(false);
    expect(filled.shipping.address).toEqual(previous.shipping.address);
  });

  it("falls back to the last order's name and e-mail, then the account's phone", () => {
    const phoneOnly = { name: "", email: placeholderEmailForPhone("+447700900123"), phoneNumber: "+447700900123" };
    expect(prefillCheckout(fresh(), { account: phoneOnly, lastOrder: null }).details).toMatchObject({
      contact_name: "",
      email: "",
      phone: "+447700900123",
    });
    expect(prefillCheckout(fresh(), { account: phoneOnly, lastOrder: lastOrder() }).details).toMatchObject({
      contact_name: "Ada King",
      email: "orders@analytical.example",
      phone: "+44 20 7946 0958",
    });
  });

  it("treats blank-looking text as blank", () => {
    const draft = fresh();
    draft.details.contact_name = "   ";
    expect(prefillCheckout(draft, { account, lastOrder: null }).details.contact_name).toBe("Ada Lovelace");
    expect(isBlankBilling(fresh().details.billing)).toBe(true);
    expect(isBlankBilling({ ...fresh().details.billing, line2: "Flat 1" })).toBe(false);
    expect(isBlankShipping(fresh().shipping.address)).toBe(true);
    expect(isBlankShipping({ ...fresh().shipping.address, phone: "0113 496 0000" })).toBe(false);
  });
});
