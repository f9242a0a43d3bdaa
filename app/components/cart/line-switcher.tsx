/** Step 2's switcher between the products of a cart of several, with a tick on each one already customised. */
import { Link } from "react-router";
import { lineTitle, type CheckoutLineState } from "~/domain/checkout/cart-checkout";
import { isLineCustomised } from "~/domain/checkout/customisation-gate";
import { stepHref } from "~/domain/checkout/steps";
import { useLineProducts } from "../product/line-products";

/**
 * Step 2's line switcher for a cart of several lines ("Cap · Shorts", decision 016; a product in two
 * colours is two, named by colour, decision 086): each line opens its own customisation; a tick
 * marks the lines already done. Nothing for one line. `current` is the line on show.
 */
export function LineSwitcher(props: { lines: readonly CheckoutLineState[]; current: string }) {
  const products = useLineProducts();
  if (props.lines.length < 2) return null;
  return (
    <nav aria-label="Products in this order" className="mt-3">
      <ol className="flex flex-wrap items-center gap-2 text-sm">
        {props.lines.map((line, index) => {
          const product = products(line.productId);
          const title = lineTitle(line, props.lines, product);
          const done = isLineCustomised(line, product);
          const current = line.lineId === props.current;
          return (
            <li key={line.lineId} className="flex items-center gap-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-muted">
                  ·
                </span>
              ) : null}
              <Link
                to={stepHref(2, { productId: line.productId, draftId: line.draft?.id, lineId: line.lineId })}
                aria-current={current ? "step" : undefined}
                className={`rounded-full border px-3 py-1 ${current ? "border-brand bg-brand-soft font-semibold" : "border-slate-200 hover:border-brand"}`}
              >
                {title}
                {done ? (
                  <span className="ml-1 text-green-800" role="img" aria-label="customised">
                    ✓
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
