import { formatDisplayDate, type IsoDate } from "~/domain/dates";
import { formatPence } from "~/domain/money";
import type { OrderStatus } from "~/domain/orders";

/**
 * On the order page, how to pay an order placed by bank transfer (issue 17 item 4): the amount,
 * the reference to quote, the due date and the pro-forma invoice, which carries the bank details
 * (they are never on a page). Nothing once the money is in or the order has ended.
 */
export function TransferPayment(props: {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  paid: boolean;
  totalPence: number;
  proformaNumber: string;
  dueOn: IsoDate;
}) {
  const href = `/orders/${props.orderId}/proforma.pdf`;
  const awaited = !props.paid && props.status !== "expired" && props.status !== "cancelled";
  return (
    <div className="mt-3 space-y-2" data-testid="transfer-payment">
      {awaited ? (
        <p className="rounded-lg bg-brand-soft px-3 py-2 text-brand-dark">
          Pay <strong>{formatPence(props.totalPence)}</strong> by bank transfer by{" "}
          <strong>{formatDisplayDate(props.dueOn)}</strong>, quoting <strong>{props.orderNumber}</strong> as the payment
          reference. The bank details are on the pro-forma invoice.
        </p>
      ) : null}
      <p>
        <a href={href} className="font-semibold text-brand underline-offset-2 hover:underline" download>
          Download pro-forma invoice {props.proformaNumber} (PDF)
        </a>
      </p>
    </div>
  );
}
