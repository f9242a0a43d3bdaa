/**
 * A product's price bands as the operator edits them (a table of rows, in the back office or a
 * supplier's CSV), checked as a table before they are saved: the rule the catalogue's editor and
 * its import share. A band is "from N units, to M units (or open), this much each".
 */
import { formatPence } from "../core/money";
import { bandLabel, type PriceTier, type TierRange } from "./pricing";

/** One band as typed: `to` is the last quantity it sells, null for an open band ("400+"). */
export type TierRow = { from: number; to: number | null; unitPence: number };

/** Something that stops the table being saved; `row` is 1-based, null for the table as a whole. */
export type TierProblem = { row: number | null; field: "from" | "to" | "unitPence" | null; message: string };

export type TierTableCheck = {
  problems: TierProblem[];
  /** Allowed, but worth a second look before saving. */
  warnings: string[];
};

/** Price bands a product may have: more than the few a supplier publishes would be a mistake. */
export const MAX_TIER_ROWS = 20;

/** '50–99', '400+', '50' (a band of one quantity), as the product page labels bands. */
export function tierRowLabel({ from, to }: Pick<TierRow, "from" | "to">): string {
  if (to === null) return `${from}+`;
  return to === from ? `${from}` : `${from}–${to}`;
}

const isWhole = (value: number) => Number.isSafeInteger(value);

/** The problems of one row on its own, before it is compared with its neighbours. */
function rowProblems(row: TierRow, index: number): TierProblem[] {
  const n = index + 1;
  const problems: TierProblem[] = [];
  if (!isWhole(row.from) || row.from < 1) {
    problems.push({ row: n, field: "from", message: `Band ${n}: "from" must be a whole number of units, 1 or more.` });
  }
  if (row.to !== null && (!isWhole(row.to) || row.to < 1)) {
    problems.push({
      row: n,
      field: "to",
      message: `Band ${n}: "to" must be a whole number of units, or empty for an open band.`,
    });
  } else if (row.to !== null && isWhole(row.from) && row.to < row.from) {
    problems.push({ row: n, field: "to", message: `Band ${n}: "to" (${row.to}) is below "from" (${row.from}).` });
  }
  if (!isWhole(row.unitPence) || row.unitPence <= 0) {
    problems.push({ row: n, field: "unitPence", message: `Band ${n}: the unit price must be more than £0.00.` });
  }
  return problems;
}

/**
 * Checks a product's bands against its minimum order: the bands ascend, do not overlap, only the
 * last may be open, the first starts at the MOQ, and each price is positive. A band dearer per
 * unit than the one before it, or quantities between two bands that no band prices, are allowed
 * and warned about.
 */
export function checkTierTable(rows: readonly TierRow[], moq: number): TierTableCheck {
  if (rows.length === 0) {
    return { problems: [{ row: null, field: null, message: "Add at least one price band." }], warnings: [] };
  }
  if (rows.length > MAX_TIER_ROWS) {
    return {
      problems: [{ row: null, field: null, message: `A product can have at most ${MAX_TIER_ROWS} price bands.` }],
      warnings: [],
    };
  }
  const problems = rows.flatMap(rowProblems);
  if (problems.length > 0) return { problems, warnings: [] };

  const warnings: string[] = [];
  const first = rows[0] as TierRow;
  if (first.from !== moq) {
    problems.push({
      row: 1,
      field: "from",
      message: `Band 1 starts at ${first.from}, but the minimum order is ${moq}: start it at ${moq}.`,
    });
  }
  rows.forEach((row, index) => {
    const before = rows[index - 1];
    if (before === undefined) return;
    const n = index + 1;
    if (before.to === null) {
      problems.push({ row: index, field: "to", message: `Band ${index}: only the last band can be open-ended.` });
      return;
    }
    if (row.from <= before.from) {
      problems.push({
        row: n,
        field: "from",
        message: `Band ${n} starts at ${row.from}, not above band ${index} (${tierRowLabel(before)}): bands go from small quantities to large.`,
      });
      return;
    }
    if (row.from <= before.to) {
      problems.push({
        row: n,
        field: "from",
        message: `Band ${n} (${tierRowLabel(row)}) overlaps band ${index} (${tierRowLabel(before)}): start it at ${before.to + 1}.`,
      });
      return;
    }
    if (row.from > before.to + 1) {
      const gap = tierRowLabel({ from: before.to + 1, to: row.from - 1 });
      warnings.push(`No band prices ${gap} units: they are charged at ${tierRowLabel(before)}'s price.`);
    }
    if (row.unitPence > before.unitPence) {
      warnings.push(
        `${tierRowLabel(row)} costs more per unit than ${tierRowLabel(before)} (${formatPence(row.unitPence)} against ${formatPence(before.unitPence)}).`,
      );
    }
  });
  return { problems, warnings };
}

/**
 * The bands as the pages and the server price them: a band runs until the next one starts, and the
 * last one is open or ends at its `to`, the most a buyer may order (pricing.ts's maxQuantity).
 */
export function priceTiersOf(rows: readonly TierRow[]): PriceTier[] {
  const ranges: TierRange[] = rows.map((row, index) => ({ min: row.from, max: rows[index + 1]?.from ?? row.to }));
  return ranges.map((range, index) => ({
    label: bandLabel(range, ranges[index + 1]),
    ...range,
    unitPence: (rows[index] as TierRow).unitPence,
  }));
}

/** The bands as rows again: each runs to the quantity before the next one starts (priceTiersOf's inverse). */
export function tierRowsOf(tiers: readonly PriceTier[]): TierRow[] {
  return tiers.map((tier, index) => {
    const next = tiers[index + 1];
    return { from: tier.min, to: next ? next.min - 1 : tier.max, unitPence: tier.unitPence };
  });
}

/** A product's lowest and highest unit price over its bands, in pence (cards, sorting and the back office). */
export function unitPriceRange(tiers: readonly Pick<PriceTier, "unitPence">[]): { low: number; high: number } {
  const pence = tiers.map((tier) => tier.unitPence);
  return { low: Math.min(...pence), high: Math.max(...pence) };
}
