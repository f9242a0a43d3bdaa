/**
 * Working days in England and Wales (decision 017): weekends and the bank holidays below are
 * not working days. Production and transit are counted in working days by the date engine built
 * on this. Dates are ISO 'YYYY-MM-DD' strings, as in delivery.ts.
 */
import { addDays, dayOfWeek, type IsoDate } from "./dates";

/**
 * England and Wales bank holidays, 2025 to 2028, with the substitute days the government
 * announces when a holiday falls on a weekend (gov.uk/bank-holidays). Outside these years only
 * weekends are skipped: an estimate a few days short beats a page that fails. Add each year when
 * gov.uk publishes it.
 */
export const BANK_HOLIDAYS: ReadonlySet<IsoDate> = new Set([
  // 2025
  "2025-01-01",
  "2025-04-18",
  "2025-04-21",
  "2025-05-05",
  "2025-05-26",
  "2025-08-25",
  "2025-12-25",
  "2025-12-26",
  // 2026: Boxing Day is a Saturday, so Monday 28 December is the substitute.
  "2026-01-01",
  "2026-04-03",
  "2026-04-06",
  "2026-05-04",
  "2026-05-25",
  "2026-08-31",
  "2026-12-25",
  "2026-12-28",
  // 2027: Christmas Day and Boxing Day fall on the weekend; Monday 27 and Tuesday 28 December.
  "2027-01-01",
  "2027-03-26",
  "2027-03-29",
  "2027-05-03",
  "2027-05-31",
  "2027-08-30",
  "2027-12-27",
  "2027-12-28",
  // 2028: New Year's Day is a Saturday, so Monday 3 January is the substitute.
  "2028-01-03",
  "2028-04-14",
  "2028-04-17",
  "2028-05-01",
  "2028-05-29",
  "2028-08-28",
  "2028-12-25",
  "2028-12-26",
]);

/** Monday to Friday and not a bank holiday (only weekends count outside the table's years). */
export function isWorkingDay(iso: IsoDate): boolean {
  const weekday = dayOfWeek(iso);
  return weekday !== 0 && weekday !== 6 && !BANK_HOLIDAYS.has(iso);
}

/**
 * The date `days` working days after `from` (`from` itself never counts): 0 is `from` if it is a
 * working day, else the next one, so work that starts on a holiday starts the day after.
 */
export function addWorkingDays(from: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Working days must be a whole number ≥ 0: ${days}`);
  let date = from;
  while (!isWorkingDay(date)) date = addDays(date, 1);
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    if (isWorkingDay(date)) left--;
  }
  return date;
}

/**
 * The inverse of `addWorkingDays` for planning backwards (decision 017): the latest working day `d`
 * with `addWorkingDays(d, days)` on or before `to`. A `to` that is not a working day counts from
 * the working day before it, since nothing arrives on a weekend or a holiday.
 */
export function subtractWorkingDays(to: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Working days must be a whole number ≥ 0: ${days}`);
  let date = to;
  while (!isWorkingDay(date)) date = addDays(date, -1);
  for (let left = days; left > 0; ) {
    date = addDays(date, -1);
    if (isWorkingDay(date)) left--;
  }
  return date;
}
