/** How prices are shown: each amount with its "ex VAT" or "inc VAT" label, as the visitor chose. */
import { formatPence } from "~/domain/core/money";
import { formatUnitInMode, PRICE_MODE_LABELS, type PriceMode, priceInMode } from "~/domain/pricing/price-mode";
import type { ShownPence } from "~/domain/pricing/pricing";
import { usePriceMode } from "./root-data";

/**
 * Every price on screen says whether it is ex or inc VAT (decision 020), the same way: the
 * amount, then a small "ex VAT" or "inc VAT" as text of its own ("£4.50 ex VAT"), so the amount
 * still reads, copies and is found on its own.
 */
export function VatLabel({ mode }: { mode: PriceMode }) {
  return <span className="whitespace-nowrap text-xs font-normal text-muted">{PRICE_MODE_LABELS[mode]}</span>;
}

/** An amount already ex or inc VAT, with its label: the totals, which always show both. */
export function LabelledAmount({ pence, mode, testId }: { pence: number; mode: PriceMode; testId?: string }) {
  return (
    <span className="whitespace-nowrap">
      <span data-testid={testId}>{formatPence(pence)}</span> <VatLabel mode={mode} />
    </span>
  );
}

/**
 * A unit price as this visitor reads prices: inc VAT with the sub-penny digit VAT gives it
 * ('£4.656'), so quantity × unit is the line shown (docs/decisions/041-one-answer-per-question.md).
 */
export function UnitPrice({ pence, vatRate, testId }: { pence: number; vatRate?: number; testId?: string }) {
  const mode = usePriceMode();
  return (
    <span className="whitespace-nowrap">
      <span data-testid={testId}>{formatUnitInMode(pence, mode, vatRate)}</span> <VatLabel mode={mode} />
    </span>
  );
}

/**
 * An ex-VAT price as this visitor reads prices (the header's toggle). `vatRate` is the order's
 * rate where the ship-to country is known (0% for an export); otherwise the UK's.
 */
export function Price({ pence, vatRate, testId }: { pence: number; vatRate?: number; testId?: string }) {
  const mode = usePriceMode();
  return <LabelledAmount pence={priceInMode(pence, mode, vatRate)} mode={mode} testId={testId} />;
}

/**
 * A line's total: `shown` when the page has it from shownLineTotals (its lines add up to the goods
 * shown inc VAT), else the line converted on its own (a line being edited, not yet in the totals).
 */
export function LineTotal(props: { pence: number; shown?: number; vatRate?: number; testId?: string }) {
  const mode = usePriceMode();
  const pence = props.shown ?? priceInMode(props.pence, mode, props.vatRate);
  return <LabelledAmount pence={pence} mode={mode} testId={props.testId} />;
}

/** For a price shown some other way (a card's range, the price-break hint): the conversion and its mode. */
export function useShownPrices(vatRate?: number): {
  mode: PriceMode;
  shown: ShownPence;
  unit: (pence: number) => string;
} {
  const mode = usePriceMode();
  return {
    mode,
    shown: (pence) => priceInMode(pence, mode, vatRate),
    unit: (pence) => formatUnitInMode(pence, mode, vatRate),
  };
}
