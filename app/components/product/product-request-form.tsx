/**
 * The "Request this product" form, also used for "Request a custom quote", which lands in the back
 * office's quote inbox.
 */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { PRODUCT_REQUEST_COPY as COPY, PRODUCT_REQUEST_FIELD_COPY } from "~/content/sourcing";
import type { ErrorBody } from "~/domain/core/api-errors";
import { isPlaceholderEmail } from "~/domain/people/auth-rules";
import { londonToday } from "~/domain/core/dates";
import { HONEYPOT_FIELD } from "~/domain/core/form-rules";
import {
  EMPTY_PRODUCT_REQUEST,
  PRODUCT_REQUEST_FIELDS,
  parseProductRequest,
  productRequestValuesFrom,
  type ProductRequestErrors,
  type ProductRequestField,
  type ProductRequestValues,
} from "~/domain/people/product-request";
import { useRootData } from "../ui/root-data";
import { FormErrorSummary } from "../ui/form-error-summary";
import { buttonClass } from "../ui/button";
import { useNow } from "../ui/use-now";

/** What the page's action answers: the request as stored, or the reason with what was typed. */
export type ProductRequestReply =
  | { requested: { product: string; quantity: number; email: string } }
  | (ErrorBody & { values: ProductRequestValues });

const fieldId = (field: ProductRequestField) => `request-${field}`;

/**
 * "Request this product": posts to the page's own action (so it works without
 * JavaScript) and lands in the back office's quote inbox. With JavaScript the same schema checks it
 * first; a refusal keeps everything typed; a signed-in buyer finds their name and e-mail filled in.
 */
export function ProductRequestForm(props: {
  product?: string;
  reply?: ProductRequestReply;
  /** Another use of the same form, e.g. "Request a custom quote" (decision 021), with its intent. */
  copy?: { heading: string; submit: string; intent: string };
  /** Fields to start from (the custom quote's cart lines and company), all still editable. */
  prefill?: Partial<ProductRequestValues>;
}) {
  const user = useRootData()?.user ?? null;
  // The confirmation the buyer set aside to ask for something else; a newer answer shows again.
  const [dismissed, setDismissed] = useState<ProductRequestReply | undefined>(undefined);
  const another = dismissed !== undefined && dismissed === props.reply;
  const thanks = useRef<HTMLDivElement>(null);
  const requested = props.reply && "requested" in props.reply ? props.reply.requested : null;
  useEffect(() => {
    if (requested) thanks.current?.focus();
  }, [requested]);

  if (requested && !another) {
    return (
      <div ref={thanks} tabIndex={-1} role="status" className="rounded-2xl border border-green-300 bg-green-50 p-5">
        <h3 className="text-lg font-bold text-green-900">{COPY.thanksTitle}</h3>
        <p className="mt-1 text-green-900">{COPY.thanks(requested)}</p>
        <button type="button" className={buttonClass("secondary", "mt-4")} onClick={() => setDismissed(props.reply)}>
          {COPY.another}
        </button>
      </div>
    );
  }
  const failed = props.reply && "error" in props.reply ? props.reply : null;
  const defaults: ProductRequestValues = failed?.values ?? {
    ...EMPTY_PRODUCT_REQUEST,
    ...(another ? {} : props.prefill),
    product: another ? "" : (props.product ?? props.prefill?.product ?? ""),
    name: user?.name ?? "",
    // A phone-only account's e-mail is a placeholder nobody can answer.
    email: user && !isPlaceholderEmail(user.email) ? user.email : "",
  };
  return (
    <RequestForm
      key={another ? "another" : defaults.product}
      defaults={defaults}
      errors={failed?.error.fieldErrors as ProductRequestErrors | undefined}
      formError={failed && !failed.error.fieldErrors ? failed.error.message : null}
      copy={props.copy}
    />
  );
}

function RequestForm(props: {
  defaults: ProductRequestValues;
  errors?: ProductRequestErrors;
  formError: string | null;
  copy?: { heading: string; submit: string; intent: string };
  /** Fields to start from (the custom quote's cart lines and company), all still editable. */
  prefill?: Partial<ProductRequestValues>;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const now = useNow();
  const [errors, setErrors] = useState<ProductRequestErrors>(props.errors ?? {});
  const [checkAsYouType, setCheckAsYouType] = useState(Boolean(props.errors));
  const summary = useRef<HTMLDivElement>(null);

  // A server answer replaces whatever the page had worked out itself.
  useEffect(() => {
    setErrors(props.errors ?? {});
    if (props.errors || props.formError) {
      setCheckAsYouType(Boolean(props.errors));
      summary.current?.focus();
    }
  }, [props.errors, props.formError]);

  const check = (form: HTMLFormElement) => parseProductRequest(productRequestValuesFrom(new FormData(form)), now);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const result = check(event.currentTarget);
    if (result.ok) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(result.errors);
    setCheckAsYouType(true);
    requestAnimationFrame(() => summary.current?.focus());
  };
  const listed = PRODUCT_REQUEST_FIELDS.filter((field) => errors[field]);
  const field = (name: ProductRequestField, className = "") => (
    <RequestField
      name={name}
      value={props.defaults[name]}
      error={errors[name]}
      min={londonToday(now)}
      className={className}
    />
  );

  return (
    <Form
      method="post"
      noValidate
      preventScrollReset
      onSubmit={onSubmit}
      onChange={(event) => {
        if (!checkAsYouType) return;
        const result = check(event.currentTarget);
        setErrors(result.ok ? {} : result.errors);
      }}
      aria-labelledby="request-form-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 text-left sm:p-6"
    >
      <h3 id="request-form-heading" className="text-xl font-bold text-ink">
        {props.copy?.heading ?? COPY.heading}
      </h3>
      <p className="mt-1 text-sm text-muted">{COPY.requiredNote}</p>
      <FormErrorSummary
        ref={summary}
        formError={props.formError}
        fields={listed}
        errors={errors}
        label={(field) => PRODUCT_REQUEST_FIELD_COPY[field].label}
        fieldId={fieldId}
        heading={COPY.errorSummary}
        className="mt-4"
      />
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {field("product", "sm:col-span-2")}
        {field("quantity")}
        {field("needed_by")}
        {field("notes", "sm:col-span-2")}
        {field("name")}
        {field("email")}
        {field("company")}
      </div>
      {/* Spam trap (B-22): hidden from people and assistive technology, filled in only by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`request-${HONEYPOT_FIELD}`}>{COPY.honeypotLabel}</label>
        <input id={`request-${HONEYPOT_FIELD}`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      {props.copy ? <input type="hidden" name="intent" value={props.copy.intent} /> : null}
      <button type="submit" disabled={sending} className={buttonClass("primary", "mt-6 w-full sm:w-auto")}>
        {sending ? COPY.sending : (props.copy?.submit ?? COPY.submit)}
      </button>
    </Form>
  );
}

const INPUT_TYPES: Partial<Record<ProductRequestField, string>> = {
  quantity: "text",
  needed_by: "date",
  email: "email",
};

/** One field: label ('*' when required), hint, control and error, tied together for screen readers. */
function RequestField(props: {
  name: ProductRequestField;
  value: string;
  error?: string;
  min: string;
  className: string;
}) {
  const { name, error } = props;
  const copy = PRODUCT_REQUEST_FIELD_COPY[name];
  const id = fieldId(name);
  const describedBy = [copy.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const control = {
    id,
    name,
    defaultValue: props.value,
    autoComplete: copy.autoComplete,
    "aria-required": copy.required || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
    className: `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-ink ${
      error ? "border-red-600" : "border-slate-400"
    }`,
  };
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {copy.label}
        {copy.required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {copy.hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
          {copy.hint}
        </p>
      ) : null}
      {name === "notes" ? (
        <textarea {...control} rows={3} />
      ) : (
        <input
          {...control}
          type={INPUT_TYPES[name] ?? "text"}
          inputMode={name === "quantity" ? "numeric" : undefined}
          min={name === "needed_by" ? props.min : undefined}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
