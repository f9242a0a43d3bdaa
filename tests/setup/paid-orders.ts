import { sql } from "drizzle-orm";
import { orderDrafts, orderLines, orders, orderStatusHistory } from "#db/schema";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { type SoldProductInput, splitDraftData } from "~/domain/orders/order-snapshot";
import { formatOrderNumber, type OrderStatus } from "~/domain/fulfilment/orders";
import { queryRows, type Database } from "~/server/platform/db.server";

/**
 * A paid order as app/server/payments/payment-events.server.ts leaves it after a successful payment (a paid draft
 * per line, the order with its snapshot and lines, the first history row), written straight to the database so tests
 * of what happens after payment need not drive the checkout first.
 */
export async function insertPaidOrder(
  db: Database,
  input: {
    userId: string;
    email: string;
    company: string;
    status?: OrderStatus;
    createdAt?: Date;
    quantity?: number;
    /** Products after the cap, each its own line (a whole-cart order, decision 016). */
    more?: Array<{ product: SoldProductInput; quantity: number; unitPence: number }>;
  },
) {
  const quantity = input.quantity ?? 100;
  const data = draftDataSchema.parse({
    product_id: "8",
    quantity,
    variant: { color_hex: "#1B2A4A" },
    branding: { method: "embroidery", placement: "Front", placement_details: "Centred, 8 cm wide" },
    proof: { preference: "manufacturer_mockup" },
    customization_selections: ["Front embroidery"],
    notes: "Navy thread please",
    details: {
      contact_name: "Jane Smith",
      email: input.email,
      company: input.company,
      phone: "+44 20 7946 0958",
      vat_number: "GB980780684",
      po_ref: "PO-77",
      billing: {
        company: input.company,
        name: "Jane Smith",
        line1: "1 High Street",
        city: "London",
        postcode: "EC1A 1BB",
        country: "GB",
      },
      tos_accepted: true,
    },
    shipping: {
      address: {
        firstName: "Jane",
        lastName: "Smith",
        name: "Jane Smith",
        line1: "2 Dock Road",
        city: "Leeds",
        postcode: "LS1 4AP",
        country: "GB",
      },
      method: "standard",
    },
    status: "paid",
  });
  const paidAt = input.createdAt ?? new Date();
  const cap = { id: "8", title: "Custom Embroidered Cap", leadTime: "3.5 weeks", deliveryTime: "5-7 days" };
  const wanted = [{ product: cap, quantity, unitPence: 550 }, ...(input.more ?? [])];
  const lines = [];
  for (const [index, want] of wanted.entries()) {
    const lineData = { ...data, product_id: want.product.id, quantity: want.quantity };
    const [draft] = await db
      .insert(orderDrafts)
      .values({
        accountId: input.userId,
        userId: input.userId,
        productId: want.product.id,
        status: "paid",
        data: lineData,
        paidAt,
        paymentIntentId: "pi_test_1",
        amountPence: 67800,
      })
      .returning({ id: orderDrafts.id });
    lines.push({
      position: index + 1,
      draftId: draft!.id,
      productId: want.product.id,
      quantity: want.quantity,
      unitPence: want.unitPence,
      subtotalPence: want.unitPence * want.quantity,
      snapshot: splitDraftData(lineData, want.product).line,
    });
  }
  const [sequence] = await queryRows<{ n: number }>(db, sql`select nextval('order_number_seq')::int as n`);
  const { order: snapshot } = splitDraftData(data, cap);
  const subtotalPence = lines.reduce((sum, line) => sum + line.subtotalPence, 0);
  const vatPence = Math.round((subtotalPence + 1800) * 0.2);
  const [order] = await db
    .insert(orders)
    .values({
      number: formatOrderNumber(sequence!.n),
      accountId: input.userId,
      userId: input.userId,
      snapshot,
      subtotalPence,
      discountPence: 0,
      shippingPence: 1800,
      vatPence,
      totalPence: subtotalPence + 1800 + vatPence,
      vatRate: 20,
      paymentIntentId: `pi_test_${lines[0]!.draftId.slice(0, 8)}`,
      status: input.status ?? "paid",
      paidAt,
      createdAt: paidAt,
    })
    .returning();
  await db.insert(orderLines).values(lines.map((line) => ({ ...line, orderId: order!.id })));
  await db
    .insert(orderStatusHistory)
    .values({ orderId: order!.id, fromStatus: null, toStatus: "paid", actor: "system", note: "Paid by card" });
  return order!;
}
