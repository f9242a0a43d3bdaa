import { Form, useNavigation } from "react-router";
import { POLICY_NUMBERS } from "~/content/policy-numbers";
import { buttonClass } from "./ui/button";
import { FormMessage } from "./ui/form";

/**
 * The payment step's other way to pay (issue 17 item 4): place the order now and pay by bank
 * transfer against a pro-forma invoice. A plain form posting to the payment route's action, so it
 * works without JavaScript; the server prices the order and places it once however often it is sent.
 */
export function BankTransferOption(props: { draftId: string; productId: string; error: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "bank_transfer";
  return (
    <section aria-labelledby="bank-transfer-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="bank-transfer-heading" className="text-lg font-bold">
        Pay by bank transfer
      </h2>
      <p className="mt-2 text-sm text-muted">
        We place your order now and give you a pro-forma invoice with our bank details; pay within{" "}
        {POLICY_NUMBERS.bankTransferDueDays} days quoting your order number. We prepare your proof meanwhile, and
        production starts once your payment has arrived and the proof is approved. An order not paid in time expires.
      </p>
      {props.error ? (
        <div className="mt-3" role="alert">
          <FormMessage>{props.error}</FormMessage>
        </div>
      ) : null}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="bank_transfer" />
        <input type="hidden" name="draft_id" value={props.draftId} />
        <input type="hidden" name="product_id" value={props.productId} />
        <button type="submit" disabled={busy} className={buttonClass("secondary", "w-full py-3 text-base")}>
          {busy ? "Placing your order…" : "Place order and pay by bank transfer"}
        </button>
      </Form>
    </section>
  );
}
