import { canProceed, initialDraft, missingFor, specProducts } from "../../../tests/setup/spec-catalogue";
import { describe, expect, it } from "vitest";
import { canProceedDetails, DETAILS_REQUIRED_FIELDS, detailsErrors, missingDetails } from "./details-rules";
import {
  CONFIRMATION_LABELS,
  MISSING_SAVE_DATA_MESSAGE,
  NO_DRAFT_MESSAGE,
  SHIPPING_REQUIRED_FIELDS,
  advanceStatus,
  applyBillingAsShipping,
  leavesBillingCopy,
  canProceedShipping,
  customisationPart,
  customisationProductErrors,
  checkoutTotals,
  pricedLine,
  pricedLines,
  productQuantities,
  isDraftId,
  isEditableStatus,
  isPayingStatus,
  missingShipping,
  prefillShipping,
  saveErrorMessage,
  shippingErrors,
  statusAtLeast,
  storedTotals,
  vatPlace,
  type DraftCartLine,
  type DraftData,
  type DraftDetails,
  type DraftShipping,
  type DraftStatus,
} from "./draft";
import { STEPS, canNavigate, completedSteps, stepHref, type StepNumber } from "./steps";
import { joinName, splitName } from "../people/person-names";
import {
  customisationPatchSchema,
  defaultDraftData,
  detailsPatchSchema,
  draftDataSchema,
  proofingPatchSchema,
  shippingPatchSchema,
} from "./draft-schemas";
import { fieldErrorsFrom } from "../core/field-errors";
import { findProductById } from "~/catalogue/catalogue";

const CAP_LINE: DraftCartLine = {
  productId: "8",
  quantity: 120,
  selectedColor: "#1f2a56",
  customizationSelections: ["Front embroidery", "Side logo", "Custom strap tag"],
  handwrittenNote: false,
  notes: "Logo centred",
};

function validDetails(): DraftDetails {
  return {
    contact_name: "Ada Lovelace",
    email: "ada@example.com",
    company: "Analytical Ltd",
    phone: "+44 20 7946 0958",
    vat_number: "",
    po_ref: "",
    billing: {
      company: "",
      name: "Ada King Lovelace",
      line1: "1 Engine Street",
      line2: "",
      city: "London",
      postcode: "N1 9GU",
      country: "GB",
    },
    tos_accepted: true,
    use_billing_as_shipping: true,
  };
}

function validShipping(): DraftShipping {
  return {
    address: {
      company: "Analytical Ltd",
      firstName: "Ada",
      lastName: "Lovelace",
      name: "Ada Lovelace",
      line1: "1 Engine Street",
      line2: "",
      city: "London",
      postcode: "N1 9GU",
      country: "GB",
      phone: "020 7946 0958",
    },
    method: "standard",
    notes: "",
    need_by: null,
  };
}

/** A draft that has been through steps 2–4. */
function completedDraft(): DraftData {
  return {
    ...initialDraft(CAP_LINE),
    confirm: { rights_confirmed: true, lead_time_acknowledged: true },
    details: validDetails(),
    shipping: validShipping(),
    totals: { subtotal: 66000, discount: 0, shipping: 1800, vat: 13560, total: 81360 },
    eta: { start: "2026-12-25", end: "2026-12-27" },
    status: "shipping_done",
  };
}

describe("draft data schema (R-DRAFT-08/09)", () => {
  it("has exactly the spec's keys plus proof_acknowledged and sizes", () => {
    expect(Object.keys(defaultDraftData("8", 50)).sort()).toEqual(
      [
        "product_id",
        "variant",
        "quantity",
        "branding",
        "proof",
        "artwork",
        "confirm",
        "notes",
        "handwritten_note",
        "customization_selections",
        "sizes",
        "details",
        "shipping",
        "totals",
        "eta",
        "status",
        "proof_acknowledged",
      ].sort(),
    );
    const data = defaultDraftData("8", 50);
    expect(Object.keys(data.details.billing)).toEqual([
      "company",
      "name",
      "line1",
      "line2",
      "city",
      "postcode",
      "country",
    ]);
    expect(Object.keys(data.shipping.address)).toEqual([
      "company",
      "firstName",
      "lastName",
      "name",
      "line1",
      "line2",
      "city",
      "postcode",
      "country",
      "phone",
    ]);
  });

  it("defaults billing country GB, placement none, email_later true and the step-2 defaults", () => {
    const data = defaultDraftData("16", 50);
    expect(data.details.billing.country).toBe("GB");
    expect(data.branding).toEqual({ method: "none", placement: "none", placement_details: "" });
    expect(data.artwork).toEqual({ email_later: true, files: [] });
    expect(data.proof).toEqual({ preference: "ai_mockup", previous_order_ref: "" });
    expect(data.confirm).toEqual({ rights_confirmed: false, lead_time_acknowledged: false });
    expect(data.details.use_billing_as_shipping).toBe(true);
    expect(data.shipping.method).toBeNull();
    expect(data.totals).toBeNull();
    expect(data.eta).toBeNull();
    expect(data.status).toBe("customisation_draft");
    expect(data.proof_acknowledged).toBe(false);
  });

  it("fills in a partial stored draft and keeps what it has", () => {
    const data = draftDataSchema.parse({ product_id: "8", quantity: 60, details: { email: "a@b.co" } });
    expect(data.details.email).toBe("a@b.co");
    expect(data.details.billing.country).toBe("GB");
  });

  it("refuses what cannot be a draft", () => {
    const base = { product_id: "8", quantity: 50 };
    expect(draftDataSchema.safeParse({ ...base, quantity: 0 }).success).toBe(false);
    expect(draftDataSchema.safeParse({ ...base, quantity: 50.5 }).success).toBe(false);
    expect(draftDataSchema.safeParse({ ...base, branding: { method: "glitter" } }).success).toBe(false);
    expect(draftDataSchema.safeParse({ ...base, details: { billing: { country: "XX" } } }).success).toBe(false);
    expect(draftDataSchema.safeParse({ ...base, variant: { color_hex: "navy" } }).success).toBe(false);
    expect(draftDataSchema.safeParse({ ...base, shipping: { method: "teleport" } }).success).toBe(false);
    // Money is whole pence (R-CALC-18).
    expect(
      draftDataSchema.safeParse({ ...base, totals: { subtotal: 1.5, discount: 0, shipping: 0, vat: 0, total: 1.5 } })
        .success,
    ).toBe(false);
    expect(draftDataSchema.safeParse({ ...base, eta: { start: "mid-September", end: "2025-09-20" } }).success).toBe(
      false,
    );
  });

  it("limits text length: 200 characters for names, 16 for a postcode", () => {
    const at = (n: number) => "x".repeat(n);
    expect(detailsPatchSchema.safeParse({ contact_name: at(200) }).success).toBe(true);
    const long = detailsPatchSchema.safeParse({ contact_name: at(201) });
    expect(long.success).toBe(false);
    if (!long.success) expect(fieldErrorsFrom(long.error)).toEqual({ contact_name: "Keep this under 200 characters" });
    expect(detailsPatchSchema.safeParse({ billing: { postcode: at(16) } }).success).toBe(true);
    expect(detailsPatchSchema.safeParse({ billing: { postcode: at(17) } }).success).toBe(false);
    expect(customisationPatchSchema.safeParse({ notes: at(1000) }).success).toBe(true);
    expect(customisationPatchSchema.safeParse({ notes: at(1001) }).success).toBe(false);
    expect(customisationPatchSchema.safeParse({ customization_selections: Array(21).fill("a") }).success).toBe(false);
  });
});

describe("step patch schemas (decision 054)", () => {
  it("accept one changed field of their own step", () => {
    expect(customisationPatchSchema.parse({ confirm: { rights_confirmed: true } })).toEqual({
      confirm: { rights_confirmed: true },
    });
    expect(detailsPatchSchema.parse({ billing: { city: "Leeds" } })).toEqual({ billing: { city: "Leeds" } });
    expect(shippingPatchSchema.parse({ method: "express" })).toEqual({ method: "express" });
    expect(shippingPatchSchema.parse({ method: null })).toEqual({ method: null });
    expect(shippingPatchSchema.parse({ need_by: "2026-12-24" })).toEqual({ need_by: "2026-12-24" });
    expect(shippingPatchSchema.parse({ need_by: null })).toEqual({ need_by: null });
    expect(shippingPatchSchema.safeParse({ need_by: "24/12/2026" }).success).toBe(false);
    expect(proofingPatchSchema.parse({ proof_acknowledged: true })).toEqual({ proof_acknowledged: true });
  });

  it("refuse server-owned and other steps' fields, naming them", () => {
    type PatchSchema = typeof customisationPatchSchema | typeof detailsPatchSchema | typeof shippingPatchSchema;
    const cases: [PatchSchema, unknown, string][] = [
      [customisationPatchSchema, { totals: { total: 1 } }, "totals"],
      [customisationPatchSchema, { status: "paid" }, "status"],
      [customisationPatchSchema, { details: { email: "x@y.z" } }, "details"],
      [customisationPatchSchema, { artwork: { files: [] } }, "artwork.files"],
      [detailsPatchSchema, { status: "details_done" }, "status"],
      [shippingPatchSchema, { address: { name: "Someone Else" } }, "address.name"],
      [shippingPatchSchema, { totals: { total: 1 } }, "totals"],
    ];
    for (const [schema, patch, field] of cases) {
      const result = schema.safeParse(patch);
      expect(result.success, JSON.stringify(patch)).toBe(false);
      if (!result.success) expect(Object.keys(fieldErrorsFrom(result.error))).toEqual([field]);
    }
  });

  it("reports bad values by field path relative to the step", () => {
    const result = detailsPatchSchema.safeParse({ billing: { country: "ZZ" }, tos_accepted: "yes" });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsFrom(result.error)).toEqual({
        "billing.country": "Choose a country from the list",
        tos_accepted: expect.any(String),
      });
    }
  });

  it("customisationPart is a valid step-2 patch (what createDraft accepts)", () => {
    const part = customisationPart(completedDraft());
    expect(customisationPatchSchema.parse(part)).toEqual(part);
    expect(part).not.toHaveProperty("details");
    expect(part).not.toHaveProperty("totals");
  });
});

describe("buildInitialDraft (R-CUST-02, A-14)", () => {
  it("builds a fresh draft from the cart line with the step-2 defaults", () => {
    const data = initialDraft(CAP_LINE);
    expect(data.product_id).toBe("8");
    expect(data.quantity).toBe(120);
    expect(data.variant.color_hex).toBe("#1f2a56");
    expect(data.customization_selections).toEqual(["Front embroidery", "Side logo", "Custom strap tag"]);
    expect(data.handwritten_note).toBe(false);
    expect(data.notes).toBe("Logo centred");
    expect(data.branding.method).toBe("embroidery");
    expect(data.branding.placement).toBe("none");
    expect(data.proof.preference).toBe("ai_mockup");
    expect(data.confirm).toEqual({ rights_confirmed: false, lead_time_acknowledged: false });
    expect(data.artwork.email_later).toBe(true);
  });

  it("clamps the quantity to [MOQ, max] (decision 051)", () => {
    expect(initialDraft({ ...CAP_LINE, productId: "16", quantity: 30000 }).quantity).toBe(25000);
  });

  it("keeps a cart line's quantity below the MOQ: only a quote's agreed price puts one there (decision 087)", () => {
    expect(initialDraft({ ...CAP_LINE, quantity: 20 }).quantity).toBe(20);
    expect(initialDraft({ ...CAP_LINE, quantity: 0 }).quantity).toBe(50);
  });

  it("merges into an existing draft: later steps' data and the confirmations survive", () => {
    const existing = completedDraft();
    const snapshot = structuredClone(existing);
    const data = initialDraft(
      { ...CAP_LINE, quantity: 400, selectedColor: "#d62828", customizationSelections: ["Side logo"] },
      existing,
    );
    expect(data.quantity).toBe(400);
    expect(data.variant.color_hex).toBe("#d62828");
    expect(data.customization_selections).toEqual(["Side logo"]);
    expect(data.details).toEqual(existing.details);
    expect(data.shipping).toEqual(existing.shipping);
    expect(data.totals).toEqual(existing.totals);
    expect(data.status).toBe("shipping_done");
    expect(data.confirm).toEqual({ rights_confirmed: true, lead_time_acknowledged: true });
    expect(existing).toEqual(snapshot);
  });

  it.each([
    ["8", "embroidery"],
    ["15", "dtf"],
    ["16", "deboss"],
    ["17", "screen_print"],
  ])("preselects product %s's own default branding method, %s", (productId, method) => {
    expect(initialDraft({ ...CAP_LINE, productId }).branding.method).toBe(method);
  });

  it("keeps a saved method the product offers, and replaces one it does not with the default", () => {
    const saved = (method: DraftData["branding"]["method"]) => ({
      ...completedDraft(),
      branding: { method, placement: "Front", placement_details: "Centred" },
    });
    expect(initialDraft(CAP_LINE, saved("dtf")).branding).toEqual({
      method: "dtf",
      placement: "Front",
      placement_details: "Centred",
    });
    // A draft saved before products declared their methods: 'none' or laser on a cap.
    for (const method of ["none", "laser", "deboss"] as const) {
      expect(initialDraft(CAP_LINE, saved(method)).branding).toEqual({
        method: "embroidery",
        placement: "Front",
        placement_details: "Centred",
      });
    }
  });

  it("ignores an existing draft for another product", () => {
    const other = { ...completedDraft(), product_id: "15" };
    const data = initialDraft(CAP_LINE, other);
    expect(data.product_id).toBe("8");
    expect(data.details.email).toBe("");
    expect(data.status).toBe("customisation_draft");
  });
});

describe("customisation step (R-CUST-14, A-40)", () => {
  const data = (rights: boolean, lead: boolean, preference: "ai_mockup" | "skip_proof" = "ai_mockup", ref = "") => ({
    ...initialDraft(CAP_LINE),
    confirm: { rights_confirmed: rights, lead_time_acknowledged: lead },
    proof: { preference, previous_order_ref: ref },
  });

  it.each([
    [false, false, false],
    [true, false, false],
    [false, true, false],
    [true, true, true],
  ])("rights %s, lead time %s → Next enabled %s", (rights, lead, expected) => {
    expect(canProceed(data(rights, lead))).toBe(expected);
  });

  it("skip_proof needs a previous order reference (A-40)", () => {
    expect(canProceed(data(true, true, "skip_proof", ""))).toBe(false);
    expect(canProceed(data(true, true, "skip_proof", "   "))).toBe(false);
    expect(missingFor(data(true, true, "skip_proof"))).toEqual(["proof.previous_order_ref"]);
    expect(canProceed(data(true, true, "skip_proof", "SW-1042"))).toBe(true);
  });

  it("keeps the confirmations' exact wording", () => {
    expect(CONFIRMATION_LABELS.rights_confirmed).toBe("I confirm I have the rights to use the supplied artwork.");
    expect(CONFIRMATION_LABELS.lead_time_acknowledged).toBe(
      "I understand lead time starts after payment and proof approval.",
    );
  });

  it("checks a patch against the product", () => {
    const cap = findProductById("8");
    const shorts = findProductById("15");
    const diary = findProductById("16");
    if (!cap || !shorts || !diary) throw new Error("catalogue changed");
    expect(customisationProductErrors(cap, { quantity: 50, variant: { color_hex: "#111111" } })).toEqual({});
    expect(customisationProductErrors(cap, { quantity: 49 })).toEqual({
      quantity: "Order between 50 and 10,000 of Custom Embroidered Cap.",
    });
    expect(customisationProductErrors(cap, { quantity: 10001 })).toHaveProperty("quantity");
    // Decision 087: exactly the quantity a quote agreed below the MOQ, and no fewer.
    expect(customisationProductErrors(cap, { quantity: 30 }, 30)).toEqual({});
    expect(customisationProductErrors(cap, { quantity: 29 }, 30)).toEqual({
      quantity: "Order between 30 and 10,000 of Custom Embroidered Cap.",
    });
    expect(customisationProductErrors(cap, { quantity: 49 }, 400)).toHaveProperty("quantity");
    expect(customisationProductErrors(cap, { quantity: 10000 })).toEqual({});
    // The shorts come only in black and orange (R-CAT-10).
    expect(customisationProductErrors(shorts, { variant: { color_hex: "#ffffff" } })).toHaveProperty(
      "variant.color_hex",
    );
    expect(customisationProductErrors(shorts, { variant: { color_hex: "#F26B12" } })).toEqual({});
    expect(customisationProductErrors(cap, { customization_selections: ["Side logo", "Glitter"] })).toHaveProperty(
      "customization_selections",
    );
    expect(customisationProductErrors(cap, { handwritten_note: true })).toHaveProperty("handwritten_note");
    expect(customisationProductErrors(diary, { handwritten_note: true })).toEqual({});
  });

  it("accepts only a branding method the product offers, and says which it does", () => {
    const product = (id: string) => {
      const found = findProductById(id);
      if (!found) throw new Error("catalogue changed");
      return found;
    };
    expect(customisationProductErrors(product("8"), { branding: { method: "embroidery" } })).toEqual({});
    expect(customisationProductErrors(product("8"), { branding: { method: "dtf" } })).toEqual({});
    expect(customisationProductErrors(product("8"), { branding: { method: "laser" } })).toEqual({
      "branding.method":
        "Laser engraving isn't offered for the Custom Embroidered Cap: choose Embroidery or DTF transfer.",
    });
    expect(customisationProductErrors(product("15"), { branding: { method: "deboss" } })).toEqual({
      "branding.method": "Deboss isn't offered for the Custom Running Shorts: choose DTF transfer or Screen print.",
    });
    expect(customisationProductErrors(product("16"), { branding: { method: "none" } })).toEqual({
      "branding.method": "No branding isn't offered for the Branded A5 Diary: choose Deboss or Laser engraving.",
    });
    expect(customisationProductErrors(product("17"), { branding: { method: "laser" } })).toEqual({});
    // A patch without a method (placement only) is not checked for one.
    expect(customisationProductErrors(product("8"), { branding: { placement_details: "Left" } })).toEqual({});
  });

  it("refuses a size breakdown that does not fit the product, but keeps a half-typed one", () => {
    const shorts = findProductById("15");
    const cap = findProductById("8");
    if (!shorts || !cap) throw new Error("catalogue changed");
    expect(customisationProductErrors(shorts, { sizes: [{ size: "M", count: 10 }] })).toEqual({});
    expect(customisationProductErrors(shorts, { sizes: [{ size: "3XL", count: 10 }] })).toEqual({
      sizes: "Choose from sizes XS, S, M, L, XL or XXL.",
    });
    expect(customisationProductErrors(cap, { sizes: [{ size: "M", count: 50 }] })).toEqual({
      sizes: "The Custom Embroidered Cap doesn't come in sizes.",
    });
    expect(customisationProductErrors(cap, { sizes: [] })).toEqual({});
  });
});

describe("names (A-37)", () => {
  it.each([
    ["Ada Lovelace", "Ada", "Lovelace"],
    ["Mary Ann Smith", "Mary Ann", "Smith"],
    ["  Ada   King  Lovelace ", "Ada King", "Lovelace"],
    ["Cher", "Cher", ""],
    ["", "", ""],
  ])("splits %j on the last space", (full, firstName, lastName) => {
    expect(splitName(full)).toEqual({ firstName, lastName });
  });

  it.each([
    ["Accounts Payable, Northwind Events", "Accounts Payable", "Northwind Events"],
    ["  Goods In ,  Acme Trading Ltd, Unit 4 ", "Goods In", "Acme Trading Ltd, Unit 4"],
    ["Accounts Payable,", "Accounts", "Payable"],
    [", Northwind Events", "Northwind", "Events"],
  ])("splits %j at its first comma, cutting neither part in two", (full, firstName, lastName) => {
    expect(splitName(full)).toEqual({ firstName, lastName });
  });

  it("joins first and last without a stray space (R-SHIP-10)", () => {
    expect(joinName("Ada", "Lovelace")).toBe("Ada Lovelace");
    expect(joinName("Cher", "")).toBe("Cher");
    expect(joinName(" ", " ")).toBe("");
  });
});

describe("applyBillingAsShipping (R-DET-06)", () => {
  const empty = () => defaultDraftData("8", 50).shipping;

  it("copies the billing address into the ship-to address", () => {
    const details = {
      ...validDetails(),
      billing: { ...validDetails().billing, company: "Billing Co", line2: "Floor 2", country: "IE" as const },
    };
    const shipping = applyBillingAsShipping(details, empty());
    expect(shipping.address).toEqual({
      company: "Billing Co",
      firstName: "Ada King",
      lastName: "Lovelace",
      name: "Ada King Lovelace",
      line1: "1 Engine Street",
      line2: "Floor 2",
      city: "London",
      postcode: "N1 9GU",
      country: "IE",
      phone: "+44 20 7946 0958",
    });
  });

  it("keeps a shipping phone of its own, else uses the contact phone", () => {
    const withPhone = { ...empty(), address: { ...empty().address, phone: "07700 900123" } };
    expect(applyBillingAsShipping(validDetails(), withPhone).address.phone).toBe("07700 900123");
    expect(applyBillingAsShipping(validDetails(), empty()).address.phone).toBe("+44 20 7946 0958");
  });

  it("lets a corrected contact phone replace its earlier copy, never a phone typed on step 4", () => {
    // A save landed while the contact phone was a typo, so the typo was copied to step 4.
    const typo = { ...validDetails(), phone: "12345" };
    const copied = applyBillingAsShipping(typo, empty());
    expect(copied.address.phone).toBe("12345");
    expect(applyBillingAsShipping(validDetails(), copied, typo).address.phone).toBe("+44 20 7946 0958");
    // The buyer's own courier phone from step 4 stays, whatever the contact phone becomes.
    const own = { ...copied, address: { ...copied.address, phone: "07700 900123" } };
    expect(applyBillingAsShipping(validDetails(), own, typo).address.phone).toBe("07700 900123");
  });

  it("uses the contact's company when the billing company is blank (ship-to company is required)", () => {
    expect(applyBillingAsShipping(validDetails(), empty()).address.company).toBe("Analytical Ltd");
  });

  it("keeps the method and notes", () => {
    const shipping = { ...empty(), method: "express" as const, notes: "Reception 9-5" };
    const result = applyBillingAsShipping(validDetails(), shipping);
    expect(result.method).toBe("express");
    expect(result.notes).toBe("Reception 9-5");
  });
});

describe("leavesBillingCopy", () => {
  const ticked = () => ({ ...validDetails(), use_billing_as_shipping: true });
  const copied = () => applyBillingAsShipping(ticked(), defaultDraftData("8", 50).shipping);

  it("is true when step 4 changes a copied field of the address", () => {
    for (const patch of [
      { line1: "2 Dock Road" },
      { line2: "Unit 4" },
      { city: "Leeds" },
      { postcode: "LS1 4AP" },
      { country: "IE" as const },
      { company: "Another Ltd" },
      { firstName: "Grace" },
      { lastName: "Hopper" },
    ]) {
      expect(leavesBillingCopy(ticked(), copied(), patch), JSON.stringify(patch)).toBe(true);
    }
  });

  it("is false when step 4 sends the copy back unchanged, or changes only the courier's phone", () => {
    const { name: _name, ...form } = copied().address;
    expect(leavesBillingCopy(ticked(), copied(), form)).toBe(false);
    expect(leavesBillingCopy(ticked(), copied(), { ...form, phone: "07700 900123" })).toBe(false);
    expect(leavesBillingCopy(ticked(), copied(), {})).toBe(false);
    expect(leavesBillingCopy(ticked(), copied(), undefined)).toBe(false);
  });

  it("is false when the box is not ticked: there is no copy to leave", () => {
    const unticked = { ...validDetails(), use_billing_as_shipping: false };
    expect(leavesBillingCopy(unticked, copied(), { line1: "2 Dock Road" })).toBe(false);
  });
});

describe("prefillShipping (R-SHIP-02)", () => {
  it("fills empty names and phone from the details step", () => {
    const shipping = prefillShipping(validDetails(), defaultDraftData("8", 50).shipping);
    expect(shipping.address.firstName).toBe("Ada King");
    expect(shipping.address.lastName).toBe("Lovelace");
    expect(shipping.address.name).toBe("Ada King Lovelace");
    expect(shipping.address.phone).toBe("+44 20 7946 0958");
  });

  it("uses the contact name when the billing name is blank", () => {
    const details = { ...validDetails(), billing: { ...validDetails().billing, name: " " } };
    const shipping = prefillShipping(details, defaultDraftData("8", 50).shipping);
    expect([shipping.address.firstName, shipping.address.lastName]).toEqual(["Ada", "Lovelace"]);
  });

  it("never replaces what the buyer typed", () => {
    const typed = validShipping();
    typed.address.firstName = "Charles";
    typed.address.phone = "01632 960123";
    const shipping = prefillShipping(validDetails(), typed);
    expect(shipping.address.firstName).toBe("Charles");
    expect(shipping.address.lastName).toBe("Lovelace");
    expect(shipping.address.phone).toBe("01632 960123");
  });
});

describe("details step (R-DET-08/09/10)", () => {
  it("a complete form can proceed", () => {
    expect(canProceedDetails(validDetails())).toBe(true);
    expect(missingDetails(validDetails())).toEqual([]);
    expect(detailsErrors(validDetails())).toEqual({});
  });

  function blank(field: (typeof DETAILS_REQUIRED_FIELDS)[number], value: string): DraftDetails {
    const details = structuredClone(validDetails());
    switch (field) {
      case "billing.country":
        details.billing.country = "";
        break;
      case "billing.name":
      case "billing.line1":
      case "billing.city":
      case "billing.postcode":
        details.billing[field.slice("billing.".length) as "name" | "line1" | "city" | "postcode"] = value;
        break;
      default:
        details[field] = value;
    }
    return details;
  }

  it.each(DETAILS_REQUIRED_FIELDS.flatMap((field) => [[field, ""] as const, [field, "   "] as const]))(
    "blank %s (%j) blocks Next and is reported missing",
    (field, value) => {
      const details = blank(field, value);
      expect(canProceedDetails(details)).toBe(false);
      expect(missingDetails(details)).toEqual([field]);
    },
  );

  it("a billing postcode is checked by its country's format, and a UK one abroad is refused", () => {
    const details = validDetails();
    details.billing.country = "GB";
    details.billing.postcode = "XYZ";
    expect(canProceedDetails(details)).toBe(false);
    expect(missingDetails(details)).toEqual([]);
    expect(detailsErrors(details)).toEqual({ "billing.postcode": "Enter a valid UK postcode, e.g. SW1A 1AA" });
    for (const postcode of ["SW1A 1AA", "m1 1ae", "gir0aa", "DN55 1PT"]) {
      details.billing.postcode = postcode;
      expect(canProceedDetails(details)).toBe(true);
    }
    details.billing.country = "FR";
    details.billing.postcode = "XYZ";
    expect(detailsErrors(details)).toEqual({ "billing.postcode": "Enter a valid postcode for France, e.g. 75008" });
    expect(canProceedDetails(details)).toBe(false);
    // A UK address billed to France would pay no VAT.
    details.billing.postcode = "SW1A 1AA";
    expect(detailsErrors(details)).toEqual({
      "billing.postcode":
        "This is a UK postcode: choose United Kingdom as the country, or enter the postcode of the address abroad",
    });
    expect(canProceedDetails(details)).toBe(false);
    details.billing.postcode = "75008";
    expect(detailsErrors(details)).toEqual({});
    expect(canProceedDetails(details)).toBe(true);
  });

  it("a VAT number, when given, is checked by its format and check digits", () => {
    const details = validDetails();
    details.vat_number = "GB123456789";
    expect(canProceedDetails(details)).toBe(false);
    expect(missingDetails(details)).toEqual([]);
    expect(detailsErrors(details)).toEqual({ vat_number: "Enter a valid VAT number, e.g. GB123456789" });
    for (const vatNumber of ["GB980780684", "980 7806 84", "DE136695976", ""]) {
      details.vat_number = vatNumber;
      expect(detailsErrors(details)).toEqual({});
      expect(canProceedDetails(details)).toBe(true);
    }
  });

  it("the terms box must be ticked", () => {
    const details = { ...validDetails(), tos_accepted: false };
    expect(canProceedDetails(details)).toBe(false);
    expect(missingDetails(details)).toEqual(["tos_accepted"]);
  });

  it("optional fields may stay blank", () => {
    const details = validDetails();
    details.vat_number = "";
    details.po_ref = "";
    details.billing.company = "";
    details.billing.line2 = "";
    expect(canProceedDetails(details)).toBe(true);
  });

  it.each([
    ["ada@example.com", true],
    [" ada@example.com ", true],
    ["ada@example", false],
    ["ada example.com", false],
    ["@example.com", false],
    ["ada@ex ample.com", false],
  ])("e-mail %j is valid: %s", (email, valid) => {
    const details = { ...validDetails(), email };
    expect(canProceedDetails(details)).toBe(valid);
    expect(detailsErrors(details).email).toBe(
      valid ? undefined : "Enter an e-mail address in the format name@company.com",
    );
  });

  it.each([
    ["+44 20 7946 0958", true],
    ["(020) 7946-0958", true],
    ["+12345678", true],
    ["+0123456789", false],
    ["+1234567", false],
    ["123456789", false],
    ["1234567890123456", false],
    ["call 02079460958", false],
  ])("phone %j is valid: %s, with the spec's message when not", (phone, valid) => {
    const details = { ...validDetails(), phone };
    expect(canProceedDetails(details)).toBe(valid);
    expect(detailsErrors(details).phone).toBe(valid ? undefined : "Enter a valid phone number, e.g. +44 20 7946 0958");
  });

  it("an empty phone shows no message but still blocks Next", () => {
    const details = { ...validDetails(), phone: "" };
    expect(detailsErrors(details)).toEqual({});
    expect(canProceedDetails(details)).toBe(false);
    expect(missingDetails(details)).toEqual(["phone"]);
  });
});

describe("shipping step (R-SHIP-07, A-38, A-39)", () => {
  it("a complete address with a method can proceed", () => {
    expect(canProceedShipping(validShipping())).toBe(true);
  });

  it.each(SHIPPING_REQUIRED_FIELDS.flatMap((field) => [[field, ""] as const, [field, " "] as const]))(
    "blank %s (%j) blocks Next",
    (field, value) => {
      const shipping = structuredClone(validShipping());
      const key = field.slice("address.".length) as Exclude<keyof DraftShipping["address"], "country">;
      if (field === "address.country") shipping.address.country = "";
      else shipping.address[key] = value;
      expect(canProceedShipping(shipping)).toBe(false);
      expect(missingShipping(shipping)).toEqual([field]);
    },
  );

  it("no method chosen blocks Next (nothing is preselected)", () => {
    const shipping = { ...validShipping(), method: null };
    expect(canProceedShipping(shipping)).toBe(false);
    expect(missingShipping(shipping)).toEqual(["method"]);
  });

  it("line 2 and notes are optional", () => {
    const shipping = validShipping();
    shipping.address.line2 = "";
    shipping.notes = "";
    expect(canProceedShipping(shipping)).toBe(true);
  });

  it("the courier's phone must be valid, with the same message (A-39)", () => {
    const shipping = validShipping();
    shipping.address.phone = "12345";
    expect(canProceedShipping(shipping)).toBe(false);
    expect(shippingErrors(shipping)).toEqual({ "address.phone": "Enter a valid phone number, e.g. +44 20 7946 0958" });
    expect(shippingErrors(validShipping())).toEqual({});
  });

  it("a ship-to postcode is checked by its country's format", () => {
    const shipping = validShipping();
    shipping.address.country = "GB";
    shipping.address.postcode = "XYZ";
    expect(canProceedShipping(shipping)).toBe(false);
    expect(shippingErrors(shipping)).toEqual({ "address.postcode": "Enter a valid UK postcode, e.g. SW1A 1AA" });
    shipping.address.postcode = "sw1a1aa";
    expect(canProceedShipping(shipping)).toBe(true);
    shipping.address.country = "IE";
    shipping.address.postcode = "XYZ";
    expect(shippingErrors(shipping)).toEqual({
      "address.postcode": "Enter a valid postcode for Ireland, e.g. D02 X285",
    });
    expect(canProceedShipping(shipping)).toBe(false);
    shipping.address.postcode = "D02 X285";
    expect(shippingErrors(shipping)).toEqual({});
    expect(canProceedShipping(shipping)).toBe(true);
  });
});

describe("checkoutTotals (R-CALC-14..18, REQUIREMENTS Part 2 C)", () => {
  // [product, quantity, method, GB total, non-GB total] in pence, from C.1–C.4.
  const rows: [string, number, "standard" | "express", number, number][] = [
    ["8", 50, "standard", 35160, 29300],
    ["8", 50, "express", 37200, 31000],
    ["8", 400, "standard", 188400, 157000],
    ["8", 400, "express", 190440, 158700],
    ["8", 1000, "standard", 467760, 389800],
    ["8", 10000, "express", 4660200, 3883500],
    ["15", 50, "standard", 57360, 47800],
    ["15", 99, "standard", 111456, 92880],
    ["15", 99, "express", 113496, 94580],
    ["15", 100, "standard", 126960, 105800],
    ["15", 250, "express", 304200, 253500],
    ["15", 400, "standard", 386160, 321800],
    ["15", 10000, "express", 9604200, 8003500],
    ["16", 50, "standard", 15600, 13000],
    ["16", 50, "express", 17640, 14700],
    ["16", 1000, "standard", 200160, 166800],
    ["16", 25000, "express", 4954200, 4128500],
    ["17", 50, "standard", 35160, 29300],
    ["17", 400, "express", 186600, 155500],
    ["17", 10000, "standard", 4562160, 3801800],
  ];

  it.each(rows)("product %s × %i, %s: GB %i, non-GB %i", (productId, quantity, method, gb, nonGb) => {
    expect(
      checkoutTotals({ products: specProducts, lines: [{ productId, quantity }], country: "GB", method })?.total,
    ).toBe(gb);
    expect(
      checkoutTotals({ products: specProducts, lines: [{ productId, quantity }], country: "FR", method })?.total,
    ).toBe(nonGb);
    expect(
      checkoutTotals({ products: specProducts, lines: [{ productId, quantity }], country: "US", method })?.vat,
    ).toBe(0);
  });

  it("cap 50 standard GB: £275.00 + £18.00 + VAT £58.60 = £351.60", () => {
    expect(
      checkoutTotals({
        products: specProducts,
        lines: [{ productId: "8", quantity: 50 }],
        country: "GB",
        method: "standard",
      }),
    ).toEqual({
      subtotal: 27500,
      discount: 0,
      shipping: 1800,
      vat: 5860,
      total: 35160,
      vatRate: 20,
    });
  });

  it("the first-order discount takes 10% off goods before VAT, never off shipping (A-20)", () => {
    const totals = checkoutTotals({
      products: specProducts,
      lines: [{ productId: "8", quantity: 50 }],
      country: "GB",
      method: "standard",
      firstOrderDiscount: true,
    });
    expect(totals).toEqual({ subtotal: 27500, discount: 2750, shipping: 1800, vat: 5310, total: 31860, vatRate: 20 });
    if (!totals) throw new Error("unreachable");
    expect(storedTotals(totals)).toEqual({ subtotal: 27500, discount: 2750, shipping: 1800, vat: 5310, total: 31860 });
  });

  describe("one product in several colours is priced at the tier of their sum (decision 086)", () => {
    const black = { lineId: "black", productId: "8", quantity: 200 };
    const navy = { lineId: "navy", productId: "8", quantity: 200 };

    it("200 black + 200 navy caps are £3.88 each, as 400 of one colour", () => {
      // 400 caps are the 400+ band: £3.88 each, where 200 alone are the 50–399 band's £5.50.
      expect(pricedLines([black, navy], specProducts)).toMatchObject([
        { unitPence: 388, quantity: 200 },
        { unitPence: 388, quantity: 200 },
      ]);
      // Goods 2 × 200 × £3.88 = £1,552.00; standard shipping £18.00; VAT 20% of £1,570.00 = £314.00;
      // total £1,884.00: exactly the single line of 400.
      const two = checkoutTotals({ products: specProducts, lines: [black, navy], country: "GB", method: "standard" });
      const one = checkoutTotals({
        products: specProducts,
        lines: [{ productId: "8", quantity: 400 }],
        country: "GB",
        method: "standard",
      });
      expect(two).toEqual({ subtotal: 155200, discount: 0, shipping: 1800, vat: 31400, total: 188400, vatRate: 20 });
      expect(two).toEqual(one);
    });

    it("prices each product by its own sum, and a line alone by its own quantity", () => {
      const shorts = { lineId: "shorts", productId: "15", quantity: 100 };
      // Caps 200 + 200 = 400 at £3.88; the shorts' 100 are priced on their own, as a single line of 100.
      expect(pricedLines([black, shorts, navy], specProducts).map((line) => line?.unitPence)).toEqual([
        388,
        pricedLine(shorts, specProducts("15"))?.unitPence,
        388,
      ]);
      // 200 alone: the 50–399 band's £5.50.
      expect(pricedLines([black], specProducts)).toMatchObject([{ unitPence: 550, quantity: 200 }]);
    });

    it("a line listed alone is priced at the tier its product reaches across the order when told", () => {
      expect(pricedLine({ ...navy, tierQuantity: 400 }, specProducts("8"))).toMatchObject({
        unitPence: 388,
        quantity: 200,
      });
      // Step 2 shows one line: 200 navy with 200 black beside it in the cart is £3.88.
      expect(pricedLines([{ ...navy, tierQuantity: 400 }], specProducts)).toMatchObject([
        { unitPence: 388, quantity: 200 },
      ]);
    });

    it("a quoted quantity below the MOQ is priced as agreed; without the quote it is clamped (decision 087)", () => {
      // 30 caps at the quote's £6.00: £180.00.
      expect(pricedLine({ productId: "8", quantity: 30, quotedUnitPence: 600 }, specProducts("8"))).toMatchObject({
        unitPence: 600,
        quantity: 30,
      });
      expect(pricedLine({ productId: "8", quantity: 30 }, specProducts("8"))).toMatchObject({
        unitPence: 550,
        quantity: 50,
      });
    });

    it("a quoted price still holds for the quantity quoted", () => {
      expect(pricedLines([black, { ...navy, quotedUnitPence: 400 }], specProducts)).toMatchObject([
        { unitPence: 388, quantity: 200 },
        { unitPence: 400, quantity: 200 },
      ]);
    });

    it("counts past the last band's end as the top band, and each line keeps the MOQ", () => {
      // 30 is below the cap's MOQ of 50: the line is clamped to 50 as ever, and 50 + 400 is 450.
      expect(
        pricedLines(
          [
            { lineId: "a", productId: "8", quantity: 30 },
            { ...navy, quantity: 400 },
          ],
          specProducts,
        ),
      ).toMatchObject([
        { unitPence: 388, quantity: 50 },
        { unitPence: 388, quantity: 400 },
      ]);
      expect(productQuantities([black, navy, { productId: "15", quantity: 5 }])).toEqual(
        new Map([
          ["8", 400],
          ["15", 5],
        ]),
      );
    });
  });

  describe("set-up fees and surcharges (decision 088)", () => {
    const withCharges = (id: string) => {
      const product = specProducts(id);
      if (!product || id !== "8") return product;
      return {
        ...product,
        charges: [
          { name: "Set-up fee", pence: 2500, per: "order" as const, when: "" },
          { name: "Digitising", pence: 2000, per: "order" as const, when: "embroidery" },
          { name: "Side logo", pence: 40, per: "unit" as const, when: "Side logo" },
        ],
      };
    };

    it("adds the line's charges to its goods, by its method and customisations", () => {
      // 400 caps at £3.88 = £1,552.00; set-up £25.00; digitising £20.00 with embroidery (the cap's default).
      expect(pricedLine({ productId: "8", quantity: 400 }, withCharges("8"))).toMatchObject({
        unitPence: 388,
        quantity: 400,
        chargesPence: 4500,
      });
      // With DTF and a side logo: £25.00 + 400 × £0.40 = £185.00.
      expect(
        pricedLine({ productId: "8", quantity: 400, method: "dtf", selections: ["Side logo"] }, withCharges("8"))
          ?.chargesPence,
      ).toBe(18_500);
    });

    it("counts them in the goods, so the discount and VAT apply to them too", () => {
      // Goods £1,552.00 + £45.00 = £1,597.00; 10% off £159.70; shipping £18.00;
      // VAT 20% of £1,455.30 = £291.06; total £1,746.36.
      expect(
        checkoutTotals({
          products: withCharges,
          lines: [{ productId: "8", quantity: 400 }],
          country: "GB",
          method: "standard",
          firstOrderDiscount: true,
        }),
      ).toEqual({ subtotal: 159_700, discount: 15_970, shipping: 1800, vat: 29_106, total: 174_636, vatRate: 20 });
    });

    it("prices a quoted line with the quote's charges, not the product's", () => {
      const quoted = { productId: "8", quantity: 400, quotedUnitPence: 350 };
      expect(pricedLine({ ...quoted, quotedCharges: [] }, withCharges("8"))).toMatchObject({ chargesPence: 0 });
      const setUp = { name: "Set-up fee", pence: 1000, per: "order" as const, when: "" };
      expect(pricedLine({ ...quoted, quotedCharges: [setUp] }, withCharges("8"))).toMatchObject({
        unitPence: 350,
        chargesPence: 1000,
      });
    });
  });

  it("no method yet means no shipping charge", () => {
    expect(
      checkoutTotals({ products: specProducts, lines: [{ productId: "8", quantity: 50 }], country: "GB", method: null })
        ?.total,
    ).toBe(33000);
  });

  it("prices a quantity outside [MOQ, max] at the clamped quantity", () => {
    expect(
      checkoutTotals({
        products: specProducts,
        lines: [{ productId: "8", quantity: 10 }],
        country: "GB",
        method: "standard",
      })?.subtotal,
    ).toBe(27500);
  });

  it("prices every line of a cart at its own tier and charges shipping once", () => {
    const lines = [
      { productId: "8", quantity: 250 },
      { productId: "15", quantity: 100 },
    ];
    const cap = pricedLine({ productId: "8", quantity: 250 }, specProducts("8"));
    const shorts = pricedLine({ productId: "15", quantity: 100 }, specProducts("15"));
    expect([cap, shorts]).toMatchObject([
      { unitPence: 550, quantity: 250 },
      { unitPence: 1040, quantity: 100 },
    ]);
    // £1,375.00 + £1,040.00 = £2,415.00 goods, £18.00 shipping once, VAT 20% of £2,433.00.
    expect(checkoutTotals({ products: specProducts, lines, country: "GB", method: "standard" })).toEqual({
      subtotal: 241500,
      discount: 0,
      shipping: 1800,
      vat: 48660,
      total: 291960,
      vatRate: 20,
    });
  });

  it("is null without a line, or when any line's product is not sold", () => {
    expect(checkoutTotals({ products: specProducts, lines: [], country: "GB", method: "standard" })).toBeNull();
    const lines = [
      { productId: "8", quantity: 50 },
      { productId: "999", quantity: 50 },
    ];
    expect(checkoutTotals({ products: specProducts, lines, country: "GB", method: "standard" })).toBeNull();
  });

  it("is null for a product the catalogue doesn't sell", () => {
    expect(
      checkoutTotals({
        products: specProducts,
        lines: [{ productId: "999", quantity: 50 }],
        country: "GB",
        method: "standard",
      }),
    ).toBeNull();
  });

  it("takes VAT from the ship-to address, else billing, else GB (A-5)", () => {
    const data = defaultDraftData("8", 50);
    expect(vatPlace(data).country).toBe("GB");
    data.details.billing = { ...data.details.billing, country: "DE", postcode: "10117" };
    expect(vatPlace(data)).toEqual({ country: "DE", postcode: "10117" });
    data.shipping.address = { ...data.shipping.address, country: "GB", postcode: "JE2 3AB" };
    expect(vatPlace(data)).toEqual({ country: "GB", postcode: "JE2 3AB" });
    data.details.billing.country = "";
    data.shipping.address.country = "";
    expect(vatPlace(data)).toEqual({ country: "GB" });
  });
});

describe("statuses (R-DRAFT-10, A-12)", () => {
  const order: DraftStatus[] = ["customisation_draft", "details_done", "shipping_done", "awaiting_payment", "paid"];

  it("moves forward and never backwards", () => {
    for (const [i, from] of order.entries()) {
      for (const [j, to] of order.entries()) {
        expect(advanceStatus(from, to), `${from} → ${to}`).toBe(j > i ? to : from);
      }
    }
  });

  it("knows which statuses a buyer may still edit: all but paid", () => {
    expect(order.filter(isEditableStatus)).toEqual([
      "customisation_draft",
      "details_done",
      "shipping_done",
      "awaiting_payment",
    ]);
    expect(isEditableStatus("payment_failed")).toBe(true);
    expect(isEditableStatus("paid")).toBe(false);
    expect(order.filter(isPayingStatus)).toEqual(["awaiting_payment"]);
    expect(isPayingStatus("payment_failed")).toBe(true);
  });

  it("compares statuses", () => {
    expect(statusAtLeast("shipping_done", "details_done")).toBe(true);
    expect(statusAtLeast("details_done", "shipping_done")).toBe(false);
    expect(statusAtLeast("paid", "shipping_done")).toBe(true);
  });
});

describe("checkout stepper (R-STEP-01..05)", () => {
  it("has the six steps in order", () => {
    expect(STEPS.map((s) => [s.step, s.label, s.path])).toEqual([
      [1, "Cart", "/cart"],
      [2, "Customisation", "/customization"],
      [3, "Details", "/details"],
      [4, "Shipping", "/shipping"],
      [5, "Design Proofing", "/design-proofing"],
      [6, "Payment", "/payment"],
    ]);
  });

  it("derives completed steps from the saved draft", () => {
    const draft = (status: DraftStatus, confirmed: boolean, acknowledged = false) => ({
      status,
      data: {
        confirm: { rights_confirmed: confirmed, lead_time_acknowledged: confirmed },
        proof_acknowledged: acknowledged,
      },
    });
    expect(completedSteps(null, false)).toEqual([]);
    expect(completedSteps(null, true)).toEqual([1]);
    expect(completedSteps(draft("customisation_draft", false), true)).toEqual([1]);
    expect(
      completedSteps(
        {
          status: "customisation_draft",
          data: { confirm: { rights_confirmed: true, lead_time_acknowledged: false }, proof_acknowledged: false },
        },
        true,
      ),
    ).toEqual([1]);
    expect(completedSteps(draft("customisation_draft", true), true)).toEqual([1, 2]);
    expect(completedSteps(draft("details_done", true), true)).toEqual([1, 2, 3]);
    expect(completedSteps(draft("shipping_done", true), true)).toEqual([1, 2, 3, 4]);
    expect(completedSteps(draft("shipping_done", true, true), true)).toEqual([1, 2, 3, 4, 5]);
    expect(completedSteps(draft("paid", true, true), false)).toEqual([2, 3, 4, 5]);
  });

  it("opens only steps at or before the current one, or completed ones", () => {
    const all: StepNumber[] = [1, 2, 3, 4, 5, 6];
    const open = (current: StepNumber, completed: StepNumber[]) =>
      all.filter((t) => canNavigate(t, current, completed));
    expect(open(1, [])).toEqual([1]);
    expect(open(2, [1])).toEqual([1, 2]);
    expect(open(2, [1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(open(3, [1, 2])).toEqual([1, 2, 3]);
    expect(open(6, [1, 2, 3, 4, 5])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(canNavigate(5, 2, [1, 2, 3])).toBe(false);
  });

  it("keeps draft_id and product_id on steps 2–6 (R-ROUTE-20)", () => {
    const ids = { productId: "8", draftId: "0b7d0c1e-3f3a-4a53-9f43-1c1d2f4b5a6e" };
    expect(stepHref(1, ids)).toBe("/cart");
    expect(stepHref(3, ids)).toBe("/details?draft_id=0b7d0c1e-3f3a-4a53-9f43-1c1d2f4b5a6e&product_id=8");
    for (const step of [2, 3, 4, 5, 6] as const) {
      const url = new URL(stepHref(step, ids), "http://shop.test");
      expect(url.pathname).toBe(STEPS[step - 1]?.path);
      expect(url.searchParams.get("draft_id")).toBe(ids.draftId);
      expect(url.searchParams.get("product_id")).toBe("8");
    }
    expect(stepHref(2, { productId: "8", draftId: null })).toBe("/customization?product_id=8");
    expect(stepHref(4, {})).toBe("/shipping");
    expect(stepHref(2, { productId: "a&b" })).toBe("/customization?product_id=a%26b");
  });
});

describe("messages", () => {
  it("composes the save error per A-43", () => {
    expect(saveErrorMessage("boom")).toBe("Save failed: boom");
    expect(saveErrorMessage("")).toBe("Save failed: Unknown error");
    expect(saveErrorMessage(undefined)).toBe("Save failed: Unknown error");
  });

  it("keeps the spec's texts", () => {
    expect(NO_DRAFT_MESSAGE).toBe("No draft found.");
    expect(MISSING_SAVE_DATA_MESSAGE).toBe("Missing required data for save");
  });

  it("recognises draft ids", () => {
    expect(isDraftId("0b7d0c1e-3f3a-4a53-9f43-1c1d2f4b5a6e")).toBe(true);
    expect(isDraftId("0b7d0c1e")).toBe(false);
    expect(isDraftId("'; drop table order_drafts; --")).toBe(false);
    expect(isDraftId(undefined)).toBe(false);
  });
});
