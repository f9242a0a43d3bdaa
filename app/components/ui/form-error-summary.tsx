/** The error box a form focuses when a submit fails: the form's error and a link to each field to fix. */
import type { Ref } from "react";

/**
 * The box a form focuses when a submit fails (the contact form, "Request this product"): the
 * form's own error, then each field to fix as a link to it. While there is nothing to say it stays
 * in the page, visually hidden, so focus and the alert role have somewhere to go.
 */
export function FormErrorSummary<F extends string>(props: {
  ref: Ref<HTMLDivElement>;
  formError?: string | null;
  /** The fields with an error, in the form's order, and their messages and labels. */
  fields: readonly F[];
  errors: Partial<Record<F, string>>;
  label: (field: F) => string;
  fieldId: (field: F) => string;
  heading: string;
  className: string;
}) {
  const shown = props.fields.length > 0 || Boolean(props.formError);
  return (
    <div
      ref={props.ref}
      tabIndex={-1}
      role="alert"
      className={
        shown ? `${props.className} rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800` : "sr-only"
      }
    >
      {props.formError ? <p className="font-semibold">{props.formError}</p> : null}
      {props.fields.length > 0 ? (
        <>
          <p className="font-semibold">{props.heading}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {props.fields.map((field) => (
              <li key={field}>
                <a href={`#${props.fieldId(field)}`} className="underline">
                  {props.label(field)}: {props.errors[field]}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
