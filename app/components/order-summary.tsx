import type { Product } from "~/catalogue/types";
import { summariseTags } from "~/domain/checkout";
import { formatPence } from "~/domain/money";
import type { OrderTotals } from "~/domain/checkout";
import { ProductImage } from "./product-image";

/**
 * The order summary (SPEC.md §2 "Order summary"): up to 2 customisation tags then '+N';
 * amounts come from the one domain totals function, never added up here.
 */
export function OrderSummary(props: {
  product: Product;
  quantity: number;
  unitPence: number;
  selections: readonly string[];
  totals?: OrderTotals | null;
  totalsNote?: string;
  children?: React.ReactNode;
}) {
  const tags = summariseTags(props.selections);
  const image = props.product.images[0];
  const goods = props.totals?.subtotal ?? props.unitPence * props.quantity;
  return (
    <aside aria-labelledby="summary-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <div className="mt-4 flex gap-3">
        {image ? <ProductImage image={image} className="h-16 w-16 shrink-0 rounded-lg" sizes="64px" /> : null}
        <div>
          <p className="font-semibold">{props.product.title}</p>
          <ul className="mt-1 flex flex-wrap gap-1" aria-label="Customisations">
            {tags.shown.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-soft px-2 py-0.5 text-xs">
                {tag}
              </li>
            ))}
            {tags.more > 0 ? <li className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">+{tags.more}</li> : null}
          </ul>
        </div>
      </div>
      <dl className="mt-4 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-muted">Unit price</dt>
          <dd data-testid="summary-unit">{formatPence(props.unitPence)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Quantity</dt>
          <dd>{props.quantity.toLocaleString("en-GB")}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-muted">Goods</dt>
          <dd data-testid="summary-goods">{formatPence(goods)}</dd>
        </div>
        {props.totals ? (
          <>
            {props.totals.discount > 0 ? (
              <div className="flex justify-between text-green-800">
                <dt>First order discount (10%)</dt>
                <dd data-testid="summary-discount">−{formatPence(props.totals.discount)}</dd>
              </div>
            ) : null}
            <div className="flex justify-between">
              <dt className="text-muted">Shipping</dt>
              <dd data-testid="summary-shipping">{formatPence(props.totals.shipping)}</dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">VAT ({props.totals.vatRate}%)</dt>
              <dd data-testid="summary-vat">{formatPence(props.totals.vat)}</dd>
            </div>
            <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
              <dt>Total</dt>
              <dd data-testid="summary-total">{formatPence(props.totals.total)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {props.totalsNote ? <p className="mt-2 text-xs text-muted">{props.totalsNote}</p> : null}
      {props.children}
    </aside>
  );
}
