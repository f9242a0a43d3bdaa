/** The page a payment returns to: paid once the server knows it, processing while it polls, or failed with a retry. */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { Confetti } from "../ui/confetti";
import { CheckIcon } from "../ui/icons";
import { buttonClass } from "../ui/button";

export type PaymentReturnState =
  | { state: "paid"; order_id: string; order_number: string }
  | { state: "processing" }
  | { state: "failed"; message: string }
  | { state: "unpaid" }
  | { state: "signed-out" }
  | { state: "unknown" };

const POLL_MS = 1500;
const POLL_FOR_MS = 10_000;

/**
 * /inquiry-success?draft_id=… (REQUIREMENTS.md A-2, B-5): says paid only when the server knows
 * it, polls for up to 10 s while the payment is processing, offers a retry on failure, and
 * celebrates a confirmed payment only (A-53).
 */
export function PaymentReturn(props: {
  draftId: string;
  productId: string | null;
  initial: PaymentReturnState;
  /** The order's summary, once the loader has read it (a poll that finds the payment reloads it). */
  confirmation: ReactNode;
}) {
  const [status, setStatus] = useState(props.initial);
  const revalidator = useRevalidator();
  const paid = status.state === "paid";
  const { revalidate } = revalidator;
  useEffect(() => {
    if (paid && props.confirmation === null) void revalidate();
  }, [paid, props.confirmation, revalidate]);
  const [gaveUp, setGaveUp] = useState(false);
  const started = useRef(Date.now());

  useEffect(() => {
    if (status.state !== "processing") return;
    const timer = setTimeout(async () => {
      if (Date.now() - started.current > POLL_FOR_MS) return setGaveUp(true);
      try {
        const response = await fetch(`/api/payment-status?draft_id=${encodeURIComponent(props.draftId)}`);
        if (response.ok) setStatus((await response.json()) as PaymentReturnState);
        else setStatus({ state: "processing" });
      } catch {
        setStatus({ state: "processing" });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [status, props.draftId]);

  const retry = `/payment?draft_id=${encodeURIComponent(props.draftId)}${props.productId ? `&product_id=${encodeURIComponent(props.productId)}` : ""}`;

  if (status.state === "paid") {
    return (
      <section className="mx-auto max-w-xl px-4 pt-8 pb-20 text-center">
        {/* The confetti falls in this band, which holds no text, never over the summary. */}
        <div className="relative flex h-28 items-end justify-center overflow-hidden" data-testid="celebration">
          <Confetti contained />
          <span className="relative flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-800">
            <CheckIcon className="h-7 w-7" />
          </span>
        </div>
        <h1 className="mt-6 text-3xl font-extrabold">Payment received</h1>
        <p className="mt-3 text-muted">
          Thank you. Your order <strong className="text-ink">{status.order_number}</strong> is confirmed, and a VAT
          invoice is on its way by e-mail.
        </p>
        {props.confirmation}
        <Link to={`/orders/${status.order_id}`} className={buttonClass("primary", "mt-8")}>
          View your order
        </Link>
      </section>
    );
  }
  if (status.state === "failed") {
    return (
      <Outcome title="Payment failed" link={{ to: retry, label: "Try again" }}>
        <p role="alert" className="mt-3 text-red-800">
          {status.message || "Payment failed. Please try again."}
        </p>
      </Outcome>
    );
  }
  if (status.state === "processing") {
    return (
      <Outcome title="Payment processing">
        <p role="status" className="mt-3 text-muted">
          {gaveUp
            ? "We're confirming your payment; you'll get an e-mail as soon as it's through."
            : "We're checking with the payment provider…"}
        </p>
      </Outcome>
    );
  }
  return (
    <Outcome
      title="We couldn't find that payment"
      link={
        status.state === "unpaid" ? { to: retry, label: "Go to payment" } : { to: "/cart", label: "Back to your cart" }
      }
    >
      <p className="mt-3 text-muted">
        {status.state === "signed-out" ? "Please sign in to see this payment." : "This order hasn't been paid yet."}
      </p>
    </Outcome>
  );
}

/** A payment that is not (yet) through: what happened, and the one way on. */
function Outcome(props: { title: string; children: ReactNode; link?: { to: string; label: string } }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-extrabold">{props.title}</h1>
      {props.children}
      {props.link ? (
        <Link to={props.link.to} className={buttonClass("primary", "mt-8")}>
          {props.link.label}
        </Link>
      ) : null}
    </section>
  );
}
