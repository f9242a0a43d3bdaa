/**
 * The product page's quantity and pricing calculator: the quantity stepper, the price tiers and the
 * price-break hint.
 */
import { Fragment, useEffect, useId, useRef, useState } from "react";
import { chargeBasisText, chargesPence, chargeTotalPence, type ProductCharge } from "~/domain/pricing/charges";
import { formatUnitInMode } from "~/domain/pricing/price-mode";
import { lineTotalPence, type PriceTier, savingsMessage, tierFor, unitPricePence } from "~/domain/pricing/pricing";
import { commitQuantityInput, isTransientQuantityInput, stepQuantity } from "~/domain/pricing/quantity";
import { PriceBreakHint } from "./price-break-hint";
import { Price, UnitPrice, VatLabel } from "../ui/price";
import { usePriceMode } from "../ui/root-data";
import { usePressAndHold } from "../ui/use-press-and-hold";

/** The detail page's quantity and pricing calculator (R-PDP-04..11), with the price-break hint. */
export function QuantityCalculator(props: {
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  moq: number;
  max: number;
  /** The product's tiers, each labelled with the band it really prices ('50–99', '400+'). */
  tiers: readonly PriceTier[];
  /** The set-up fees and surcharges the buyer's choices carry (decision 088), counted in the total. */
  charges?: readonly ProductCharge[];
}) {
  const { quantity, moq, max, tiers } = props;
  const charges = props.charges ?? [];
  const [text, setText] = useState(String(quantity));
  const inputId = useId();
  useEffect(() => setText(String(quantity)), [quantity]);

  const change = (next: number) => props.onQuantityChange(next);
  // The quantity each held step starts from: two steps due before the page re-renders (a busy
  // phone, a catching-up timer) must each count, not both step from the same rendered value.
  const stepFrom = useRef(quantity);
  stepFrom.current = quantity;
  const step = (by: 1 | -1) => () => {
    stepFrom.current = stepQuantity(stepFrom.current, by, moq, max);
    change(stepFrom.current);
  };
  const minus = usePressAndHold(step(-1));
  const plus = usePressAndHold(step(1));

  const unit = unitPricePence(tiers, quantity);
  const savings = savingsMessage(tiers, quantity);
  const current = tierFor(tiers, quantity);
  const mode = usePriceMode();

  function commit() {
    const next = commitQuantityInput(text, quantity, moq, max);
    setText(String(next));
    if (next !== quantity) change(next);
  }

  return (
    <div className="rounded-2xl border border-slate-200 p-5">
      <label htmlFor={inputId} className="text-sm font-semibold">
        Quantity{" "}
        <span className="font-normal text-muted">
          (min {moq}, max {max.toLocaleString("en-GB")})
        </span>
      </label>
      <div className="mt-2 flex items-center gap-2">
        <button
          type="button"
          aria-label="Decrease quantity"
          disabled={quantity <= moq}
          className="h-11 w-11 rounded-lg border border-slate-300 text-xl font-bold hover:border-brand disabled:opacity-40"
          {...minus}
        >
          −
        </button>
        <input
          id={inputId}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            if (isTransientQuantityInput(value)) return; // R-PDP-06: empty or 0 changes nothing
            const typed = Number(value);
            if (/^\d+$/.test(value.trim()) && typed >= moq && typed <= max) change(typed);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            }
          }}
          className="h-11 w-28 rounded-lg border border-slate-300 text-center text-lg font-semibold"
        />
        <button
          type="button"
          aria-label="Increase quantity"
          disabled={quantity >= max}
          className="h-11 w-11 rounded-lg border border-slate-300 text-xl font-bold hover:border-brand disabled:opacity-40"
          {...plus}
        >
          +
        </button>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm" aria-live="polite">
        <dt className="text-muted">Unit price</dt>
        <dd className="text-right font-semibold">
          <UnitPrice pence={unit} testId="unit-price" />
        </dd>
        {charges.map((charge) => (
          <Fragment key={`${charge.name}:${charge.when}`}>
            <dt className="text-muted">
              {charge.name} ({chargeBasisText(charge)})
            </dt>
            <dd className="text-right" data-testid="calculator-charge">
              <Price pence={chargeTotalPence(charge, quantity)} />
            </dd>
          </Fragment>
        ))}
        <dt className="text-muted">Total ({quantity.toLocaleString("en-GB")} units)</dt>
        <dd className="text-right text-lg font-bold">
          <Price pence={lineTotalPence(unit, quantity) + chargesPence(charges, quantity)} testId="line-total" />
        </dd>
      </dl>
      {savings ? (
        <p className="mt-2 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-balance text-green-900">
          {savings}
        </p>
      ) : null}
      <PriceBreakHint tiers={tiers} quantity={quantity} onApply={change} />

      <table className="mt-4 w-full text-sm">
        <caption className="mb-1 text-left font-semibold">
          Price per unit by quantity <VatLabel mode={mode} />
        </caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="py-1 font-medium">
              Quantity
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Unit price
            </th>
          </tr>
        </thead>
        <tbody>
          {tiers.map((tier) => {
            const active = tier === current;
            return (
              <tr
                key={tier.label}
                className={active ? "bg-brand-soft font-semibold" : ""}
                aria-current={active ? "true" : undefined}
              >
                <td className="px-1 py-1">{tier.label}</td>
                <td className="px-1 py-1 text-right">{formatUnitInMode(tier.unitPence, mode)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
