import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-messages.server";

const form = z.object({
  lastName: z.string().min(1, "Enter your last name"),
  company: z.string(),
  intent: z.enum(["password", "send-code"]),
  quantity: z.number().int().min(1),
});

function messages(input: unknown): Record<string, string[]> {
  const result = form.safeParse(input);
  if (result.success) return {};
  return z.flattenError(result.error).fieldErrors as Record<string, string[]>;
}

describe("zod's wording on the server", () => {
  it("says a missing field is required, in plain words", () => {
    expect(messages({})).toEqual({
      lastName: ["This field is required."],
      company: ["This field is required."],
      intent: ["This field is required."],
      quantity: ["This field is required."],
    });
  });

  it("says a value of the wrong kind is not in the expected form, and an unknown choice is not offered", () => {
    expect(messages({ lastName: "Smith", company: ["Acme"], intent: "admin", quantity: "50" })).toEqual({
      company: ["This value is not in the expected form."],
      intent: ["Choose one of the options offered."],
      quantity: ["This value is not in the expected form."],
    });
  });

  it("leaves a schema's own messages and zod's range messages alone", () => {
    expect(messages({ lastName: "", company: "Acme", intent: "password", quantity: 0 })).toEqual({
      lastName: ["Enter your last name"],
      quantity: ["Too small: expected number to be >=1"],
    });
  });

  it("says a body that matches none of a form's shapes is incomplete", () => {
    const reset = z.union([z.object({ token: z.string() }), z.object({ code: z.string() })]);
    const result = reset.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "This form is incomplete: fill in every field it asks for.",
    ]);
  });
});
