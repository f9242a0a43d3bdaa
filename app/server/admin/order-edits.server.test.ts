/**
 * Staff change a paid order before production (docs/decisions/046-order-edits.md): the delivery
 * address and a sized line's split, at the version the page showed, recorded on the history, never
 * once the order is in production, and never moving money. Real PGlite.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLines, orders, orderStatusHistory, outbox } from "#db/schema";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { ORDER_EDIT_MESSAGES, type ShipToEdit } from "~/domain/orders/order-edits";
import { readOrderLineSnapshot, readOrderSnapshot } from "~/domain/orders/order-snapshot";
import type { StaffMember } from "../accounts/admin-access.server";
import { getOrderForStaff } from "./admin-order-detail.server";
import { changeLineSizes, changeShipTo } from "./order-edits.server";

const handle = testFileDatabase();
const staff: StaffMember = { id: "staff-edit-1", name: "Olive Ops", email: "ops@swag.example" };
const SHORTS = { id: "15", title: "Custom Running Shorts", leadTime: "3 weeks", deliveryTime: "5-7 days" };
const EDIT: ShipToEdit = {
  company: "Northwind Events",
  firstName: "Tom",
  lastName: "Baker",
  line1: "9 Quay Street",
  line2: "Unit 4",
  city: "Leeds",
  postcode: "LS1 4AP",
  phone: "+44 20 7946 0958",
};

/** A paid order of caps and 100 shorts split M 60, L 40. */
async function paidOrder(status?: "in_production") {
  const order = await insertPaidOrder(handle.db, {
    userId: "buyer-edit",
    email: "jane@northwind.example",
    company: "Northwind Events",
    status,
    more: [{ product: SHORTS, quantity: 100, unitPence: 900 }],
  });
  const [shorts] = await handle.db
    .update(orderLines)
    .set({
      snapshot: sql`jsonb_set(${orderLines.snapshot}, '{customization,sizes}', '[{"size":"M","count":60},{"size":"L","count":40}]'::jsonb)`,
    })
    .where(sql`${orderLines.orderId} = ${order.id} and ${orderLines.productId} = '15'`)
    .returning();
  return { order, shortsLineId: shorts!.id };
}

async function current(orderId: string) {
  const [order] = await handle.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

const notes = async (orderId: string) =>
  (await handle.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId))).map(
    (row) => row.note,
  );

describe("changeShipTo", () => {
  it("corrects the delivery address at the version shown, records it, and leaves the money alone", async () => {
    const { order } = await paidOrder();
    const result = await changeShipTo(testContext(handle), {
      staff,
      orderId: order.id,
      version: order.version,
      edit: EDIT,
    });
    expect(result).toMatchObject({ ok: true, version: order.version + 1 });
    if (!result.ok) return;
    expect(result.message).toBe(
      'Delivery address changed from "Jane Smith, 2 Dock Road, Leeds, LS1 4AP, United Kingdom" to "Tom Baker, Northwind Events, 9 Quay Street, Unit 4, Leeds, LS1 4AP, United Kingdom, +44 20 7946 0958".',
    );
    const after = await current(order.id);
    expect(readOrderSnapshot(after.number, after.snapshot).data.shipping.address).toMatchObject({
      name: "Tom Baker",
      line1: "9 Quay Street",
      line2: "Unit 4",
      country: "GB",
    });
    expect(after).toMatchObject({ totalPence: order.totalPence, vatPence: order.vatPence, status: "paid" });
    expect(await notes(order.id)).toContain(result.message);
    // The buyer hears what changed, so a change they did not ask for is caught before production.
    const mails = await handle.db.select().from(outbox).where(eq(outbox.to, "jane@northwind.example"));
    expect(mails.map((mail) => mail.subject)).toEqual([`We changed order ${order.number}`]);
    expect(mails[0]!.text).toContain(result.message);
    // Staff's order page, which the job sheet prints, reads the new address.
    expect((await getOrderForStaff(handle.db, order.id))?.shipping).toMatchObject({
      name: "Tom Baker",
      lines: expect.arrayContaining(["9 Quay Street", "Unit 4"]),
    });
  });

  it("refuses a stale version, an order in production, and an address with holes, writing nothing", async () => {
    const { order } = await paidOrder();
    expect(
      await changeShipTo(testContext(handle), { staff, orderId: order.id, version: order.version + 5, edit: EDIT }),
    ).toMatchObject({ ok: false, status: 409, code: "ORDER_CHANGED" });
    expect(
      await changeShipTo(testContext(handle), {
        staff,
        orderId: order.id,
        version: order.version,
        edit: { ...EDIT, line1: "" },
      }),
    ).toMatchObject({ ok: false, status: 400, fieldErrors: { "address.line1": "Required" } });
    const { order: making } = await paidOrder("in_production");
    expect(
      await changeShipTo(testContext(handle), { staff, orderId: making.id, version: making.version, edit: EDIT }),
    ).toMatchObject({ ok: false, status: 409, message: ORDER_EDIT_MESSAGES.notEditable });
    expect(await changeShipTo(testContext(handle), { staff, orderId: "nope", version: 1, edit: EDIT })).toMatchObject({
      status: 404,
    });
    expect((await current(order.id)).version).toBe(order.version);
    expect((await current(making.id)).version).toBe(making.version);
  });
});

describe("changeLineSizes", () => {
  it("takes a new split of the quantity paid for, and records it", async () => {
    const { order, shortsLineId } = await paidOrder();
    const sizes = [
      { size: "S", count: 30 },
      { size: "M", count: 70 },
    ];
    const result = await changeLineSizes(testContext(handle), {
      staff,
      orderId: order.id,
      version: order.version,
      lineId: shortsLineId,
      sizes,
    });
    expect(result).toMatchObject({
      ok: true,
      message: "Custom Running Shorts: sizes changed from M 60, L 40 to S 30, M 70.",
    });
    const [line] = await handle.db.select().from(orderLines).where(eq(orderLines.id, shortsLineId));
    expect(readOrderLineSnapshot(order.number, line!.snapshot).customization.sizes).toEqual(sizes);
    expect(line!.quantity).toBe(100);
  });

  it("refuses a split of another quantity, a line of another order, and a line without sizes", async () => {
    const { order, shortsLineId } = await paidOrder();
    const { order: other } = await paidOrder();
    const base = { staff, orderId: order.id, version: order.version };
    expect(
      await changeLineSizes(testContext(handle), { ...base, lineId: shortsLineId, sizes: [{ size: "M", count: 90 }] }),
    ).toMatchObject({
      status: 400,
      message: "Sizes add up to 90; the quantity is 100.",
    });
    expect(
      await changeLineSizes(testContext(handle), {
        ...base,
        orderId: other.id,
        version: other.version,
        lineId: shortsLineId,
        sizes: [{ size: "M", count: 100 }],
      }),
    ).toMatchObject({ status: 404 });
    const [cap] = await handle.db
      .select()
      .from(orderLines)
      .where(sql`${orderLines.orderId} = ${order.id} and ${orderLines.productId} = '8'`);
    expect(
      await changeLineSizes(testContext(handle), { ...base, lineId: cap!.id, sizes: [{ size: "M", count: 100 }] }),
    ).toMatchObject({ status: 400, message: ORDER_EDIT_MESSAGES.noSizes });
    expect((await current(order.id)).version).toBe(order.version);
  });
});
