/**
 * "Cancel this order" on the back-office order page (docs/decisions/073-orders-that-stop.md): at every
 * stage before dispatch, with the reason the buyer reads, and for an order paid by card the rest of
 * its invoice refunded in the same step (ticked unless staff untick it).
 */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/form";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { ADMIN_NOTE_MAX } from "~/domain/orders/admin-orders";
import { formatPence } from "~/domain/core/money";
import { Card, CardReply } from "./order-card";
import type { FormReply } from "./order-actions";

export function CancelCard(props: {
  order: StaffOrderDetail & { cancel: NonNullable<StaffOrderDetail["cancel"]> };
  result?: FormReply;
  /** The reason staff typed, given back with a refusal. */
  typedReason?: string;
  busy: boolean;
}) {
  const { order, result, busy } = props;
  const refundPence = order.cancel.cardRefundPence;
  return (
    <Card id="cancel-order" title="Cancel this order">
      <CardReply result={result} />
      <Form method="post" className="mt-3 space-y-3" key={`cancel-${order.version}`}>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="version" value={order.version} />
        <p className="text-sm text-muted">
          Stops the order before it ships, whatever its stage. The buyer is e-mailed once, with the reason, and gets the
          first-order discount back for their next order.
        </p>
        <TextAreaField
          label="Reason for cancelling"
          name="reason"
          rows={2}
          required
          maxLength={ADMIN_NOTE_MAX}
          defaultValue={props.typedReason ?? ""}
          error={result && !result.ok ? result.fieldErrors?.reason : undefined}
        />
        {refundPence ? (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="refund" defaultChecked className="mt-1" />
            <span>Refund the {formatPence(refundPence)} left to the card, with a credit note</span>
          </label>
        ) : order.refund?.method === "account" && order.refund.left.grossPence > 0 ? (
          <p className="text-sm text-muted">
            Ordered on account and not yet paid: the {formatPence(order.refund.left.grossPence)} left of its invoice is
            credited to the organisation's account, with a credit note.
          </p>
        ) : order.refund && order.refund.left.grossPence > 0 ? (
          <p className="text-sm text-muted">
            Paid by bank transfer: send the money back from the bank, then record it with the refund form.
          </p>
        ) : null}
        <button type="submit" className={buttonClass("secondary", "w-full")} disabled={busy}>
          Cancel order {order.number}
        </button>
      </Form>
    </Card>
  );
}
