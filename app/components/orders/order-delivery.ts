/** How an order's delivery date reads to the buyer: "Promised by …" or an estimated window. */
import { formatDisplayDate } from "~/domain/core/dates";
import type { DeliveryView } from "~/domain/fulfilment/orders";

/**
 * How an order's delivery date reads: promised once the proof is approved (and a bank transfer
 * has arrived), else an estimate.
 */
export function deliveryText(delivery: DeliveryView): string {
  if (delivery.kind === "promised") return `Promised by ${formatDisplayDate(delivery.date)}`;
  if (delivery.kind === "estimate") {
    const window = `Estimated ${formatDisplayDate(delivery.start)} – ${formatDisplayDate(delivery.end)}`;
    return delivery.awaitingPayment
      ? `${window} if the proof is approved and your transfer arrives today`
      : `${window} if the proof is approved today`;
  }
  return "—";
}
