/**
 * Working days in England and Wales (decision 017): weekends, the bank holidays below and the
 * days the operator has closed the shop (decision 078) are not working days. Production and
 * transit are counted in working days by the date engine built on this. Dates are ISO
 * 'YYYY-MM-DD' strings, as in delivery.ts.
 */
import { addDays, dayOfWeek, type IsoDate } from "./dates";

/**
 * Easter Sunday of a year in the Gregorian calendar (the anonymous algorithm of Meeus, Jones and
 * Butcher), from which Good Friday and Easter Monday follow.
 */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoOf(year, month, day);
}

const isoOf = (year: number, month: number, day: number): IsoDate =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The first (n = 1) or last (n = -1) Monday of a month. */
function monday(year: number, month: number, n: 1 | -1): IsoDate {
  if (n === 1) {
    const first = isoOf(year, month, 1);
    return addDays(first, (8 - dayOfWeek(first)) % 7);
  }
  const last = addDays(month === 12 ? isoOf(year + 1, 1, 1) : isoOf(year, month + 1, 1), -1);
  return addDays(last, -((dayOfWeek(last) + 6) % 7));
}

/**
 * Holidays proclaimed apart from the rules: a rule's day moved (the early May holiday for VE Day's
 * 75th anniversary, the spring holiday for the Platinum Jubilee) and days added (the Jubilee, the
 * Queen's funeral, the Coronation). A proclamation is announced months ahead; until it is added
 * here, the operator adds it as a closure (setClosures below).
 */
const MOVED: Readonly<Record<IsoDate, IsoDate>> = { "2020-05-04": "2020-05-08", "2022-05-30": "2022-06-02" };
const ADDED: readonly IsoDate[] = ["2022-06-03", "2022-09-19", "2023-05-08"];

/**
 * England and Wales bank holidays of a year (decision 017), by the rules gov.uk publishes them
 * under: New Year's Day, Good Friday, Easter Monday, the first and last Mondays of May, the last
 * Monday of August, Christmas Day and Boxing Day; a holiday on a weekend moves to the next
 * weekday that is not already one (the substitute day).
 */
export function bankHolidaysOf(year: number): readonly IsoDate[] {
  let days = holidays.get(year);
  if (days) return days;
  const next = (day: IsoDate, taken: readonly IsoDate[]) => {
    let date = day;
    while (dayOfWeek(date) === 0 || dayOfWeek(date) === 6 || taken.includes(date)) date = addDays(date, 1);
    return date;
  };
  const easter = easterSunday(year);
  const christmas = next(isoOf(year, 12, 25), []);
  days = [
    next(isoOf(year, 1, 1), []),
    addDays(easter, -2),
    addDays(easter, 1),
    monday(year, 5, 1),
    monday(year, 5, -1),
    monday(year, 8, -1),
    christmas,
    next(isoOf(year, 12, 26), [christmas]),
  ].map((day) => MOVED[day] ?? day);
  days.push(...ADDED.filter((day) => day.startsWith(`${year}-`)));
  days.sort();
  holidays.set(year, days);
  return days;
}

const holidays = new Map<number, IsoDate[]>();

/** Days the operator closed the shop besides the bank holidays: a shutdown week, a proclaimed holiday. */
export type Closure = { from: IsoDate; to: IsoDate; reason: string };

/** The closed days of the closures last set: one calendar per process, and one per browser tab. */
let closedDays: ReadonlySet<IsoDate> = new Set();
let closedKey = "";

/**
 * Sets the closures every date below counts with (decision 078). The server sets them from the
 * catalogue's copy whenever it reloads; the browser from the root loader's data before a page
 * renders, so both count the same days.
 */
export function setClosures(closures: readonly Closure[]): void {
  const key = closures.map((closure) => `${closure.from}/${closure.to}`).join(",");
  if (key === closedKey) return;
  const days = new Set<IsoDate>();
  for (const closure of closures) {
    for (let day = closure.from; day <= closure.to; day = addDays(day, 1)) days.add(day);
  }
  closedDays = days;
  closedKey = key;
}

/** Monday to Friday, not a bank holiday, and not a day the shop is closed. */
export function isWorkingDay(iso: IsoDate): boolean {
  const weekday = dayOfWeek(iso);
  return (
    weekday !== 0 && weekday !== 6 && !closedDays.has(iso) && !bankHolidaysOf(Number(iso.slice(0, 4))).includes(iso)
  );
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
