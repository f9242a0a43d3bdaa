/** The payment step's Stripe Payment Element and Pay button, used only when Stripe is configured. */
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useMemo, useState } from "react";
import { buttonClass } from "../ui/button";

/** Stripe's Payment Element (cards, Apple Pay, Google Pay), loaded only when Stripe is configured. */
export default function StripePaymentForm(props: {
  publishableKey: string;
  clientSecret: string;
  returnUrl: string;
  amountLabel: string;
  onPaid: () => void;
}) {
  const stripe = useMemo<Promise<Stripe | null>>(() => loadStripe(props.publishableKey), [props.publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret: props.clientSecret, appearance: { variables: { colorPrimary: "#2c2adb" } } }}
    >
      <Inner {...props} />
    </Elements>
  );
}

function Inner(props: { returnUrl: string; amountLabel: string; onPaid: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!stripe || !elements || busy) return;
        setBusy(true);
        setError(null);
        // Redirects only when the card needs it (3-D Secure), returning to /inquiry-success (R-PAY-06).
        const result = await stripe.confirmPayment({
          elements,
          confirmParams: { return_url: props.returnUrl },
          redirect: "if_required",
        });
        setBusy(false);
        if (result.error) setError(result.error.message || "Payment failed. Please try again.");
        else props.onPaid();
      }}
    >
      <PaymentElement />
      {error ? (
        <div role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </div>
      ) : null}
      <button type="submit" disabled={!stripe || busy} className={buttonClass("primary", "w-full py-3 text-base")}>
        {busy ? "Processing…" : "Pay now"}
      </button>
      <p className="text-center text-sm text-muted">You'll be charged {props.amountLabel}.</p>
    </form>
  );
}
