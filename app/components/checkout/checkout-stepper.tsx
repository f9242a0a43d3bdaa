/** The checkout's six-step stepper, folded into one "Step N of 6" button on phones. */
import { useId, useState } from "react";
import { Link } from "react-router";
import { canNavigate, STEPS, stepHref, type StepNumber } from "~/domain/checkout/steps";
import { CheckIcon, ChevronIcon } from "../ui/icons";

/**
 * The six checkout steps (SPEC.md §2 "Checkout stepper"; R-STEP-01..05). On phones (below 640 px)
 * they fold into one row, "Step 4 of 6 · Shipping", a button that shows the full list;
 * from 640 px the list is always shown.
 */
export function CheckoutStepper(props: {
  current: StepNumber;
  completed: readonly StepNumber[];
  productId?: string | null;
  draftId?: string | null;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const currentLabel = STEPS[props.current - 1]?.label;
  return (
    <nav aria-label="Checkout steps" className="mb-8">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
        className="flex w-full items-center justify-between gap-2 rounded-full border border-brand bg-brand-soft px-4 py-2 text-sm font-semibold sm:hidden"
      >
        <span>
          Step {props.current} of {STEPS.length} · {currentLabel}
        </span>
        <ChevronIcon direction={open ? "up" : "down"} />
      </button>
      <ol id={listId} className={`${open ? "mt-3 flex" : "hidden"} flex-wrap gap-2 text-sm sm:mt-0 sm:flex`}>
        {STEPS.map(({ step, label }) => {
          const done = props.completed.includes(step);
          const current = step === props.current;
          const reachable = canNavigate(step, props.current, props.completed);
          const badge = (
            <span
              aria-hidden="true"
              className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                done ? "bg-green-700 text-white" : current ? "bg-brand text-white" : "bg-slate-200 text-ink"
              }`}
            >
              {done ? <CheckIcon className="h-3.5 w-3.5" /> : step}
            </span>
          );
          const text = (
            <>
              {badge}
              <span>
                {label}
                {done ? <span className="sr-only"> (completed)</span> : null}
              </span>
            </>
          );
          const base = "flex items-center gap-2 rounded-full border px-3 py-1.5";
          return (
            <li key={step}>
              {reachable && !current ? (
                <Link
                  to={stepHref(step, { productId: props.productId, draftId: props.draftId })}
                  className={`${base} border-slate-300 hover:border-brand`}
                >
                  {text}
                </Link>
              ) : (
                <span
                  aria-current={current ? "step" : undefined}
                  aria-disabled={current ? undefined : true}
                  className={`${base} ${current ? "border-brand bg-brand-soft font-semibold" : "border-slate-200 text-muted"}`}
                >
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
