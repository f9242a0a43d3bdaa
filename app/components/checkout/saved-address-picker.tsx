/** "Use an address from an earlier order" on the checkout's address forms. */
import { useId } from "react";
import { addressLabel } from "~/domain/checkout/checkout-prefill";
import type { BillingAddress, ShippingAddress } from "~/domain/checkout/draft-schemas";

/**
 * "Use an address from an earlier order": a choice of the addresses the buyer
 * (or their organisation) used before, newest first; choosing one fills the form, which the step
 * then saves like anything typed. Nothing shows when there are none.
 */
export function SavedAddressPicker<A extends BillingAddress | ShippingAddress>({
  addresses,
  label,
  onPick,
}: {
  addresses: readonly A[];
  label: string;
  onPick: (address: A) => void;
}) {
  const id = useId();
  if (addresses.length === 0) return null;
  return (
    <div className="sm:col-span-2" data-testid="saved-addresses">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        value=""
        onChange={(event) => {
          const chosen = addresses[Number(event.target.value)];
          if (chosen) onPick({ ...chosen });
        }}
      >
        <option value="">Choose one to fill in the form…</option>
        {addresses.map((address, index) => (
          <option key={addressLabel(address)} value={String(index)}>
            {addressLabel(address)}
          </option>
        ))}
      </select>
    </div>
  );
}
