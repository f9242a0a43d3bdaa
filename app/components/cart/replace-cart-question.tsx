/** The question asked before a quote replaces what is in the cart: "Replace my cart" or "Keep my cart". */
import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { ReplaceCartQuestion } from "~/domain/checkout/quote-conversion";
import { buttonClass } from "../ui/button";

/**
 * Asked before a quote replaces anything in the cart (decision 040): what it would replace, then
 * "Replace my cart" (which confirms exactly the cart listed) or "Keep my cart" (nothing changes).
 */
export function ReplaceCartQuestionPanel(props: {
  question: ReplaceCartQuestion;
  quoteNumber: string;
  message: string;
  busy: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const headingId = `replace-cart-${props.question.quoteId}`;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
      data-testid="replace-cart-question"
    >
      <h3 id={headingId} ref={heading} tabIndex={-1} className="font-bold outline-none">
        Replace your cart with quote {props.quoteNumber}?
      </h3>
      <p className="mt-1 text-sm">{props.message}</p>
      <p className="mt-2 text-sm font-semibold">In your cart now:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm" aria-label="What ordering from this quote replaces">
        {props.question.replaced.map((line) => (
          <li key={line.productId}>{line.text}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="quoteId" value={props.question.quoteId} />
          <input type="hidden" name="replaceCart" value={props.question.cart} />
          {Object.entries(props.question.picks ?? {}).map(([productId, quantity]) => (
            <input key={productId} type="hidden" name={`pick-${productId}`} value={quantity} />
          ))}
          <button type="submit" name="intent" value="convert" disabled={props.busy} className={buttonClass("primary")}>
            Replace my cart
          </button>
        </Form>
        <Link to="/quotes" className={buttonClass("secondary")} replace>
          Keep my cart
        </Link>
        <Link to="/cart" className={buttonClass("ghost")}>
          See my cart
        </Link>
      </div>
    </section>
  );
}
