/** An order's status as a coloured pill in the back office, the colour saying who moves next. */
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/domain/fulfilment/orders";

/** Colour says who has the next move: amber for staff, blue for the buyer, green when done, grey when closed. */
const TONES: Record<OrderStatus, string> = {
  awaiting_transfer: "bg-brand-soft text-brand-dark",
  on_account: "bg-amber-100 text-amber-900",
  paid: "bg-amber-100 text-amber-900",
  proof_sent: "bg-brand-soft text-brand-dark",
  changes_requested: "bg-amber-100 text-amber-900",
  proof_approved: "bg-amber-100 text-amber-900",
  in_production: "bg-amber-100 text-amber-900",
  quality_check: "bg-amber-100 text-amber-900",
  shipped: "bg-green-100 text-green-900",
  delivered: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
  refunded: "bg-slate-200 text-slate-800",
  expired: "bg-slate-200 text-slate-800",
};

/** An order's status as a pill, in the back office's lists and pages. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ${TONES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
