/**
 * What an order keeps at payment, so later edits to the catalogue or the account never rewrite
 * what was bought. The order's snapshot holds what applies to the whole order (contact, billing,
 * delivery address and method); each line's holds its product's customisation and the product as
 * sold. Written once by app/server/payments/payment-events.server.ts; read by the buyer's order pages, the
 * back office and the e-mails through the readers below, so all read the same shapes.
 */
import { z } from "zod";
import type { ShippingMethod } from "../pricing/checkout";
import type { IsoDate } from "../core/dates";
import { estimateDelivery } from "../fulfilment/delivery";
import type { OrderLineSummary } from "../fulfilment/orders";
import { type DraftData, draftDataSchema } from "../checkout/draft-schemas";
import { productChargeSchema } from "../checkout/ledger-lines";

/** The draft fields that describe one product (step 2, customisation); the rest is the order's. */
const LINE_FIELDS = {
  product_id: true,
  variant: true,
  quantity: true,
  branding: true,
  proof: true,
  artwork: true,
  confirm: true,
  notes: true,
  handwritten_note: true,
  customization_selections: true,
  sizes: true,
} as const;

export const soldProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  leadTime: z.string(),
  deliveryTime: z.string().nullable(),
  /** The colours it was made in when sold, so a line's colour keeps its name whatever the catalogue does later. */
  colours: z.array(z.object({ name: z.string(), hex: z.string() })).default([]),
  /** The price bands it was sold under (from, to or open, pence each), the record of what the unit price came from. */
  tiers: z.array(z.object({ from: z.number(), to: z.number().nullable(), unitPence: z.number() })).default([]),
});
export type SoldProduct = z.output<typeof soldProductSchema>;
/** A product as it is sold, before the colours and bands it was sold with are defaulted (older orders have neither). */
export type SoldProductInput = z.input<typeof soldProductSchema>;

export const orderSnapshotSchema = z.object({ data: draftDataSchema.omit(LINE_FIELDS) });
export type OrderSnapshot = z.output<typeof orderSnapshotSchema>;

export const orderLineSnapshotSchema = z.object({
  customization: draftDataSchema.pick(LINE_FIELDS),
  product: soldProductSchema,
  /** The set-up fees and surcharges charged (decision 088); none on lines from before them. */
  charges: z.array(productChargeSchema).default([]),
});
export type OrderLineSnapshot = z.output<typeof orderLineSnapshotSchema>;
export type LineCustomization = OrderLineSnapshot["customization"];

/** What the order charged (pence; vatRate in percent), from the payment ledger. */
export type ChargedAmounts = {
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  vatRate: number;
};

/** A line of a paid order: its snapshot, with the quantity and tier price it was charged. */
export type OrderLine = OrderLineSnapshot & {
  id: string;
  position: number;
  draftId: string;
  quantity: number;
  unitPence: number;
  subtotalPence: number;
};

/** A draft at payment, split into the order's part and its line's part. */
export function splitDraftData(data: DraftData, product: SoldProductInput) {
  const order: OrderSnapshot = orderSnapshotSchema.parse({ data });
  const line: OrderLineSnapshot = orderLineSnapshotSchema.parse({ customization: data, product });
  return { order, line };
}

/** A line as lists show it. */
export function lineSummary(line: Pick<OrderLine, "product" | "quantity">): OrderLineSummary {
  return { productId: line.product.id, title: line.product.title, quantity: line.quantity };
}

/** A stored snapshot outside the schema is a fault in our own data, so it throws, naming the order. */
function read<T extends z.ZodType>(schema: T, orderNumber: string, snapshot: unknown): z.output<T> {
  const parsed = schema.safeParse(snapshot);
  if (!parsed.success) throw new Error(`Order ${orderNumber} holds a snapshot outside the schema`);
  return parsed.data;
}

export const readOrderSnapshot = (orderNumber: string, snapshot: unknown): OrderSnapshot =>
  read(orderSnapshotSchema, orderNumber, snapshot);

export const readOrderLineSnapshot = (orderNumber: string, snapshot: unknown): OrderLineSnapshot =>
  read(orderLineSnapshotSchema, orderNumber, snapshot);

/** What an order's dates depend on: its method and its lines' products. */
export function etaInput(snapshot: OrderSnapshot, lines: readonly Pick<OrderLine, "product">[]) {
  return { method: snapshot.data.shipping.method, products: lines.map((line) => line.product) };
}

/**
 * The order's delivery window if production started on `now` (decision 053): the method
 * bought, and the slowest of its lines' products, since they ship together.
 */
export function orderEta(
  order: { method: ShippingMethod | null; products: readonly Pick<SoldProduct, "leadTime" | "deliveryTime">[] },
  now: Date,
): { start: IsoDate; end: IsoDate } {
  return estimateDelivery({ products: order.products, method: order.method ?? "standard", now });
}

/** The promised date fixed at proof approval: the latest day of the order's estimate. */
export function promisedDeliveryDate(order: Parameters<typeof orderEta>[0], now: Date): IsoDate {
  return orderEta(order, now).end;
}
