import { describe, expect, it } from "vitest";
import { addressLabel, isSameBilling, SAVED_ADDRESS_LIMIT, savedAddresses } from "./checkout-prefill";
import { draftDataSchema } from "./draft-schemas";

const order = (billing: Record<string, string>, address: Record<string, string> = {}) =>
  draftDataSchema.parse({ product_id: "8", quantity: 50, details: { billing }, shipping: { address } });

const ACME = { company: "Acme Ltd", name: "Jane Smith", line1: "1 Canal Street", city: "London", postcode: "N1 9AA" };
const DOCK = {
  firstName: "Jane",
  lastName: "Smith",
  line1: "2 Dock Road",
  city: "Leeds",
  postcode: "LS1 4AP",
  country: "GB",
};

describe("savedAddresses", () => {
  it("offers each order's billing and delivery address, newest first", () => {
    const older = order({ ...ACME, line1: "9 Old Lane" });
    const newer = order(ACME, DOCK);
    const saved = savedAddresses([newer, older]);
    expect(saved.billing.map((a) => a.line1)).toEqual(["1 Canal Street", "9 Old Lane"]);
    expect(saved.delivery.map((a) => a.line1)).toEqual(["2 Dock Road"]);
  });

  it("counts an address once however it was typed: case, spaces, the postcode's space", () => {
    const saved = savedAddresses([
      order(ACME, DOCK),
      order({ ...ACME, line1: " 1  canal street ", postcode: "n19aa", company: "ACME LTD" }),
      order(ACME, { ...DOCK, postcode: "ls14ap", city: "LEEDS" }),
    ]);
    expect(saved.billing).toHaveLength(1);
    expect(saved.billing[0]?.line1).toBe("1 Canal Street");
    expect(saved.delivery).toHaveLength(1);
  });

  it("keeps addresses that differ in a part that matters", () => {
    const saved = savedAddresses([
      order(ACME),
      order({ ...ACME, line2: "Floor 2" }),
      order({ ...ACME, country: "IE" }),
    ]);
    expect(saved.billing).toHaveLength(3);
  });

  it("leaves blank addresses out", () => {
    expect(savedAddresses([order({}), order({ country: "GB" })])).toEqual({ billing: [], delivery: [] });
  });

  it(`offers at most ${SAVED_ADDRESS_LIMIT} of each`, () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      order({ ...ACME, line1: `${i + 1} Canal Street` }, { ...DOCK, line1: `${i + 1} Dock Road` }),
    );
    const saved = savedAddresses(many);
    expect(saved.billing.map((a) => a.line1)).toEqual(["1", "2", "3", "4", "5"].map((n) => `${n} Canal Street`));
    expect(saved.delivery).toHaveLength(SAVED_ADDRESS_LIMIT);
    expect(savedAddresses(many, 2).billing).toHaveLength(2);
  });

  it("gives copies, so filling a form never changes the list", () => {
    const first = order(ACME);
    const saved = savedAddresses([first]);
    saved.billing[0]!.line1 = "changed";
    expect(first.details.billing.line1).toBe("1 Canal Street");
  });
});

describe("addressLabel", () => {
  it("names a billing address in one line, the country only when abroad", () => {
    expect(addressLabel(order(ACME).details.billing)).toBe("Jane Smith, Acme Ltd, 1 Canal Street, London N1 9AA");
    expect(addressLabel(order({ ...ACME, country: "IE", line2: "Unit 4" }).details.billing)).toBe(
      "Jane Smith, Acme Ltd, 1 Canal Street, Unit 4, London N1 9AA, IE",
    );
  });
  it("names a delivery address by its person", () => {
    expect(addressLabel(order({}, DOCK).shipping.address)).toBe("Jane Smith, 2 Dock Road, Leeds LS1 4AP");
  });
});

describe("isSameBilling", () => {
  it("matches the same address typed differently", () => {
    const a = order(ACME).details.billing;
    const b = order({ ...ACME, postcode: "n1 9aa" }).details.billing;
    expect(isSameBilling(a, b)).toBe(true);
    expect(isSameBilling(a, { ...b, line1: "2 Canal Street" })).toBe(false);
  });
});
