/**
 * The form behind a collection's link (decision 090): the product, its size guide and the buyer's
 * message, then the person's size and, when asked, their name; and what is done with them.
 */
import { Form, Link, useNavigation } from "react-router";
import type { ProductImage as Image, SizingTable } from "~/catalogue/types";
import { SizeGuide } from "~/components/product/size-guide";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { ProductImage } from "~/components/ui/product-image";
import { formatDisplayDate } from "~/domain/core/dates";
import { COLLECTION_LIMITS, type AnswerField } from "~/domain/checkout/size-collections";

export type CollectPage = {
  title: string;
  message: string;
  askNames: boolean;
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
        <p className="text-sm text-muted">
          Your size{page.askNames ? " and name go" : " goes"} to whoever sent you this link, to order your{" "}
          {product.title}. Nobody else who answers sees {page.askNames ? "them" : "it"}. We delete{" "}
          {page.askNames ? "them" : "it"} {props.keptDays} days after the collection ends.{" "}
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
