/** The order summary beside the checkout steps: every line with its image, tags and total, then the totals. */
import { imageForColour } from "~/catalogue/colour-picture";
import { useLineProducts } from "../product/line-products";
import type { SummaryLine } from "~/domain/checkout/cart-checkout";
import { pricedLineTotal, summariseTags, type OrderTotals } from "~/domain/pricing/checkout";
import { LineCharges } from "./line-charges";
import { checkoutTotals, pricedLines } from "~/domain/checkout/draft-totals";
import { describeSizes } from "~/domain/pricing/sizes";
import { shownLineTotalsOf } from "~/domain/checkout/price-mode-lines";
import { LineTotal, UnitPrice } from "../ui/price";
import { usePriceMode } from "../ui/root-data";
import { ProductImage } from "../ui/product-image";
import { type ShippingState, TotalsList } from "./totals-list";

/**
 * The order summary (SPEC.md §2 "Order summary"): every line with its image,
 * title, quantity, up to 2 customisation tags then '+N' and line total, and one set of totals.
 * Amounts come from the domain's pricing and totals functions, never added up here.
 */
export function OrderSummary(props: {
  lines: readonly SummaryLine[];
  totals?: OrderTotals | null;
  /** How shipping stands; "chosen" unless said. */
  shipping?: ShippingState;
  totalsNote?: string;
  children?: React.ReactNode;
}) {
  const mode = usePriceMode();
  // Line prices ex or inc VAT as the visitor reads them, at the order's rate once it is known;
  // inc VAT the lines add up to the goods in the totals (docs/decisions/041-one-answer-per-question.md).
  const vatRate = props.totals?.vatRate;
  const products = useLineProducts();
  const shownLines = shownLineTotalsOf(props.lines, products, mode, vatRate);
  const priced = pricedLines(props.lines, products);
  const lines = props.lines.flatMap((line, index) => {
    const product = products(line.productId);
    const price = priced[index];
    return product && price ? [{ ...line, product, ...price, shownTotal: shownLines[index] }] : [];
  });
  const single = lines.length === 1 ? lines[0] : null;
  const goods =
    props.totals?.subtotal ??
    checkoutTotals({ lines: props.lines, products, country: null, method: null })?.subtotal ??
    0;
  return (
    <aside aria-labelledby="summary-heading" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="summary-heading" className="text-lg font-bold">
        Order summary
      </h2>
      <ul className="mt-4 space-y-4" aria-label="Products">
        {lines.map((line) => {
          const tags = summariseTags(line.selections);
          const image = imageForColour(line.product, line.colour);
          return (
            <li key={`${line.product.id}:${line.colour ?? ""}`} className="flex gap-3" data-testid="summary-line">
              {image ? <ProductImage image={image} className="h-16 w-16 shrink-0 rounded-lg" sizes="64px" /> : null}
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{line.product.title}</p>
                {line.sizes && line.sizes.length > 0 ? (
                  <p className="text-sm text-muted" data-testid="summary-line-sizes">
                    Sizes: {describeSizes(line.sizes)}
                  </p>
                ) : null}
                <ul className="mt-1 flex flex-wrap gap-1" aria-label="Customisations">
                  {tags.shown.map((tag) => (
                    <li key={tag} className="rounded-full bg-brand-soft px-2 py-0.5 text-xs">
                      {tag}
                    </li>
                  ))}
                  {tags.more > 0 ? (
                    <li className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">+{tags.more}</li>
                  ) : null}
                </ul>
                <LineCharges charges={line.charges} quantity={line.quantity} vatRate={vatRate} />
                {single ? null : (
                  <p className="mt-1 flex justify-between gap-2 text-sm">
                    <span className="text-muted">
                      {line.quantity.toLocaleString("en-GB")} × <UnitPrice pence={line.unitPence} vatRate={vatRate} />
                    </span>
                    <span className="text-right">
                      <LineTotal
                        pence={pricedLineTotal(line)}
                        shown={line.shownTotal}
                        vatRate={vatRate}
                        testId="summary-line-total"
                      />
                    </span>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <dl className="mt-4 space-y-1 text-sm">
        {single ? (
          <>
            <div className="flex justify-between">
              <dt className="text-muted">Unit price</dt>
              <dd>
                <UnitPrice pence={single.unitPence} vatRate={vatRate} testId="summary-unit" />
              </dd>
            </div>
            <div className="flex justify-between">
              <dt className="text-muted">Quantity</dt>
              <dd>{single.quantity.toLocaleString("en-GB")}</dd>
            </div>
          </>
        ) : null}
        <TotalsList goods={goods} totals={props.totals} shipping={props.shipping ?? { kind: "chosen" }} />
      </dl>
      {props.totalsNote ? <p className="mt-2 text-xs text-muted">{props.totalsNote}</p> : null}
      {props.children}
    </aside>
  );
}
