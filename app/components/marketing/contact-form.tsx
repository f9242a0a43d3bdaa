/** The contact page's form: name, e-mail, phone, company, deadline, purpose and notes, sent to our own server. */
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { CONTACT_FIELD_COPY, CONTACT_PAGE } from "~/content/contact";
import {
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_PURPOSES,
  contactValuesFrom,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from "~/domain/people/contact-fields";
import { FormErrorSummary } from "../ui/form-error-summary";
import { buttonClass } from "../ui/button";

type ContactSchema = typeof import("~/domain/people/contact-form");
let contactSchema: ContactSchema | undefined;
/**
 * The schema's check brings zod (24 kB gzipped), so it is fetched when the visitor first reaches for
 * the form rather than with the page (the JavaScript budget in README.md); kept here once it has arrived.
 */
const loadSchema = () =>
  import("~/domain/people/contact-form").then((module) => {
    contactSchema = module;
    return module;
  });

const REQUIRED: ReadonlySet<ContactField> = new Set(["first_name", "last_name", "email", "company"]);
const fieldId = (field: ContactField) => `contact-${field}`;

/**
 * The contact form (SPEC.md §2 "Contact"). It posts to this site's own action and works without
 * JavaScript; with it, the same schema checks the fields before sending (R-CONTACT-03), and once a
 * submit has failed each fix clears its message as you type.
 */
export function ContactForm(props: { values?: ContactValues; errors?: ContactErrors; formError?: string | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [errors, setErrors] = useState<ContactErrors>(props.errors ?? {});
  const [checkAsYouType, setCheckAsYouType] = useState(Boolean(props.errors && Object.keys(props.errors).length));
  const summary = useRef<HTMLDivElement>(null);

  // A server answer (errors after a submit) replaces whatever the page had worked out itself.
  useEffect(() => {
    setErrors(props.errors ?? {});
    if (props.errors && Object.keys(props.errors).length > 0) {
      setCheckAsYouType(true);
      summary.current?.focus();
    }
  }, [props.errors]);

  // After a refused submit the fixes are checked as they are typed, so the check is wanted at once.
  useEffect(() => {
    if (checkAsYouType) void loadSchema();
  }, [checkAsYouType]);

  const check = (schema: ContactSchema, form: HTMLFormElement) =>
    schema.parseContactForm(contactValuesFrom(new FormData(form)));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    if (!contactSchema) {
      // Sent before the check arrived (a click straight on Send, a slow line): it waits for it, then
      // submits again through the same handler, as the button would have.
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      loadSchema().then(
        () => form.requestSubmit(submitter),
        // Without it the form posts as it does without JavaScript, and the action checks it.
        () => form.submit(),
      );
      return;
    }
    const result = check(contactSchema, form);
    if (result.ok) {
      setErrors({});
      return;
    }
    event.preventDefault();
    setErrors(result.errors);
    setCheckAsYouType(true);
    requestAnimationFrame(() => summary.current?.focus());
  };

  const listed = CONTACT_FIELDS.filter((field) => errors[field]);

  return (
    <Form
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      onFocus={() => void loadSchema()}
      onChange={(event) => {
        if (!checkAsYouType || !contactSchema) return;
        const result = check(contactSchema, event.currentTarget);
        setErrors(result.ok ? {} : result.errors);
      }}
      aria-labelledby="contact-form-heading"
      className="rounded-2xl border border-slate-200 p-5 sm:p-8"
    >
      <h2 id="contact-form-heading" className="text-2xl font-extrabold tracking-tight text-ink">
        {CONTACT_PAGE.formHeading}
      </h2>
      <p className="mt-1 text-sm text-muted">{CONTACT_PAGE.requiredNote}</p>

      <FormErrorSummary
        ref={summary}
        formError={props.formError}
        fields={listed}
        errors={errors}
        label={(field) => CONTACT_FIELD_COPY[field].label}
        fieldId={fieldId}
        heading={CONTACT_PAGE.errorSummary}
        className="mt-5"
      />

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField field="first_name" values={props.values} errors={errors} />
        <TextField field="last_name" values={props.values} errors={errors} />
        <TextField field="email" type="email" values={props.values} errors={errors} />
        <TextField field="phone" type="tel" values={props.values} errors={errors} />
        <TextField field="company" values={props.values} errors={errors} />
        <TextField field="deadline" type="date" values={props.values} errors={errors} />
        <FieldShell field="purpose" errors={errors} className="sm:col-span-2">
          {(aria) => (
            <select
              {...aria}
              name="purpose"
              defaultValue={props.values?.purpose ?? ""}
              className={inputClass(Boolean(errors.purpose))}
            >
              <option value="">{CONTACT_PAGE.purposePlaceholder}</option>
              {Object.entries(CONTACT_PURPOSES).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          )}
        </FieldShell>
        <FieldShell field="notes" errors={errors} className="sm:col-span-2">
          {(aria) => (
            <textarea
              {...aria}
              name="notes"
              rows={5}
              defaultValue={props.values?.notes ?? ""}
              className={inputClass(Boolean(errors.notes))}
            />
          )}
        </FieldShell>
      </div>

      {/* Spam trap (B-22): hidden from people and assistive technology, filled in only by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`contact-${CONTACT_HONEYPOT_FIELD}`}>{CONTACT_PAGE.honeypotLabel}</label>
        <input
          id={`contact-${CONTACT_HONEYPOT_FIELD}`}
          type="text"
          name={CONTACT_HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>

      <button
        type="submit"
        disabled={sending}
        className={buttonClass("primary", "mt-8 w-full px-6 py-3 text-base sm:w-auto")}
      >
        {sending ? CONTACT_PAGE.sending : CONTACT_PAGE.submit}
      </button>
    </Form>
  );
}

type Aria = {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  "aria-required"?: true;
  autoComplete: string;
};

function inputClass(invalid: boolean) {
  return `mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-ink ${
    invalid ? "border-red-600" : "border-slate-400"
  }`;
}

/** Label, hint, control and error of one field, with the error and hint tied to the control. */
function FieldShell(props: {
  field: ContactField;
  errors: ContactErrors;
  className?: string;
  children: (aria: Aria) => React.ReactNode;
}) {
  const { field } = props;
  const copy: { label: string; autoComplete: string; hint?: string } = CONTACT_FIELD_COPY[field];
  const id = fieldId(field);
  const error = props.errors[field];
  const describedBy = [copy.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const required = REQUIRED.has(field);
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {copy.label}
        {required ? (
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
      {props.children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy || undefined,
        "aria-required": required ? true : undefined,
        autoComplete: copy.autoComplete,
      })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TextField(props: {
  field: ContactField;
  type?: "text" | "email" | "tel" | "date";
  values?: ContactValues;
  errors: ContactErrors;
}) {
  return (
    <FieldShell field={props.field} errors={props.errors}>
      {(aria) => (
        <input
          {...aria}
          type={props.type ?? "text"}
          name={props.field}
          defaultValue={props.values?.[props.field] ?? ""}
          className={inputClass(Boolean(props.errors[props.field]))}
        />
      )}
    </FieldShell>
  );
}
