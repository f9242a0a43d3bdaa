/** The back office's "Payments needing attention": payments the provider took that made no order, to refund. */
import { formatLondonDateTime } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import type { PaymentNeedingAttention } from "~/domain/orders/admin-orders";
import { HeaderRow } from "./table-parts";

/** Taken payments that made no order, each with its reason; nothing when there are none. */
export function PaymentsAttention({ payments }: { payments: PaymentNeedingAttention[] }) {
  if (payments.length === 0) return null;
  return (
    <section aria-labelledby="attention-heading" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id="attention-heading" className="text-lg font-bold">
        Payments needing attention
      </h2>
      <p className="mt-1 text-sm">
        These were taken by the payment provider but made no order. Refund each one in the provider's dashboard.
      </p>
      <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Payments needing attention">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <thead className="text-xs uppercase tracking-wide text-muted">
            <HeaderRow
              columns={["Payment", "When", "Buyer", "Reason", "Amount"]}
              cellClass="px-3 py-2"
              lastClass="px-3 py-2 text-right"
            />
          </thead>
          <tbody className="divide-y divide-amber-200">
            {payments.map((payment) => (
              <tr key={payment.intentId}>
                <th scope="row" className="px-3 py-2 font-mono text-xs break-all">
                  {payment.provider} {payment.intentId}
                </th>
                <td className="whitespace-nowrap px-3 py-2">{formatLondonDateTime(new Date(payment.at))}</td>
                <td className="px-3 py-2 break-all">{payment.email ?? "—"}</td>
                <td className="px-3 py-2">{payment.reason}</td>
                <td className="whitespace-nowrap px-3 py-2 text-right font-medium">
                  {formatPence(payment.amountPence)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
