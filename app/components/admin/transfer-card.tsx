import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import type { StaffOrderDetail } from "~/domain/admin-orders";
import { formatDisplayDate } from "~/domain/dates";
import { formatPence } from "~/domain/money";
import { Card, Facts, londonTime } from "./order-card";
import type { FormReply } from "./order-actions";

/**
 * The back office's view of an order placed to pay by bank transfer (issue 17 item 4): the
 * pro-forma, what to look for in the bank account, and "Mark transfer received" while it is
 * awaited. Who marked it and when stay on the card and in the history.
 */
export function TransferCard(props: {
  order: StaffOrderDetail & { transfer: NonNullable<StaffOrderDetail["transfer"]> };
  result?: FormReply;
  busy: boolean;
}) {
  const { order, result, busy } = props;
  const { transfer } = order;
  return (
    <Card id="bank-transfer" title="Bank transfer">
      {result ? (
        <div className="mt-3">
          <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage>
        </div>
      ) : null}
      <Facts
        rows={[
          ["Pro-forma", transfer.proformaNumber],
          ["Amount", formatPence(order.amounts.totalPence)],
          ["Reference", order.number],
          ["Due by", formatDisplayDate(transfer.dueOn)],
          ["Reminder sent", transfer.remindedAt ? londonTime(transfer.remindedAt) : "Not yet"],
          ...(transfer.receivedAt
            ? ([["Received", `${londonTime(transfer.receivedAt)} by ${transfer.receivedBy ?? "staff"}`]] as Array<
                [string, string]
              >)
            : []),
          ...(transfer.expiredAt ? ([["Expired", londonTime(transfer.expiredAt)]] as Array<[string, string]>) : []),
        ]}
      />
      {transfer.canMarkReceived ? (
        <Form method="post" className="mt-4" key={`transfer-${order.version}`}>
          <input type="hidden" name="intent" value="transfer" />
          <input type="hidden" name="version" value={order.version} />
          <p className="mb-3 text-sm text-muted">
            Check the bank account for {formatPence(order.amounts.totalPence)} quoting {order.number} first. Marking it
            received records your name and the time, issues the VAT invoice and lets production start.
          </p>
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            Mark transfer received
          </button>
        </Form>
      ) : null}
    </Card>
  );
}
