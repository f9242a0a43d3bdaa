/**
 * The totals lists: goods, first-order discount, shipping, VAT and total, ex or inc VAT as the
 * visitor reads prices.
 */
import {
  FIRST_ORDER_DISCOUNT_CONDITION,
  FIRST_ORDER_DISCOUNT_LABEL,
  SHIPPING_METHODS,
  type OrderTotals,
  type ShippingMethod,
} from "~/domain/pricing/checkout";
import type { OrderAmounts } from "~/domain/fulfilment/orders";
import { formatPence } from "~/domain/core/money";
import { priceInMode, shownTotals } from "~/domain/pricing/price-mode";
import { LabelledAmount } from "../ui/price";
import { usePriceMode } from "../ui/root-data";

/**
 * How shipping stands in a set of totals: "chosen" on the order's own method;
 * "choose" before the buyer picks one (the row says so rather than £0.00 and the total is before
 * shipping); "estimated" on the cart, priced at a method the buyer has not chosen yet.
 */
export type ShippingState = { kind: "chosen" } | { kind: "choose" } | { kind: "estimated"; method: ShippingMethod };

/**
 * Goods, first-order discount, shipping, VAT and total: one list for the cart, every checkout
 * summary and the order page, in the way the visitor reads prices (the header's toggle). Ex VAT:
 * goods, discount and shipping ex VAT, the total ex VAT, the VAT, the total inc VAT. Inc VAT:
 * every row inc VAT and adding up to the total charged, with the VAT it includes
 * (price-mode.ts shownTotals; docs/decisions/041-one-answer-per-question.md).
 */
export function TotalsList(props: {
  goods: number;
  totals: OrderTotals | null | undefined;
  shipping: ShippingState;
  /** The cart keeps the spec's 'Estimated Total' (R-CART-07). */
  totalLabel?: string;
  /** An order's own figures: its discount was decided when it was placed, so no condition is printed. */
  settled?: boolean;
}) {
  const { totals, shipping } = props;
  const mode = usePriceMode();
  const shown = totals ? shownTotals(totals, mode) : null;
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
        <dd>
          <LabelledAmount pence={shown?.goods ?? priceInMode(props.goods, mode)} mode={mode} testId="summary-goods" />
        </dd>
      </div>
      {shown ? (
        <>
          {shown.discount > 0 ? (
            <div className="flex flex-wrap justify-between text-green-800">
              <dt>{FIRST_ORDER_DISCOUNT_LABEL}</dt>
              <dd data-testid="summary-discount">−{formatPence(shown.discount)}</dd>
              {props.settled ? null : (
                // Unpaid, the discount is the server's answer now and asked again at payment (decision 040).
                <dd className="w-full text-xs text-muted" data-testid="summary-discount-condition">
                  {FIRST_ORDER_DISCOUNT_CONDITION}
                </dd>
              )}
            </div>
          ) : null}
          <div className="flex justify-between gap-2">
            <dt className="text-muted">
              {shipping.kind === "estimated"
                ? `Estimated shipping (${SHIPPING_METHODS[shipping.method].label})`
                : "Shipping"}
            </dt>
            <dd className="text-right">
              {shipping.kind === "choose" ? (
                <span data-testid="summary-shipping">Choose a shipping method</span>
              ) : (
                <LabelledAmount pence={shown.shipping} mode={mode} testId="summary-shipping" />
              )}
            </dd>
          </div>
          {mode === "ex" ? (
            <>
              <div className="flex justify-between border-t border-slate-200 pt-2">
                <dt>{totalLabel}</dt>
                <dd>
                  <LabelledAmount pence={shown.total - shown.vat} mode="ex" testId="summary-total-ex" />
                </dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">VAT ({shown.vatRate}%)</dt>
                <dd data-testid="summary-vat">{formatPence(shown.vat)}</dd>
              </div>
            </>
          ) : null}
          <div
            className={`flex justify-between text-base font-bold${mode === "inc" ? " border-t border-slate-200 pt-2" : ""}`}
          >
            <dt>{totalLabel}</dt>
            <dd>
              <LabelledAmount pence={shown.total} mode="inc" testId="summary-total" />
            </dd>
          </div>
          {mode === "inc" ? (
            <div className="flex justify-between">
              <dt className="text-muted">Includes VAT ({shown.vatRate}%)</dt>
              <dd data-testid="summary-vat">{formatPence(shown.vat)}</dd>
            </div>
          ) : null}
          {totals?.vatNote ? (
            // A Channel Islands or Isle of Man postcode: the rate is not what the address suggests (vat.ts).
            <div>
              <dt className="sr-only">About the VAT</dt>
              <dd className="text-xs text-muted" data-testid="summary-vat-note">
                {totals.vatNote}
              </dd>
            </div>
          ) : null}
        </>
      ) : null}
    </>
  );
}

/**
 * An order's totals as charged: the order page and the confirmation after paying. An order placed
 * to pay by bank transfer shows "Total to pay" until the money arrives (decision 022).
 */
export function PaidTotals({ order, paid = true }: { order: OrderAmounts & { totalPence: number }; paid?: boolean }) {
  return (
    <TotalsList
      goods={order.subtotalPence}
      totals={{
        subtotal: order.subtotalPence,
        discount: order.discountPence,
        shipping: order.shippingPence,
        vat: order.vatPence,
        total: order.totalPence,
        vatRate: order.vatRate,
      }}
      shipping={{ kind: "chosen" }}
      totalLabel={paid ? "Total paid" : "Total to pay"}
      settled
    />
  );
}
