import { orderDrafts } from "#db/schema";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, resetDatabase } from "../../tests/setup/test-db";
import { loader } from "~/routes/api.recent-purchases";
import { closeDatabase, useDatabaseForTests, type DatabaseHandle } from "./db.server";
import { listRecentPurchases } from "./recent-purchases.server";

let handle: DatabaseHandle;
const now = new Date("2026-11-20T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseForTests(handle);
});
afterAll(() => closeDatabase());
beforeEach(() => resetDatabase(handle));

function order(options: {
  productId?: string;
  status?: string;
  paidDaysAgo?: number | null;
  city?: string | null;
  from?: Date;
}) {
  const city = options.city === undefined ? "Leeds" : options.city;
  return {
    accountId: "acct",
    userId: "user",
    productId: options.productId ?? "8",
    status: options.status ?? "paid",
    paidAt:
      options.paidDaysAgo === null
        ? null
        : new Date((options.from ?? now).getTime() - (options.paidDaysAgo ?? 1) * DAY),
    data: {
      details: { contact_name: "Jo Bloggs", company: "Secret Ltd", email: "jo@secret.example" },
      shipping: { address: { firstName: "Jo", lastName: "Bloggs", city } },
    },
  };
}

describe("listRecentPurchases (A-3, R-LAYOUT-08)", () => {
  it("is empty when there are no paid orders", async () => {
    await handle.db.insert(orderDrafts).values([order({ status: "shipping_done", paidDaysAgo: null })]);
    expect(await listRecentPurchases({ now })).toEqual([]);
  });

  it("lists only paid orders from the last 14 days, newest first, as city and product", async () => {
    await handle.db.insert(orderDrafts).values([
      order({ city: " Manchester ", paidDaysAgo: 3, productId: "16" }),
      order({ city: "Leeds", paidDaysAgo: 0.5 }),
      order({ city: "Bristol", paidDaysAgo: 13.9, productId: "17" }),
      order({ city: "York", paidDaysAgo: 14.1 }), // too old
      order({ city: "Bath", status: "awaiting_payment", paidDaysAgo: 1 }), // not paid
      order({ city: null, paidDaysAgo: 1 }), // nowhere to name
      order({ city: "Derby", productId: "999", paidDaysAgo: 1 }), // not a product we sell
    ]);
    const purchases = await listRecentPurchases({ now });
    expect(purchases).toEqual([
      { city: "Leeds", product: "Custom Embroidered Cap", daysAgo: 0 },
      { city: "Manchester", product: "Branded A5 Diary", daysAgo: 3 },
      { city: "Bristol", product: "Custom Yoga Mat", daysAgo: 13 },
    ]);
  });

  it("never exposes who bought", async () => {
    // The route asks about the real "now".
    await handle.db.insert(orderDrafts).values([order({ from: new Date() })]);
    const response = await loader();
    const text = await response.clone().text();
    for (const secret of ["Jo", "Bloggs", "Secret", "jo@secret.example", "acct", "user"])
      expect(text).not.toContain(secret);
    const body = (await response.json()) as { purchases: Record<string, unknown>[] };
    expect(body.purchases).toHaveLength(1);
    expect(Object.keys(body.purchases[0] ?? {}).sort()).toEqual(["city", "daysAgo", "product"]);
  });
});
