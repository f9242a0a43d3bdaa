import { describe, expect, it } from "vitest";
import { linesUnchangedSincePriced, readLedgerLines, sameLedgerLines, type LedgerLine } from "./ledger-lines";

const cap: LedgerLine = {
  draftId: "d-cap",
  version: 4,
  productId: "8",
  quantity: 250,
  unitPence: 550,
  subtotalPence: 137500,
  charges: [],
  chargesPence: 0,
};
const shorts: LedgerLine = {
  draftId: "d-shorts",
  version: 2,
  productId: "15",
  quantity: 100,
  unitPence: 1040,
  subtotalPence: 104000,
  charges: [],
  chargesPence: 0,
};

describe("sameLedgerLines", () => {
  it("is true for the same drafts at the same versions, quantities and prices", () => {
    expect(sameLedgerLines([cap, shorts], [{ ...cap }, { ...shorts }], "d-cap")).toBe(true);
  });

  it("ignores the checkout draft's own version, which opening a payment bumps", () => {
    expect(sameLedgerLines([cap, shorts], [{ ...cap, version: 5 }, shorts], "d-cap")).toBe(true);
  });

  it("is false when another line's draft moved on, or any quantity or price changed", () => {
    expect(sameLedgerLines([cap, shorts], [cap, { ...shorts, version: 3 }], "d-cap")).toBe(false);
    expect(sameLedgerLines([cap, shorts], [{ ...cap, quantity: 300, version: 5 }, shorts], "d-cap")).toBe(false);
    expect(sameLedgerLines([cap, shorts], [cap, { ...shorts, unitPence: 1100 }], "d-cap")).toBe(false);
  });

  it("is false when a line was added, removed or reordered", () => {
    expect(sameLedgerLines([cap], [cap, shorts], "d-cap")).toBe(false);
    expect(sameLedgerLines([cap, shorts], [cap], "d-cap")).toBe(false);
    expect(sameLedgerLines([cap, shorts], [shorts, cap], "d-cap")).toBe(false);
  });
});

describe("readLedgerLines", () => {
  it("reads what the ledger stores and refuses a row without lines", () => {
    expect(readLedgerLines([cap])).toEqual([cap]);
    expect(() => readLedgerLines([])).toThrow();
    expect(() => readLedgerLines([{ ...cap, quantity: 0 }])).toThrow();
  });
});

describe("linesUnchangedSincePriced", () => {
  const row = (line: LedgerLine, over: Partial<{ version: number; paidAt: Date | null; status: string }> = {}) => ({
    id: line.draftId,
    version: line.version,
    paidAt: null,
    status: "customisation_draft",
    ...over,
  });

  it("holds when every other line's draft is at the version priced, unpaid and editable", () => {
    expect(linesUnchangedSincePriced([cap, shorts], [row(shorts)], "d-cap")).toBe(true);
    expect(linesUnchangedSincePriced([cap], [], "d-cap")).toBe(true);
  });

  it("leaves the checkout's own draft out: opening the payment bumps it", () => {
    expect(linesUnchangedSincePriced([cap, shorts], [row(cap, { version: 9 }), row(shorts)], "d-cap")).toBe(true);
  });

  it.each([
    ["saved since", { version: 3 }],
    ["paid by another order", { paidAt: new Date("2026-11-20T12:00:00Z") }],
    ["no longer editable", { status: "paid" }],
    ["an unknown status", { status: "lost" }],
  ])("fails for a line %s", (_name, over) => {
    expect(linesUnchangedSincePriced([cap, shorts], [row(shorts, over)], "d-cap")).toBe(false);
  });

  it("fails for a line whose draft is gone", () => {
    expect(linesUnchangedSincePriced([cap, shorts], [], "d-cap")).toBe(false);
  });
});
