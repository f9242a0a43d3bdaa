/**
 * The operator's closures (docs/decisions/078-shop-closures.md): days the shop does not work
 * besides weekends and bank holidays, such as a shutdown week or a holiday proclaimed after the
 * rules (a coronation). Each is counted by the date engine (working-days.ts) like a bank holiday,
 * so every promise, proof due date and ship-by day moves past it. No I/O:
 * app/server/admin/shop-closures.server.ts keeps them.
 */
import { addDays, formatDisplayDate, type IsoDate } from "../core/dates";
import { isCalendarDate } from "../core/form-rules";
import { bankHolidaysOf, type Closure } from "../core/working-days";

/** A closure longer than this is a typing slip: a longer shutdown is two closures. */
export const CLOSURE_MAX_DAYS = 31;
/** How far ahead a closure may start: two years, as far as anyone plans a shutdown. */
export const CLOSURE_MAX_DAYS_AHEAD = 731;
/** Closures still to come (or under way) at one time; more is a calendar, not a closure. */
export const CLOSURES_AHEAD_MAX = 50;
export const CLOSURE_REASON_MAX = 80;

export type ClosureRefusal = { ok: false; field: "from" | "to" | "reason"; message: string };

export const CLOSURE_MESSAGES = {
  fromMissing: "Enter the first day the shop is closed, for example 2027-08-16.",
  toMissing: "Enter the last day the shop is closed, or leave it empty for one day.",
  past: "A closure starts today or later: the dates already promised before today stay as they were.",
  tooFar: (latest: IsoDate) => `A closure starts within two years, by ${formatDisplayDate(latest)} at the latest.`,
  backwards: "The last day comes on or after the first day.",
  tooLong: `A closure lasts at most ${CLOSURE_MAX_DAYS} days: add a longer shutdown as two closures.`,
  reasonMissing: "Say why the shop is closed: buyers and staff see it beside the dates.",
  reasonTooLong: `Keep the reason to ${CLOSURE_REASON_MAX} characters.`,
  overlap: (other: Closure) =>
    `These days overlap the closure "${other.reason}" (${formatClosureDays(other)}): change or remove that one instead.`,
  tooMany: `The shop has ${CLOSURES_AHEAD_MAX} closures still to come: remove one before adding another.`,
} as const;

/** "Mon, Aug 16, 2027", or "Mon, Aug 16, 2027 to Fri, Aug 20, 2027" for several days. */
export function formatClosureDays(closure: Pick<Closure, "from" | "to">): string {
  return closure.from === closure.to
    ? formatDisplayDate(closure.from)
    : `${formatDisplayDate(closure.from)} to ${formatDisplayDate(closure.to)}`;
}

/**
 * The closure form's fields (`from`, `to` empty for one day, `reason`) checked against today and
 * the closures already set: it starts today or later and within two years, ends on or after its
 * start, lasts at most 31 days, overlaps none, and leaves at most 50 to come.
 */
export function readClosureForm(
  fields: Readonly<Record<string, string | undefined>>,
  context: { today: IsoDate; closures: readonly Closure[] },
): { ok: true; closure: Closure } | ClosureRefusal {
  const from = (fields.from ?? "").trim();
  if (!isCalendarDate(from)) return { ok: false, field: "from", message: CLOSURE_MESSAGES.fromMissing };
  const rawTo = (fields.to ?? "").trim();
  const to = rawTo === "" ? from : rawTo;
  if (!isCalendarDate(to)) return { ok: false, field: "to", message: CLOSURE_MESSAGES.toMissing };
  if (from < context.today) return { ok: false, field: "from", message: CLOSURE_MESSAGES.past };
  const latest = addDays(context.today, CLOSURE_MAX_DAYS_AHEAD);
  if (from > latest) return { ok: false, field: "from", message: CLOSURE_MESSAGES.tooFar(latest) };
  if (to < from) return { ok: false, field: "to", message: CLOSURE_MESSAGES.backwards };
  if (to > addDays(from, CLOSURE_MAX_DAYS - 1)) return { ok: false, field: "to", message: CLOSURE_MESSAGES.tooLong };
  const reason = (fields.reason ?? "").replace(/\s+/g, " ").trim();
  if (reason === "") return { ok: false, field: "reason", message: CLOSURE_MESSAGES.reasonMissing };
  if (reason.length > CLOSURE_REASON_MAX)
    return { ok: false, field: "reason", message: CLOSURE_MESSAGES.reasonTooLong };
  const other = context.closures.find((closure) => closure.from <= to && from <= closure.to);
  if (other) return { ok: false, field: "from", message: CLOSURE_MESSAGES.overlap(other) };
  if (context.closures.filter((closure) => closure.to >= context.today).length >= CLOSURES_AHEAD_MAX)
    return { ok: false, field: "from", message: CLOSURE_MESSAGES.tooMany };
  return { ok: true, closure: { from, to, reason } };
}

/** A day the shop is shut, for the calendar staff read: a bank holiday, or a closure with its id. */
export type ClosedDay = { from: IsoDate; to: IsoDate; reason: string; id: string | null };

/**
 * What staff see on the closures page: the bank holidays from today to the end of next year and
 * the closures still to come, in date order. Bank holidays are named by the rules that make them
 * (working-days.ts); a holiday falling inside a closure is listed apart, so both are visible.
 */
export function upcomingClosedDays(today: IsoDate, closures: readonly (Closure & { id: string })[]): ClosedDay[] {
  const year = Number(today.slice(0, 4));
  const holidays = [...bankHolidaysOf(year), ...bankHolidaysOf(year + 1)]
    .filter((day) => day >= today)
    .map((day): ClosedDay => ({ from: day, to: day, reason: "Bank holiday", id: null }));
  const ahead = closures
    .filter((closure) => closure.to >= today)
    .map(({ from, to, reason, id }): ClosedDay => ({ from, to, reason, id }));
  return [...holidays, ...ahead].sort((a, b) => (a.from === b.from ? 0 : a.from < b.from ? -1 : 1));
}
