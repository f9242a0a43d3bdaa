import { describe, expect, it } from "vitest";
import { checkoutReview } from "./checkout-review";
import { defaultDraftData } from "./draft-schemas";
import { approveByDate } from "../fulfilment/need-by";

const CAP = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };

function draft() {
  const data = defaultDraftData("8", 100);
  data.details = {
    ...data.details,
    vat_number: " GB980780684 ",
    po_ref: "PO-4471",
    billing: {
      company: "Northwind Events",
      name: "Accounts Payable, Northwind Events",
      line1: "1 Canal Street",
      line2: "",
      city: "London",
      postcode: "N1 9AA",
      country: "GB",
    },
  };
  data.shipping = { ...data.shipping, method: "express", need_by: "2027-03-01" };
  return data;
}

describe("checkoutReview", () => {
  it("reads the bill-to, the references and the dates of the draft, shipping to the billing address", () => {
    const review = checkoutReview(draft(), [CAP]);
    expect(review).toEqual({
      billTo: [
        "Northwind Events",
        "Accounts Payable, Northwind Events",
        "1 Canal Street",
        "London",
        "N1 9AA",
        "United Kingdom",
      ],
      shipTo: [
        "Northwind Events",
        "Accounts Payable, Northwind Events",
        "1 Canal Street",
        "London",
        "N1 9AA",
        "United Kingdom",
      ],
      shipsToBilling: true,
      method: "Express Air Freight",
      poRef: "PO-4471",
      vatNumber: "GB980780684",
      needBy: "2027-03-01",
      approveBy: approveByDate({ products: [CAP], method: "express", needBy: "2027-03-01" }),
    });
    expect(review.approveBy! < "2027-03-01").toBe(true);
  });

  it("reads a separate delivery address, and no dates without a need-by date", () => {
    const data = draft();
    data.details.use_billing_as_shipping = false;
    data.shipping = {
      ...data.shipping,
      need_by: null,
      address: {
        ...data.shipping.address,
        company: "Events Hall",
        firstName: "Charles",
        lastName: "Babbage",
        name: "",
        line1: "2 Dock Road",
        city: "Leeds",
        postcode: "LS1 4AP",
        country: "IE",
      },
    };
    const review = checkoutReview(data, [CAP]);
    expect(review.shipTo).toEqual(["Events Hall", "Charles Babbage", "2 Dock Road", "Leeds", "LS1 4AP", "Ireland"]);
    expect(review.shipsToBilling).toBe(false);
    expect([review.needBy, review.approveBy]).toEqual([null, null]);
  });
});
