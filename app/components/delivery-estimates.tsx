import { SHIPPING_METHOD_IDS, SHIPPING_METHODS, type ShippingMethod } from "~/domain/checkout";
import { formatDateRange, formatDisplayDate } from "~/domain/dates";
import { type DeliveryTimes, estimateDelivery } from "~/domain/delivery";
import { earliestDelivery, earliestDeliveryAssumption } from "~/domain/earliest-delivery";

/** The delivery window of `products` by one method, in the one date format. */
export function deliveryRange(products: readonly DeliveryTimes[], method: ShippingMethod, now: Date): string {
  const { start, end } = estimateDelivery({ products, method, now });
  return formatDateRange(start, end);
}

/**
 * The earliest delivery per shipping method of an order paid today, from the one engine the
 * need-by planner uses too (earliest-delivery.ts): the product page, cart and step 2 say what it
 * assumes (the proof comes within 2 working days and is approved that day), so the window's last
 * day is the planner's earliest date.
 */
export function DeliveryEstimates(props: {
  products: readonly DeliveryTimes[];
  now: Date;
  /** "proof" on a one-product page, "proofs" on the cart. */
  proofs?: "proof" | "proofs";
  className?: string;
}) {
  if (props.products.length === 0) return null;
  const windows = SHIPPING_METHOD_IDS.map((method) => ({
    method,
    ...earliestDelivery({ products: props.products, method, now: props.now }),
  }));
  const proofBy = windows[0]?.proofBy;
  return (
    <div className={props.className ?? "mt-3 text-sm"} data-testid="delivery-estimates">
      <p data-testid="delivery-assumption">
        {proofBy ? earliestDeliveryAssumption(formatDisplayDate(proofBy), props.proofs) : null}
      </p>
      <ul className="mt-1 space-y-0.5">
        {windows.map((window) => (
          <li key={window.method}>
            {SHIPPING_METHODS[window.method].label}:{" "}
            <strong data-testid={`delivery-${window.method}`}>{formatDateRange(window.start, window.end)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
