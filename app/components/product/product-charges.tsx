/**
 * The product page's set-up fees and surcharges (decision 088): every one the operator set, what it
 * costs and when it applies, so a buyer knows before choosing a method or a customisation.
 */
import { chargeBasisText, chargeCondition, type ProductCharge } from "~/domain/pricing/charges";
import { Price } from "../ui/price";

export function ProductCharges({ charges }: { charges: readonly ProductCharge[] }) {
  if (charges.length === 0) return null;
  return (
    <section aria-labelledby="charges-heading" className="mt-3 rounded-2xl border border-slate-200 p-4 text-sm">
      <h2 id="charges-heading" className="font-semibold">
        Set-up fees and surcharges
      </h2>
      <ul className="mt-2 space-y-1">
        {charges.map((charge) => (
          <li key={`${charge.name}:${charge.when}`} className="flex justify-between gap-3" data-testid="product-charge">
            <span>
              {charge.name}
              {chargeCondition(charge) ? <span className="text-muted"> ({chargeCondition(charge)})</span> : null}
            </span>
            <span className="whitespace-nowrap">
              <Price pence={charge.pence} /> {chargeBasisText(charge)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
