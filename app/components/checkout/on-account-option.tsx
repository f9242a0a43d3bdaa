/**
 * The payment step's "Pay on account" (decision 085), for a member of an organisation: with an
 * approved account, place the order now, invoiced at once and due within the account's terms;
 * otherwise why not, and where to apply. A plain form posting to the payment route's action, so it
 * works without JavaScript; the server checks the account again under its lock, whatever is shown.
 */
import { Form, Link, useNavigation } from "react-router";
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { type AccountStanding, availableCredit, onAccountRefusal } from "~/domain/orders/credit-accounts";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";

export function OnAccountOption(props: {
  draftId: string;
  productId: string;
  organisation: string;
  standing: AccountStanding | null;
  /** The amount the payment step priced, once it has. */
  amountPence: number | null;
  /** The invoice's due date if the order were placed now. */
  dueOn: IsoDate | null;
  error: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "on_account";
  const { standing } = props;
  const approved = standing?.status === "approved";
  const refusal =
    props.amountPence === null || !approved
      ? null
      : onAccountRefusal(standing, { totalPence: props.amountPence, organisation: props.organisation });
  return (
    <section aria-labelledby="on-account-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="on-account-heading" className="text-lg font-bold">
        Pay on account
      </h2>
      {!approved ? (
        <p className="mt-2 text-sm text-muted" data-testid="on-account-unavailable">
          {onAccountRefusal(standing, { totalPence: 0, organisation: props.organisation })}{" "}
          <Link to="/account/credit" className="underline">
            {standing ? "See your organisation's account" : "Apply to pay on account"}
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted">
            We invoice {props.organisation} now and make the order as soon as you approve the proof. The invoice is due
            in {standing.termsDays} days{props.dueOn ? `, by ${formatDisplayDate(props.dueOn)}` : ""}. Credit left:{" "}
            <strong>{formatPence(availableCredit(standing))}</strong> of {formatPence(standing.limitPence)}.
          </p>
          {refusal ? (
            <p className="mt-3 text-sm" data-testid="on-account-refused">
              {refusal}
            </p>
          ) : null}
        </>
      )}
      {props.error ? (
        <div className="mt-3" role="alert">
          <FormMessage>{props.error}</FormMessage>
        </div>
      ) : null}
      {approved && !refusal ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="on_account" />
          <input type="hidden" name="draft_id" value={props.draftId} />
          <input type="hidden" name="product_id" value={props.productId} />
          <button
            type="submit"
            disabled={busy || props.amountPence === null}
            className={buttonClass("secondary", "w-full py-3 text-base")}
          >
            {busy
              ? "Placing your order…"
              : props.amountPence === null
                ? "Place order on account"
                : `Place order on account: ${formatPence(props.amountPence)}`}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
