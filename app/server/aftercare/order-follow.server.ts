/**
 * What the order page shows of an order's progress (decision 026): its timeline, built
 * by the pure orderTimeline from what getOrder read, and its On-time Guarantee claim or the offer
 * to make one.
 */
import { orderTimeline } from "~/domain/orders/order-timeline";
import type { OrderDetail } from "../orders/buyer-orders.server";
import type { AppContext } from "../providers/app-context.server";
import { guaranteeOfOrder } from "./guarantee-claims.server";

export async function followOrder(ctx: AppContext, { order, now = ctx.clock() }: { order: OrderDetail; now?: Date }) {
  const promised = order.delivery.kind === "promised" ? order.delivery.date : null;
  const timeline = orderTimeline({
    status: order.status,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    paymentMethod: order.payment.method,
    history: order.timeline,
    lines: order.lines.map((line) => ({
      skipProof: line.customization.proof.preference === "skip_proof",
      proofs: line.proofs,
    })),
    promised,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
  });
  const guarantee = await guaranteeOfOrder(ctx, { order: { id: order.id, status: order.status, promised }, now });
  return { timeline, guarantee };
}
