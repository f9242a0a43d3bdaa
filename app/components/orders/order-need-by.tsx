/** The order page's need-by date and the countdown to the date the proof must be approved by. */
import type { ShippingMethod } from "~/domain/pricing/checkout";
import { formatDisplayDate } from "~/domain/core/dates";
import type { DeliveryTimes } from "~/domain/fulfilment/delivery";
import { orderNeedBy } from "~/domain/fulfilment/need-by";

/**
 * The order's need-by date and, while its proof waits, the countdown to the approve-by date
 * (decision 017): "Approve by … to keep your date", or a plain warning once that day has passed.
 */
export function OrderNeedBy(props: {
  needBy: string | null;
  status: string;
  method: ShippingMethod | null;
  products: readonly DeliveryTimes[];
  now: Date;
}) {
  if (!props.needBy || props.products.length === 0) return null;
  const state = orderNeedBy({ ...props, needBy: props.needBy });
  return (
    <div className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="order-need-by">
      <p>
        Need it by: <strong>{formatDisplayDate(state.needBy)}</strong>
      </p>
      {state.kind === "countdown" ? (
        <p className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-amber-950" data-testid="need-by-countdown">
          <strong>{state.message}</strong>{" "}
          <span>
            (
            {state.workingDaysLeft === 0
              ? "today is the last day"
              : `${state.workingDaysLeft} working ${state.workingDaysLeft === 1 ? "day" : "days"} left`}
            ).
          </span>
        </p>
      ) : null}
      {state.kind === "missed" ? (
        <p className="mt-1 rounded-md bg-red-50 px-2 py-1 text-red-900" data-testid="need-by-missed">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
