import { describe, expect, it } from "vitest";
import { acceptedClaimCreditNote } from "./guarantee-credit-note";

// The document itself (lines, VAT, the PDF) is checked against a real order in
// app/server/aftercare/guarantee-claims.server.test.ts; here, when there is none. None of these reads the
// order's snapshot, so an empty one stands in.
const order = {
  number: "SW-1001",
  snapshot: {},
  vatRate: 20,
  promisedDeliveryDate: "2026-11-16",
  subtotalPence: 55_000,
  discountPence: 0,
  totalPence: 66_000,
};
const claim = {
  status: "accepted",
  remedy: "A refund of 10% of the goods price of the late order.",
  daysLate: 7,
  creditNoteNumber: "CN-2026-000001",
  decidedAt: new Date("2026-11-25T10:00:00Z"),
};

describe("acceptedClaimCreditNote", () => {
  it.each([
    ["an open claim", { order, claim: { ...claim, status: "open" }, invoiceNumber: "INV-1" }],
    ["a refused claim", { order, claim: { ...claim, status: "refused" }, invoiceNumber: "INV-1" }],
    ["no credit note number", { order, claim: { ...claim, creditNoteNumber: null }, invoiceNumber: "INV-1" }],
    ["no invoice to credit", { order, claim, invoiceNumber: null }],
    ["no promised date", { order: { ...order, promisedDeliveryDate: null }, claim, invoiceNumber: "INV-1" }],
    [
      "a remedy in words only",
      { order, claim: { ...claim, remedy: "Free shipping next time." }, invoiceNumber: "INV-1" },
    ],
  ])("is none for %s", (_, input) => {
    expect(acceptedClaimCreditNote(input)).toBeNull();
  });
});
