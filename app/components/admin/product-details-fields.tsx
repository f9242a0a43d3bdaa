/**
 * The product editor's lists and tables (docs/decisions/066-catalogue-is-data.md): how the product
 * can be branded and which method the checkout starts on, the customisations a buyer can tick, its
 * features, uses, specifications and sizes, one a line, and what buyers are told about shipping.
 * The rules are readDetailsEdit's; the editor shows their problems as it shows the other fields'.
 */
import { useId } from "react";
import { CUSTOMIZATION_THEMES } from "~/catalogue/types";
import { brandingField, DETAIL_FIELDS, DETAILS_LIMITS } from "~/domain/catalogue/product-details-edit";
import { BRANDING_METHOD_IDS, BRANDING_METHODS } from "~/domain/pricing/checkout";
import { CHARGE_LIMITS } from "~/domain/pricing/charges";
import { Field, TextAreaField } from "../ui/form";

const select = "mt-1 h-10 w-full rounded-lg border bg-white px-3 text-sm";

export function ProductDetailsFields(props: {
  fields: Record<string, string>;
  errorOf: (name: string) => string | undefined;
}) {
  const { fields, errorOf } = props;
  const id = useId();
  const list = (name: string, label: string, hint: string) => (
    <TextAreaField
      label={label}
      name={name}
      rows={4}
      defaultValue={fields[name]}
      maxLength={DETAILS_LIMITS.items * (DETAILS_LIMITS.item + 1)}
      hint={hint}
      error={errorOf(name)}
    />
  );
  const brandingError = errorOf("branding");
  const defaultError = errorOf(DETAIL_FIELDS.brandingDefault);
  const themeError = errorOf(DETAIL_FIELDS.theme);
  return (
    <>
      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">Branding and customisation</legend>
        <fieldset aria-describedby={brandingError ? `${id}-branding-error` : undefined}>
          <legend className="text-sm font-medium">Ways it can be branded</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {BRANDING_METHOD_IDS.map((method) => (
              <label key={method} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={brandingField(method)}
                  defaultChecked={fields[brandingField(method)] === "on"}
                />
                {BRANDING_METHODS[method]}
              </label>
            ))}
          </div>
          {brandingError ? (
            <p id={`${id}-branding-error`} className="mt-1 text-sm text-red-700">
              {brandingError}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-default`} className="block text-sm font-medium">
              The checkout starts on
            </label>
            <select
              id={`${id}-default`}
              name={DETAIL_FIELDS.brandingDefault}
              defaultValue={fields[DETAIL_FIELDS.brandingDefault]}
              aria-invalid={defaultError ? true : undefined}
              aria-describedby={defaultError ? `${id}-default-error` : undefined}
              className={`${select} ${defaultError ? "border-red-600" : "border-slate-300"}`}
            >
              {BRANDING_METHOD_IDS.map((method) => (
                <option key={method} value={method}>
                  {BRANDING_METHODS[method]}
                </option>
              ))}
            </select>
            {defaultError ? (
              <p id={`${id}-default-error`} className="mt-1 text-sm text-red-700">
                {defaultError}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={`${id}-theme`} className="block text-sm font-medium">
              Customisation panel colour
            </label>
            <select
              id={`${id}-theme`}
              name={DETAIL_FIELDS.theme}
              defaultValue={fields[DETAIL_FIELDS.theme]}
              aria-invalid={themeError ? true : undefined}
              aria-describedby={themeError ? `${id}-theme-error` : undefined}
              className={`${select} ${themeError ? "border-red-600" : "border-slate-300"}`}
            >
              {CUSTOMIZATION_THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {theme[0]?.toUpperCase()}
                  {theme.slice(1)}
                </option>
              ))}
            </select>
            {themeError ? (
              <p id={`${id}-theme-error`} className="mt-1 text-sm text-red-700">
                {themeError}
              </p>
            ) : null}
          </div>
        </div>
        {list(
          DETAIL_FIELDS.options,
          "Customisations buyers can tick",
          "One a line: its name, then | and what it is, such as: Side embroidery | Up to 5 cm wide",
        )}
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name={DETAIL_FIELDS.handwrittenNote}
            defaultChecked={fields[DETAIL_FIELDS.handwrittenNote] === "on"}
          />
          Offer a handwritten note
        </label>
        <TextAreaField
          label="Set-up fees and surcharges (optional)"
          name={DETAIL_FIELDS.charges}
          rows={3}
          defaultValue={fields[DETAIL_FIELDS.charges]}
          maxLength={CHARGE_LIMITS.count * 160}
          hint="One a line: name | price ex VAT | per unit or per order | a branding method or customisation it comes with (leave out for every order), such as: Digitising | 20.00 | per order | Embroidery"
          error={errorOf(DETAIL_FIELDS.charges)}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">What the product page lists</legend>
        {list(DETAIL_FIELDS.features, "Features", "One a line.")}
        {list(DETAIL_FIELDS.goodFor, "Good for", "One a line, such as: Onboarding packs")}
        {list(
          DETAIL_FIELDS.specifications,
          "Specifications",
          "One a line, as Label: value, such as: Fabric: 100% cotton",
        )}
        {list(
          DETAIL_FIELDS.sizes,
          "Sizes (optional)",
          "One a line: size | height | weight | waist | length, such as: M | 168-176 | 62-72 | 76-82 | 35. Leave empty for a product without sizes.",
        )}
        <Field
          label="Sizing note (optional)"
          name={DETAIL_FIELDS.sizingNote}
          defaultValue={fields[DETAIL_FIELDS.sizingNote]}
          maxLength={DETAILS_LIMITS.sizingNote}
          error={errorOf(DETAIL_FIELDS.sizingNote)}
        />
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-xl font-bold">Shipping</legend>
        <TextAreaField
          label="What buyers are told about shipping"
          name={DETAIL_FIELDS.shippingInfo}
          rows={3}
          defaultValue={fields[DETAIL_FIELDS.shippingInfo]}
          maxLength={DETAILS_LIMITS.shippingInfo}
          error={errorOf(DETAIL_FIELDS.shippingInfo)}
        />
        <Field
          label="Courier cost per unit (£)"
          name={DETAIL_FIELDS.shippingPerUnit}
          inputMode="decimal"
          defaultValue={fields[DETAIL_FIELDS.shippingPerUnit]}
          maxLength={7}
          hint="The supplier's quote, for your records: buyers are not charged it."
          error={errorOf(DETAIL_FIELDS.shippingPerUnit)}
          className="sm:max-w-xs"
        />
      </fieldset>
    </>
  );
}
