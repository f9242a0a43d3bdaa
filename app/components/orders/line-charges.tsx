/** A line's set-up fees and surcharges (decision 088), each with what it adds to the line. */
import { chargeBasisText, chargeTotalPence, type ProductCharge } from "~/domain/pricing/charges";
import { Price } from "../ui/price";

export function LineCharges(props: { charges: readonly ProductCharge[]; quantity: number; vatRate?: number }) {
  if (props.charges.length === 0) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-muted" aria-label="Set-up fees and surcharges">
      {props.charges.map((charge) => (
        <li key={`${charge.name}:${charge.when}`} className="flex justify-between gap-2" data-testid="line-charge">
          <span>
            {charge.name} ({chargeBasisText(charge)})
          </span>
          <Price pence={chargeTotalPence(charge, props.quantity)} vatRate={props.vatRate} />
        </li>
      ))}
    </ul>
  );
}
