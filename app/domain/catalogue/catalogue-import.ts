/**
 * A supplier's or an operator's CSV read into the catalogue (docs/decisions/066-catalogue-is-data.md):
 * the export's layout, one row per product (catalogue-csv.ts), read back cell by cell and judged
 * row by row by the editor's own rules (readProductEdit), so a dry run can say of each row what it
 * would create, change or refuse and why ("row 14: price 'abc' is not an amount") before anything
 * is written. An export re-imported as it is changes nothing.
 */
import { PRODUCT_STATUSES, PRODUCT_TAGS, type ProductStatus, type ProductTag } from "~/catalogue/types";
import { oneOf } from "../core/one-of";
import { CATALOGUE_CSV_HEADER } from "./catalogue-csv";
import { NEW_PRODUCT_DETAILS, type ProductDetails, detailsFields } from "./product-details-edit";
import {
  changesBetween,
  colourField,
  type FieldChange,
  isProductId,
  type ProductEdit,
  readProductEdit,
  tagField,
  tierField,
} from "./product-edit";
import { canMoveStatus } from "./product-status";

/** The largest file and the most rows one import takes: a supplier's whole range, not a database dump. */
export const IMPORT_LIMITS = { bytes: 10 * 1024 * 1024, rows: 20_000 } as const;

export const IMPORT_MESSAGES = {
  empty: "The file has no rows: export the catalogue for a file in the layout to start from.",
  notCsv: "Choose a CSV file: a spreadsheet saved as CSV, its name ending in .csv.",
  tooBig: `Choose a CSV file of at most ${IMPORT_LIMITS.bytes / 1024 / 1024} MB.`,
  tooMany: `A file can hold at most ${IMPORT_LIMITS.rows.toLocaleString("en-GB")} products; split it in two.`,
  unclosedQuote: (row: number) => `Row ${row} opens a quote it never closes: check the cell's quotes.`,
  missingColumns: (columns: string[]) =>
    `The file has no ${columns.join(", ")} column${columns.length === 1 ? "" : "s"}: its first row must name the export's columns.`,
} as const;

const CSV_TYPES = new Set(["", "text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"]);

/** Why an uploaded file is no CSV to import, or null: a .csv name, a text type, and no NUL byte. */
export function notACsv(file: { name: string; type: string }, bytes: Uint8Array): string | null {
  if (!/\.csv$/i.test(file.name) || !CSV_TYPES.has(file.type.toLowerCase())) return IMPORT_MESSAGES.notCsv;
  return bytes.includes(0) ? IMPORT_MESSAGES.notCsv : null;
}

/**
 * A file's text: UTF-8 (Excel's "CSV UTF-8", with or without its byte-order mark), else Windows-1252,
 * which Excel's plain "CSV" writes on Windows, so a £ or an é arrives as typed either way.
 */
export function decodeImportBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The columns an import reads; `pictures` (a count in the export) is ignored. */
const READ_COLUMNS = CATALOGUE_CSV_HEADER.filter((column) => column !== "pictures");
type Column = (typeof READ_COLUMNS)[number];

/**
 * The records of a CSV text (RFC 4180, as Excel and the export write it): commas between cells,
 * CRLF or LF between records, quotes around a cell with a comma, a quote or a line break, quotes
 * inside doubled; a byte-order mark is dropped.
 */
export function parseCsv(text: string): { ok: true; records: string[][] } | { ok: false; message: string } {
  const records: string[][] = [];
  let record: string[] = [];
  // Cells are sliced out of the text, not built a character at a time: a 10 MB file stays 10 MB.
  const endOfCell = (from: number) => {
    let at = from;
    while (at < text.length) {
      const code = text.charCodeAt(at);
      if (code === 44 || code === 10 || (code === 13 && text.charCodeAt(at + 1) === 10)) break;
      at += 1;
    }
    return at;
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    let cell = "";
    if (text[i] === '"') {
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) return { ok: false, message: IMPORT_MESSAGES.unclosedQuote(records.length + 1) };
        cell += text.slice(from, quote);
        if (text[quote + 1] !== '"') {
          i = quote + 1;
          break;
        }
        cell += '"';
        from = quote + 2;
      }
    }
    const end = endOfCell(i);
    record.push(cell + text.slice(i, end));
    i = end;
    if (text[i] === ",") {
      i += 1;
      // A comma at the very end leaves an empty last cell.
      if (i === text.length) record.push("");
      continue;
    }
    records.push(record);
    record = [];
    i += text[i] === "\r" ? 2 : 1;
  }
  if (record.length > 0) records.push(record);
  return { ok: true, records: records.filter((r) => r.some((c) => c.trim() !== "")) };
}

/** A cell as typed: the export's guard against spreadsheet formulas (a leading apostrophe) taken off. */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;
const unguard = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** One row of the file, read into the editor's fields, or what makes it unreadable. */
export type ImportRow =
  | { row: number; id: string | null; status: ProductStatus | null; fields: Record<string, string> }
  | { row: number; title: string; errors: string[] };

const isStatus = oneOf(PRODUCT_STATUSES);
const isTag = oneOf(PRODUCT_TAGS);
const BAND = /^(\d{1,7})\s*(?:([-–])\s*(\d{1,7})|\+)\s+£?(\S+)$/;
const AMOUNT = /^\d{1,5}(\.\d{1,2})?$/;
/** A colour's hex at the end of its item; the name is what comes before (read apart: no backtracking). */
const HEX_AT_END = /\s#[0-9a-fA-F]{6}$/;

const listOf = (cell: string) =>
  cell
    .split(";")
    .map((item) => item.trim())
    .filter(Boolean);

/** A row's cells as the editor's fields; each unreadable list item is named with the row. */
function rowFields(cells: Record<Column, string>, row: number): { fields: Record<string, string>; errors: string[] } {
  const errors: string[] = [];
  const fields: Record<string, string> = {
    title: cells.title,
    slug: cells.url_name,
    sku: cells.supplier_reference,
    description: cells.description,
    category: cells.category,
    moq: cells.minimum_order,
    leadTime: cells.lead_time,
    deliveryTime: cells.delivery_time,
  };
  for (const tag of listOf(cells.tags)) {
    if (isTag(tag)) fields[tagField(tag as ProductTag)] = "on";
    else errors.push(`row ${row}: tag '${tag}' is not one the shop has (${PRODUCT_TAGS.join(", ")})`);
  }
  listOf(cells.price_bands).forEach((band, index) => {
    const match = BAND.exec(band);
    if (!match) {
      errors.push(`row ${row}: price band '${band}' is not written as 50-99 5.50 or 400+ 3.88`);
      return;
    }
    const [, from = "", , to = "", price = ""] = match;
    if (!AMOUNT.test(price)) errors.push(`row ${row}: price '${price}' is not an amount`);
    fields[tierField(index, "from")] = from;
    fields[tierField(index, "to")] = to;
    fields[tierField(index, "price")] = price;
  });
  listOf(cells.colours).forEach((colour, index) => {
    const hex = HEX_AT_END.exec(colour);
    const name = hex ? colour.slice(0, hex.index).trim() : "";
    if (!hex || name === "") {
      errors.push(`row ${row}: colour '${colour}' is not written as a name and a #rrggbb, such as Navy #1f2a56`);
      return;
    }
    fields[colourField(index, "name")] = name;
    fields[colourField(index, "hex")] = hex[0].trim().toLowerCase();
  });
  return { fields, errors };
}

/**
 * The file's rows, each read into the editor's fields, or why the file as a whole cannot be read
 * (not CSV, no header in the layout, too many rows). Row numbers are the spreadsheet's: the header
 * is row 1.
 */
export function readImportFile(text: string): { ok: true; rows: ImportRow[] } | { ok: false; message: string } {
  const parsed = parseCsv(text);
  if (!parsed.ok) return parsed;
  const [header, ...records] = parsed.records;
  if (!header || records.length === 0) return { ok: false, message: IMPORT_MESSAGES.empty };
  if (records.length > IMPORT_LIMITS.rows) return { ok: false, message: IMPORT_MESSAGES.tooMany };
  const names = header.map((name) => name.trim().toLowerCase());
  const missing = READ_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) return { ok: false, message: IMPORT_MESSAGES.missingColumns(missing) };
  const rows = records.map((record, index): ImportRow => {
    const row = index + 2;
    const cells = Object.fromEntries(
      READ_COLUMNS.map((column) => [column, unguard(record[names.indexOf(column)] ?? "").trim()]),
    ) as Record<Column, string>;
    const errors: string[] = [];
    const id = cells.id === "" ? null : cells.id;
    if (id !== null && !isProductId(id)) errors.push(`row ${row}: id '${id}' is not a product number`);
    // No status: a new product is a draft, a product already in the catalogue keeps its own.
    const status = cells.status === "" ? null : cells.status.toLowerCase();
    if (status !== null && !isStatus(status))
      errors.push(`row ${row}: status '${cells.status}' is not draft, published or archived`);
    const read = rowFields(cells, row);
    errors.push(...read.errors);
    return errors.length > 0
      ? { row, title: cells.title, errors }
      : { row, id, status: status as ProductStatus | null, fields: read.fields };
  });
  return { ok: true, rows };
}

/** A product as the catalogue holds it when the dry run reads the file. */
export type ExistingProduct = { id: string; status: ProductStatus; version: number; edit: ProductEdit };

/**
 * The catalogue a file is judged against: its products, and the names of its categories, hidden
 * ones too (docs/decisions/068-categories-are-data.md).
 */
export type ExistingCatalogue = { products: readonly ExistingProduct[]; categories: readonly string[] };

/** What the dry run found a row would do. */
export type PlannedRow = {
  row: number;
  title: string;
  action: "create" | "change" | "unchanged" | "refused";
  /** The product changed, or none for one to create. */
  id: string | null;
  /** Why a refused row is refused. */
  reasons: string[];
  /** What a changed row changes, field by field, as the history will record it. */
  changes: FieldChange[];
  /** What is saved, for a row to create or change. */
  edit?: ProductEdit;
  status?: ProductStatus;
  /** The version the dry run read: a product changed since is not overwritten. */
  version?: number;
};

export type ImportCounts = Record<PlannedRow["action"], number>;

/**
 * Each row judged against the catalogue as it is: a row with an id changes that product (or
 * changes nothing when it is as saved), a row without one creates a product; a row the editor
 * would refuse, a URL name another product (or another row) has, an id the shop does not have or a
 * status move the editor does not allow is refused with its reasons.
 */
export function planImport(rows: readonly ImportRow[], catalogue: ExistingCatalogue): PlannedRow[] {
  const existing = catalogue.products;
  const byId = new Map(existing.map((product) => [product.id, product]));
  const slugOwner = new Map(existing.map((product) => [product.edit.slug, product.id]));
  const slugRow = new Map<string, number>();
  return rows.map((read): PlannedRow => {
    if ("errors" in read) return refused(read.row, read.title, read.errors);
    const current = read.id === null ? undefined : byId.get(read.id);
    const title = read.fields.title ?? "";
    if (read.id !== null && !current)
      return refused(read.row, title, [
        `row ${read.row}: there is no product ${read.id}; leave the id empty to add one`,
      ]);
    const details: ProductDetails = current?.edit.details ?? NEW_PRODUCT_DETAILS;
    const checked = readProductEdit({ ...detailsFields(details), ...read.fields }, catalogue.categories);
    if (!checked.ok) {
      const { category, ...others } = checked.fieldErrors;
      const reasons = [
        ...(category
          ? [`category '${read.fields.category ?? ""}' is not one the shop has (${catalogue.categories.join(", ")})`]
          : []),
        ...new Set(Object.values(others)),
      ].map((message) => `row ${read.row}: ${message}`);
      return refused(read.row, title, reasons);
    }
    const { edit } = checked;
    const status = read.status ?? current?.status ?? "draft";
    const reasons: string[] = [];
    const owner = slugOwner.get(edit.slug);
    if (owner !== undefined && owner !== read.id)
      reasons.push(`row ${read.row}: product ${owner} already uses the URL name "${edit.slug}"`);
    const earlier = slugRow.get(edit.slug);
    if (earlier !== undefined) reasons.push(`row ${read.row}: row ${earlier} already uses the URL name "${edit.slug}"`);
    else slugRow.set(edit.slug, read.row);
    if (current && current.status !== status && !canMoveStatus(current.status, status))
      reasons.push(
        `row ${read.row}: an ${current.status} product cannot be made ${status}; restore it as a draft first`,
      );
    if (reasons.length > 0) return refused(read.row, edit.title, reasons);
    if (!current)
      return { row: read.row, title: edit.title, action: "create", id: null, reasons: [], changes: [], edit, status };
    const changes = changesBetween(current.edit, edit);
    if (current.status !== status) changes.push({ field: "status", oldValue: current.status, newValue: status });
    return {
      row: read.row,
      title: edit.title,
      action: changes.length === 0 ? "unchanged" : "change",
      id: current.id,
      reasons: [],
      changes,
      edit,
      status,
      version: current.version,
    };
  });
}

function refused(row: number, title: string, reasons: string[]): PlannedRow {
  return { row, title, action: "refused", id: null, reasons, changes: [] };
}

/** How many rows would do what. */
export function importCounts(plan: readonly PlannedRow[]): ImportCounts {
  const counts: ImportCounts = { create: 0, change: 0, unchanged: 0, refused: 0 };
  for (const row of plan) counts[row.action] += 1;
  return counts;
}
