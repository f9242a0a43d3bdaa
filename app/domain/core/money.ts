/**
 * Money helpers. Every amount the app computes with is an integer number of pence
 * (R-CALC-18); pounds only appear in the catalogue's price text and on screen.
 */

// One shared formatter: constructing Intl formatters is costly and this runs per rendered price.
const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

// Unit prices inc VAT keep the sub-penny digits they carry (docs/decisions/041-one-answer-per-question.md).
const GBP_EXACT = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

/**
 * An exact amount in hundredths of a penny, with as many digits as it needs and at least two:
 * 46560 → '£4.656', 66000 → '£6.60', 12345 → '£1.2345'. Integer in, so nothing is rounded.
 */
export function formatHundredthsOfPence(hundredths: number): string {
  if (!Number.isSafeInteger(hundredths)) throw new RangeError(`Not a whole number of hundredths: ${hundredths}`);
  return GBP_EXACT.format(hundredths / 10_000);
}

/** '£1,884.00' from 188400. */
export function formatPence(pence: number): string {
  if (!Number.isFinite(pence)) throw new RangeError(`Cannot format ${pence} pence`);
  return GBP.format(pence / 100);
}

/** '1884.00' from 188400: what a bank's amount field takes, digits and a point, no '£' or commas. */
export function plainPounds(pence: number): string {
  if (!Number.isFinite(pence)) throw new RangeError(`Cannot format ${pence} pence`);
  return (pence / 100).toFixed(2);
}

/**
 * '£' and exactly two decimals (R-CALC-03: 5.5 → '£5.50', 4.689 → '£4.69'). Goes through pence so
 * a value such as 1.945 (a range midpoint, REQUIREMENTS C.5) shows as '£1.95', not '£1.94'.
 */
export function formatPounds(pounds: number): string {
  return formatPence(poundsToPence(pounds));
}

/**
 * Pounds → whole pence, half away from zero. `Math.round(1.005 * 100)` gives 100 because the
 * product is 100.49999999999999; trimming to 15 significant digits (the precision a double
 * actually carries) removes that binary noise before rounding.
 */
export function poundsToPence(pounds: number): number {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not an amount of money: ${pounds}`);
  const scaled = Number((Math.abs(pounds) * 100).toPrecision(15));
  const pence = Math.floor(scaled + 0.5);
  return pounds < 0 && pence !== 0 ? -pence : pence;
}

/**
 * An amount as staff type it ("318.60", "£1,234.5", "40") in whole pence, or null when it is not
 * pounds with at most two decimals, or is nothing or more than £10,000,000.
 */
export function typedPence(raw: string): number | null {
  const match = /^£?(\d{1,8})(?:\.(\d{1,2}))?$/.exec(raw.replace(/[\s,]/g, ""));
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return pence >= 1 && pence <= 1_000_000_000 ? pence : null;
}

/**
 * `percent`% of an integer pence amount, rounded half-up to the penny (R-CALC-16), in integer
 * arithmetic so large orders cannot pick up float error. Negative amounts round away from zero.
 */
export function percentOfPence(pence: number, percent: number): number {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`Pence must be a whole number: ${pence}`);
  if (!Number.isSafeInteger(percent)) throw new RangeError(`Percent must be a whole number: ${percent}`);
  const magnitude = Math.floor((Math.abs(pence) * Math.abs(percent) + 50) / 100);
  const negative = pence < 0 !== percent < 0;
  return negative && magnitude !== 0 ? -magnitude : magnitude;
}
