import { describe, expect, it } from "vitest";
import {
  ADMIN_MESSAGES,
  defaultStatusNote,
  isInboxKind,
  parseOrderListQuery,
  proofUploadSchema,
  statusChangeSchema,
} from "./admin-orders";

describe("parseOrderListQuery", () => {
  it("reads status, search and page", () => {
    expect(parseOrderListQuery(new URLSearchParams("status=shipped&q=%20acme%20&page=3"))).toEqual({
      status: "shipped",
      q: "acme",
      page: 3,
    });
  });
  it("falls back to the defaults for values a hand-edited link may hold", () => {
    expect(parseOrderListQuery(new URLSearchParams("status=bogus&page=-2"))).toEqual({
      status: undefined,
      q: "",
      page: 1,
    });
    expect(parseOrderListQuery(new URLSearchParams(`page=abc&q=${"x".repeat(500)}`))).toEqual({
      status: undefined,
      q: "",
      page: 1,
    });
    expect(parseOrderListQuery(new URLSearchParams(""))).toEqual({ status: undefined, q: "", page: 1 });
  });
});

describe("statusChangeSchema", () => {
  const base = { intent: "status", version: "4", note: "" };
  it("needs the carrier and the tracking number to ship", () => {
    const result = statusChangeSchema.safeParse({ ...base, to: "shipped", carrier: "DPD", trackingNumber: " " });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["trackingNumber", "Enter the carrier and the tracking number."],
    ]);
    expect(
      statusChangeSchema.parse({ ...base, to: "shipped", carrier: " DPD ", trackingNumber: "15501234" }),
    ).toMatchObject({
      to: "shipped",
      version: 4,
      carrier: "DPD",
      trackingNumber: "15501234",
    });
  });
  it("needs no carrier for other moves, and refuses unknown statuses and missing versions", () => {
    expect(statusChangeSchema.safeParse({ ...base, to: "in_production" }).success).toBe(true);
    expect(statusChangeSchema.safeParse({ ...base, to: "teleported" }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ intent: "status", to: "in_production" }).success).toBe(false);
    expect(statusChangeSchema.safeParse({ ...base, to: "in_production", note: "x".repeat(1001) }).success).toBe(false);
  });
  it("keeps the proof form's fields apart", () => {
    expect(proofUploadSchema.parse({ intent: "proof", version: "2", note: " v2: logo larger " })).toEqual({
      intent: "proof",
      version: 2,
      note: "v2: logo larger",
      line: 1,
    });
    expect(proofUploadSchema.parse({ intent: "proof", version: "2", line: "3" })).toMatchObject({ line: 3 });
    expect(proofUploadSchema.safeParse({ intent: "proof", version: "2", line: "0" }).success).toBe(false);
    expect(proofUploadSchema.safeParse({ intent: "proof", version: "2", line: "x" }).success).toBe(false);
  });
});

it("words the refusals with the statuses' labels", () => {
  expect(ADMIN_MESSAGES.invalidTransition("in_production", "delivered")).toBe(
    'An order that is "In production" cannot be moved to "Delivered". Nothing was changed.',
  );
  expect(ADMIN_MESSAGES.stale("shipped")).toMatch(/^This order changed since you opened it: it is now "Shipped"\./);
  expect(defaultStatusNote({ to: "shipped", carrier: "DPD", trackingNumber: "155" })).toBe(
    "Shipped with DPD (tracking 155)",
  );
  expect(defaultStatusNote({ to: "quality_check" })).toBe("Moved to Quality check");
});

it("knows the inbox kinds", () => {
  expect(isInboxKind("sms")).toBe(true);
  expect(isInboxKind("orders")).toBe(false);
});
