/**
 * The order page's "how to pay" for an order placed by bank transfer: amount, reference, due date,
 * pro-forma and bank details.
 */
import { useState } from "react";
import { type Payee, transferAwaited, transferLeftPence } from "~/domain/orders/bank-transfer";
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import { formatPence, plainPounds } from "~/domain/core/money";
import type { OrderStatus } from "~/domain/fulfilment/orders";

/**
 * On the order page, how to pay an order placed by bank transfer (decision 022): the amount,
 * the reference to quote, the due date and the pro-forma invoice. While the transfer is awaited the
 * page also lists the bank details, each with a copy button; the loader sends them
 * only to a reader of this order, and only then. Nothing once the money is in or the order has ended.
 */
export function TransferPayment(props: {
  orderId: string;
  orderNumber: string;
  status: OrderStatus;
  paid: boolean;
  totalPence: number;
  /** Part payments received so far (decision 079): the buyer is asked for the rest. */
  partPaidPence: number;
  proformaNumber: string;
  dueOn: IsoDate;
  payee: Payee | null;
}) {
  const href = `/orders/${props.orderId}/proforma.pdf`;
  const awaited = transferAwaited(props);
  const leftPence = transferLeftPence({ duePence: props.totalPence, partPaidPence: props.partPaidPence });
  return (
    <div className="mt-3 space-y-2" data-testid="transfer-payment">
      {awaited ? (
        <p className="rounded-lg bg-brand-soft px-3 py-2 text-brand-dark">
          {props.partPaidPence > 0 ? (
            <>
              We have received <strong>{formatPence(props.partPaidPence)}</strong>, thank you. Pay the remaining{" "}
            </>
          ) : (
            "Pay "
          )}
          <strong>{formatPence(leftPence)}</strong> by bank transfer by{" "}
          <strong>{formatDisplayDate(props.dueOn)}</strong>, quoting <strong>{props.orderNumber}</strong> as the payment
          reference. The bank details are below and on the pro-forma invoice.
        </p>
      ) : null}
      {awaited && props.payee ? (
        <BankDetails payee={props.payee} reference={props.orderNumber} totalPence={leftPence} />
      ) : null}
      <p>
        <a href={href} className="font-semibold text-brand underline-offset-2 hover:underline" download>
          Download pro-forma invoice {props.proformaNumber} (PDF)
        </a>
      </p>
    </div>
  );
}

/** Each value the buyer types into their bank, with a button that copies it and says so. */
function BankDetails(props: { payee: Payee; reference: string; totalPence: number }) {
  const [said, setSaid] = useState("");
  const rows = [
    { label: "Account name", value: props.payee.accountName },
    { label: "Sort code", value: props.payee.sortCode },
    { label: "Account number", value: props.payee.accountNumber },
    { label: "Reference", value: props.reference },
    { label: "Amount", value: plainPounds(props.totalPence), shown: formatPence(props.totalPence) },
  ];
  const copy = async (label: string, value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setSaid(`Copied ${label.toLowerCase()}`);
    } catch {
      setSaid(`Couldn't copy the ${label.toLowerCase()}: select it and copy it yourself`);
    }
  };
  return (
    <section aria-labelledby="bank-details-heading" className="rounded-lg border border-slate-200 p-3">
      <h3 id="bank-details-heading" className="font-bold">
        Bank details
      </h3>
      <dl className="mt-2 space-y-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs text-muted">{row.label}</dt>
            <dd className="flex items-center justify-between gap-2">
              <span
                className="min-w-0 break-words font-semibold"
                data-testid={`bank-${row.label.toLowerCase().replace(" ", "-")}`}
              >
                {row.shown ?? row.value}
              </span>
              <button
                type="button"
                onClick={() => void copy(row.label, row.value)}
                className="shrink-0 rounded-md border border-slate-300 px-3 py-2 text-xs font-semibold hover:bg-slate-50"
              >
                Copy<span className="sr-only"> {row.label.toLowerCase()}</span>
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p role="status" className="mt-2 min-h-5 text-xs text-brand-dark">
        {said}
      </p>
    </section>
  );
}
