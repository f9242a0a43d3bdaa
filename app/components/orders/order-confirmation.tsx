/**
 * The confirmation's summary after paying: what was bought and paid, what happens
 * next with its dates (the same engine and words as the order page and the e-mail), and the way
 * back to whatever is still in the cart.
 */
import { Link } from "react-router";
import type { ShippingMethod } from "~/domain/pricing/checkout";
import { formatDisplayDate, type IsoDate, londonToday } from "~/domain/core/dates";
import type { DeliveryTimes } from "~/domain/fulfilment/delivery";
import { orderNeedBy, proofStillWaiting } from "~/domain/fulfilment/need-by";
import { proofClockStart, proofPromise } from "~/domain/fulfilment/orders";
import type { DeliveryView, OrderStatus } from "~/domain/fulfilment/orders";
import { deliveryText } from "./order-delivery";
import { shownLineTotals } from "~/domain/pricing/price-mode";
import { LineTotal } from "../ui/price";
import { usePriceMode } from "../ui/root-data";
import { useNow } from "../ui/use-now";
import { PaidTotals } from "./totals-list";

/** What the confirmation reads of an order (the order page's OrderDetail has all of it). */
type PaidOrder = {
  status: OrderStatus;
  paidAt: Date | string | null;
  createdAt: Date | string;
  delivery: DeliveryView;
  lines: readonly {
    id: string;
    quantity: number;
    /** The units at the unit price and the line's set-up fees and surcharges (decision 088). */
    subtotalPence: number;
    product: DeliveryTimes & { title: string };
  }[];
  needBy: IsoDate | null;
  snapshot: { data: { shipping: { method: ShippingMethod | null } } };
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  totalPence: number;
  vatRate: number;
};

export function Confirmation({ order, cartLeft }: { order: PaidOrder; cartLeft: number }) {
  // Which statuses still wait for a proof is the domain's answer, not this screen's
  // (docs/decisions/041-one-answer-per-question.md).
  const proofWaiting = proofStillWaiting(order.status);
  // Inc VAT the lines add up to the goods in the totals (docs/decisions/041-one-answer-per-question.md).
  const shownLines = shownLineTotals(
    order.lines.map((line) => line.subtotalPence),
    usePriceMode(),
    order.vatRate,
  );
  return (
    <div className="mt-8 space-y-6 text-left">
      <section aria-labelledby="confirmation-summary" className="rounded-2xl border border-slate-200 p-5">
        <h2 id="confirmation-summary" className="text-lg font-bold">
          Order summary
        </h2>
        <ul className="mt-3 space-y-1 text-sm" aria-label="Products">
          {order.lines.map((line, index) => (
            <li key={line.id} className="flex justify-between gap-3" data-testid="confirmation-line">
              <span>
                {line.quantity.toLocaleString("en-GB")} × {line.product.title}
              </span>
              <span>
                <LineTotal pence={line.subtotalPence} shown={shownLines[index]} vatRate={order.vatRate} />
              </span>
            </li>
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
          <PaidTotals order={order} />
        </dl>
        <NeedByDates order={order} />
      </section>
      <section aria-labelledby="confirmation-next">
        <h2 id="confirmation-next" className="text-lg font-bold">
          What happens next
        </h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm" data-testid="next-steps">
          {proofWaiting ? <li>{proofPromise(londonToday(proofClockStart(order)))}</li> : null}
          <li>{deliveryText(order.delivery)}.</li>
          <li>We e-mail you when your order ships, with its tracking number.</li>
        </ol>
      </section>
      {cartLeft > 0 ? (
        <p className="rounded-xl bg-brand-soft px-4 py-3 text-sm" data-testid="cart-left">
          {cartLeft === 1 ? "1 product is" : `${cartLeft} products are`} still in your cart.{" "}
          <Link to="/cart" className="font-semibold text-brand underline">
            Go to your cart
          </Link>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The buyer's need-by date and, while the proof waits, the day to approve it by:
 * the confirmation repeats what they planned at checkout, from the engine the order page uses.
 */
function NeedByDates({ order }: { order: PaidOrder }) {
  const now = useNow();
  if (!order.needBy || order.lines.length === 0) return null;
  const dates = orderNeedBy({
    needBy: order.needBy,
    status: order.status,
    method: order.snapshot.data.shipping.method,
    products: order.lines.map((line) => line.product),
    now,
  });
  return (
    <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm" data-testid="confirmation-dates">
      <div className="flex justify-between gap-3">
        <dt>Need it by</dt>
        <dd className="font-semibold">{formatDisplayDate(order.needBy)}</dd>
      </div>
      {dates.kind === "settled" ? null : (
        <div className="flex justify-between gap-3">
          <dt>Approve the proof by</dt>
          <dd className="font-semibold">{formatDisplayDate(dates.approveBy)}</dd>
        </div>
      )}
    </dl>
  );
}
