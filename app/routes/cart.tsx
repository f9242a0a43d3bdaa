import { useEffect, useState } from "react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/cart";
import { dbOf, appContextOf, sessionOf, nowOf } from "~/server/accounts/request-context.server";
import { imageForColour } from "~/catalogue/colour-picture";
import { colourOf, lookupIn } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";
import { CheckoutStepper } from "~/components/checkout/checkout-stepper";
import { DeliveryEstimates } from "~/components/product/delivery-estimates";
import { NeedByPlanner } from "~/components/cart/need-by-planner";
import { FeedbackBox } from "~/components/marketing/feedback-box";
import { useLocalMirror } from "~/components/shell/local-mirror";
import { LineTotal, UnitPrice } from "~/components/ui/price";
import { ProductImage } from "~/components/ui/product-image";
import { TotalsList } from "~/components/orders/totals-list";
import { LineEditButtons, LinePriceBreak, useLineEditor } from "~/components/cart/line-editor";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { useNow } from "~/components/ui/use-now";
import { EXTERNAL } from "~/content/links";
import { useBusiness, usePriceMode } from "~/components/ui/root-data";
import { chatLink } from "~/domain/people/business-profile";
import { CHEAPEST_SHIPPING_METHOD } from "~/domain/pricing/checkout";
import { STORAGE_KEYS } from "~/domain/core/storage-keys";
import { checkoutTotals, vatPlace } from "~/domain/checkout/draft-totals";
import { stepHref } from "~/domain/checkout/steps";
import { shownLineTotalsOf } from "~/domain/checkout/price-mode-lines";
import { describeSizes, hasSizes, sizesMismatch } from "~/domain/pricing/sizes";
import { belowMinimumMessage, sharedTierNote } from "~/domain/checkout/cart-rules";
import { pricedLine } from "~/domain/checkout/draft-totals";
import { pricedLineTotal } from "~/domain/pricing/checkout";
import { LineCharges } from "~/components/orders/line-charges";
import { lineTitle, otherColours } from "~/domain/checkout/cart-checkout";
import { type QuotedPrice, quotedUnitPence, withQuotedPrices } from "~/domain/checkout/quoted-prices";
import { priceChangeNotices } from "~/domain/checkout/price-changes";
import { QuoteActions } from "~/components/orders/quote-actions";
import { cartQuotePricing } from "~/server/checkout/quotes.server";
import { shoppingSchemas } from "~/domain/checkout/shopping-rules";
import { readShelf } from "~/server/catalogue/catalogue-store.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { parseForm, signInRequired, toResponse } from "~/server/platform/http.server";

import * as shopping from "~/server/checkout/shopping.server";
import { lineProducts, loadCheckout, stepperState } from "~/server/checkout/checkout.server";
import { firstOrderDiscountApplies } from "~/server/checkout/first-order-discount.server";
import { reorderNotice } from "~/server/checkout/reorder.server";
import { saveCartNeedBy } from "~/server/checkout/cart-need-by.server";
import { openCollectionsOfLines } from "~/server/checkout/size-collections.server";
import { ReorderNotice } from "~/components/cart/reorder-notice";
import { NoticeList } from "~/components/ui/notice-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Next opens the first cart product's step 2; the stepper is the whole cart's checkout (decision 055).
  const { session, shelf, cart, lines, draft, checkout } = await loadCheckout({ request, context });
  // A converted quote's prices for the lines it still prices, and what changed (decision 021).
  const quotePricing = session
    ? await cartQuotePricing(dbOf(context), {
        userId: session.user.id,
        accountId: session.accountId,
        cart,
        now: nowOf(context),
      })
    : null;
  return {
    // What the cart's totals are priced with: the checkout's country and method
    // once given, and the first-order discount as the server decides it.
    totalsBasis: {
      place: checkout ? vatPlace(checkout.data) : null,
      method: checkout?.data.shipping.method ?? null,
      firstOrderDiscount: session
        ? await firstOrderDiscountApplies(dbOf(context), { userId: session.user.id, accountId: session.accountId })
        : false,
    },
    // Each line with what prices it: its customisations, and the method its draft chose (decision 088).
    lines: lines.map(({ cart: line, draft }) => ({
      ...line,
      selections: line.customizationSelections,
      ...(draft ? { method: draft.data.branding.method } : {}),
    })),
    // The lines' products as they are on sale now: what the cart shows and prices.
    products: lineProducts(
      shelf,
      cart.map((line) => line.productId),
    ),
    // Lines whose product is no longer sold: the cart says so, and they are priced as nothing.
    noLongerSold: cart.flatMap((line) =>
      shelf.find(line.productId)
        ? []
        : [{ id: line.id, title: shelf.findAnyStatus(line.productId)?.title ?? "A product" }],
    ),
    quotePricing,
    // Bands edited since the buyer last added or changed a line, named before paying.
    priceChanges: priceChangeNotices(withQuotedPrices(cart, quotePricing?.quoted ?? []), shelf.find),
    userId: session?.user.id ?? null,
    // After "Reorder": the order it repeats and what changed since.
    reorder: session
      ? await reorderNotice(dbOf(context), {
          reader: { userId: session.user.id, accountId: session.accountId },
          orderId: new URL(request.url).searchParams.get("reordered"),
        })
      : null,
    draftId: draft?.id ?? null,
    // Each line's open collection of sizes by link (decision 090): its tally and how many answered.
    collections: session
      ? Object.fromEntries(await openCollectionsOfLines(dbOf(context), { userId: session.user.id }))
      : {},
    // The need-by date saved for checkout (here or by the Shipping step), as the cart's planner starts (decision 017).
    needBy: checkout?.data.shipping.need_by ?? null,
    completed: stepperState({ checkout, lines, products: shelf.find }),
    pageUrl: `${appContextOf(context).baseUrl}/cart`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  const parsed = await parseForm(request, shoppingSchemas((await readShelf(dbOf(context))).find).cart);
  if (!parsed.ok) return toResponse(parsed);
  const input = parsed.value;
  if (input.intent === "feedback") {
    const { text, page } = input;
    const saved = await shopping.saveFeedback(dbOf(context), {
      text,
      page,
      userId: session?.user.id ?? null,
      ip: clientIp(request),
    });
    if (!saved.ok) return toResponse(saved);
    return data({ ok: true as const, intent: input.intent });
  }
  if (!session) return toResponse(signInRequired("Please sign in to use your cart."));
  if (input.intent === "need-by") {
    const saved = await saveCartNeedBy(appContextOf(context), {
      buyer: { userId: session.user.id, accountId: session.accountId },
      text: input.needBy,
    });
    if (!saved.ok) return toResponse(saved, { intent: input.intent });
    return data({ ok: true as const, intent: input.intent });
  }
  const result = await shopping.changeCart(appContextOf(context), { userId: session.user.id, change: input });
  if (!result.ok) return toResponse(result);
  return data({ ok: true as const, intent: input.intent });
}

type Line = Route.ComponentProps["loaderData"]["lines"][number];

export default function CartRoute({ loaderData }: Route.ComponentProps) {
  const clear = useFetcher();
  const mode = usePriceMode();
  const now = useNow();
  const business = useBusiness();
  const [pageUrl, setPageUrl] = useState(loaderData.pageUrl);
  useEffect(() => setPageUrl(window.location.href), []);
  const lines = loaderData.lines;
  useLocalMirror(loaderData.userId ? STORAGE_KEYS.userCart(loaderData.userId) : null, lines);
  if (lines.length === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold">Your cart is empty</h1>
        <p className="mt-3 text-muted">Pick a product, choose a colour and how to brand it, then add it here.</p>
        <Link to="/products" className={buttonClass("primary", "mt-8")}>
          Browse Products
        </Link>
      </section>
    );
  }
  const find = lookupIn(loaderData.products);
  const products = loaderData.products;
  const { place, method: chosen, firstOrderDiscount } = loaderData.totalsBasis;
  const method = chosen ?? CHEAPEST_SHIPPING_METHOD;
  const quoted = loaderData.quotePricing?.quoted ?? [];
  const totals = checkoutTotals({
    lines: withQuotedPrices(
      lines.filter((line) => find(line.productId)),
      quoted,
    ),
    products: find,
    country: place?.country,
    postcode: place?.postcode,
    method,
    firstOrderDiscount,
  });
  // Inc VAT the lines add up to the goods shown in the totals (docs/decisions/041-one-answer-per-question.md).
  const shownLines = shownLineTotalsOf(withQuotedPrices(lines, quoted), find, mode, totals?.vatRate);
  const first = lines[0]!;
  const sampleBody = `Hello, I'd like a sample of:\n${products.map((p) => `- ${p.title}`).join("\n")}\n\nCompany:\nDelivery address:\n`;
  const rushText = `Hi, I'd like rush delivery for: ${pageUrl}`;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <CheckoutStepper
        current={1}
        completed={loaderData.completed}
        productId={first.productId}
        draftId={loaderData.draftId}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold">Shopping Cart</h1>
        <clear.Form method="post" action="/cart">
          <button type="submit" name="intent" value="clear" className={buttonClass("ghost", "text-red-700")}>
            Clear Cart
          </button>
        </clear.Form>
      </div>
      <p className="mt-2 text-sm text-muted">
        Customise each product, then give your details, shipping and payment once for the whole cart.
      </p>

      <ReorderNotice notice={loaderData.reorder} />
      <NoticeList notices={loaderData.priceChanges} testId="price-changes" />
      <NoticeList notices={loaderData.quotePricing?.notices ?? []} testId="quote-notices" />

      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <ul className="space-y-4" aria-label="Cart items">
          {lines.map((line, index) => {
            const product = find(line.productId);
            const gone = loaderData.noLongerSold.find((each) => each.id === line.id);
            if (gone) return <NoLongerSoldLine key={line.id} id={line.id} title={gone.title} />;
            return product ? (
              <CartLineItem
                key={line.id}
                line={line}
                title={lineTitle({ productId: line.productId, colour: line.selectedColor }, lines, product)}
                alongside={otherColours(lines, { lineId: line.id, productId: line.productId })}
                product={product}
                vatRate={totals?.vatRate}
                quoted={quoted}
                shownTotal={shownLines[index]}
                collection={loaderData.collections[line.id] ?? null}
              />
            ) : null;
          })}
        </ul>

        <aside className="space-y-4">
          <div className="rounded-2xl border border-slate-200 p-5">
            <h2 className="text-lg font-bold">Totals</h2>
            <dl className="mt-3 space-y-1 text-sm">
              <TotalsList
                goods={totals?.subtotal ?? 0}
                totals={totals}
                shipping={chosen ? { kind: "chosen" } : { kind: "estimated", method }}
                totalLabel="Estimated Total"
              />
            </dl>
            {place ? null : <p className="mt-1 text-xs text-muted">VAT at the UK rate until you give an address.</p>}
            <DeliveryEstimates products={products} now={now} proofs="proofs" />
            <NeedByPlanner products={products} now={now} saved={{ needBy: loaderData.needBy }} />
            <Link
              to={stepHref(2, { productId: first.productId, draftId: loaderData.draftId })}
              className={buttonClass("primary", "mt-4 w-full")}
            >
              Next: Customise your product
            </Link>
          </div>
          <QuoteActions source="cart" />
          <FeedbackBox />
          <div className="flex flex-col gap-2 text-sm">
            <a
              className={buttonClass("secondary")}
              href={`mailto:${business.supportEmail}?subject=${encodeURIComponent("Sample order request")}&body=${encodeURIComponent(sampleBody)}`}
            >
              Order a sample
            </a>
            <a className={buttonClass("secondary")} href={chatLink(business.chatUrl, rushText)} {...EXTERNAL}>
              Need it sooner? Ask about rush delivery
            </a>
            <a className={buttonClass("ghost")} href="/design-guidelines.pdf" {...EXTERNAL}>
              Design guidelines (PDF)
            </a>
          </div>
        </aside>
      </div>
    </section>
  );
}

/** A cart line with its edit row: quantity clamped to [MOQ, max] and re-priced (decision 051). */
/** A cart line whose product is no longer sold: it says so, and can be removed. */
function NoLongerSoldLine({ id, title }: { id: string; title: string }) {
  const remove = useFetcher();
  return (
    <li className="rounded-2xl border border-amber-300 bg-amber-50 p-4" data-testid="cart-line-gone">
      <p className="font-semibold">{title} is no longer sold.</p>
      <p className="mt-1 text-sm text-muted">Remove it to check out the rest of your cart.</p>
      <remove.Form method="post" action="/cart" className="mt-2">
        <input type="hidden" name="id" value={id} />
        <button type="submit" name="intent" value="remove" className={buttonClass("secondary", "px-3 py-1.5")}>
          Remove {title}
        </button>
      </remove.Form>
    </li>
  );
}

function CartLineItem(props: {
  line: Line;
  /** The line's name on its buttons and fields: the title, with the colour beside its other colours. */
  title: string;
  /** The product's other colours in the cart: their quantity and how many colours in all (decision 086). */
  alongside: { quantity: number; colours: number };
  product: Product;
  vatRate?: number;
  quoted: readonly QuotedPrice[];
  shownTotal: number | undefined;
  /** The line's open collection of sizes by link, if any (decision 090). */
  collection: { id: string; answers: number } | null;
}) {
  const { line, product, vatRate, quoted, title, alongside, collection } = props;
  const editor = useLineEditor(line, product, "/cart", title);
  const { editing, error } = editor;
  // A converted quote's price holds for the quantity quoted; any other quantity is the tier's.
  const quotedUnit = quotedUnitPence(quoted, product.id, editor.shownQuantity);
  const tierQuantity = editor.shownQuantity + alongside.quantity;
  const [shown] = withQuotedPrices([{ ...line, quantity: editor.shownQuantity }], quoted);
  const price = pricedLine({ ...shown!, tierQuantity }, product)!;
  const totalPence = pricedLineTotal(price);
  const together = quotedUnit === undefined ? sharedTierNote(product.tiers, tierQuantity, alongside.colours) : null;
  const colour = colourOf(product, line.selectedColor);
  const image = imageForColour(product, line.selectedColor);
  // A quantity changed after the split was given: payment waits until they agree again.
  const sizesOff = line.sizes.length > 0 ? sizesMismatch(product, line.sizes, line.quantity) : null;
  // Fewer than the MOQ hold only at the price of the quote that agreed them (decision 087).
  const belowMinimum =
    line.quantity < product.moq && quotedUnit === undefined
      ? belowMinimumMessage(title, line.quantity, product.moq)
      : null;

  return (
    <li data-testid="cart-line" className="flex flex-col gap-4 rounded-2xl border border-slate-200 p-4 sm:flex-row">
      {image ? <ProductImage image={image} className="h-24 w-24 shrink-0 rounded-xl" sizes="96px" /> : null}
      <div className="flex-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="text-lg font-semibold">
            <Link to={`/product/${product.id}`} className="hover:text-brand">
              {title}
            </Link>
          </h2>
          <p className="text-lg font-bold">
            <LineTotal
              pence={totalPence}
              shown={editor.shownQuantity === line.quantity ? props.shownTotal : undefined}
              vatRate={vatRate}
              testId="line-total"
            />
          </p>
        </div>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted">
          <dt>Colour</dt>
          <dd className="flex items-center gap-2 text-ink">
            <span
              aria-hidden="true"
              className="inline-block h-3 w-3 rounded-full border"
              style={{ backgroundColor: line.selectedColor }}
            />
            {colour?.name ?? line.selectedColor}
          </dd>
          <dt>Customisation</dt>
          <dd className="text-ink">{line.customizationSelections.join(", ") || "None"}</dd>
          {hasSizes(product) ? (
            <>
              <dt>Sizes</dt>
              <dd className="text-ink" data-testid="cart-line-sizes">
                {describeSizes(line.sizes) || "Chosen at checkout"}
              </dd>
            </>
          ) : null}
          {line.handwrittenNote ? (
            <>
              <dt>Extras</dt>
              <dd className="text-ink">Handwritten note</dd>
            </>
          ) : null}
          <dt>Unit price</dt>
          <dd className="text-ink">
            <UnitPrice pence={price.unitPence} vatRate={vatRate} testId="unit-price" />
            {quotedUnit === undefined ? null : <span className="ml-1 text-xs text-muted">(quoted)</span>}
            {together ? (
              <span className="block text-xs text-muted" data-testid="priced-together">
                {together}
              </span>
            ) : null}
          </dd>
          {!editing ? (
            <>
              <dt>Quantity</dt>
              <dd className="text-ink">{line.quantity.toLocaleString("en-GB")}</dd>
            </>
          ) : null}
        </dl>
        <LineCharges charges={price.charges} quantity={price.quantity} vatRate={vatRate} />
        {hasSizes(product) ? (
          <p className="mt-1 text-xs">
            {collection ? (
              <Link to={`/collections/${collection.id}`} className="text-brand underline">
                Sizes by link: {collection.answers === 1 ? "1 answer" : `${collection.answers} answers`}
              </Link>
            ) : (
              <Link to={`/collections/new?line=${line.id}`} className="text-brand underline">
                Collect sizes by link<span className="sr-only"> for {title}</span>
              </Link>
            )}
          </p>
        ) : null}
        {sizesOff ? (
          <p className="mt-2 text-sm text-red-700" data-testid="cart-line-sizes-off">
            {sizesOff} Change the sizes at checkout.
          </p>
        ) : null}
        {belowMinimum ? (
          <p className="mt-2 text-sm text-red-700" data-testid="cart-line-below-minimum">
            {belowMinimum}
          </p>
        ) : null}
        {editing ? (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <button
              type="button"
              aria-label={`Decrease quantity of ${title}`}
              className="h-9 w-9 rounded-lg border border-slate-300"
              onClick={() => editor.step(-1)}
            >
              −
            </button>
            <input
              aria-label={`Quantity of ${title}`}
              inputMode="numeric"
              {...editor.quantityInput}
              className="h-9 w-24 rounded-lg border border-slate-300 text-center"
            />
            <button
              type="button"
              aria-label={`Increase quantity of ${title}`}
              className="h-9 w-9 rounded-lg border border-slate-300"
              onClick={() => editor.step(1)}
            >
              +
            </button>
            <LineEditButtons editor={editor} />
          </div>
        ) : (
          <div className="mt-3 flex gap-2">
            <LineEditButtons editor={editor} />
          </div>
        )}
        {alongside.colours < 2 ? <LinePriceBreak editor={editor} product={product} vatRate={vatRate} /> : null}
        {error ? (
          <div className="mt-2">
            <FormMessage>{error}</FormMessage>
          </div>
        ) : null}
      </div>
    </li>
  );
}

export function meta() {
  return [{ title: "Shopping Cart | Swag Studio" }];
}
