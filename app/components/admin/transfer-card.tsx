/**
 * The back-office order page's bank transfer card: the pro-forma, what to look for, recording what
 * arrived (in full or in part), and part payments sent back.
 */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/form";
import { RETURN_REFERENCE_MAX, transferDifference, transferLeftPence } from "~/domain/orders/bank-transfer";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { formatDisplayDate } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { Card, Facts, londonTime, CardReply } from "./order-card";
import type { FormReply } from "./order-actions";

/**
 * The back office's view of an order placed to pay by bank transfer (decision 022): the
 * pro-forma, what to look for in the bank account, and "Record the payment" while it is
 * awaited, with the amount that arrived. Who marked it, when and how much stay on the card and in
 * the history; an amount that differs from the one due is flagged with both figures (decision 036).
 */
export function TransferCard(props: {
  order: StaffOrderDetail & { transfer: NonNullable<StaffOrderDetail["transfer"]> };
  result?: FormReply;
  /** The amount staff typed, given back with a refusal. */
  typedAmount?: string;
  /** The bank's reference of money sent back, given back with a refusal. */
  typedReference?: string;
  /** Today in London: the arrival day offered, and the latest allowed. */
  today: string;
  busy: boolean;
}) {
  const { order, result, busy } = props;
  const { transfer } = order;
  const difference =
    transfer.receivedPence === null ? null : transferDifference(transfer.duePence, transfer.receivedPence);
  return (
    <Card id="bank-transfer" title={transfer.termsDays ? "Invoice on account" : "Bank transfer"}>
      <CardReply result={result} />
      <Facts
        rows={[
          transfer.proformaNumber
            ? ["Pro-forma", transfer.proformaNumber]
            : ["Terms", `${transfer.termsDays} days: invoice ${order.invoiceNumber ?? ""}`],
          ["Amount", formatPence(order.amounts.totalPence)],
          ["Reference", order.number],
          ["Due by", formatDisplayDate(transfer.dueOn)],
          ["Reminder sent", transfer.remindedAt ? londonTime(transfer.remindedAt) : "Not yet"],
          ...(transfer.receivedAt
            ? ([["Received", `${londonTime(transfer.receivedAt)} by ${transfer.receivedBy ?? "staff"}`]] as Array<
                [string, string]
              >)
            : []),
          ...(transfer.receivedPence === null
            ? []
            : ([["Amount received", formatPence(transfer.receivedPence)]] as Array<[string, string]>)),
          ...(transfer.expiredAt ? ([["Expired", londonTime(transfer.expiredAt)]] as Array<[string, string]>) : []),
          ...(transfer.arrivedOn
            ? ([["Arrived on", formatDisplayDate(transfer.arrivedOn)]] as Array<[string, string]>)
            : []),
          ...(transfer.partPaidPence > 0 && !transfer.receivedAt
            ? ([
                ["Part payments received", formatPence(transfer.partPaidPence)],
                ["Still due", formatPence(transferLeftPence(transfer))],
              ] as Array<[string, string]>)
            : []),
          ...(transfer.returned
            ? ([
                [
                  "Sent back",
                  `${formatPence(transfer.returned.pence)} on ${formatDisplayDate(transfer.returned.on)} (${transfer.returned.reference})`,
                ],
              ] as Array<[string, string]>)
            : []),
        ]}
      />
      {transfer.canRecordReturn ? (
        <Form method="post" className="mt-4" key={`transfer-return-${order.version}`}>
          <input type="hidden" name="intent" value="transfer-return" />
          <input type="hidden" name="version" value={order.version} />
          <p
            className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
            data-testid="transfer-to-return"
          >
            The order was cancelled holding {formatPence(transfer.partPaidPence)} of part payments. Send it back to the
            buyer from the bank, then record it here.
          </p>
          <Field
            label="Sent back on"
            name="returned_on"
            type="date"
            required
            defaultValue={props.today}
            max={props.today}
            error={result && !result.ok ? result.fieldErrors?.returned_on : undefined}
          />
          <Field
            label="Bank reference"
            name="reference"
            className="mt-3"
            required
            maxLength={RETURN_REFERENCE_MAX}
            defaultValue={props.typedReference ?? ""}
            error={result && !result.ok ? result.fieldErrors?.reference : undefined}
          />
          <button type="submit" className={buttonClass("primary", "mt-4 w-full")} disabled={busy}>
            Record {formatPence(transfer.partPaidPence)} sent back
          </button>
        </Form>
      ) : null}
      {difference && difference.kind !== "exact" ? (
        <p
          data-testid="transfer-difference"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900"
        >
          {difference.kind === "short"
            ? `Underpaid: ${formatPence(transfer.receivedPence ?? 0)} received of ${formatPence(transfer.duePence)} due, short by ${formatPence(difference.pence)}. The shortfall was accepted.`
            : `Overpaid: ${formatPence(transfer.receivedPence ?? 0)} received of ${formatPence(transfer.duePence)} due, over by ${formatPence(difference.pence)}. Return the difference to the buyer.`}
        </p>
      ) : null}
      {transfer.canMarkReceived ? (
        <Form method="post" className="mt-4" key={`transfer-${order.version}`}>
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="version" value={order.version} />
          {transfer.termsDays ? (
            <p className="mb-3 text-sm text-muted">
              Check the bank account for {formatPence(transferLeftPence(transfer))} quoting {order.number} or its
              invoice first. Less than is still due is kept as a part payment and the buyer is told the rest; once the
              whole invoice is in, it is paid on the organisation's statement. The order stays where it is. To take
              something off the invoice, credit it with the refund form.
            </p>
          ) : (
            <p className="mb-3 text-sm text-muted">
              Check the bank account for {formatPence(transferLeftPence(transfer))} quoting {order.number} first. Less
              than is still due is kept as a part payment and the buyer is told the rest; once the whole amount is in
              (or you accept the shortfall), the order is paid: your name and the time are recorded, the VAT invoice is
              issued and production may start.
            </p>
          )}
          {order.status === "expired" ? (
            <p
              className="mb-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm"
              data-testid="transfer-late"
            >
              The order expired unpaid. Marking the money received revives it as paid. If the buyer no longer wants it,
              cancel it afterwards and refund the money from the bank.
            </p>
          ) : null}
          <Field
            label="Amount received (£)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required={transfer.partPaidPence === 0}
            maxLength={20}
            // Never filled in with the amount due: staff type what the bank account shows.
            defaultValue={props.typedAmount ?? ""}
            error={result && !result.ok ? result.fieldErrors?.amount : undefined}
            hint={
              transfer.partPaidPence === 0
                ? `As the bank account shows it; ${formatPence(transfer.duePence)} is due.`
                : transfer.termsDays
                  ? `As the bank account shows it; ${formatPence(transferLeftPence(transfer))} is still due.`
                  : `As the bank account shows it; ${formatPence(transferLeftPence(transfer))} is still due. Leave it empty to accept the shortfall with nothing more.`
            }
          />
          <Field
            label="Arrived on"
            name="arrived_on"
            type="date"
            className="mt-3"
            defaultValue={props.today}
            max={props.today}
            error={result && !result.ok ? result.fieldErrors?.arrived_on : undefined}
            hint="The day the bank account shows it: the VAT invoice's time of supply."
          />
          {transfer.termsDays ? null : (
            <label className="mt-3 flex items-start gap-2 text-sm">
              <input type="checkbox" name="accept_shortfall" className="mt-1" />
              <span>Accept the shortfall: mark the order paid even if less than is due arrived.</span>
            </label>
          )}
          <button type="submit" className={buttonClass("primary", "mt-4 w-full")} disabled={busy}>
            Record the payment
          </button>
        </Form>
      ) : null}
    </Card>
  );
}
