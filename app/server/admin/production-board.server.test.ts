/**
 * The production board's orders (docs/decisions/076): those between payment and dispatch, each with
 * its lines and the day it must ship to keep the delivery date promised at approval.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "#db/schema";
import { productionBoard } from "~/domain/fulfilment/production-board";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testFileDatabase } from "../../../tests/setup/test-db";
import { boardOrders } from "./production-board.server";

const handle = testFileDatabase();

describe("the production board", () => {
  it("lists every order before dispatch by its ship-by day, and none that has shipped or ended", async () => {
    const place = (company: string, status: Parameters<typeof insertPaidOrder>[1]["status"]) =>
      insertPaidOrder(handle.db, { userId: `board-${company}`, email: `${company}@buyer.example`, company, status });
    const late = await place("Late Ltd", "in_production");
    const later = await place("Later Ltd", "in_production");
    const waiting = await place("Waiting Ltd", "paid");
    await place("Gone Ltd", "shipped");
    await place("Ended Ltd", "cancelled");
    // 100 caps by the snapshot's shipping method; promised Mon 14 Dec and Mon 7 Dec 2026.
    await handle.db.update(orders).set({ promisedDeliveryDate: "2026-12-14" }).where(eq(orders.id, later.id));
    await handle.db.update(orders).set({ promisedDeliveryDate: "2026-12-07" }).where(eq(orders.id, late.id));
    const listed = await boardOrders(handle.db);
    expect(listed.map((order) => order.company).sort()).toEqual(["Late Ltd", "Later Ltd", "Waiting Ltd"]);
    expect(listed.find((order) => order.id === waiting.id)).toMatchObject({
      status: "paid",
      promised: null,
      shipBy: null,
    });
    expect(listed.find((order) => order.id === later.id)?.lines).toEqual([
      { productId: "8", title: "Custom Embroidered Cap", quantity: 100, method: "embroidery" },
    ]);
    const board = productionBoard(listed, { productId: null, method: null }, "2026-11-30");
    const production = board.find((column) => column.stage === "in_production")!;
    // The earlier promise ships first; each ship-by day is a working day before its promise.
    expect(production.orders.map((order) => order.company)).toEqual(["Late Ltd", "Later Ltd"]);
    for (const order of production.orders) expect(order.shipBy! < order.promised!).toBe(true);
  });
});
