import { useEffect, useRef, useState } from "react";
import { StepNav } from "~/components/checkout/step-nav";
import { Link } from "react-router";
import type { Route } from "./+types/customization";
import { imageForColour } from "~/catalogue/colour-picture";
import type { Product } from "~/catalogue/types";
import { ArtworkChoices } from "~/components/checkout/brand-kit-picker";
import { CheckoutStepper } from "~/components/checkout/checkout-stepper";
import { ColourSwatches } from "~/components/product/colour-swatches";
import { DeliveryEstimates } from "~/components/product/delivery-estimates";
import { MissingSummary } from "~/components/checkout/no-draft";
import { OrderSummary } from "~/components/orders/order-summary";
import { Price } from "~/components/ui/price";
import { ProductImage } from "~/components/ui/product-image";
import { SaveStatus } from "~/components/checkout/save-status";
import { SizeGrid } from "~/components/product/size-grid";
import { buttonClass } from "~/components/ui/button";
import { useDraftAutosave } from "~/components/checkout/use-draft-autosave";
import { useNow } from "~/components/ui/use-now";
import { LineSwitcher } from "~/components/cart/line-switcher";
import {
  type CheckoutLineState,
  colourOnAnotherLine,
  leadLineIndex,
  lineTitle,
  logosOnOtherLines,
  otherColours,
} from "~/domain/checkout/cart-checkout";
import { colourOf } from "~/catalogue/lookup";
import { FormMessage } from "~/components/ui/form";
import { BRANDING_METHODS, PROOF_PREFERENCE_IDS, PROOF_PREFERENCES } from "~/domain/pricing/checkout";
import {
  type CustomisationField,
  missingCustomisation,
  nextLineToCustomise,
} from "~/domain/checkout/customisation-gate";
import {
  CONFIRMATION_LABELS,
  type CustomisationForm,
  customisationPart,
  DRAFT_MESSAGES,
  PREVIOUS_ORDER_REF_MESSAGE,
  type DraftData,
} from "~/domain/checkout/draft";
import { stepHref, type StepNumber } from "~/domain/checkout/steps";
import { pricedLine } from "~/domain/checkout/draft-totals";
import { sharedTierNote } from "~/domain/checkout/cart-rules";
import { pricedLineTotal } from "~/domain/pricing/checkout";
import { sizesComplete } from "~/domain/pricing/sizes";
import {
  initialCustomisation,
  lineProducts,
  lineStates,
  loadCheckout,
  stepperState,
} from "~/server/checkout/checkout.server";
import { LineProducts, useLineProducts } from "~/components/product/line-products";
import { brandKitFor } from "~/server/artwork/brand-kit.server";
import { cartQuotePricing } from "~/server/checkout/quotes.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";
import type { QuotePricing } from "~/domain/checkout/quotes";
import { withQuotedPrices } from "~/domain/checkout/quoted-prices";
import { NoticeList } from "~/components/ui/notice-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, shelf, lines, line, draft, checkout } = await loadCheckout({ request, context });
  const product = shelf.find(line?.productId ?? "");
  if (!session || !line || !product) return { ready: false as const };
  return {
    ready: true as const,
    userId: session.user.id,
    productId: product.id,
    lineId: line.id,
    // This line's product and the other lines', as they are on sale now.
    products: lineProducts(
      shelf,
      lines.map((each) => each.cart.productId),
    ),
    draft: draft ? { id: draft.id, version: draft.version } : null,
    data: initialCustomisation({ line, draft, products: shelf.find }),
    lines: lineStates(lines),
    completed: stepperState({ checkout, lines, products: shelf.find }),
    brandKit: await brandKitFor({ request, context }),
    // A converted quote prices this line as every later step does, and says when it no longer does.
    ...(await cartQuotePricing(dbOf(context), {
      userId: session.user.id,
      accountId: session.accountId,
      cart: lines.map(({ cart }) => ({ productId: cart.productId, quantity: cart.quantity })),
      now: nowOf(context),
    })),
  };
}

/** What the "Still needed:" list under Next calls each missing choice (as Details does). */
const MISSING_LABELS: Record<CustomisationField, string> = {
  "confirm.rights_confirmed": "confirming you have the rights to the artwork",
  "confirm.lead_time_acknowledged": "acknowledging the lead time",
  "proof.previous_order_ref": "Previous order reference",
  "artwork.use_anyway": 'your answer to the artwork check ("Use it anyway" or a new file)',
};

const formFrom = customisationPart;

export default function CustomizationRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ready) {
    return (
      <section className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold">Customisation</h1>
        <p className="mt-3 text-muted">Your cart is empty.</p>
        <Link to="/products" className={buttonClass("primary", "mt-8")}>
          Browse Products
        </Link>
      </section>
    );
  }
  const product = loaderData.products.find((each) => each.id === loaderData.productId);
  if (!product) return null;
  return (
    <LineProducts products={loaderData.products}>
      <CustomisationStep key={loaderData.lineId} product={product} {...loaderData} />
    </LineProducts>
  );
}

function CustomisationStep(
  props: {
    product: Product;
    userId: string;
    productId: string;
    lineId: string;
    draft: { id: string; version: number } | null;
    data: DraftData;
    lines: CheckoutLineState[];
    completed: StepNumber[];
    brandKit: Awaited<ReturnType<typeof brandKitFor>>;
  } & QuotePricing,
) {
  const { product } = props;
  const products = useLineProducts();
  const now = useNow();
  const [form, setForm] = useState<CustomisationForm>(() => formFrom(props.data));
  const [files, setFiles] = useState(props.data.artwork.files);
  const autosave = useDraftAutosave<CustomisationForm>({
    step: "customisation",
    userId: props.userId,
    productId: props.productId,
    lineId: props.lineId,
    draft: props.draft,
    onConflict: (draft) => {
      setForm(formFrom(draft.data));
      setFiles(draft.data.artwork.files);
    },
  });
  // The cart's colour, customisations and quantity are saved into the draft as soon as it opens.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      autosave.schedule(form);
    }
  }, [autosave, form]);

  const update = (change: (f: CustomisationForm) => CustomisationForm) => {
    setForm((current) => {
      const next = change(current);
      autosave.schedule(next);
      return next;
    });
  };
  // Priced with the product's other colours in the cart, at the tier of their sum (decision 086).
  const alongside = otherColours(props.lines, props);
  const tierQuantity = alongside.quantity > 0 ? form.quantity + alongside.quantity : undefined;
  const together = tierQuantity ? sharedTierNote(product.tiers, tierQuantity, alongside.colours) : null;
  // The line as the summary and the payment price it: the quote's price, or the tier's with the
  // charges its method and customisations carry (decision 088).
  const [summaryLine] = withQuotedPrices(
    [
      {
        productId: product.id,
        colour: form.variant.color_hex,
        quantity: form.quantity,
        selections: form.customization_selections,
        method: form.branding.method,
        sizes: form.sizes,
        tierQuantity,
      },
    ],
    props.quoted,
  );
  const priced = summaryLine ? pricedLine(summaryLine, product) : null;
  const [colourTaken, setColourTaken] = useState<string | null>(null);
  const chooseColour = (hex: string) => {
    const own = { lineId: props.lineId, productId: props.productId };
    const taken = colourOnAnotherLine(props.lines, own, hex);
    setColourTaken(taken ? DRAFT_MESSAGES.colourOnAnotherLine(colourOf(product, hex)?.name ?? hex) : null);
    if (!taken) update((f) => ({ ...f, variant: { color_hex: hex } }));
  };
  const step2 = { ...form, product_id: props.productId, artwork: { email_later: form.artwork.email_later, files } };
  const missing = missingCustomisation(step2, product).map((field) => MISSING_LABELS[field]);
  if (!sizesComplete(product, form.sizes, form.quantity)) {
    missing.unshift(`sizes adding up to ${form.quantity.toLocaleString("en-GB")}`);
  }
  // The cart's lines as they will be once this one is saved: Next goes to the next line still to
  // customise, then to Details on the checkout's lead draft (decision 016).
  const linesAfterSave = (draftId: string | null): CheckoutLineState[] =>
    props.lines.map((line) =>
      line.lineId === props.lineId && draftId
        ? {
            ...line,
            draft: { id: draftId, status: line.draft?.status ?? "customisation_draft", data: step2 },
          }
        : line,
    );
  const nextLine = nextLineToCustomise(linesAfterSave(autosave.draftId), props.lineId, products);
  const nextTitle = nextLine ? lineTitle(nextLine, props.lines, products(nextLine.productId)) : null;
  const title = lineTitle({ productId: props.productId, colour: form.variant.color_hex }, props.lines, product);
  const goNext = async () => {
    const lines = linesAfterSave(await autosave.flush());
    const next = nextLineToCustomise(lines, props.lineId, products);
    if (next) return stepHref(2, { productId: next.productId, draftId: next.draft?.id, lineId: next.lineId });
    // Step 2 only renders with cart lines, so there is always a lead line to carry the checkout.
    const lead = lines[leadLineIndex(lines)];
    return stepHref(3, { productId: lead?.productId ?? props.productId, draftId: lead?.draft?.id });
  };
  const image = imageForColour(product, form.variant.color_hex);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <CheckoutStepper current={2} completed={props.completed} productId={props.productId} draftId={autosave.draftId} />
      <h1 className="text-3xl font-extrabold">Customise your {title}</h1>
      <NoticeList notices={props.notices} testId="quote-notices" />
      <LineSwitcher lines={linesAfterSave(autosave.draftId)} current={props.lineId} />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <div className="space-y-8">
          {image ? <ProductImage image={image} priority className="aspect-square w-full max-w-sm rounded-2xl" /> : null}

          <fieldset>
            <legend className="text-lg font-bold">Main colour</legend>
            <ColourSwatches
              className="mt-3"
              size="md"
              colours={product.colours}
              value={form.variant.color_hex}
              onChange={chooseColour}
              label={`Main colour for ${product.title}`}
            />
            {colourTaken ? (
              <div className="mt-2">
                <FormMessage>{colourTaken}</FormMessage>
              </div>
            ) : null}
          </fieldset>

          <ArtworkChoices
            kit={props.brandKit}
            otherLines={logosOnOtherLines(props.lines, props.lineId)}
            placement={form.branding.placement_details}
            onPlacement={(text) => update((f) => ({ ...f, branding: { ...f.branding, placement_details: text } }))}
            alongside={autosave.alongside}
            choice={{
              product,
              method: form.branding.method,
              selections: form.customization_selections,
            }}
            files={files}
            onFiles={(next, version) => {
              setFiles(next);
              autosave.acceptVersion(version);
              // The server marks uploaded artwork as not coming by e-mail (B-6).
              if (next.length > 0) setForm((f) => ({ ...f, artwork: { email_later: false } }));
            }}
            emailLater={form.artwork.email_later}
            onEmailLater={(value) => update((f) => ({ ...f, artwork: { email_later: value } }))}
          />

          <fieldset>
            <legend className="text-lg font-bold">Branding method</legend>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {product.branding.methods.map((method) => (
                <label
                  key={method}
                  className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                >
                  <input
                    type="radio"
                    name="branding"
                    className="accent-brand"
                    checked={form.branding.method === method}
                    onChange={() => update((f) => ({ ...f, branding: { ...f.branding, method } }))}
                  />
                  {BRANDING_METHODS[method]}
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset>
            <legend className="text-lg font-bold">Customisable parts</legend>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {product.customizationOptions.map((option) => (
                <label
                  key={option.title}
                  className="flex cursor-pointer items-start gap-2 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                >
                  <input
                    type="checkbox"
                    className="mt-1 accent-brand"
                    checked={form.customization_selections.includes(option.title)}
                    onChange={() =>
                      update((f) => ({
                        ...f,
                        customization_selections: f.customization_selections.includes(option.title)
                          ? f.customization_selections.filter((t) => t !== option.title)
                          : [...f.customization_selections, option.title],
                      }))
                    }
                  />
                  <span>
                    <span className="block text-sm font-semibold">{option.title}</span>
                    {option.subtitle ? <span className="block text-xs text-muted">{option.subtitle}</span> : null}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          <SizeGrid
            product={product}
            sizes={form.sizes}
            quantity={form.quantity}
            onChange={(sizes) => update((f) => ({ ...f, sizes }))}
          />

          <div>
            <label htmlFor="placement" className="text-lg font-bold">
              Placement
            </label>
            <p className="text-sm text-muted">
              Where should the logo go, and how big? e.g. "Centred on the front, 8 cm wide".
            </p>
            <textarea
              id="placement"
              rows={3}
              maxLength={1000}
              value={form.branding.placement_details}
              onChange={(e) => {
                const value = e.target.value;
                update((f) => ({ ...f, branding: { ...f.branding, placement_details: value } }));
              }}
              className="mt-2 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>

          <fieldset>
            <legend className="text-lg font-bold">Design preview (proof)</legend>
            <div className="mt-3 space-y-2">
              {PROOF_PREFERENCE_IDS.map((preference) => (
                <label key={preference} className="flex cursor-pointer items-center gap-2">
                  <input
                    type="radio"
                    name="proof"
                    className="accent-brand"
                    checked={form.proof.preference === preference}
                    onChange={() => update((f) => ({ ...f, proof: { ...f.proof, preference } }))}
                  />
                  {PROOF_PREFERENCES[preference]}
                </label>
              ))}
            </div>
            {form.proof.preference === "skip_proof" ? (
              <div className="mt-3">
                <label htmlFor="previous-ref" className="block text-sm font-medium">
                  Previous order reference
                </label>
                <input
                  id="previous-ref"
                  value={form.proof.previous_order_ref}
                  aria-describedby="previous-ref-hint"
                  onChange={(e) => {
                    const value = e.target.value;
                    update((f) => ({ ...f, proof: { ...f.proof, previous_order_ref: value } }));
                  }}
                  className="mt-1 w-full max-w-xs rounded-lg border border-slate-300 px-3 py-2 text-sm"
                />
                <p id="previous-ref-hint" className="mt-1 text-xs text-muted">
                  {form.proof.previous_order_ref.trim()
                    ? "We'll reuse the approved proof of that order."
                    : PREVIOUS_ORDER_REF_MESSAGE}
                </p>
              </div>
            ) : null}
          </fieldset>

          <fieldset className="space-y-2 rounded-2xl border border-slate-200 p-4">
            <legend className="px-1 text-lg font-bold">Before you continue</legend>
            {(["rights_confirmed", "lead_time_acknowledged"] as const).map((key) => (
              <label key={key} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-1 accent-brand"
                  checked={form.confirm[key]}
                  onChange={(e) => {
                    const checked = e.target.checked;
                    update((f) => ({ ...f, confirm: { ...f.confirm, [key]: checked } }));
                  }}
                />
                {CONFIRMATION_LABELS[key]}
              </label>
            ))}
          </fieldset>

          <SaveStatus state={autosave.state} />

          <StepNav
            back={{ to: "/cart", label: "Back to Cart" }}
            next={{
              label: nextTitle ? `Next: ${nextTitle}` : "Next: Your details",
              disabled: missing.length > 0,
              onNext: goNext,
            }}
          />
          <MissingSummary labels={missing} />
        </div>

        <div className="space-y-4 lg:sticky lg:top-24 lg:self-start">
          <OrderSummary lines={summaryLine ? [summaryLine] : []}>
            <p className="mt-3 flex justify-between text-sm">
              <span className="text-muted">Total (goods)</span>
              <strong>
                <Price pence={priced ? pricedLineTotal(priced) : 0} testId="step-total" />
              </strong>
            </p>
            {together ? (
              <p className="mt-2 text-xs text-muted" data-testid="priced-together">
                {together}
              </p>
            ) : null}
            <Link to="/cart" className="mt-2 inline-block text-sm font-medium text-brand underline">
              Change quantity
            </Link>
            <DeliveryEstimates products={[product]} now={now} />
          </OrderSummary>
          <a
            href="/design-guidelines.pdf"
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass("ghost", "w-full")}
          >
            Download design guidelines (PDF)
          </a>
        </div>
      </div>
    </section>
  );
}

export function meta() {
  return [{ title: "Customisation | Swag Studio" }];
}
