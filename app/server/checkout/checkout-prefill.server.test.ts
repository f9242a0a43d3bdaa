import { describe, expect, it } from "vitest";
import { orders } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { defaultDraftData } from "~/domain/checkout/draft-schemas";
import { withCheckoutPrefill } from "./checkout-prefill.server";

const handle = testFileDatabase();
const user = { id: "u-ada", name: "Ada Lovelace", email: "ada@example.com", phoneNumber: null };

describe("withCheckoutPrefill", () => {
  it("fills a new checkout from the account and the buyer's own newest order", async () => {
    await insertPaidOrder(handle.db, {
      userId: "u-ada",
      email: "old@example.com",
      company: "Old Co",
      createdAt: new Date("2026-01-05T10:00:00Z"),
    });
    await insertPaidOrder(handle.db, {
      userId: "u-ada",
      email: "orders@analytical.example",
      company: "Analytical Ltd",
      createdAt: new Date("2026-06-05T10:00:00Z"),
    });
    // Someone else's order, newer still, is never a source.
    await insertPaidOrder(handle.db, { userId: "u-grace", email: "grace@example.com", company: "Cobol & Co" });

    const filled = await withCheckoutPrefill(handle.db, { user, data: defaultDraftData("8", 100) });
    expect(filled.details).toMatchObject({
      contact_name: "Ada Lovelace",
      email: "ada@example.com",
      company: "Analytical Ltd",
      phone: "+44 20 7946 0958",
      // The VAT number is remembered from that order; its PO reference is not.
      vat_number: "GB980780684",
      po_ref: "",
      billing: { company: "Analytical Ltd", name: "Jane Smith", line1: "1 High Street", postcode: "EC1A 1BB" },
      use_billing_as_shipping: true,
    });
    // That order shipped to its billing address, so the delivery address is left to the billing copy.
    expect(filled.shipping).toEqual(defaultDraftData("8", 100).shipping);
  });

  it("fills name and e-mail alone for a first order, and a snapshot it cannot read costs nothing but the rest", async () => {
    const first = await withCheckoutPrefill(handle.db, { user, data: defaultDraftData("8", 100) });
    expect(first.details).toEqual({
      ...defaultDraftData("8", 100).details,
      contact_name: "Ada Lovelace",
      email: "ada@example.com",
    });
    await insertPaidOrder(handle.db, { userId: "u-ada", email: "a@example.com", company: "A" });
    await handle.db.update(orders).set({ snapshot: { data: "not a draft" } });
    expect(await withCheckoutPrefill(handle.db, { user, data: defaultDraftData("8", 100) })).toEqual(first);
  });
});
