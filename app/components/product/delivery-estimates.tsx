/** "Estimated delivery if your proof is approved today": the delivery window by each shipping method. */
import { SHIPPING_METHOD_IDS, SHIPPING_METHODS, type ShippingMethod } from "~/domain/pricing/checkout";
import { formatDateRange } from "~/domain/core/dates";
import { type DeliveryTimes, estimateDelivery } from "~/domain/fulfilment/delivery";

/** The delivery window of `products` by one method, in the one date format. */
export function deliveryRange(products: readonly DeliveryTimes[], method: ShippingMethod, now: Date): string {
  const { start, end } = estimateDelivery({ products, method, now });
  return formatDateRange(start, end);
}

/**
 * "Estimated delivery if your proof is approved today" (REQUIREMENTS ), per shipping method,
 * counted from today as decision 053 says, by the one date engine (delivery.ts): the product
 * page, cart and step 2 print the same windows the Shipping step offers, the order records and the
 * order page shows. The need-by planner beside it counts from the day the proof comes, and says so.
 */
export function DeliveryEstimates(props: {
  products: readonly DeliveryTimes[];
  now: Date;
  /** "proof" on a one-product page, "proofs" on the cart. */
  proofs?: "proof" | "proofs";
  className?: string;
}) {
  if (props.products.length === 0) return null;
  return (
    <div className={props.className ?? "mt-3 text-sm"} data-testid="delivery-estimates">
      <p>
        Estimated delivery if your {props.proofs ?? "proof"} {props.proofs === "proofs" ? "are" : "is"} approved today:
      </p>
      <ul className="mt-1 space-y-0.5">
        {SHIPPING_METHOD_IDS.map((method) => (
          <li key={method}>
            {SHIPPING_METHODS[method].label}:{" "}
            <strong data-testid={`delivery-${method}`}>{deliveryRange(props.products, method, props.now)}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
