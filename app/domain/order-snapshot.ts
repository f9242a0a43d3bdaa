/**
 * What an order keeps of its draft at payment (orders.snapshot): the draft's data and the product
 * as it was sold. Written once by app/server/payment-events.server.ts; read by the buyer's order
 * pages and the back office through readOrderSnapshot, so both read the same shape.
 */
import { z } from "zod";
import type { IsoDate } from "./delivery";
import { draftDataSchema } from "./draft-schemas";
import { draftEta } from "./draft-totals";

export const orderSnapshotSchema = z.object({
  data: draftDataSchema,
  product: z.object({ id: z.string(), title: z.string(), leadTime: z.string(), deliveryTime: z.string().nullable() }),
});
export type OrderSnapshot = z.output<typeof orderSnapshotSchema>;

/** A stored snapshot outside the schema is a fault in our own data, so it throws, naming the order. */
export function readOrderSnapshot(orderNumber: string, snapshot: unknown): OrderSnapshot {
  const parsed = orderSnapshotSchema.safeParse(snapshot);
  if (!parsed.success) throw new Error(`Order ${orderNumber} holds a snapshot outside the schema`);
  return parsed.data;
}

/** The delivery window of the method bought, if production started on `now` (DESIGN decision 6). */
export function snapshotEta(snapshot: OrderSnapshot, now: Date) {
  return draftEta({ product: snapshot.product, method: snapshot.data.shipping.method ?? "standard", now });
}

/** The promised date fixed at proof approval: the latest day of the checkout's estimate. */
export function promisedDeliveryDate(snapshot: OrderSnapshot, now: Date): IsoDate {
  return snapshotEta(snapshot, now).end;
}
