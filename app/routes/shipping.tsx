import { NoticeList } from "~/components/ui/notice-list";
import { useState } from "react";
import { SavedAddressPicker } from "~/components/checkout/saved-address-picker";
import { StepNav } from "~/components/checkout/step-nav";
import { LineProducts, useLineProducts } from "~/components/product/line-products";
import type { Route } from "./+types/shipping";
import { CheckoutStepper } from "~/components/checkout/checkout-stepper";
import { deliveryRange } from "~/components/product/delivery-estimates";
import { AddressFields, StepField } from "~/components/checkout/checkout-fields";
import { NeedByField } from "~/components/cart/need-by-planner";
import { MissingSummary, NoDraft } from "~/components/checkout/no-draft";
import { OrderSummary } from "~/components/orders/order-summary";
import { Price } from "~/components/ui/price";
import { SaveStatus } from "~/components/checkout/save-status";
import { useDraftAutosave } from "~/components/checkout/use-draft-autosave";
import { useNow } from "~/components/ui/use-now";
import { SHIPPING_METHOD_IDS, SHIPPING_METHODS } from "~/domain/pricing/checkout";
import { formatDateRange } from "~/domain/core/dates";
import { estimateDelivery } from "~/domain/fulfilment/delivery";
import {
  canProceedShipping,
  checkoutTotals,
  missingShipping,
  prefillShipping,
  shippingErrors,
  vatPlace,
  type DraftData,
  type DraftShipping,
} from "~/domain/checkout/draft";
import { stepHref } from "~/domain/checkout/steps";
import { type DraftStepData, loadDraftStep } from "~/server/checkout/checkout.server";

const LABELS: Record<string, string> = {
  "address.company": "Company",
  "address.firstName": "First name",
  "address.lastName": "Last name",
  "address.line1": "Address line 1",
  "address.city": "City",
  "address.postcode": "Postcode",
  "address.country": "Country",
  "address.phone": "Phone",
  method: "a shipping method",
};

type ShippingForm = Omit<DraftShipping, "address"> & { address: Omit<DraftShipping["address"], "name"> };

export async function loader(args: Route.LoaderArgs) {
  return loadDraftStep(args);
}

export default function ShippingRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ready) return <NoDraft title="Shipping" />;
  return (
    <LineProducts products={loaderData.products}>
      <ShippingStep key={loaderData.draft.id} {...loaderData} />
    </LineProducts>
  );
}

const formOf = (data: DraftData): ShippingForm => {
  // SPEC.md §4: name and phone come from the details step when still empty (R-SHIP-02).
  const { address, ...rest } = prefillShipping(data.details, data.shipping);
  const { name: _name, ...fields } = address;
  return { ...rest, address: fields };
};

function ShippingStep(props: DraftStepData) {
  const now = useNow();
  const productId = props.data.product_id;
  const find = useLineProducts();
  const product = find(productId);
  const [form, setForm] = useState<ShippingForm>(() => formOf(props.data));
  const autosave = useDraftAutosave<ShippingForm>({
    step: "shipping",
    userId: props.userId,
    productId,
    draft: props.draft,
    onConflict: (draft) => setForm(formOf(draft.data)),
  });
  if (!product) return null;
  const change = (next: ShippingForm) => {
    setForm(next);
    autosave.schedule(next);
  };
  const setAddress = (key: keyof ShippingForm["address"]) => (value: string) =>
    change({ ...form, address: { ...form.address, [key]: value } });
  const shipping: DraftShipping = {
    ...form,
    address: { ...form.address, name: `${form.address.firstName} ${form.address.lastName}`.trim() },
  };
  const errors = shippingErrors(shipping);
  const totals = checkoutTotals({
    lines: props.lines,
    products: find,
    ...vatPlace({ details: props.data.details, shipping }),
    method: form.method,
    firstOrderDiscount: props.firstOrderDiscount,
  });
  const products = props.lines.flatMap((line) => find(line.productId) ?? []);
  const eta = form.method ? estimateDelivery({ products, method: form.method, now }) : null;
  const missing = missingShipping(shipping).map((f) => LABELS[f] ?? f);

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <CheckoutStepper current={4} completed={props.completed} productId={productId} draftId={props.draft.id} />
      <h1 className="text-3xl font-extrabold">Where should we ship it?</h1>
      <NoticeList notices={props.quoteNotices} testId="quote-notices" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <form className="space-y-8" onSubmit={(e) => e.preventDefault()} noValidate>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-bold">Ship to</legend>
            <SavedAddressPicker
              label="Use a delivery address from an earlier order"
              addresses={props.savedAddresses.delivery}
              onPick={({ name: _name, ...address }) => change({ ...form, address })}
            />
            <StepField
              className="sm:col-span-2"
              label="Company"
              required
              value={form.address.company}
              onChange={setAddress("company")}
              autoComplete="organization"
            />
            <StepField
              label="First name"
              required
              value={form.address.firstName}
              onChange={setAddress("firstName")}
              autoComplete="given-name"
            />
            <StepField
              label="Last name"
              required
              value={form.address.lastName}
              onChange={setAddress("lastName")}
              autoComplete="family-name"
            />
            <AddressFields value={form.address} onChange={setAddress} />
            <StepField
              label="Phone"
              required
              type="tel"
              value={form.address.phone}
              onChange={setAddress("phone")}
              autoComplete="tel"
              error={errors["address.phone"]}
            />
          </fieldset>

          <fieldset>
            <legend className="text-lg font-bold">Shipping method</legend>
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              {SHIPPING_METHOD_IDS.map((method) => (
                <label
                  key={method}
                  className="flex cursor-pointer items-center justify-between gap-2 rounded-xl border border-slate-200 p-4 has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
                >
                  <span className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="method"
                      className="accent-brand"
                      checked={form.method === method}
                      onChange={() => change({ ...form, method })}
                    />
                    <span>
                      {SHIPPING_METHODS[method].label}
                      <span className="block text-xs text-muted" data-testid={`window-${method}`}>
                        {deliveryRange(products, method, now)}
                      </span>
                    </span>
                  </span>
                  <strong className="whitespace-nowrap">
                    <Price pence={SHIPPING_METHODS[method].pence} vatRate={totals?.vatRate} />
                  </strong>
                </label>
              ))}
            </div>
            {eta ? (
              <p className="mt-3 text-sm" data-testid="eta">
                Estimated delivery if your proof is approved today:{" "}
                <strong>{formatDateRange(eta.start, eta.end)}</strong>
              </p>
            ) : null}
          </fieldset>

          <NeedByField
            products={products}
            now={now}
            value={form.need_by}
            onChange={(needBy) => change({ ...form, need_by: needBy })}
          />

          <div>
            <label htmlFor="delivery-notes" className="block text-sm font-medium">
              Delivery notes (optional)
            </label>
            <textarea
              id="delivery-notes"
              rows={2}
              maxLength={1000}
              placeholder="e.g. Reception is open 9:00–17:30; ask for Priya"
              value={form.notes}
              onChange={(e) => change({ ...form, notes: e.target.value })}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>

          <SaveStatus state={autosave.state} />
          <StepNav
            back={{ to: stepHref(3, { productId, draftId: props.draft.id }), label: "Back to Details" }}
            next={{
              label: "Next: Design proofing",
              disabled: !canProceedShipping(shipping),
              onNext: async () => {
                await autosave.flush();
                return stepHref(5, { productId, draftId: props.draft.id });
              },
            }}
          />
          <MissingSummary labels={missing} />
        </form>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <OrderSummary
            lines={props.lines}
            totals={totals}
            shipping={form.method ? { kind: "chosen" } : { kind: "choose" }}
          />
        </div>
      </div>
    </section>
  );
}

export function meta() {
  return [{ title: "Shipping | Swag Studio" }];
}
