/**
 * How long a lead time can take, in days, read from the words buyers see ("2-3 weeks", "9 days",
 * "3.5 weeks", "10 working days"): the longest reading, so "lead time ≤ 3 weeks" never shows a
 * product that may take longer. Migration 0037 reads the saved ones the same way.
 */
const LEAD_TIME = /(\d{1,3}(?:\.\d{1,2})?)\s*(working\s+)?(days?|weeks?)/i;

/** The lead time's longest reading in days, or null when it names no days or weeks. */
export function leadDaysOf(leadTime: string): number | null {
  const match = LEAD_TIME.exec(leadTime);
  if (!match) return null;
  const [, amount = "", working, unit = ""] = match;
  const days = Number(amount) * (unit.toLowerCase().startsWith("week") ? 7 : 1) * (working ? 7 / 5 : 1);
  // Ceil of a value rounded to 9 places: 10 working days are 14 days, not 14.000000000000002.
  return Math.ceil(Math.round(days * 1e9) / 1e9);
}
