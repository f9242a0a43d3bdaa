/**
 * The form behind a collection's link (decisions 090, 092): the product, its size guide and the
 * buyer's message, then the person's size and, when asked, their name and where theirs goes (their
 * address, or the office when the buyer offers it); and what is done with them.
 */
import { Form, Link, useNavigation } from "react-router";
import type { ProductImage as Image, SizingTable } from "~/catalogue/types";
import { SizeGuide } from "~/components/product/size-guide";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage, SelectField } from "~/components/ui/form";
import { ProductImage } from "~/components/ui/product-image";
import { formatDisplayDate } from "~/domain/core/dates";
import { type AddressAsk, DELIVERY_COUNTRIES, DELIVERY_LIMITS } from "~/domain/teams/collection-delivery";
import { COLLECTION_LIMITS, type AnswerField } from "~/domain/teams/size-collections";

export type CollectPage = {
  title: string;
  message: string;
  askNames: boolean;
  askAddress: AddressAsk;
  closesOn: string;
  product: { title: string; images: Image[]; sizingTable?: SizingTable; sizes: string[]; colourName: string | null };
};

export function CollectAnswerForm(props: {
  page: CollectPage;
  typed: Partial<Record<AnswerField, string>>;
  errors: Partial<Record<string, string>>;
  refusal?: string;
  submit: string;
  /** How long the answer is kept, in days after the collection ends (the Privacy Policy's period). */
  keptDays: number;
}) {
  const busy = useNavigation().state === "submitting";
  const { page, typed, errors } = props;
  const { product } = page;
  const image = product.images[0];
  const named = product.colourName ? `${product.title} in ${product.colourName}` : product.title;
  return (
    <div className="mt-4 space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row">
        {image ? <ProductImage image={image} className="h-28 w-28 shrink-0 rounded-xl" sizes="112px" /> : null}
        <div>
          <p className="font-semibold">{named}</p>
          {page.message ? <p className="mt-2 whitespace-pre-line">{page.message}</p> : null}
          <p className="mt-2 text-sm text-muted">
            Answers are taken until the end of {formatDisplayDate(page.closesOn)}.
          </p>
        </div>
      </div>
      {product.sizingTable ? <SizeGuide table={product.sizingTable} /> : null}
      <Form method="post" className="space-y-4" noValidate>
        {props.refusal ? <FormMessage>{props.refusal}</FormMessage> : null}
        <fieldset aria-describedby={errors.size ? "size-error" : undefined}>
          <legend className="text-sm font-medium">Your size</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {product.sizes.map((size) => (
              <label
                key={size}
                className="flex min-w-14 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand"
              >
                <input
                  type="radio"
                  name="size"
                  value={size}
                  defaultChecked={typed.size === size}
                  className="sr-only"
                  aria-invalid={errors.size ? true : undefined}
                />
                {size}
              </label>
            ))}
          </div>
          {errors.size ? (
            <p id="size-error" className="mt-1 text-sm text-red-700">
              {errors.size}
            </p>
          ) : null}
        </fieldset>
        {page.askNames ? (
          <Field
            label="Your name"
            name="name"
            autoComplete="name"
            required
            maxLength={COLLECTION_LIMITS.name}
            defaultValue={typed.name ?? ""}
            error={errors.name}
          />
        ) : null}
        {page.askAddress === "no" ? null : <DeliveryFields ask={page.askAddress} typed={typed} errors={errors} />}
        <p className="text-sm text-muted">
          Your {answerParts(page)} to whoever sent you this link, to order your {product.title}
          {page.askAddress === "no" ? "" : " and send it to you"}. Nobody else who answers sees{" "}
          {page.askNames ? "them" : "it"}. We delete {page.askNames ? "them" : "it"} {props.keptDays} days after the
          collection ends.{" "}
          <Link to="/privacy#what-we-collect" className="underline">
            Privacy Policy
          </Link>
        </p>
        <button type="submit" className={buttonClass("primary", "w-full sm:w-auto")} disabled={busy}>
          {busy ? "Sending…" : props.submit}
        </button>
      </Form>
    </div>
  );
}

/** What the person gives, as the privacy sentence names it: "size goes", "size and name go", … */
function answerParts(page: Pick<CollectPage, "askNames" | "askAddress">): string {
  if (page.askAddress !== "no") return "size, name and address go";
  return page.askNames ? "size and name go" : "size goes";
}

/**
 * Where the person's item goes: their address, or (when the buyer offers it) the office. The
 * address fields hide while "pick it up at the office" is chosen; without styles they stay, and
 * the server ignores them for a pickup.
 */
function DeliveryFields(props: {
  ask: Exclude<AddressAsk, "no">;
  typed: Partial<Record<AnswerField, string>>;
  errors: Partial<Record<string, string>>;
}) {
  const { ask, typed, errors } = props;
  const line = { maxLength: DELIVERY_LIMITS.line + 1 };
  return (
    <fieldset className="group/delivery space-y-3 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium">Where should yours go?</legend>
      {ask === "address_or_pickup" ? (
        <div role="radiogroup" aria-label="Delivery" aria-describedby={errors.delivery ? "delivery-error" : undefined}>
          {[
            { value: "address", label: "Deliver it to me" },
            { value: "pickup", label: "I'll pick it up at the office" },
          ].map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="radio"
                name="delivery"
                value={choice.value}
                defaultChecked={typed.delivery === choice.value}
                aria-invalid={errors.delivery ? true : undefined}
              />
              {choice.label}
            </label>
          ))}
          {errors.delivery ? (
            <p id="delivery-error" className="mt-1 text-sm text-red-700">
              {errors.delivery}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="space-y-3 group-has-[input[value=pickup]:checked]/delivery:hidden">
        <Field
          label="Address line 1"
          name="line1"
          autoComplete="address-line1"
          required
          {...line}
          defaultValue={typed.line1 ?? ""}
          error={errors.line1}
        />
        <Field
          label="Address line 2 (optional)"
          name="line2"
          autoComplete="address-line2"
          {...line}
          defaultValue={typed.line2 ?? ""}
          error={errors.line2}
        />
        <Field
          label="Town or city"
          name="city"
          autoComplete="address-level2"
          required
          {...line}
          defaultValue={typed.city ?? ""}
          error={errors.city}
        />
        <Field
          label="Postcode"
          name="postcode"
          autoComplete="postal-code"
          required
          maxLength={DELIVERY_LIMITS.postcode + 1}
          defaultValue={typed.postcode ?? ""}
          error={errors.postcode}
        />
        <SelectField
          label="Country"
          name="country"
          autoComplete="country"
          required
          defaultValue={typed.country || "GB"}
          error={errors.country}
        >
          {DELIVERY_COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
