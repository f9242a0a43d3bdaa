import { describe, expect, it } from "vitest";
import {
  ADMIN_MESSAGES,
  defaultStatusNote,
  isInboxKind,
  orderListDirection,
  orderListSearch,
  parseOrderListQuery,
  proofUploadSchema,
  RECORDED_APPROVAL_MESSAGES,
  recordedApprovalInstant,
  statusChangeSchema,
} from "./admin-orders";

describe("parseOrderListQuery", () => {
  it("reads status, search and page", () => {
    expect(parseOrderListQuery(new URLSearchParams("status=shipped&q=%20acme%20&page=3"))).toEqual({
      status: "shipped",
      q: "acme",
      page: 3,
      sort: "placed",
      dir: undefined,
    });
  });
  it("falls back to the defaults for values a hand-edited link may hold", () => {
    const defaults = { status: undefined, q: "", page: 1, sort: "placed", dir: undefined };
    expect(parseOrderListQuery(new URLSearchParams("status=bogus&page=-2"))).toEqual(defaults);
    expect(parseOrderListQuery(new URLSearchParams(`page=abc&q=${"x".repeat(500)}`))).toEqual(defaults);
    expect(parseOrderListQuery(new URLSearchParams("sort=price&dir=sideways"))).toEqual(defaults);
    expect(parseOrderListQuery(new URLSearchParams(""))).toEqual(defaults);
  });
  it("reads the sort column and direction, soonest date first by default", () => {
    const query = parseOrderListQuery(new URLSearchParams("sort=approve_by&dir=desc"));
    expect(query).toMatchObject({ sort: "approve_by", dir: "desc" });
    expect(orderListDirection(query)).toBe("desc");
    expect(orderListDirection({ sort: "approve_by", dir: undefined })).toBe("asc");
    expect(orderListDirection({ sort: "placed", dir: undefined })).toBe("desc");
  });
});

describe("orderListSearch", () => {
  it("keeps the choices and leaves the defaults out", () => {
    expect(orderListSearch({ sort: "placed", dir: "desc", page: 1 })).toBe("");
    expect(orderListSearch({ status: "shipped", q: "acme", sort: "approve_by", page: 2 })).toBe(
      "status=shipped&q=acme&sort=approve_by&page=2",
    );
    expect(orderListSearch({ sort: "need_by", dir: "desc" })).toBe("sort=need_by&dir=desc");
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

describe("recordedApprovalInstant", () => {
  const now = new Date("2026-12-01T14:30:00Z");
  const sent = new Date("2026-12-01T09:15:40Z");

  it("reads UK wall time, a minute ahead of the clock at most", () => {
    expect(recordedApprovalInstant("2026-12-01 14:31", now, sent)).toEqual({
      ok: true,
      at: new Date("2026-12-01T14:31:00Z"),
    });
    expect(recordedApprovalInstant("2026-12-01T14:32", now, sent)).toEqual({
      ok: false,
      message: RECORDED_APPROVAL_MESSAGES.future,
    });
  });

  it("takes the minute the proof was sent, not one before it", () => {
    expect(recordedApprovalInstant("2026-12-01 09:15", now, sent).ok).toBe(true);
    expect(recordedApprovalInstant("2026-12-01 09:14", now, sent)).toEqual({
      ok: false,
      message: RECORDED_APPROVAL_MESSAGES.beforeProof,
    });
    expect(recordedApprovalInstant("2026-12-01 09:14", now, null).ok).toBe(true);
  });

  it("refuses a time that is not one", () => {
    expect(recordedApprovalInstant("2026-02-30 10:00", now, null)).toEqual({
      ok: false,
      message: RECORDED_APPROVAL_MESSAGES.when,
    });
  });
});
