import { useEffect, useRef, useState } from "react";
import { data, isRouteErrorResponse, Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { DeliveryEstimates } from "~/components/product/delivery-estimates";
import { SizeGuide } from "~/components/product/size-guide";
import { NeedByPlanner } from "~/components/cart/need-by-planner";
import type { Route } from "./+types/product";
import { cardOf, forBuyers, productByKey, relatedProducts } from "~/catalogue/catalogue";
import type { Product, ProductCardData } from "~/catalogue/types";
import { ColourSwatches } from "~/components/product/colour-swatches";
import { FavouriteButton } from "~/components/product/favourite-button";
import { ChevronIcon } from "~/components/ui/icons";
import { ProductCard } from "~/components/product/product-card";
import { AddToCart, AddToShoppingList, VIEW_CART } from "~/components/product/product-actions";
import { ProductGallery } from "~/components/product/product-gallery";
import { QuantityCalculator } from "~/components/product/quantity-calculator";
import { SizeGrid } from "~/components/product/size-grid";
import { Stars } from "~/components/ui/stars";
import { TagBadges } from "~/components/product/tag-badges";
import { buttonClass } from "~/components/ui/button";
import { InfoTooltip } from "~/components/ui/tooltip";
import { useNow } from "~/components/ui/use-now";
import { useToast } from "~/components/ui/toast";
import { choicesFromSearch } from "~/domain/pricing/product-choices";
import { UnitPrice } from "~/components/ui/price";
import { maxQuantity, unitPricePence } from "~/domain/pricing/pricing";
import { hasSizes, type SizeCount } from "~/domain/pricing/sizes";
import { useProductRating, useRootData } from "~/components/ui/root-data";
import { type ProductReview, ProductReviews } from "~/components/product/product-reviews";
import { ProductCharges } from "~/components/product/product-charges";
import { appliedCharges } from "~/domain/pricing/charges";
import { dbOf } from "~/server/accounts/request-context.server";
import { readCatalogue, readShelf } from "~/server/catalogue/catalogue-store.server";
import { isStaffSession } from "~/server/accounts/admin-access.server";
import { listProductReviews } from "~/server/shop/reviews.server";

/** What the page of a product no longer sold shows (410): its name, and what to look at instead. */
type NoLongerSold = { title: string; related: ProductCardData[] };

/**
 * The product by its id or its slug, from the database's catalogue. A product being written is not
 * found (404), except by staff, who preview it as buyers will see it; one no longer sold says so
 * with similar products (410); else its page, with what to suggest beside it.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const { products } = await readCatalogue(db);
  const found = productByKey(products, params.id);
  // Staff as the back office admits them; anyone else is told nothing of a draft.
  const preview = found?.status === "draft" && (await isStaffSession(context));
  if (!found || (found.status === "draft" && !preview)) throw data(null, { status: 404 });
  const related = relatedProducts((await readShelf(db)).products, found).map(cardOf);
  if (found.status === "archived") {
    throw data({ title: found.title, related } satisfies NoLongerSold, { status: 410 });
  }
  return {
    product: forBuyers(found),
    preview,
    related,
    reviews: await listProductReviews(db, { productId: found.id }),
  };
}

export default function ProductRoute({ loaderData }: Route.ComponentProps) {
  const { product, related, reviews, preview } = loaderData;
  // A new product starts afresh: quantity at its MOQ, no selections (SPEC.md §4 "Product detail").
  return (
    <>
      {preview ? (
        <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm font-semibold text-amber-950">
          Preview: this product is a draft. Buyers can't see it until it is published.
        </p>
      ) : null}
      <ProductDetail key={product.id} product={product} related={related} reviews={reviews} />
    </>
  );
}

function ProductDetail({
  product,
  related,
  reviews,
}: {
  product: Product;
  related: readonly ProductCardData[];
  reviews: ProductReview[];
}) {
  const signedIn = useRootData()?.signedIn ?? false;
  const rating = useProductRating(product.id);
  const now = useNow();
  const [searchParams] = useSearchParams();
  // Choices carried through signing in or up come back (docs/decisions/037); none is the default.
  const [initial] = useState(() => choicesFromSearch(product, searchParams));
  const [quantity, setQuantity] = useState(initial.quantity);
  const [colour, setColour] = useState<string | null>(initial.colour);
  const [selections, setSelections] = useState<string[]>(initial.selections);
  const [handwrittenNote, setHandwrittenNote] = useState(initial.handwrittenNote);
  const [sizes, setSizes] = useState<SizeCount[]>(initial.sizes);
  useSignInAddNotice();
  const max = maxQuantity(product.tiers);

  const toggleSelection = (title: string) =>
    setSelections((current) => (current.includes(title) ? current.filter((t) => t !== title) : [...current, title]));

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <BackButton />
      <div className="mt-4 grid gap-10 lg:grid-cols-2">
        <ProductGallery images={product.images} title={product.title} />

        <div>
          <TagBadges tags={product.tags} />
          <div className="mt-3 flex items-start justify-between gap-4">
            <h1 className="text-3xl font-extrabold tracking-tight">{product.title}</h1>
            <FavouriteButton productId={product.id} productTitle={product.title} className="border border-slate-200" />
          </div>
          <a href="#reviews-heading" className="mt-2 inline-block hover:underline">
            <Stars summary={rating} />
          </a>
          <p className="mt-3 text-2xl font-bold">
            <UnitPrice pence={unitPricePence(product.tiers, quantity)} />{" "}
            <span className="text-sm font-normal text-muted">per unit at {quantity.toLocaleString("en-GB")} units</span>
          </p>
          <p className="mt-4 text-muted">{product.description}</p>

          <dl className="mt-6 grid grid-cols-3 gap-3 text-sm">
            <div className="rounded-xl bg-slate-50 p-3">
              <dt className="text-muted">Production time</dt>
              <dd className="font-semibold">{product.leadTime}</dd>
            </div>
            <div className="rounded-xl bg-slate-50 p-3">
              <dt className="flex items-center gap-1 text-muted">
                Delivery time
                <InfoTooltip label="About delivery time" content="By air courier, default 5-7 days." />
              </dt>
              <dd className="font-semibold">{product.deliveryTime}</dd>
            </div>
            <div className="rounded-xl bg-slate-50 p-3">
              <dt className="text-muted">Minimum order</dt>
              <dd className="font-semibold">{product.moq} units</dd>
            </div>
          </dl>
          <DeliveryEstimates products={[product]} now={now} />
          <p className="mt-1 text-sm text-muted">{product.shippingInfo}</p>
          <NeedByPlanner products={[product]} now={now} />

          <div className="mt-6">
            <QuantityCalculator
              quantity={quantity}
              onQuantityChange={setQuantity}
              moq={product.moq}
              max={max}
              tiers={product.tiers}
              charges={appliedCharges(product, { selections })}
            />
            <ProductCharges charges={product.charges ?? []} />
          </div>
          {hasSizes(product) ? (
            <div className="mt-6 rounded-2xl border border-slate-200 p-5">
              <SizeGrid product={product} sizes={sizes} quantity={quantity} onChange={setSizes} optional />
            </div>
          ) : null}

          <fieldset className="mt-6 rounded-2xl border border-slate-200 p-5">
            <legend className="px-1 text-sm font-semibold">Customise it</legend>
            <ul className="grid gap-2 sm:grid-cols-2">
              {product.customizationOptions.map((option) => (
                <li key={option.title}>
                  <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
                    <input
                      type="checkbox"
                      className="mt-1 h-4 w-4 accent-brand"
                      checked={selections.includes(option.title)}
                      onChange={() => toggleSelection(option.title)}
                    />
                    <span>
                      <span className="block text-sm font-semibold">{option.title}</span>
                      {option.subtitle ? <span className="block text-xs text-muted">{option.subtitle}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {product.allowHandwrittenNote ? (
              <label className="mt-3 flex items-center gap-3 text-sm">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand"
                  checked={handwrittenNote}
                  onChange={(e) => setHandwrittenNote(e.target.checked)}
                />
                Add a handwritten note
              </label>
            ) : null}
          </fieldset>

          <div className="mt-6">
            <p id="colour-label" className="text-sm font-semibold">
              Colour{" "}
              <span className="font-normal text-muted">
                {product.colours.find((c) => c.hex === colour)?.name ?? "(choose one)"}
              </span>
            </p>
            <ColourSwatches
              className="mt-2"
              size="md"
              colours={product.colours}
              value={colour}
              onChange={setColour}
              label={`Colour for ${product.title}`}
            />
          </div>

          <div className="mt-6 space-y-3">
            <AddToCart
              product={product}
              signedIn={signedIn}
              quantity={quantity}
              colour={colour}
              selections={selections}
              handwrittenNote={handwrittenNote}
              sizes={sizes}
            />
            <AddToShoppingList
              product={product}
              signedIn={signedIn}
              quantity={quantity}
              colour={colour}
              selections={selections}
              handwrittenNote={handwrittenNote}
              sizes={sizes}
            />
          </div>

          <div className="mt-8 divide-y divide-slate-200 border-y border-slate-200">
            <Disclosure title="Product Features">
              <ul className="list-disc space-y-1 pl-5">
                {product.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <p className="mt-3 font-semibold">Good for</p>
              <ul className="mt-1 flex flex-wrap gap-2">
                {product.goodFor.map((use) => (
                  <li key={use} className="rounded-full bg-slate-100 px-3 py-1 text-xs">
                    {use}
                  </li>
                ))}
              </ul>
            </Disclosure>
            <Disclosure title="Product Specifications">
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
                {product.specifications.map((spec) => (
                  <div key={spec.label} className="contents">
                    <dt className="text-muted">{spec.label}</dt>
                    <dd>{spec.value}</dd>
                  </div>
                ))}
              </dl>
              {product.sizingTable ? (
                <div className="mt-4">
                  <SizeGuide table={product.sizingTable} />
                </div>
              ) : null}
            </Disclosure>
          </div>
        </div>
      </div>

      <ProductReviews summary={rating} reviews={reviews} />

      <RelatedProducts title="You might also like" products={related} />
    </div>
  );
}

/** Other products to look at, as cards under a heading; nothing when there are none. */
function RelatedProducts({ title, products }: { title: string; products: readonly ProductCardData[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16">
      <h2 id="related-heading" className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {products.map((item) => (
          <li key={item.id}>
            <ProductCard product={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * After signing in from Add to Cart the server says whether the line went in (`added`,
 * after-sign-in.server.ts); the notice shows once, and the address loses the flag so a reload or
 * Back does not show it again.
 */
function useSignInAddNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const toast = useToast();
  const { key } = useLocation();
  const shownFor = useRef<string | null>(null);
  const added = searchParams.get("added");
  useEffect(() => {
    if (added === null || shownFor.current === key) return;
    shownFor.current = key;
    if (added === "1") toast({ title: "Added to cart", variant: "success", action: VIEW_CART });
    else
      toast({
        title: "Couldn't add to cart",
        description: "Your choices are back: check them and press Add to Cart again.",
        variant: "error",
      });
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("added");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [added, key, toast, setSearchParams]);
}

/** Collapsed by default (R-PDP-21); a native disclosure, so it works without JavaScript. */
function Disclosure({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <details className="group py-4">
      <summary className="flex cursor-pointer list-none items-center justify-between font-semibold">
        {title}
        <ChevronIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div className="mt-3 text-sm">{children}</div>
    </details>
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-brand"
      onClick={() => {
        // React Router numbers its history entries; with none before this one, go to the listing.
        const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (idx > 0) navigate(-1);
        else navigate("/products");
      }}
    >
      <ChevronIcon direction="left" /> Back
    </button>
  );
}

/** A product the shop no longer sells (410): it says so, and offers similar products instead. */
function NoLongerSoldPage({ title, related }: NoLongerSold) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-16">
      <section className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-extrabold">{title} is no longer sold</h1>
        <p className="mt-3 text-muted">
          We have stopped offering this product. Orders already placed for it are made and delivered as agreed.
        </p>
        <Link to="/products" className={buttonClass("primary", "mt-8")}>
          Browse all products
        </Link>
      </section>
      <RelatedProducts title="Similar products" products={related} />
    </div>
  );
}

function ProductNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">Product not found</h1>
      <p className="mt-3 text-muted">We couldn't find that product. It may have been renamed or retired.</p>
      <Link to="/products" className={buttonClass("primary", "mt-8")}>
        Browse all products
      </Link>
    </section>
  );
}

export function meta({ loaderData, error }: Route.MetaArgs) {
  const product = loaderData?.product;
  if (product) {
    return [{ title: `${product.title} | Swag Studio` }, { name: "description", content: product.description }];
  }
  const gone = isRouteErrorResponse(error) && error.status === 410 ? (error.data as NoLongerSold) : null;
  return [{ title: `${gone ? `${gone.title}: no longer sold` : "Product not found"} | Swag Studio` }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound />;
  if (isRouteErrorResponse(error) && error.status === 410)
    return <NoLongerSoldPage {...(error.data as NoLongerSold)} />;
  throw error;
}
