/** The back office's at-risk orders: the "At risk" mark and the list of orders whose need-by date is in danger. */
import { Link } from "react-router";
import { formatDisplayDate } from "~/domain/core/dates";
import type { NeedByForStaff, OrderAtRisk } from "~/domain/fulfilment/need-by";

/** The "At risk" mark: the proof must be approved by this date for the buyer's need-by date to hold. */
export function AtRiskBadge({ approveBy }: { approveBy: string }) {
  return (
    <span className="mt-1 inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
      At risk · approve by {formatDisplayDate(approveBy)}
    </span>
  );
}

/**
 * Orders whose need-by date is at risk, first on /admin/orders (decision 017): a proof waits and its
 * approve-by date is passed, today or within 2 working days. Nothing when there are none.
 */
export function OrdersAtRisk({ orders }: { orders: OrderAtRisk[] }) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="at-risk-heading" className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4">
      <h2 id="at-risk-heading" className="text-lg font-bold">
        At risk: need-by dates
      </h2>
      <p className="mt-1 text-sm">
        The buyer's proof must be approved by the date shown, or the order misses the date they need it by.
      </p>
      <ul className="mt-3 divide-y divide-red-200 text-sm" data-testid="orders-at-risk">
        {orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
            <Link
              to={`/admin/orders/${order.id}`}
              className="font-semibold text-brand underline-offset-2 hover:underline"
            >
              {order.number}
            </Link>
            <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">At risk</span>
            <span>
              Approve by <strong>{formatDisplayDate(order.approveBy)}</strong>
            </span>
            <span className="text-muted">Need it by {formatDisplayDate(order.needBy)}</span>
            <span className="text-muted">{order.statusLabel}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One order's need-by and approve-by dates on its back-office page. */
export function StaffNeedBy({ plan }: { plan: NeedByForStaff | null }) {
  if (!plan) return null;
  return (
    <p className="mt-2 text-sm" data-testid="staff-need-by">
      Need it by <strong>{formatDisplayDate(plan.needBy)}</strong> · approve by{" "}
      <strong>{formatDisplayDate(plan.approveBy)}</strong>
      {plan.atRisk ? (
        <>
          {" "}
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">At risk</span>
        </>
      ) : null}
    </p>
  );
}
