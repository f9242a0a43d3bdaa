/**
 * "Need it by" on the product page, the cart and the Shipping step: each shipping method's
 * approve-by date for the buyer's date.
 */
import { useId, useState } from "react";
import { Form, useFetcher, useSearchParams } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { addDays, formatDisplayDate, londonToday } from "~/domain/core/dates";
import type { DeliveryTimes } from "~/domain/fulfilment/delivery";
import { NEED_BY_MAX_DAYS_AHEAD, parseNeedBy, planNeedBy } from "~/domain/fulfilment/need-by";
import { PROOF_WORKING_DAYS } from "~/domain/fulfilment/orders";

/** The query parameter of the product page's and cart's planner (not stored: a plan, not an order). */
export const NEED_BY_PARAM = "needBy";

/** The date input's bounds: tomorrow to a year ahead, in London (the server re-checks). */
export function needByBounds(now: Date): { min: string; max: string } {
  const today = londonToday(now);
  return { min: addDays(today, 1), max: addDays(today, NEED_BY_MAX_DAYS_AHEAD) };
}

/**
 * What a need-by date means for `products` (decision 017): each method's approve-by date and
 * whether it makes the date for an order paid today; "Too tight: …" with the fastest option when
 * none does; or why the date cannot be planned for.
 */
export function NeedByPlan(props: { products: readonly DeliveryTimes[]; needBy: string; now: Date }) {
  if (props.products.length === 0) return null;
  const parsed = parseNeedBy(props.needBy, props.now);
  if (!parsed.ok) {
    return (
      <p className="mt-2 text-sm text-red-700" role="alert" data-testid="need-by-error">
        {parsed.message}
      </p>
    );
  }
  const plan = planNeedBy({ products: props.products, needBy: parsed.needBy, now: props.now });
  return (
    <div className="mt-2 text-sm" data-testid="need-by-plan">
      <p>
        To have it by <strong>{formatDisplayDate(plan.needBy)}</strong>:
      </p>
      <ul className="mt-1 space-y-1">
        {plan.methods.map((method) => (
          <li key={method.method} data-testid={`need-by-${method.method}`}>
            {method.label}:{" "}
            {method.feasible ? (
              <>
                <span className="font-semibold text-green-800">makes it</span>, approve your proof by{" "}
                <strong>{formatDisplayDate(method.approveBy)}</strong>
              </>
            ) : (
              <>
                <span className="font-semibold text-red-700">misses it</span>, earliest{" "}
                {formatDisplayDate(method.earliestDelivery)}
              </>
            )}
          </li>
        ))}
      </ul>
      {plan.tooTight ? (
        <p className="mt-2 font-semibold text-red-700" data-testid="need-by-too-tight">
          {plan.tooTight.message} with {plan.tooTight.label}.
        </p>
      ) : null}
      <p className="mt-1 text-xs text-muted">
        Paid today, your proof comes by {formatDisplayDate(plan.earliestApproval)} (within {PROOF_WORKING_DAYS} working
        days); weekends and UK bank holidays are not counted.
      </p>
    </div>
  );
}

/**
 * The product page's and cart's "Need it by" planner: a GET form, so it works without JavaScript
 * and the page's address holds the plan. The product page stores nothing; the cart (`saved`, the
 * checkout's date) also saves the planned date for checkout, as the Shipping step would.
 */
export function NeedByPlanner(props: {
  products: readonly DeliveryTimes[];
  now: Date;
  /** The cart's: the date saved for checkout, which the planner starts on. */
  saved?: { needBy: string | null };
}) {
  const [params] = useSearchParams();
  const needBy = params.get(NEED_BY_PARAM) ?? props.saved?.needBy ?? "";
  const bounds = needByBounds(props.now);
  return (
    <section className="mt-4 rounded-xl border border-slate-200 p-3" aria-labelledby="need-by-heading">
      <h2 id="need-by-heading" className="text-sm font-semibold">
        Need it by a date?
      </h2>
      <Form method="get" replace preventScrollReset noValidate className="mt-2 flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-medium">Need it by</span>
          <input
            key={needBy}
            type="date"
            name={NEED_BY_PARAM}
            defaultValue={needBy}
            min={bounds.min}
            max={bounds.max}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <button type="submit" className={buttonClass("secondary")}>
          Plan my dates
        </button>
      </Form>
      {needBy ? <NeedByPlan products={props.products} needBy={needBy} now={props.now} /> : null}
      {props.saved && parseNeedBy(needBy, props.now).ok ? (
        <SaveNeedBy needBy={needBy.trim()} saved={props.saved.needBy} />
      ) : null}
    </section>
  );
}

/** The cart's save of the planned date for checkout (POST /cart, intent need-by), or its removal. */
function SaveNeedBy({ needBy, saved }: { needBy: string; saved: string | null }) {
  const fetcher = useFetcher<{ error?: { message: string } }>();
  const isSaved = saved === needBy;
  const error = fetcher.state === "idle" ? fetcher.data?.error?.message : undefined;
  return (
    <fetcher.Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="need-by" />
      <input type="hidden" name="needBy" value={isSaved ? "" : needBy} />
      {isSaved ? (
        <p role="status" className="text-sm font-medium text-green-800">
          Saved for your checkout: the Shipping step plans for {formatDisplayDate(needBy)}.
        </p>
      ) : null}
      <button type="submit" className={buttonClass(isSaved ? "ghost" : "secondary")}>
        {isSaved ? "Remove the date" : "Save this date for checkout"}
      </button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * The Shipping step's "Need it by" (decision 017): saved with the checkout by the step's autosave. A
 * date that cannot be planned for is shown with its reason and kept in the box, but not saved.
 */
export function NeedByField(props: {
  products: readonly DeliveryTimes[];
  now: Date;
  value: string | null;
  onChange: (needBy: string | null) => void;
}) {
  const [text, setText] = useState(props.value ?? "");
  const bounds = needByBounds(props.now);
  const id = useId();
  const update = (next: string) => {
    setText(next);
    if (next.trim() === "") props.onChange(null);
    else {
      const parsed = parseNeedBy(next, props.now);
      if (parsed.ok) props.onChange(parsed.needBy);
    }
  };
  return (
    <div data-testid="need-by-field">
      <label htmlFor={id} className="block text-sm font-medium">
        Need it by (optional)
      </label>
      <p className="text-xs text-muted">
        The date your order must be in your hands; we work out when to approve the proof.
      </p>
      <input
        id={id}
        type="date"
        value={text}
        min={bounds.min}
        max={bounds.max}
        onChange={(e) => update(e.target.value)}
        className="mt-1 rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
      {text ? <NeedByPlan products={props.products} needBy={text} now={props.now} /> : null}
    </div>
  );
}
