import { orderDrafts } from "#db/schema";
import { describe, expect, it, vi } from "vitest";
import { testContext, testFileDatabase } from "../../../tests/setup/test-db";
import { routeContext } from "../../../tests/setup/route-answer";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import { loader } from "~/routes/api.recent-purchases";
import { rememberBuyer } from "../accounts/recent-buyers.server";
import { cachedFor, listRecentOrders, RECENT_PURCHASES_CACHE_MS, recentPurchasesFeed } from "./recent-purchases.server";

vi.setConfig({ testTimeout: 20_000 });

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
  userId?: string;
}) {
  return {
    accountId: "acct",
    userId: options.userId ?? "user",
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

describe("listRecentOrders (A-3, R-LAYOUT-08)", () => {
  it("is empty when there are no paid orders", async () => {
    await handle.db.insert(orderDrafts).values([order({ status: "shipping_done", paidDaysAgo: null })]);
    expect(await listRecentOrders(handle.db, { now })).toEqual([]);
  });

  it("lists only paid orders from the last 14 days, newest first, as region, product and buyer", async () => {
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
    const purchases = await listRecentOrders(handle.db, { now });
    expect(purchases).toEqual([
      { region: "Yorkshire and the Humber", product: "Custom Embroidered Cap", daysAgo: 0, buyerId: "user" },
      { region: "Ireland", product: "Custom Embroidered Cap", daysAgo: 2, buyerId: "user" },
      { region: "the North West", product: "Branded A5 Diary", daysAgo: 3, buyerId: "user" },
      { region: "the UK", product: "Custom Embroidered Cap", daysAgo: 4, buyerId: "user" },
      { region: "the South West", product: "Custom Yoga Mat", daysAgo: 13, buyerId: "user" },
    ]);
  });

  it("serves the feed from one query a minute, whatever the traffic", async () => {
    const at = new Date("2026-11-20T12:00:00Z");
    const later = (ms: number) => new Date(at.getTime() + ms);
    await handle.db.insert(orderDrafts).values([order({ postcode: "LS1 4AP", from: at })]);
    const first = await Promise.all(Array.from({ length: 50 }, () => recentPurchasesFeed(handle.db, { now: at })));
    expect(first.every((purchases) => purchases.length === 1)).toBe(true);

    // A second order: the feed does not see it until the minute is up, so it did not query again.
    await handle.db.insert(orderDrafts).values([order({ postcode: "EH1 1YZ", from: at, paidDaysAgo: 0.5 })]);
    expect(await recentPurchasesFeed(handle.db, { now: later(RECENT_PURCHASES_CACHE_MS - 1) })).toHaveLength(1);
    const refreshed = await recentPurchasesFeed(handle.db, { now: later(RECENT_PURCHASES_CACHE_MS) });
    expect(refreshed.map((p) => p.region)).toEqual(["Scotland", "Yorkshire and the Humber"]);
  });

  it("leaves out the orders of the buyers it is told to, from the same cached list", async () => {
    const at = new Date("2026-11-10T12:00:00Z");
    await handle.db
      .insert(orderDrafts)
      .values([
        order({ postcode: "LS1 4AP", from: at, userId: "asker" }),
        order({ postcode: "EH1 1YZ", from: at, userId: "someone-else", paidDaysAgo: 2 }),
        order({ postcode: "M1 1AE", from: at, userId: "signed-out-here", paidDaysAgo: 3 }),
      ]);
    expect((await recentPurchasesFeed(handle.db, { now: at })).map((p) => p.region)).toEqual([
      "Yorkshire and the Humber",
      "Scotland",
      "the North West",
    ]);
    const others = await recentPurchasesFeed(handle.db, { now: at, exclude: ["asker", "signed-out-here"] });
    expect(others).toEqual([{ region: "Scotland", product: "Custom Embroidered Cap", daysAgo: 2 }]);
  });

  it("never exposes who bought, nor tells buyers of their own orders, signed in or signed out here", async () => {
    const buyer = await createSignedInUser(handle, "own-orders@acme-events.co.uk");
    // The route asks about the real "now". One "now" and two different days, so the order is fixed.
    const from = new Date();
    await handle.db
      .insert(orderDrafts)
      .values([order({ from }), order({ from, userId: buyer.userId, postcode: "EH1 1YZ", paidDaysAgo: 2 })]);
    const ask = async (cookie?: string) => {
      const request = siteRequest("/api/recent-purchases", { cookie });
      const response = await loader({ request, context: await routeContext(request, testContext(handle)) } as never);
      const text = await response.text();
      const { purchases } = JSON.parse(text) as { purchases: Record<string, unknown>[] };
      return { text, regions: purchases.map((p) => p.region), cache: response.headers.get("Cache-Control"), purchases };
    };

    const anyone = await ask();
    for (const secret of ["Jo", "Bloggs", "Secret", "jo@secret.example", "acct", "user", "Little Hamlet", "LS1"])
      expect(anyone.text).not.toContain(secret);
    expect(anyone.text).not.toContain(buyer.userId);
    expect(anyone.regions).toEqual(["Yorkshire and the Humber", "Scotland"]);
    expect(Object.keys(anyone.purchases[0] ?? {}).sort()).toEqual(["daysAgo", "product", "region"]);
    expect(anyone.cache).toBe("public, max-age=60");

    // Signed in, and signed out in the same browser (sign-out leaves the signed list of its buyers).
    const remembered = (
      await rememberBuyer(testContext(handle), { request: siteRequest("/sign-out"), userId: buyer.userId })
    ).split(";")[0]!;
    for (const cookie of [buyer.cookie, remembered, `${buyer.cookie}; ${remembered}`]) {
      const own = await ask(cookie);
      expect(own.regions, cookie).toEqual(["Yorkshire and the Humber"]);
      expect(own.cache).toBe("private, no-store");
    }

    // Someone else's id under this signature is not honoured: it would tell which orders are theirs.
    const [name, value] = remembered.split("=") as [string, string];
    const signature = value.slice(value.indexOf("."));
    const forged = `${name}=${encodeURIComponent(btoa(JSON.stringify(["user"])))}${signature}`;
    expect((await ask(forged)).regions).toEqual(["Yorkshire and the Humber", "Scotland"]);
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
