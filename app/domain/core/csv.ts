/**
 * CSV for the back office's exports. RFC 4180: fields separated by commas,
 * records by CRLF, a field quoted when it holds a comma, a quote, CR or LF, and quotes inside
 * doubled. Pure: no I/O.
 *
 * The exports hold text strangers typed into public forms, and staff open them in a spreadsheet,
 * which runs a cell starting with '=', '+', '-' or '@' as a formula (OWASP "CSV injection"). Such
 * a text cell is written with a leading apostrophe, which spreadsheets show as plain text. A leading
 * tab or carriage return counts on its own (OWASP), and so does any whitespace or line break before
 * one of the four, because spreadsheets skip it before looking for a formula (docs/security.md).
 * Numbers are written as numbers: a negative amount is not a formula.
 */

export type CsvValue = string | number | boolean | Date | null | undefined;

const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text, guarded and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  const text = value instanceof Date ? value.toISOString() : FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the header record, then one record per row, every record ending in CRLF. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string {
  return [header, ...rows].map((record) => `${record.map(csvCell).join(",")}\r\n`).join("");
}
