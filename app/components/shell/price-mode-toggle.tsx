/** The header's "ex VAT / inc VAT" switch for every price the visitor reads. */
import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import { isPriceMode, PRICE_MODE_LABELS, PRICE_MODES } from "~/domain/pricing/price-mode";
import { usePriceMode } from "../ui/root-data";

/**
 * The header's "ex VAT / inc VAT" switch (decision 020): two buttons, the current one pressed.
 * It is a form posting to /prices, which remembers the choice in a cookie and comes back to this
 * page, so it works before the page's script has loaded or without it. With the script, a fetcher
 * posts it and the page's prices change in place, keeping the scroll position; the pressed button
 * follows the click at once.
 */
export function PriceModeToggle({ className = "" }: { className?: string }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const labelId = useId();
  const saved = usePriceMode();
  const asked = fetcher.formData?.get("mode");
  const current = isPriceMode(asked) ? asked : saved;

  return (
    <fetcher.Form
      method="post"
      action="/prices"
      preventScrollReset
      className={`flex items-center gap-1.5 ${className}`}
    >
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {/* Below 360 px the buttons say it all and the search box needs the room; readers still hear "Prices". */}
      <span id={labelId} className="text-xs font-medium text-muted max-[359px]:sr-only">
        Prices
      </span>
      <div role="group" aria-labelledby={labelId} className="inline-flex rounded-lg border border-slate-300 p-0.5">
        {PRICE_MODES.map((mode) => (
          <button
            key={mode}
            type="submit"
            name="mode"
            value={mode}
            aria-pressed={current === mode}
            className={`whitespace-nowrap rounded-md px-2 py-1 text-xs font-semibold ${
              current === mode ? "bg-brand text-white" : "text-ink hover:bg-slate-100"
            }`}
          >
            {PRICE_MODE_LABELS[mode]}
          </button>
        ))}
      </div>
    </fetcher.Form>
  );
}
