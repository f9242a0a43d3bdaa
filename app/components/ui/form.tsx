/**
 * The form parts the pages share: a labelled field (one line, several or a choice) with its hint and error, a
 * one-time-code field, and a form message.
 */
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";

type Labelled = { label: ReactNode; error?: string | string[]; hint?: ReactNode; name: string };

/** A labelled input with its hint and error tied to it for screen readers. */
export function Field(props: InputHTMLAttributes<HTMLInputElement> & Labelled) {
  return <Labelled {...props} control={(attributes) => <input {...attributes} />} />;
}

/** A labelled text area, tied to its hint and error as a Field is. */
export function TextAreaField(props: TextareaHTMLAttributes<HTMLTextAreaElement> & Labelled) {
  return <Labelled {...props} control={(attributes) => <textarea {...attributes} />} />;
}

/** A labelled select, tied to its hint and error as a Field is; its options are its children. */
export function SelectField(props: SelectHTMLAttributes<HTMLSelectElement> & Labelled) {
  return <Labelled {...props} control={(attributes) => <select {...attributes} />} />;
}

function Labelled<A extends { className?: string }>({
  label,
  error,
  hint,
  className = "",
  control,
  ...input
}: A &
  Labelled & {
    control: (attributes: A & { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
  }) {
  const id = useId();
  const errors = typeof error === "string" ? [error] : (error ?? []);
  const describedBy = [hint ? `${id}-hint` : null, errors.length ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {control({
        id,
        "aria-invalid": errors.length ? true : undefined,
        "aria-describedby": describedBy || undefined,
        className: `mt-1 w-full rounded-lg border px-3 py-2 text-sm ${errors.length ? "border-red-600" : "border-slate-300"}`,
        ...input,
      } as A & { id: string })}
      {errors.length ? (
        <ul id={`${id}-error`} className="mt-1 space-y-0.5 text-sm text-red-700">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A one-time code's input: digits on a phone's keypad, filled from an SMS or e-mail by the browser. */
export function CodeField({
  label = "Code",
  ...props
}: {
  label?: ReactNode;
  error?: string | string[];
  required?: boolean;
  inputMode?: "numeric" | "text";
}) {
  return <Field label={label} name="code" inputMode="numeric" autoComplete="one-time-code" {...props} />;
}

/** A form-level message, announced when it appears. */
export function FormMessage({
  tone = "error",
  children,
}: {
  tone?: "error" | "success" | "info";
  children: ReactNode;
}) {
  const styles = {
    error: "border-red-300 bg-red-50 text-red-800",
    success: "border-green-300 bg-green-50 text-green-900",
    info: "border-slate-200 bg-slate-50 text-ink",
  }[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}
