import { NoticeList } from "~/components/ui/notice-list";
import { useState } from "react";
import { SavedAddressPicker } from "~/components/checkout/saved-address-picker";
import { StepNav } from "~/components/checkout/step-nav";
import { Link } from "react-router";
import { LineProducts, useLineProducts } from "~/components/product/line-products";
import type { Route } from "./+types/details";
import { CheckoutStepper } from "~/components/checkout/checkout-stepper";
import { AddressFields, StepField } from "~/components/checkout/checkout-fields";
import { MissingSummary, NoDraft } from "~/components/checkout/no-draft";
import { OrderSummary } from "~/components/orders/order-summary";
import { SaveStatus } from "~/components/checkout/save-status";
import { InfoTooltip } from "~/components/ui/tooltip";
import { useDraftAutosave } from "~/components/checkout/use-draft-autosave";
import { canProceedDetails, detailsErrors, missingDetails } from "~/domain/checkout/details-rules";
import { DRAFT_LIMITS, type DraftDetails } from "~/domain/checkout/draft";
import { stepHref } from "~/domain/checkout/steps";
import { checkoutTotals, vatPlace } from "~/domain/checkout/draft";
import { tidyVatNumber } from "~/domain/pricing/vat-number";
import { type DraftStepData, loadDraftStep } from "~/server/checkout/checkout.server";

const LABELS: Record<string, string> = {
  contact_name: "Full name",
  email: "Work email",
  company: "Company",
  phone: "Phone",
  "billing.name": "Billing name",
  "billing.line1": "Address line 1",
  "billing.city": "City",
  "billing.postcode": "Postcode",
  "billing.country": "Country",
  tos_accepted: "accepting the Terms",
};

export async function loader(args: Route.LoaderArgs) {
  return loadDraftStep(args);
}

export default function DetailsRoute({ loaderData }: Route.ComponentProps) {
  if (!loaderData.ready) return <NoDraft title="Who should we send the invoice and mockups to?" />;
  return (
    <LineProducts products={loaderData.products}>
      <DetailsStep key={loaderData.draft.id} {...loaderData} />
    </LineProducts>
  );
}

function DetailsStep(props: DraftStepData) {
  const { product_id: productId } = props.data;
  const products = useLineProducts();
  const product = products(productId);
  const [details, setDetails] = useState(props.data.details);
  const autosave = useDraftAutosave<DraftDetails>({
    step: "details",
    userId: props.userId,
    productId: productId,
    draft: props.draft,
    onConflict: (draft) => setDetails(draft.data.details),
  });
  if (!product) return null;
  const change = (next: DraftDetails) => {
    setDetails(next);
    autosave.schedule(next);
  };
  const set = (key: keyof Omit<DraftDetails, "billing">) => (value: string | boolean) =>
    change({ ...details, [key]: value });
  const setBilling = (key: keyof DraftDetails["billing"]) => (value: string) =>
    change({ ...details, billing: { ...details.billing, [key]: value } });
  const errors = detailsErrors(details);
  // The registry's refusal (decision 018) stands until the buyer changes the number.
  const refusedVat = autosave.state.fieldErrors?.vat_number;
  const vatError = errors.vat_number ?? refusedVat;
  const tidyVat = () => {
    const tidied = tidyVatNumber(details.vat_number);
    if (tidied !== details.vat_number) set("vat_number")(tidied);
  };
  const missing = missingDetails(details).map((f) => LABELS[f] ?? f);
  const totals = checkoutTotals({
    lines: props.lines,
    products,
    ...vatPlace({ details, shipping: props.data.shipping }),
    method: props.data.shipping.method,
    firstOrderDiscount: props.firstOrderDiscount,
  });

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <CheckoutStepper current={3} completed={props.completed} productId={productId} draftId={props.draft.id} />
      <h1 className="text-3xl font-extrabold">Who should we send the invoice and mockups to?</h1>
      <NoticeList notices={props.quoteNotices} testId="quote-notices" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
        <form className="space-y-8" onSubmit={(e) => e.preventDefault()} noValidate>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-bold">Contact</legend>
            <StepField
              label="Full name"
              required
              value={details.contact_name}
              onChange={set("contact_name")}
              autoComplete="name"
            />
            <StepField
              label="Work email"
              required
              type="email"
              value={details.email}
              onChange={set("email")}
              autoComplete="email"
              error={errors.email}
            />
            <StepField
              label="Company"
              required
              value={details.company}
              onChange={set("company")}
              autoComplete="organization"
            />
            <StepField
              label="Phone (for courier/issues)"
              required
              type="tel"
              value={details.phone}
              onChange={set("phone")}
              autoComplete="tel"
              error={errors.phone}
            />
            <StepField
              label="VAT number (UK/EU, optional)"
              value={details.vat_number}
              onChange={set("vat_number")}
              onBlur={tidyVat}
              error={vatError}
              autoComplete="off"
              maxLength={DRAFT_LIMITS.vatNumber}
              hint={
                <span className="inline-flex items-center gap-1">
                  Shown on your invoice
                  <InfoTooltip
                    label="About VAT numbers"
                    content="Shown on your invoice. Deliveries outside the UK are zero-rated for UK VAT; local import taxes may apply."
                  />
                </span>
              }
            />
            <StepField label="PO / Reference" value={details.po_ref} onChange={set("po_ref")} hint="Optional" />
          </fieldset>

          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-bold">Billing address</legend>
            <SavedAddressPicker
              label="Use a billing address from an earlier order"
              addresses={props.savedAddresses.billing}
              onPick={(billing) => change({ ...details, billing })}
            />
            <StepField
              label="Company"
              value={details.billing.company}
              onChange={setBilling("company")}
              hint="Optional"
            />
            <StepField label="Name" required value={details.billing.name} onChange={setBilling("name")} />
            <AddressFields value={details.billing} onChange={setBilling} />
          </fieldset>

          <div className="space-y-3">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="accent-brand"
                checked={details.use_billing_as_shipping}
                onChange={(e) => set("use_billing_as_shipping")(e.target.checked)}
              />
              Use the billing address for shipping
            </label>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-1 accent-brand"
                checked={details.tos_accepted}
                onChange={(e) => set("tos_accepted")(e.target.checked)}
              />
              <span>
                I accept the{" "}
                <Link to="/terms" target="_blank" className="text-brand underline">
                  Terms
                </Link>{" "}
                and the{" "}
                <Link to="/guarantee" target="_blank" className="text-brand underline">
                  On-time Guarantee
                </Link>
                *
              </span>
            </label>
          </div>

          <SaveStatus state={autosave.state} />
          <StepNav
            back={{ to: stepHref(2, { productId, draftId: props.draft.id }), label: "Back" }}
            next={{
              label: "Next: Add shipping details",
              disabled: !canProceedDetails(details) || Boolean(refusedVat),
              onNext: async () => {
                await autosave.flush();
                // A save the server refused (a VAT number the registry does not know) keeps the buyer here.
                return stepHref(autosave.wasRefused() ? 3 : 4, { productId, draftId: props.draft.id });
              },
            }}
          />
          <MissingSummary labels={missing} />
        </form>
        <div className="lg:sticky lg:top-24 lg:self-start">
          <OrderSummary
            lines={props.lines}
            totals={totals}
            shipping={props.data.shipping.method ? { kind: "chosen" } : { kind: "choose" }}
            totalsNote={
              props.data.shipping.address.country
                ? undefined
                : "VAT is estimated from your billing country until you give the delivery address."
            }
          />
        </div>
      </div>
    </section>
  );
}

export function meta() {
  return [{ title: "Your details | Swag Studio" }];
}
