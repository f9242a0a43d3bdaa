/** The price-break hint wherever a quantity is chosen: "Add 1 more and pay £642.50 less", changed in one click. */
import { useEffect, useRef, useState } from "react";
import { formatPence } from "~/domain/core/money";
import { type PriceTier, priceBreakHint } from "~/domain/pricing/pricing";
import { useShownPrices, VatLabel } from "../ui/price";

/**
 * "Add 1 more and pay £642.50 less" as a one-click change, wherever a quantity is chosen. The
 * hint sits in a polite live region, so a screen reader hears it appear as the quantity changes
 * without being interrupted. Once the change has landed the button is gone, so focus moves to the
 * confirmation, which is read out and keeps the keyboard user's place.
 */
export function PriceBreakHint(props: {
  tiers: readonly PriceTier[];
  quantity: number;
  onApply: (quantity: number) => void;
  /** While the change is being saved (the cart): the button waits. */
  busy?: boolean;
  /** The order's VAT rate where the ship-to country is known (the cart); else the UK's. */
  vatRate?: number;
}) {
  // The saving as the difference of the line totals the buyer reads, ex or inc VAT (decision 020).
  const prices = useShownPrices(props.vatRate);
  const hint = priceBreakHint(props.tiers, props.quantity, prices.shown);
  const [applied, setApplied] = useState<{ quantity: number; savingPence: number } | null>(null);
  const confirmation = useRef<HTMLParagraphElement>(null);
  const landed = applied !== null && applied.quantity === props.quantity;
  useEffect(() => {
    if (landed) confirmation.current?.focus();
  }, [landed]);

  return (
    <>
      <div aria-live="polite">
        {hint && !landed ? (
          <button
            type="button"
            disabled={props.busy}
            onClick={() => {
              setApplied({ quantity: hint.quantity, savingPence: hint.savingPence });
              props.onApply(hint.quantity);
            }}
            className="mt-3 w-full rounded-lg border border-green-300 sm:w-auto bg-green-50 px-3 py-2 text-left text-sm font-semibold text-green-900 underline decoration-green-400 underline-offset-2 hover:bg-green-100 disabled:cursor-wait disabled:opacity-60"
          >
            {hint.message} <VatLabel mode={prices.mode} />
          </button>
        ) : null}
      </div>
      {landed ? (
        <p
          ref={confirmation}
          tabIndex={-1}
          className="mt-3 rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900 sm:w-fit"
        >
          Quantity changed to {applied.quantity.toLocaleString("en-GB")}: you pay {formatPence(applied.savingPence)}{" "}
          less <VatLabel mode={prices.mode} />.
        </p>
      ) : null}
    </>
  );
}
