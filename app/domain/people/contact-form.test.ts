import { describe, expect, it } from "vitest";
import { phoneErrorMessage } from "./contact-rules";
import {
  CONTACT_FIELDS,
  contactValuesFrom,
  EMPTY_CONTACT_VALUES,
  parseContactForm,
  type ContactValues,
} from "./contact-form";

const valid: ContactValues = {
  ...EMPTY_CONTACT_VALUES,
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.co.uk",
  company: "Analytical Engines Ltd",
};

describe("parseContactForm (R-CONTACT-02..04)", () => {
  it("accepts the four required fields alone and drops blank optional ones", () => {
    const result = parseContactForm(valid);
    expect(result).toEqual({
      ok: true,
      data: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.co.uk",
        company: "Analytical Engines Ltd",
        phone: undefined,
        deadline: undefined,
        purpose: undefined,
        notes: undefined,
      },
    });
  });

  it("keeps every optional field when given, trimmed", () => {
    const result = parseContactForm({
      ...valid,
      first_name: "  Ada ",
      phone: "+44 20 7946 0958",
      deadline: "2026-12-01",
      purpose: "quote",
      notes: " 200 caps in navy ",
    });
    expect(result.ok && result.data).toMatchObject({
      first_name: "Ada",
      phone: "+44 20 7946 0958",
      deadline: "2026-12-01",
      purpose: "quote",
      notes: "200 caps in navy",
    });
  });

  it("names each missing required field and keeps the values as typed", () => {
    const typed = { ...EMPTY_CONTACT_VALUES, email: "not-an-email", notes: "keep me" };
    const result = parseContactForm(typed);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      first_name: "Enter your first name",
      last_name: "Enter your last name",
      email: "Enter an e-mail address in the format name@company.com",
      company: "Enter your company name",
    });
    expect(result.values).toEqual(typed);
  });

  it("treats spaces as empty for required fields", () => {
    const result = parseContactForm({ ...valid, company: "   " });
    expect(!result.ok && result.errors).toEqual({ company: "Enter your company name" });
  });

  it.each([
    ["phone", "call me maybe", phoneErrorMessage],
    ["deadline", "2026-02-30", "Enter the deadline as a date"],
    ["deadline", "next week", "Enter the deadline as a date"],
    ["purpose", "bribery", "Choose one of the options"],
    ["notes", "x".repeat(5001), "Keep your notes under 5,000 characters"],
    ["first_name", "x".repeat(101), "Keep this under 100 characters"],
  ] as const)("rejects %s %j", (field, value, message) => {
    const result = parseContactForm({ ...valid, [field]: value });
    expect(!result.ok && result.errors).toEqual({ [field]: message });
  });
});

describe("over-long values", () => {
  it("refuses an e-mail over 254 characters by its length and sends back only one character over", () => {
    // The slow-pattern attack: the e-mail rule must never see it, and the page must not echo it.
    const result = parseContactForm({ ...valid, email: `a@${"a.".repeat(500_000)}@`, notes: "n".repeat(6000) });
    if (result.ok) throw new Error("accepted");
    expect(result.errors).toEqual({
      email: "Keep this under 254 characters",
      notes: "Keep your notes under 5,000 characters",
    });
    expect(result.values.email).toHaveLength(255);
    expect(result.values.notes).toHaveLength(5001);
    expect(result.values.first_name).toBe(valid.first_name);
  });

  it("refuses long phone numbers and deadlines with their own messages", () => {
    const result = parseContactForm({
      ...valid,
      phone: `+44 ${"0".repeat(100)}`,
      deadline: `2026-12-18${" x".repeat(50)}`,
    });
    if (result.ok) throw new Error("accepted");
    expect(result.errors).toEqual({ phone: phoneErrorMessage, deadline: "Enter the deadline as a date" });
  });
});

describe("contactValuesFrom", () => {
  it("reads every field as a string and ignores anything else", () => {
    const form = new FormData();
    form.set("first_name", "Ada");
    form.set("notes", new Blob(["file"]));
    form.set("extra", "ignored");
    const values = contactValuesFrom(form);
    expect(Object.keys(values)).toEqual([...CONTACT_FIELDS]);
    expect(values.first_name).toBe("Ada");
    expect(values.notes).toBe("");
    expect(values.email).toBe("");
  });
});
