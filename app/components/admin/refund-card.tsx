/**
 * The back-office order page's refund card (docs/decisions/072-refunds-and-credit-notes.md): what the
 * invoice charged, what is credited and what is left; a card refund still waiting for the payment
 * provider, to try again; and the refund form, by lines and quantities or as an amount, with the
 * reason, and for an order paid by transfer the day the money went back and its reference.
 */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage, TextAreaField } from "~/components/ui/form";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { formatPence } from "~/domain/core/money";
import { REFUND_REASON_MAX } from "~/domain/orders/refunds";
import { Card, Facts, londonTime, CardReply } from "./order-card";
import type { FormReply } from "./order-actions";

export function RefundCard(props: {
  order: StaffOrderDetail & { refund: NonNullable<StaffOrderDetail["refund"]> };
  result?: FormReply;
  /** What staff typed, given back with a refusal. */
  typed?: Record<string, string>;
  busy: boolean;
}) {
  const { order, result, busy } = props;
  const { refund } = order;
  const typed = props.typed ?? {};
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const credited = order.amounts.totalPence - refund.left.grossPence;
  return (
    <Card id="refund" title="Refund">
      <CardReply result={result} />
      <Facts
        rows={[
          ["Invoice", `${order.invoiceNumber ?? ""}, ${formatPence(order.amounts.totalPence)}`],
          ["Credited", formatPence(credited)],
          ["Left to refund", formatPence(refund.left.grossPence)],
        ]}
      />
      {refund.pending.map((pending) => (
        <Form
          method="post"
          key={pending.id}
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
        >
          <input type="hidden" name="intent" value="refund-retry" />
          <input type="hidden" name="refund_id" value={pending.id} />
          <p className="font-semibold text-amber-900">
            A card refund of {formatPence(pending.grossPence)} has waited for the payment provider since{" "}
            {londonTime(pending.createdAt)}.
          </p>
          <button type="submit" className={buttonClass("secondary", "mt-2 w-full")} disabled={busy}>
            Try the refund of {formatPence(pending.grossPence)} again
          </button>
        </Form>
      ))}
      {refund.left.grossPence === 0 ? (
        <p className="mt-3 text-sm text-muted">The invoice is credited in full: there is nothing left to refund.</p>
      ) : (
        <Form method="post" className="mt-4 space-y-4" key={`refund-${order.version}`}>
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="version" value={order.version} />
          <fieldset>
            <legend className="text-sm font-medium">Refund</legend>
            <label className="mt-2 flex items-center gap-2 text-sm">
              <input type="radio" name="by" value="lines" defaultChecked={typed.by !== "amount"} />
              Lines and quantities
            </label>
            <label className="mt-1 flex items-center gap-2 text-sm">
              <input type="radio" name="by" value="amount" defaultChecked={typed.by === "amount"} />
              An amount
            </label>
          </fieldset>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Lines and quantities</legend>
            {refund.lines.map((line, index) => (
              <Field
                key={line.title + String(index)}
                label={`${line.title}, ${formatPence(line.unitPence)} each`}
                hint={`${line.left} of ${line.quantity} can be refunded.`}
                name={`qty_${index}`}
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                maxLength={7}
                disabled={line.left === 0}
                defaultValue={typed[`qty_${index}`] ?? ""}
              />
            ))}
            {refund.shippingLeft ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="shipping" defaultChecked={typed.shipping === "on"} />
                Shipping, {formatPence(refund.shippingPence)} ex VAT
              </label>
            ) : null}
            {errors.lines ? <FormMessage tone="error">{errors.lines}</FormMessage> : null}
          </fieldset>
          <Field
            label="Amount including VAT (£)"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            maxLength={20}
            hint={`For a refund by amount: at most ${formatPence(refund.left.grossPence)}.`}
            defaultValue={typed.amount ?? ""}
            error={errors.amount}
          />
          <TextAreaField
            label="Reason"
            name="reason"
            rows={2}
            required
            maxLength={REFUND_REASON_MAX}
            hint="Printed on the credit note the buyer receives."
            defaultValue={typed.reason ?? ""}
            error={errors.reason}
          />
          {refund.byTransfer ? (
            <>
              <Field
                label="Paid back on"
                name="paid_back_on"
                type="date"
                required
                min={refund.paidOn}
                defaultValue={typed.paid_back_on ?? ""}
                error={errors.paid_back_on}
                hint="The day the money left the shop's bank account."
              />
              <Field
                label="Bank reference"
                name="reference"
                required
                maxLength={100}
                autoComplete="off"
                defaultValue={typed.reference ?? ""}
                error={errors.reference}
              />
            </>
          ) : null}
          {order.status === "shipped" || order.status === "delivered" ? (
            <p className="text-xs text-muted">
              The order has shipped, so it can no longer be cancelled: refund what the buyer returns or claims, by lines
              for goods sent back, or as an amount.
            </p>
          ) : null}
          <p className="text-xs text-muted">
            {refund.method === "account"
              ? "Ordered on account and not yet paid: nothing is paid back; the credit is taken off what the organisation owes, and a credit note is issued and e-mailed to the buyer."
              : refund.byTransfer
                ? "Send the money from the bank first, then record it here: a credit note is issued and e-mailed to the buyer."
                : "The money goes back to the card that paid, through the payment provider; a credit note is issued and e-mailed to the buyer."}
          </p>
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            Refund
          </button>
        </Form>
      )}
    </Card>
  );
}
