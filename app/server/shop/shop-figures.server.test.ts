import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { orders, reviews } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { countStatements, testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { PRODUCTS } from "~/catalogue/catalogue";
import { statusChangeSchema } from "~/domain/orders/admin-orders";
import { addDays, londonToday } from "~/domain/core/dates";
import { choosePicks } from "~/domain/pricing/most-loved";
import type { OrderStatus } from "~/domain/fulfilment/orders";
import { metricTiles } from "~/domain/people/shop-metrics";
import type { StaffMember } from "../accounts/admin-access.server";
import { changeOrderStatus } from "../admin/admin-orders.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { hideReview, submitReview } from "./reviews.server";
import { loadShopFigures, SHOP_FIGURES_CACHE_MS, shopFigures } from "./shop-figures.server";

const handle = testFileDatabase();
afterEach(() => vi.restoreAllMocks());

const staff: StaffMember = { id: "staff-user-1", name: "Olive Ops", email: "ops@swag.example" };
const DIARY = { id: "16", title: "Custom Diary", leadTime: "2-3 weeks", deliveryTime: "5-7 days" };
const MAT = { id: "17", title: "Custom Yoga Mat", leadTime: "2 weeks", deliveryTime: "5-7 days" };
const today = () => londonToday(new Date());

/** A paid order of `team`'s, moved by staff through the back office to `to`. */
async function orderOf(
  team: string,
  options: { to?: OrderStatus; promisedOn?: string; more?: Parameters<typeof insertPaidOrder>[1]["more"] } = {},
) {
  const order = await insertPaidOrder(handle.db, {
    userId: team,
    email: `${team}@buyer.example`,
    company: team,
    status: "shipped",
    more: options.more,
  });
  // The date the buyer was promised when the proof was approved (B-19).
  if (options.promisedOn)
    await handle.db.update(orders).set({ promisedDeliveryDate: options.promisedOn }).where(eq(orders.id, order.id));
  let version = 1;
  const to = options.to === "refunded" ? "delivered" : (options.to ?? "delivered");
  if (to !== "shipped") {
    const change = statusChangeSchema.parse({
      intent: "status",
      to,
      version: String(version),
      note: "",
      carrier: "",
      trackingNumber: "",
    });
    const result = await changeOrderStatus(testContext(handle), { staff, orderId: order.id, change });
    if (!result.ok) throw new Error(`${team}: ${result.message}`);
    version = result.version;
  }
  // As a refund of the whole invoice leaves a delivered order (decision 072); this order has no invoice to credit.
  if (options.to === "refunded")
    await handle.db
      .update(orders)
      .set({ status: "refunded", version: version + 1 })
      .where(eq(orders.id, order.id));
  return order;
}

describe("the shop's figures (decision 024)", () => {
  it("are empty for a fresh shop: no tiles, and the Hot products featured", async () => {
    const figures = await loadShopFigures(handle.db);
    expect(figures).toEqual({ happyTeams: 0, deliveries: [], ordered: [], reviews: null });
    expect(metricTiles(figures)).toEqual([]);
    expect(choosePicks(figures.ordered, PRODUCTS)).toEqual({ kind: "featured", productIds: ["8", "15", "16", "17"] });
  });

  it("count teams with a delivered order and deliveries against their promised dates, from ten up", async () => {
    const tomorrow = addDays(today(), 1);
    const yesterday = addDays(today(), -1);
    for (let n = 1; n <= 8; n++) await orderOf(`team-${n}`, { promisedOn: tomorrow });
    await orderOf("team-1", { promisedOn: today() }); // a second delivery for one team, on its very day
    await orderOf("team-9", { promisedOn: yesterday }); // a day late
    await orderOf("team-10", { promisedOn: yesterday, to: "refunded" }); // late, then refunded
    await orderOf("team-11", { to: "delivered" }); // delivered, but never promised a date
    await orderOf("team-12", { promisedOn: tomorrow, to: "shipped" }); // on its way

    const figures = await loadShopFigures(handle.db);
    // Teams 1–9 and 11 have an order that is delivered now; team 10's was refunded.
    expect(figures.happyTeams).toBe(10);
    // Eleven deliveries had a promised date; two of them were late.
    expect(figures.deliveries).toHaveLength(11);
    expect(metricTiles(figures)).toEqual([
      { id: "happyTeams", value: "10" },
      { id: "onTime", value: "81%" },
    ]);
  });

  it("leave a tile out below its sample", async () => {
    for (let n = 1; n <= 9; n++) await orderOf(`team-${n}`, { promisedOn: addDays(today(), 3) });
    const figures = await loadShopFigures(handle.db);
    expect(figures.happyTeams).toBe(9);
    expect(metricTiles(figures)).toEqual([]);
  });

  it("show the rating tile from ten published reviews, written and hidden through the real flows", async () => {
    // Eleven teams review their delivered cap: nine give 5 stars, two give 3; staff hide one 3.
    const ratings = [5, 5, 5, 5, 5, 5, 5, 5, 5, 3, 3] as const;
    for (const [n, rating] of ratings.entries()) {
      const team = `reviewer-${n}`;
      const order = await orderOf(team, { promisedOn: today() });
      const [line] = await linesOfOrder(handle.db, order);
      const written = await submitReview(handle.db, {
        userId: team,
        accountId: team,
        orderId: order.id,
        review: { lineId: line!.id, rating, text: n === 0 ? "Lovely caps" : "" },
      });
      expect(written).toMatchObject({ ok: true });
    }
    expect((await loadShopFigures(handle.db)).reviews).toEqual({ average: 4.6, count: 11 });
    const [low] = await handle.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.rating, 3)).limit(1);
    expect(await hideReview(handle.db, { staff, reviewId: low!.id, reason: "About the courier" })).toMatchObject({
      ok: true,
    });
    const figures = await loadShopFigures(handle.db);
    // (9 × 5 + 3) / 10 = 4.8, from exactly the sample of ten.
    expect(figures.reviews).toEqual({ average: 4.8, count: 10 });
    expect(metricTiles(figures)).toEqual([
      { id: "happyTeams", value: "10+" },
      { id: "rating", value: "4.8/5" },
      { id: "onTime", value: "100%" },
    ]);
  });

  it("rank the products of paid orders, skipping refunded and unpaid ones", async () => {
    // Every order has the cap; two also have the diary, one the mat.
    await orderOf("a", { to: "shipped", more: [{ product: DIARY, quantity: 60, unitPence: 700 }] });
    await orderOf("b", { to: "shipped", more: [{ product: DIARY, quantity: 50, unitPence: 700 }] });
    await orderOf("c", { to: "shipped", more: [{ product: MAT, quantity: 400, unitPence: 380 }] });
    await orderOf("d", { to: "refunded", more: [{ product: MAT, quantity: 400, unitPence: 380 }] });
    const unpaid = await orderOf("e", { to: "shipped", more: [{ product: MAT, quantity: 400, unitPence: 380 }] });
    await handle.db.update(orders).set({ paidAt: null }).where(eq(orders.id, unpaid.id));

    const { ordered } = await loadShopFigures(handle.db);
    expect(ordered.sort((x, y) => x.productId.localeCompare(y.productId))).toEqual([
      { productId: "16", orders: 2, units: 110 },
      { productId: "17", orders: 1, units: 400 },
      { productId: "8", orders: 3, units: 300 },
    ]);
    expect(choosePicks(ordered, PRODUCTS)).toEqual({ kind: "mostLoved", productIds: ["8", "16", "17"] });
  });

  it("are read from the database at most once a minute per database", async () => {
    const start = new Date("2026-11-20T10:00:00Z");
    const statements = countStatements(handle);
    const first = await shopFigures(handle.db, start);
    const queries = statements();
    expect(queries).toBeGreaterThan(0);
    await orderOf("late-comer", { promisedOn: today() });
    const before = statements();
    expect(await shopFigures(handle.db, new Date(start.getTime() + SHOP_FIGURES_CACHE_MS - 1))).toBe(first);
    expect(statements()).toBe(before);
    const later = await shopFigures(handle.db, new Date(start.getTime() + SHOP_FIGURES_CACHE_MS));
    expect(statements()).toBe(before + queries);
    expect(later.happyTeams).toBe(first.happyTeams + 1);
  });
});
