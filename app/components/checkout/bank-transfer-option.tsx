/**
 * The payment step's "Pay by bank transfer": place the order now, confirmed first, and pay against
 * a pro-forma invoice.
 */
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { POLICY_NUMBERS } from "~/domain/core/policy-numbers";
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";
import { useHydrated } from "../ui/use-hydrated";
import { useBusiness } from "../ui/root-data";
import { transferAllowed, transferOverLimitMessage } from "~/domain/orders/bank-transfer-limit";

/**
 * The payment step's other way to pay (decision 022): place the order now and pay by bank
 * transfer against a pro-forma invoice. A plain form posting to the payment route's action, so it
 * works without JavaScript; the server prices the order and places it once however often it is sent.
 * Placing it is confirmed first: the buyer sees the amount and the due date and
 * says they will pay by transfer. Without JavaScript the confirmation is shown at once.
 */
export function BankTransferOption(props: {
  draftId: string;
  productId: string;
  error: string | null;
  /** The amount the payment step priced, once it has; the transfer is for the same total. */
  amountLabel: string | null;
  /** That amount in pence, once priced: over the operator's limit, the option says why instead. */
  amountPence: number | null;
  dueOn: IsoDate;
}) {
  const navigation = useNavigation();
  const business = useBusiness();
  // Over the operator's limit (decision 022) the option only says why; the server refuses it too.
  const overLimit = props.amountPence !== null && !transferAllowed(props.amountPence, business.bankTransferMaxPence);
  const hydrated = useHydrated();
  const [confirming, setConfirming] = useState(false);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "bank_transfer";
  const asking = !hydrated || confirming || busy || props.error !== null;
  // The button that opened the confirmation is gone: focus moves to the one that places the order.
  const place = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) place.current?.focus();
  }, [confirming]);
  return (
    <section aria-labelledby="bank-transfer-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="bank-transfer-heading" className="text-lg font-bold">
        Pay by bank transfer
      </h2>
      {overLimit ? (
        <p className="mt-2 text-sm" data-testid="transfer-over-limit">
          {transferOverLimitMessage(business.bankTransferMaxPence, business.salesEmail)}
        </p>
      ) : (
        <p className="mt-2 text-sm text-muted">
          We place your order now and give you a pro-forma invoice with our bank details; pay within{" "}
          {POLICY_NUMBERS.bankTransferDueDays} days quoting your order number. We prepare your proof meanwhile, and
          production starts once your payment has arrived and the proof is approved. An order not paid in time expires.
        </p>
      )}
      {props.error ? (
        <div className="mt-3" role="alert">
          <FormMessage>{props.error}</FormMessage>
        </div>
      ) : null}
      {overLimit ? null : asking ? (
        <div
          role="group"
          aria-labelledby="transfer-confirm-heading"
          className="mt-4 rounded-xl bg-brand-soft p-4"
          data-testid="transfer-confirm"
        >
          <h3 id="transfer-confirm-heading" className="font-bold">
            Confirm payment by bank transfer
          </h3>
          <p className="mt-1 text-sm">
            You will pay <strong>{props.amountLabel ?? "the total in the order summary"}</strong> by bank transfer by{" "}
            <strong>{formatDisplayDate(props.dueOn)}</strong>, quoting your order number.
          </p>
          <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row">
            <input type="hidden" name="intent" value="bank_transfer" />
            <input type="hidden" name="draft_id" value={props.draftId} />
            <input type="hidden" name="product_id" value={props.productId} />
            <button
              ref={place}
              type="submit"
              disabled={busy}
              className={buttonClass("primary", "py-3 text-base sm:flex-1")}
            >
              {busy ? "Placing your order…" : "Place order and pay by bank transfer"}
            </button>
            {hydrated ? (
              <button
                type="button"
                disabled={busy}
                onClick={() => setConfirming(false)}
                className={buttonClass("secondary", "py-3 text-base")}
              >
                Cancel
              </button>
            ) : null}
          </Form>
        </div>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className={buttonClass("secondary", "mt-4 w-full py-3 text-base")}
        >
          Pay by bank transfer instead
        </button>
      )}
    </section>
  );
}
