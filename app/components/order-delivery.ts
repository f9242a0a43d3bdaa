import { formatDisplayDate } from "~/domain/dates";
import type { DeliveryView } from "~/domain/orders";

/** How an order's delivery date reads: promised once the proof is approved, else an estimate. */
export function deliveryText(delivery: DeliveryView): string {
  if (delivery.kind === "promised") return `Promised by ${formatDisplayDate(delivery.date)}`;
  if (delivery.kind === "estimate")
    return `Estimated ${formatDisplayDate(delivery.start)} – ${formatDisplayDate(delivery.end)} if the proof is approved today`;
  return "—";
}
