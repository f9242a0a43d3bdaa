import { orderDrafts } from "#db/schema";
import { describe, expect, it } from "vitest";
import { testServices, testFileDatabase } from "../../tests/setup/test-db";
import { routeContext } from "../../tests/setup/route-answer";
import { loader } from "~/routes/api.recent-purchases";
import {
  cachedFor,
  listRecentPurchases,
  RECENT_PURCHASES_CACHE_MS,
  recentPurchasesFeed,
} from "./recent-purchases.server";

const handle = testFileDatabase();
const now = new Date("2026-11-20T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function order(options: {
  productId?: string;
  status?: string;
  paidDaysAgo?: number | null;
  postcode?: string;
  country?: string;
  from?: Date;
}) {
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
      shipping: {
        address: {
          firstName: "Jo",
          lastName: "Bloggs",
          line1: "1 Secret Street",
          city: "Little Hamlet",
          postcode: options.postcode ?? "LS1 4AP",
          country: options.country ?? "GB",
        },
      },
    },
  };
}

describe("listRecentPurchases (A-3, R-LAYOUT-08)", () => {
  it("is empty when there are no paid orders", async () => {
    await handle.db.insert(orderDrafts).values([order({ status: "shipping_done", paidDaysAgo: null })]);
    expect(await listRecentPurchases(handle.db, { now })).toEqual([]);
  });

  it("lists only paid orders from the last 14 days, newest first, as region and product", async () => {
    await handle.db.insert(orderDrafts).values([
      order({ postcode: " m1 1ae ", paidDaysAgo: 3, productId: "16" }),
      order({ postcode: "LS1 4AP", paidDaysAgo: 0.5 }),
      order({ postcode: "BS1 5TR", paidDaysAgo: 13.9, productId: "17" }),
      order({ postcode: "YO1 7HH", paidDaysAgo: 14.1 }), // too old
      order({ postcode: "BA1 1LT", status: "awaiting_payment", paidDaysAgo: 1 }), // not paid
      order({ postcode: "DE1 1AA", productId: "999", paidDaysAgo: 1 }), // not a product we sell
      order({ postcode: "D02 X285", country: "IE", paidDaysAgo: 2 }),
      order({ postcode: "", paidDaysAgo: 4 }),
      order({ postcode: "", country: "ZZ", paidDaysAgo: 4 }), // nowhere we ship
    ]);
    const purchases = await listRecentPurchases(handle.db, { now });
    expect(purchases).toEqual([
      { region: "Yorkshire and the Humber", product: "Custom Embroidered Cap", daysAgo: 0 },
      { region: "Ireland", product: "Custom Embroidered Cap", daysAgo: 2 },
      { region: "the North West", product: "Branded A5 Diary", daysAgo: 3 },
      { region: "the UK", product: "Custom Embroidered Cap", daysAgo: 4 },
      { region: "the South West", product: "Custom Yoga Mat", daysAgo: 13 },
    ]);
  });

  it("serves the feed from one query a minute, whatever the traffic (issue 13)", async () => {
    const at = new Date("2026-11-20T12:00:00Z");
    const later = (ms: number) => new Date(at.getTime() + ms);
    await handle.db.insert(orderDrafts).values([order({ postcode: "LS1 4AP", from: at })]);
    const first = await Promise.all(Array.from({ length: 50 }, () => recentPurchasesFeed(handle.db, at)));
    expect(first.every((purchases) => purchases.length === 1)).toBe(true);

    // A second order: the feed does not see it until the minute is up, so it did not query again.
    await handle.db.insert(orderDrafts).values([order({ postcode: "EH1 1YZ", from: at, paidDaysAgo: 0.5 })]);
    expect(await recentPurchasesFeed(handle.db, later(RECENT_PURCHASES_CACHE_MS - 1))).toHaveLength(1);
    expect((await recentPurchasesFeed(handle.db, later(RECENT_PURCHASES_CACHE_MS))).map((p) => p.region)).toEqual([
      "Scotland",
      "Yorkshire and the Humber",
    ]);
  });

  it("never exposes who bought", async () => {
    // The route asks about the real "now".
    await handle.db.insert(orderDrafts).values([order({ from: new Date() })]);
    const request = new Request("http://127.0.0.1:3999/api/recent-purchases");
    const response = await loader({ request, context: await routeContext(request, testServices(handle)) } as never);
    const text = await response.clone().text();
    for (const secret of ["Jo", "Bloggs", "Secret", "jo@secret.example", "acct", "user", "Little Hamlet", "LS1"])
      expect(text).not.toContain(secret);
    const body = (await response.json()) as { purchases: Record<string, unknown>[] };
    expect(body.purchases).toHaveLength(1);
    expect(Object.keys(body.purchases[0] ?? {}).sort()).toEqual(["daysAgo", "product", "region"]);
  });
});

describe("cachedFor", () => {
  it("loads once per period, shares a load in flight and forgets a failed one", async () => {
    const loads: Date[] = [];
    let fail = true;
    const cached = cachedFor(1000, async (now) => {
      loads.push(now);
      if (fail) throw new Error("database down");
      return loads.length;
    });
    const t = (ms: number) => new Date(ms);
    await expect(Promise.all([cached(t(0)), cached(t(10))])).rejects.toThrow("database down");
    expect(loads).toHaveLength(1);
    fail = false;
    expect(await cached(t(20))).toBe(2);
    expect(await Promise.all([cached(t(21)), cached(t(1019))])).toEqual([2, 2]);
    expect(await cached(t(1020))).toBe(3);
    // A clock that went back does not keep an answer from the future.
    expect(await cached(t(500))).toBe(4);
    expect(loads).toHaveLength(4);
  });
});
