import { describe, expect, it } from "vitest";
import {
  EMPTY_PRODUCT_REQUEST,
  PRODUCT_REQUEST_FIELDS,
  PRODUCT_REQUEST_MESSAGES as M,
  parseProductRequest,
  productRequestValuesFrom,
  type ProductRequestValues,
} from "./product-request";

// London keeps GMT in winter, so 23:30 UTC on 30 November is still the 30th there.
const NOW = new Date("2026-11-30T23:30:00Z");

const valid: ProductRequestValues = {
  ...EMPTY_PRODUCT_REQUEST,
  product: "Insulated bottles",
  quantity: "250",
  name: "Ada Lovelace",
  email: "ada@example.co.uk",
};

describe("parseProductRequest", () => {
  it("takes product, quantity, name and e-mail alone, and drops blank optional fields", () => {
    expect(parseProductRequest(valid, NOW)).toEqual({
      ok: true,
      data: {
        product: "Insulated bottles",
        quantity: 250,
        needed_by: undefined,
        notes: undefined,
        name: "Ada Lovelace",
        email: "ada@example.co.uk",
        company: undefined,
      },
    });
  });

  it("keeps every optional field when given, trimmed", () => {
    const result = parseProductRequest(
      {
        ...valid,
        product: "  Enamel mugs ",
        quantity: " 0100 ",
        needed_by: "2026-12-18",
        notes: " Navy, one-colour print ",
        company: " Analytical Engines Ltd ",
      },
      NOW,
    );
    expect(result.ok && result.data).toMatchObject({
      product: "Enamel mugs",
      quantity: 100,
      needed_by: "2026-12-18",
      notes: "Navy, one-colour print",
      company: "Analytical Engines Ltd",
    });
  });

  it("names every required field that is missing, and keeps what was typed", () => {
    const typed = { ...EMPTY_PRODUCT_REQUEST, notes: "Something like the cap, but a beanie" };
    const result = parseProductRequest(typed, NOW);
    expect(result).toEqual({
      ok: false,
      errors: { product: M.product, quantity: M.quantity, name: M.name, email: M.email },
      values: typed,
    });
  });

  it.each([
    ["0", M.quantity],
    ["-5", M.quantity],
    ["2.5", M.quantity],
    ["1e3", M.quantity],
    ["0x32", M.quantity],
    ["fifty", M.quantity],
    ["1000001", M.quantityTooLarge],
    ["1234567890", M.quantityTooLarge],
  ])("quantity %j is refused: %s", (quantity, message) => {
    const result = parseProductRequest({ ...valid, quantity }, NOW);
    expect(result.ok ? null : result.errors).toEqual({ quantity: message });
  });

  it.each(["1", "50", "1000000"])("quantity %j is taken", (quantity) => {
    expect(parseProductRequest({ ...valid, quantity }, NOW).ok).toBe(true);
  });

  it("checks the e-mail's format", () => {
    const result = parseProductRequest({ ...valid, email: "ada@example" }, NOW);
    expect(result.ok ? null : result.errors).toEqual({ email: M.emailFormat });
  });

  it("takes a needed-by date from today (London) on, and refuses a past or impossible one", () => {
    expect(parseProductRequest({ ...valid, needed_by: "2026-11-30" }, NOW).ok).toBe(true);
    const past = parseProductRequest({ ...valid, needed_by: "2026-11-29" }, NOW);
    expect(past.ok ? null : past.errors).toEqual({ needed_by: M.neededByPast });
    for (const needed_by of ["2026-02-30", "30/12/2026", "tomorrow", "2026-12-300"]) {
      const result = parseProductRequest({ ...valid, needed_by }, NOW);
      expect(result.ok ? null : result.errors).toEqual({ needed_by: M.neededBy });
    }
    // In summer London is an hour ahead: 23:30 UTC on 30 June is already 1 July there.
    const summer = parseProductRequest({ ...valid, needed_by: "2026-06-30" }, new Date("2026-06-30T23:30:00Z"));
    expect(summer.ok ? null : summer.errors).toEqual({ needed_by: M.neededByPast });
  });

  it("limits every field, and gives back at most one character past a limit", () => {
    const long = "x".repeat(100_000);
    const result = parseProductRequest(
      { ...valid, product: long, notes: long, name: long, company: long, email: `${long}@example.com` },
      NOW,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["company", "email", "name", "notes", "product"]);
    expect(result.errors.notes).toBe(M.notes);
    expect(result.values.product).toHaveLength(201);
    expect(result.values.notes).toHaveLength(2001);
  });
});

describe("productRequestValuesFrom", () => {
  it("reads every field as a string; a missing one or a file is empty", () => {
    const form = new FormData();
    form.set("product", "Tote bags");
    form.set("notes", new Blob(["x"]));
    const values = productRequestValuesFrom(form);
    expect(Object.keys(values)).toEqual([...PRODUCT_REQUEST_FIELDS]);
    expect(values).toEqual({ ...EMPTY_PRODUCT_REQUEST, product: "Tote bags" });
  });
});
