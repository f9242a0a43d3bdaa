import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { loader as detailsLoader } from "~/routes/details";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { answerOf } from "../../../tests/setup/route-answer";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { savedAddressesFor } from "./checkout-prefill.server";
import { addCartLine } from "./shopping.server";
import { createDraft } from "./drafts.server";

// Saved addresses, on the real test database: the addresses of the orders a buyer may read (their
// own and their active organisation's), deduplicated and newest first; nobody else's.

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
const BUYER = "buyer-addresses-1";
const paid = (userId: string, company: string, createdAt: Date) =>
  insertPaidOrder(handle.db, { userId, email: "jane@acme.example", company, status: "delivered", createdAt });

describe("savedAddressesFor", () => {
  it("offers the buyer's own orders' addresses, newest first, each once", async () => {
    await paid(BUYER, "Old Co", new Date("2026-01-01T10:00:00Z"));
    await paid(BUYER, "New Co", new Date("2026-06-01T10:00:00Z"));
    await paid(BUYER, "New Co", new Date("2026-05-01T10:00:00Z"));
    const saved = await savedAddressesFor(handle.db, { userId: BUYER, accountId: BUYER });
    expect(saved.billing.map((a) => a.company)).toEqual(["New Co", "Old Co"]);
    // The fixture's orders all ship to the same address.
    expect(saved.delivery.map((a) => a.line1)).toEqual(["2 Dock Road"]);
  });

  it("offers nothing of another buyer's", async () => {
    await paid(BUYER, "Secret Co", new Date());
    expect(await savedAddressesFor(handle.db, { userId: "intruder-1", accountId: "intruder-1" })).toEqual({
      billing: [],
      delivery: [],
    });
    expect(await savedAddressesFor(handle.db, { userId: "", accountId: "" })).toEqual({ billing: [], delivery: [] });
  });

  it("offers a colleague's addresses within the active organisation only", async () => {
    const order = await paid(BUYER, "Org Co", new Date());
    await handle.db.execute(sql`update orders set account_id = 'org-1' where id = ${order.id}`);
    const inOrg = await savedAddressesFor(handle.db, { userId: "colleague-1", accountId: "org-1" });
    expect(inOrg.billing.map((a) => a.company)).toEqual(["Org Co"]);
    const elsewhere = await savedAddressesFor(handle.db, { userId: "colleague-1", accountId: "org-2" });
    expect(elsewhere.billing).toEqual([]);
  });
});

describe("the Details step", () => {
  it("hands the page the signed-in buyer's saved addresses and nobody else's", async () => {
    const buyer = await createSignedInUser(handle, "addresses-buyer@acme.example");
    const other = await createSignedInUser(handle, "addresses-other@acme.example");
    await paid(buyer.userId, "Mine Ltd", new Date());
    for (const who of [buyer, other]) {
      await addCartLine(handle.db, {
        userId: who.userId,
        line: {
          productId: "8",
          quantity: 50,
          selectedColor: "#1f2a56",
          customizationSelections: [],
          handwrittenNote: false,
          notes: "",
          sizes: [],
        },
      });
      const created = await createDraft(handle.db, {
        accountId: who.userId,
        userId: who.userId,
        productId: "8",
        data: { quantity: 50 },
      });
      expect(created.ok).toBe(true);
    }
    const ctx = testContext(handle);
    const addressesOf = async (cookie: string) =>
      (
        (await answerOf(detailsLoader, { request: siteRequest("/details", { cookie }), ctx })).body as {
          savedAddresses: { billing: { company: string }[] };
        }
      ).savedAddresses.billing.map((a) => a.company);
    expect(await addressesOf(buyer.cookie)).toEqual(["Mine Ltd"]);
    expect(await addressesOf(other.cookie)).toEqual([]);
  });
});
