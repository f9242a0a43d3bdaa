/** The form fields the checkout steps share: a labelled text field, the country choice and a whole address. */
import { useId } from "react";
import { COUNTRIES, COUNTRY_NAMES } from "~/domain/pricing/checkout";
import { postcodeError, tidyPostcode } from "~/domain/pricing/postcodes";

/** A text field of a checkout step; the label carries '*' when the field is required. */
export function StepField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  required?: boolean;
  error?: string;
  hint?: React.ReactNode;
  type?: string;
  autoComplete?: string;
  className?: string;
  maxLength?: number;
}) {
  const id = useId();
  const describedBy =
    [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}
        {props.required ? "*" : ""}
      </label>
      {props.hint ? (
        <div id={`${id}-hint`} className="text-xs text-muted">
          {props.hint}
        </div>
      ) : null}
      <input
        id={id}
        type={props.type ?? "text"}
        value={props.value}
        autoComplete={props.autoComplete}
        maxLength={props.maxLength ?? 200}
        aria-required={props.required || undefined}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => props.onChange(e.target.value)}
        onBlur={props.onBlur}
        className={`mt-1 w-full rounded-lg border px-3 py-2 text-sm ${props.error ? "border-red-600" : "border-slate-300"}`}
      />
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

export function CountrySelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {props.label}*
      </label>
      <select
        id={id}
        value={props.value}
        aria-required
        onChange={(e) => props.onChange(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">Choose a country</option>
        <CountryOptions />
      </select>
    </div>
  );
}

/** The countries we deliver to, as a select's options, by name. */
export function CountryOptions() {
  return COUNTRIES.map((code) => (
    <option key={code} value={code}>
      {COUNTRY_NAMES[code]}
    </option>
  ));
}

type PostalAddress = { line1: string; line2: string; city: string; postcode: string; country: string };

/**
 * The postal part of an address, as the billing (step 3) and ship-to (step 4) forms both ask it. A
 * GB postcode is checked by its format here, for both steps, with the rule their Next buttons and
 * the server use (app/domain/pricing/postcodes.ts), and written in Royal Mail's form once the buyer leaves
 * the field.
 */
export function AddressFields(props: {
  value: PostalAddress;
  onChange: (field: keyof PostalAddress) => (value: string) => void;
}) {
  const { value, onChange } = props;
  const tidy = () => {
    const tidied = tidyPostcode(value.country, value.postcode);
    if (tidied !== value.postcode) onChange("postcode")(tidied);
  };
  return (
    <>
      <StepField
        label="Address line 1"
        required
        value={value.line1}
        onChange={onChange("line1")}
        autoComplete="address-line1"
      />
      <StepField
        label="Address line 2"
        value={value.line2}
        onChange={onChange("line2")}
        autoComplete="address-line2"
        hint="Optional"
      />
      <StepField label="City" required value={value.city} onChange={onChange("city")} autoComplete="address-level2" />
      <StepField
        label="Postcode"
        required
        value={value.postcode}
        onChange={onChange("postcode")}
        onBlur={tidy}
        error={postcodeError(value.country, value.postcode)}
        autoComplete="postal-code"
      />
      <CountrySelect label="Country" value={value.country} onChange={onChange("country")} />
    </>
  );
}
