import { describe, expect, it } from "vitest";
import { DATA_REQUEST_MESSAGES, erasedSummary, readPersonLookup } from "./data-requests";

describe("readPersonLookup", () => {
  it("reads an e-mail address in lower case, and a UK number in E.164", () => {
    expect(readPersonLookup("  Jane.Doe@Example.COM ")).toEqual({
      ok: true,
      lookup: { kind: "email", email: "jane.doe@example.com" },
    });
    expect(readPersonLookup("07700 900123")).toEqual({
      ok: true,
      lookup: { kind: "phone", phoneE164: "+447700900123" },
    });
    expect(readPersonLookup("+44 7700 900123")).toEqual({
      ok: true,
      lookup: { kind: "phone", phoneE164: "+447700900123" },
    });
  });

  it("refuses nothing, part of an address or number, and text too long to be either", () => {
    expect(readPersonLookup(" ")).toEqual({ ok: false, message: DATA_REQUEST_MESSAGES.missing });
    for (const typed of ["jane@", "jane", "0770090", "x".repeat(255), `${"a".repeat(250)}@example.com`])
      expect(readPersonLookup(typed)).toEqual({ ok: false, message: DATA_REQUEST_MESSAGES.invalid });
  });
});

describe("erasedSummary", () => {
  it("counts each kind, one and many", () => {
    expect(erasedSummary({ inquiries: 1, quoteRequests: 0, smsSignups: 2, messages: 1 })).toBe(
      "1 contact message, 0 quote requests, 2 SMS sign-ups, 1 e-mail sent to them",
    );
  });
});
