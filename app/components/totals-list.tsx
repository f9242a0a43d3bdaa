import { SHIPPING_METHODS, type OrderTotals, type ShippingMethod } from "~/domain/checkout";
import { formatPence } from "~/domain/money";

/**
 * How shipping stands in a set of totals (issue 16 item 7): "chosen" on the order's own method;
 * "choose" before the buyer picks one (the row says so rather than £0.00 and the total is before
 * shipping); "estimated" on the cart, priced at a method the buyer has not chosen yet.
 */
export type ShippingState = { kind: "chosen" } | { kind: "choose" } | { kind: "estimated"; method: ShippingMethod };

/** Goods, first-order discount, shipping, VAT and total: one list for the cart and every checkout summary. */
export function TotalsList(props: {
  goods: number;
  totals: OrderTotals | null | undefined;
  shipping: ShippingState;
  /** The cart keeps the spec's 'Estimated Total' (R-CART-07). */
  totalLabel?: string;
}) {
  const { totals, shipping } = props;
  const totalLabel =
    props.totalLabel ??
    (shipping.kind === "choose"
      ? "Total before shipping"
      : shipping.kind === "estimated"
        ? "Estimated total"
        : "Total");
  return (
    <>
      <div className="flex justify-between">
        <dt className="text-muted">Goods</dt>
        <dd data-testid="summary-goods">{formatPence(props.goods)}</dd>
      </div>
      {totals ? (
        <>
          {totals.discount > 0 ? (
            <div className="flex justify-between text-green-800">
              <dt>First order discount (10%)</dt>
              <dd data-testid="summary-discount">−{formatPence(totals.discount)}</dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-2">
            <dt className="text-muted">
              {shipping.kind === "estimated"
                ? `Estimated shipping (${SHIPPING_METHODS[shipping.method].label})`
                : "Shipping"}
            </dt>
            <dd data-testid="summary-shipping" className="text-right">
              {shipping.kind === "choose" ? "Choose a shipping method" : formatPence(totals.shipping)}
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">VAT ({totals.vatRate}%)</dt>
            <dd data-testid="summary-vat">{formatPence(totals.vat)}</dd>
          </div>
          <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
            <dt>{totalLabel}</dt>
            <dd data-testid="summary-total">{formatPence(totals.total)}</dd>
          </div>
        </>
      ) : null}
    </>
  );
}
