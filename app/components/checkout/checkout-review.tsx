/**
 * The payment step's "Review your order": billing, delivery, PO, VAT number, dates and products,
 * each linking to its step.
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useLineProducts } from "../product/line-products";
import type { SummaryLine } from "~/domain/checkout/cart-checkout";
import type { CheckoutReview } from "~/domain/checkout/checkout-review";
import { formatDisplayDate } from "~/domain/core/dates";
import { stepHref } from "~/domain/checkout/steps";

/**
 * The payment step's final review: who is billed, where it goes, the buyer's PO
 * and VAT number, the need-by and approve-by dates and the products, each with a link to the step
 * that changes it, above every way to pay. The figures stay in the order summary beside it.
 */
export function CheckoutReviewPanel(props: {
  review: CheckoutReview;
  lines: readonly SummaryLine[];
  totalLabel: string | null;
  ids: { productId: string; draftId: string };
}) {
  const { review, ids } = props;
  const products = useLineProducts();
  const details = stepHref(3, ids);
  const shipping = stepHref(4, ids);
  return (
    <section aria-labelledby="review-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="review-heading" className="text-lg font-bold">
        Review your order
      </h2>
      <p className="mt-1 text-sm text-muted">Check these before you pay; each one links to where you can change it.</p>
      <dl className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <Fact term="Bill to" href={details}>
          <Lines lines={review.billTo} />
        </Fact>
        <Fact term="Ship to" href={review.shipsToBilling ? details : shipping}>
          <Lines lines={review.shipTo} />
          {review.method ? <span className="block text-muted">{review.method}</span> : null}
        </Fact>
        <Fact term="PO reference" href={details}>
          {review.poRef || "None given"}
        </Fact>
        <Fact term="VAT number" href={details}>
          {review.vatNumber || "None given"}
        </Fact>
        <Fact term="Need it by" href={shipping}>
          {review.needBy ? formatDisplayDate(review.needBy) : "No date given"}
        </Fact>
        {review.approveBy ? (
          <Fact term="Approve the proof by" href={shipping}>
            {formatDisplayDate(review.approveBy)}
          </Fact>
        ) : null}
        <Fact term="Products" href="/cart">
          <ul>
            {props.lines.map((line) => (
              <li key={`${line.productId}-${line.colour ?? ""}`}>
                {line.quantity.toLocaleString("en-GB")} × {products(line.productId)?.title ?? "Product"}
              </li>
            ))}
          </ul>
        </Fact>
        <div>
          <dt className="font-semibold">Total</dt>
          <dd data-testid="review-total">{props.totalLabel ?? "Working out the total…"}</dd>
        </div>
      </dl>
    </section>
  );
}

/** One reviewed fact and its "Change" link, named for the fact so each link says where it goes. */
function Fact(props: { term: string; href: string; children: ReactNode }) {
  return (
    <div>
      <dt className="flex items-baseline justify-between gap-2 font-semibold">
        {props.term}
        <Link to={props.href} className="text-xs font-semibold text-brand underline underline-offset-2">
          Change<span className="sr-only"> {props.term.toLowerCase()}</span>
        </Link>
      </dt>
      <dd className="mt-1 break-words">{props.children}</dd>
    </div>
  );
}

function Lines({ lines }: { lines: readonly string[] }) {
  return <span className="block whitespace-pre-line">{lines.length === 0 ? "Not given yet" : lines.join("\n")}</span>;
}
