/** The payment step's card form when no Stripe keys are set: the built-in test mode, which charges no card. */
import { useState } from "react";
import type { ErrorBody } from "~/domain/core/api-errors";
import { TEST_MODE_LABEL } from "~/domain/pricing/cards";
import type { FieldErrors } from "~/domain/core/field-errors";
import { buttonClass } from "../ui/button";
import { Field } from "../ui/form";

type Result = { ok: true } | { ok: false; message: string; fieldErrors?: FieldErrors };

/**
 * The built-in test-mode provider's card form (decision 007): no card is charged, and the
 * documented Stripe test numbers behave as they do on Stripe.
 */
export function TestCardForm(props: { clientSecret: string; amountLabel: string; onPaid: () => void }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (busy) return;
        setBusy(true);
        setResult(null);
        const form = new FormData(event.currentTarget);
        try {
          const response = await fetch("/api/test-payments/confirm", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              client_secret: props.clientSecret,
              number: String(form.get("number") ?? ""),
              expiry: String(form.get("expiry") ?? ""),
              cvc: String(form.get("cvc") ?? ""),
              name: String(form.get("name") ?? ""),
            }),
          });
          const body = (await response.json()) as Partial<ErrorBody>;
          if (response.ok) {
            setResult({ ok: true });
            props.onPaid();
            return;
          }
          setResult({
            ok: false,
            message: body.error?.message || "Payment failed. Please try again.",
            fieldErrors: body.error?.fieldErrors,
          });
        } catch {
          setResult({ ok: false, message: "Payment failed. Please try again." });
        } finally {
          setBusy(false);
        }
      }}
    >
      <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-semibold text-amber-900">
        {TEST_MODE_LABEL}
      </p>
      <p className="text-xs text-muted">
        Use 4242 4242 4242 4242 to pay, or 4000 0000 0000 0002 to see a decline; any future expiry and any 3 digits.
      </p>
      {result && !result.ok ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {result.message}
        </div>
      ) : null}
      <Field label="Name on card" name="name" autoComplete="cc-name" />
      <Field label="Card number" name="number" inputMode="numeric" autoComplete="cc-number" error={errors.number} />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Expiry (MM/YY)" name="expiry" autoComplete="cc-exp" error={errors.expiry} />
        <Field label="CVC" name="cvc" inputMode="numeric" autoComplete="cc-csc" error={errors.cvc} />
      </div>
      <button type="submit" disabled={busy} className={buttonClass("primary", "w-full py-3 text-base")}>
        {busy ? "Processing…" : "Pay now"}
      </button>
      <p className="text-center text-sm text-muted">You'll be charged {props.amountLabel}.</p>
    </form>
  );
}
