/**
 * Calendar dates as ISO 'YYYY-MM-DD' strings, so that no local time zone can shift them, and the
 * one way the shop prints a date (decision 017). The clock is always passed in.
 */

export type IsoDate = string;

const LONDON_DATE = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar date in Europe/London at instant `now` (A-63: one zone on server and client). */
export function londonToday(now: Date): IsoDate {
  const parts = LONDON_DATE.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes): string => {
    const value = parts.find((p) => p.type === type)?.value;
    if (value === undefined) throw new Error(`London date has no ${type}`);
    return value;
  };
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds at UTC midnight of an ISO date; rejects impossible dates such as 2026-02-30. */
function utcMidnight(iso: IsoDate): number {
  const match = ISO_DATE.exec(iso);
  if (match?.[1] === undefined || match[2] === undefined || match[3] === undefined) {
    throw new RangeError(`Not an ISO date: "${iso}"`);
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: "${iso}"`);
  }
  return ms;
}

const DAY_MS = 86_400_000;

/** Calendar arithmetic done at UTC midnight, where no day is 23 or 25 hours long. */
export function addDays(iso: IsoDate, days: number): IsoDate {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be a whole number: ${days}`);
  return new Date(utcMidnight(iso) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday. */
export function dayOfWeek(iso: IsoDate): number {
  return new Date(utcMidnight(iso)).getUTCDay();
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * 'EEE, MMM d, yyyy', e.g. 'Tue, Jan 5, 2027': the one date format of every page, e-mail and
 * export (R-CALC-12, decision 017). The weekday is computed. Built by hand rather than with Intl
 * because ICU versions differ in punctuation, and server and browser must print the same text.
 */
export function formatDisplayDate(iso: IsoDate): string {
  const date = new Date(utcMidnight(iso));
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The London calendar day of an instant, printed: for timestamps such as 'paid at'. */
export function formatDisplayDay(instant: Date | string): string {
  return formatDisplayDate(londonToday(typeof instant === "string" ? new Date(instant) : instant));
}

/** A window of days; a window of one day reads as that day, never 'Sat, Dec 12 – Sat, Dec 12'. */
export function formatDateRange(start: IsoDate, end: IsoDate): string {
  if (start === end) return formatDisplayDate(start);
  return `${formatDisplayDate(start)} – ${formatDisplayDate(end)}`;
}

const LONDON_CLOCK = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** '14:03', the clock in Europe/London at `at`. */
export function formatLondonTime(at: Date): string {
  return LONDON_CLOCK.format(at).slice(0, 5);
}

/** Seconds from `now` to the next Europe/London midnight, near enough for a Retry-After (DST days are an hour off). */
export function secondsToLondonMidnight(now: Date): number {
  const [h = 0, m = 0, s = 0] = LONDON_CLOCK.format(now).split(":").map(Number);
  return Math.max(1, 24 * 60 * 60 - (h * 3600 + m * 60 + s));
}

const LONDON_DATE_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * 'Tue, Jan 5, 2027, 14:03' in Europe/London (A-63), the site's date pattern plus the time: staff
 * need the minute a proof was answered or a status changed, not only the day.
 */
export function formatLondonDateTime(at: Date): string {
  const parts = Object.fromEntries(LONDON_DATE_TIME.formatToParts(at).map((part) => [part.type, part.value]));
  return `${formatDisplayDate(`${parts.year}-${parts.month}-${parts.day}`)}, ${parts.hour}:${parts.minute}`;
}

/**
 * The instant of a Europe/London wall time ('2026-12-01', '14:30'), or null for a time that does
 * not exist there (the hour skipped when the clocks go forward) or a malformed one. In the repeated
 * autumn hour the earlier instant is taken.
 */
export function londonWallTimeToInstant(date: IsoDate, time: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock) return null;
  const [y, mo, d, h, mi] = [match[1], match[2], match[3], clock[1], clock[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  // London is UTC or UTC+1: try the summer offset first so the repeated hour resolves to its first instant.
  for (const offsetHours of [1, 0]) {
    const candidate = new Date(asUtc - offsetHours * 3_600_000);
    const parts = Object.fromEntries(LONDON_DATE_TIME.formatToParts(candidate).map((part) => [part.type, part.value]));
    if (`${parts.year}-${parts.month}-${parts.day}` === date && `${parts.hour}:${parts.minute}` === time)
      return candidate;
  }
  return null;
}
