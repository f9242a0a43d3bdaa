/**
 * An organisation's statement of account as an A4 PDF, in the letterhead, page and footers of every
 * other document (documents.server.ts): what the account stands at, every entry with its running
 * balance, what is owed by age, the invoices still to pay and where to pay them. Nothing here
 * computes a figure: app/domain/orders/account-statement.ts builds the statement, this prints it.
 */
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import { formatPence } from "~/domain/core/money";
import { type AccountStatement, STATEMENT_KIND_LABELS, type StatementItem } from "~/domain/orders/account-statement";
import type { BusinessProfile } from "~/domain/people/business-profile";
import { documentPence } from "~/domain/pricing/documents";
import {
  BOTTOM,
  bankTransferBox,
  CONTENT_WIDTH,
  type DocumentFact,
  footers,
  INK,
  letterhead,
  MUTED,
  openPdf,
  PAGE,
  type Pdf,
  rule,
} from "./documents.server";

export type StatementPdfInput = {
  statement: AccountStatement;
  customer: { name: string; lines: string[] };
  account: { limitPence: number; termsDays: number };
  today: IsoDate;
};

export const STATEMENT_TITLE = "Statement of account";
export const NOTHING_INVOICED = "Nothing has been invoiced on account yet.";
export const NOTHING_OPEN = "No invoice is waiting to be paid.";
/** One payment may settle several invoices: the reference names them so each is matched. */
export const STATEMENT_PAYMENT_REFERENCE = "the invoice numbers you are paying";

type Column<K extends string> = { key: K; title: string; x: number; width: number; align: "left" | "right" };
type Row<K extends string> = { cells: Record<K, string>; note?: string };

const ENTRY_COLUMNS: readonly Column<"date" | "type" | "reference" | "order" | "debit" | "credit" | "balance">[] = [
  { key: "date", title: "Date", x: 0, width: 80, align: "left" },
  { key: "type", title: "Type", x: 84, width: 56, align: "left" },
  { key: "reference", title: "Reference", x: 144, width: 80, align: "left" },
  { key: "order", title: "Order", x: 228, width: 60, align: "left" },
  { key: "debit", title: "Debit", x: 290, width: 66, align: "right" },
  { key: "credit", title: "Credit", x: 360, width: 66, align: "right" },
  { key: "balance", title: "Balance", x: 430, width: CONTENT_WIDTH - 430, align: "right" },
];
/** An entry's description runs under its type, reference and order. */
const ENTRY_NOTE = { x: 84, width: 204 };

const AGEING_COLUMNS: readonly Column<"notDue" | "days1to30" | "days31to60" | "days61to90" | "over90">[] = (
  [
    ["notDue", "Not yet due"],
    ["days1to30", "1–30 days"],
    ["days31to60", "31–60 days"],
    ["days61to90", "61–90 days"],
    ["over90", "Over 90 days"],
  ] as const
).map(([key, title], index) => ({
  key,
  title,
  x: (index * CONTENT_WIDTH) / 5,
  width: CONTENT_WIDTH / 5 - 4,
  align: "right",
}));

const OPEN_COLUMNS: readonly Column<"invoice" | "order" | "po" | "due" | "outstanding" | "state">[] = [
  { key: "invoice", title: "Invoice", x: 0, width: 80, align: "left" },
  { key: "order", title: "Order", x: 84, width: 56, align: "left" },
  { key: "po", title: "PO reference", x: 144, width: 80, align: "left" },
  { key: "due", title: "Due", x: 228, width: 80, align: "left" },
  { key: "outstanding", title: "Outstanding", x: 312, width: 74, align: "right" },
  { key: "state", title: "", x: 396, width: CONTENT_WIDTH - 396, align: "left" },
];

const BODY_SIZE = 9;
const NOTE_SIZE = 8;
const HEADING_HEIGHT = 18;
const HEAD_HEIGHT = 14;
/** A table's head is never left at the foot of a page with fewer rows than this under it. */
const ROWS_KEPT_WITH_HEAD = 3;

/** The statement as PDF bytes. */
export async function renderStatementPdf(input: StatementPdfInput, business: BusinessProfile): Promise<Buffer> {
  const { statement, customer, today } = input;
  const { pdf, done } = await openPdf({
    Title: `${STATEMENT_TITLE}, ${customer.name}`,
    Author: business.legalName,
    CreationDate: new Date(`${today}T00:00:00Z`),
  });
  letterhead(pdf, business, STATEMENT_TITLE, statementFacts(input));
  statementFor(pdf, customer);
  if (statement.entries.length === 0) {
    pdf.font("Helvetica").fontSize(10).fillColor(INK).text(NOTHING_INVOICED, PAGE.margin, pdf.y);
  } else {
    entries(pdf, statement);
    ageing(pdf, statement);
    openInvoices(pdf, statement, today);
    if (statement.items.some((item) => item.outstandingPence > 0)) {
      bankTransferBox(pdf, business, STATEMENT_PAYMENT_REFERENCE);
    }
  }
  footers(pdf, business);
  pdf.end();
  return done;
}

function statementFacts({ statement, customer, account, today }: StatementPdfInput): DocumentFact[] {
  return [
    { label: "Date", value: formatDisplayDate(today) },
    { label: "Account", value: customer.name },
    { label: "Credit limit", value: formatPence(account.limitPence) },
    { label: "Terms", value: `${account.termsDays} days from the invoice date` },
    statement.balancePence < 0
      ? { label: "In credit", value: formatPence(-statement.balancePence) }
      : { label: "Balance due", value: formatPence(statement.balancePence) },
    { label: "Overdue", value: formatPence(statement.overduePence) },
  ];
}

function statementFor(pdf: Pdf, customer: StatementPdfInput["customer"]) {
  pdf.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text("STATEMENT FOR", PAGE.margin, pdf.y, { width: 240 });
  pdf.font("Helvetica").fontSize(10).fillColor(INK);
  for (const line of [customer.name, ...customer.lines]) pdf.text(line, PAGE.margin, pdf.y, { width: 240 });
  pdf.y += 18;
}

/** A blank cell for nothing, so a column of debits shows only the debits. */
const amountOrBlank = (pence: number) => (pence === 0 ? "" : documentPence(pence));

function entries(pdf: Pdf, statement: AccountStatement) {
  table(
    pdf,
    ENTRY_COLUMNS,
    statement.entries.map((entry) => ({
      cells: {
        date: formatDisplayDate(entry.date),
        type: STATEMENT_KIND_LABELS[entry.kind],
        reference: entry.reference,
        order: entry.orderNumber,
        debit: amountOrBlank(entry.debitPence),
        credit: amountOrBlank(entry.creditPence),
        balance: documentPence(entry.balancePence),
      },
      note: entry.description,
    })),
    { note: ENTRY_NOTE },
  );
  pdf.y += 14;
}

function ageing(pdf: Pdf, statement: AccountStatement) {
  const { ageing } = statement;
  table(
    pdf,
    AGEING_COLUMNS,
    [
      {
        cells: {
          notDue: formatPence(ageing.notDuePence),
          days1to30: formatPence(ageing.days1to30Pence),
          days31to60: formatPence(ageing.days31to60Pence),
          days61to90: formatPence(ageing.days61to90Pence),
          over90: formatPence(ageing.over90Pence),
        },
      },
    ],
    { title: "Outstanding by age" },
  );
  pdf.y += 14;
}

function openInvoices(pdf: Pdf, statement: AccountStatement, today: IsoDate) {
  const open = statement.items.filter((item) => item.outstandingPence > 0);
  if (open.length === 0) {
    heading(pdf, "Open invoices", 20);
    pdf.font("Helvetica").fontSize(10).fillColor(INK).text(NOTHING_OPEN, PAGE.margin, pdf.y);
  } else {
    table(
      pdf,
      OPEN_COLUMNS,
      open.map((item) => ({
        cells: {
          invoice: item.invoiceNumber,
          order: item.orderNumber,
          po: item.poRef ?? "",
          due: formatDisplayDate(item.dueOn),
          outstanding: formatPence(item.outstandingPence),
          state: dueState(item, today),
        },
      })),
      { title: "Open invoices" },
    );
  }
  pdf.y += 14;
}

/** 'Overdue by 31 days', 'Due today' or 'Not yet due'. */
export function dueState(item: StatementItem, today: IsoDate): string {
  if (item.daysOverdue > 0) return `Overdue by ${item.daysOverdue} ${item.daysOverdue === 1 ? "day" : "days"}`;
  return item.dueOn === today ? "Due today" : "Not yet due";
}

/** A section's title, on a new page unless `keep` points below it fit on this one. */
function heading(pdf: Pdf, title: string, keep: number) {
  if (pdf.y + HEADING_HEIGHT + keep > BOTTOM) pdf.addPage();
  pdf.font("Helvetica-Bold").fontSize(11).fillColor(INK).text(title, PAGE.margin, pdf.y, { width: CONTENT_WIDTH });
  pdf.y += 4;
}

/**
 * Rows under a head that is printed again at the top of every page the rows run onto; the title
 * and head start a new page unless a few rows fit under them.
 */
function table<K extends string>(
  pdf: Pdf,
  columns: readonly Column<K>[],
  rows: readonly Row<K>[],
  options: { title?: string; note?: { x: number; width: number } } = {},
) {
  const noteArea = options.note;
  const head = () => {
    const y = pdf.y;
    pdf.font("Helvetica-Bold").fontSize(8.5).fillColor(MUTED);
    for (const column of columns.filter((c) => c.title))
      pdf.text(column.title, PAGE.margin + column.x, y, { width: column.width, align: column.align });
    pdf.y = y + HEAD_HEIGHT;
    rule(pdf);
  };
  const heightOf = (row: Row<K>) => {
    pdf.font("Helvetica").fontSize(BODY_SIZE);
    const cells = Math.max(...columns.map((c) => pdf.heightOfString(row.cells[c.key] || " ", { width: c.width })));
    const note = row.note && noteArea ? pdf.fontSize(NOTE_SIZE).heightOfString(row.note, { width: noteArea.width }) : 0;
    return cells + note + 10;
  };
  const keep = HEAD_HEIGHT + rows.slice(0, ROWS_KEPT_WITH_HEAD).reduce((sum, row) => sum + heightOf(row), 0);
  if (options.title) heading(pdf, options.title, keep);
  else if (pdf.y + keep > BOTTOM) pdf.addPage();
  head();
  for (const row of rows) {
    const height = heightOf(row);
    if (pdf.y + height > BOTTOM) {
      pdf.addPage();
      head();
    }
    const y = pdf.y + 5;
    pdf.font("Helvetica").fontSize(BODY_SIZE).fillColor(INK);
    let cellsBottom = y;
    for (const column of columns.filter((c) => row.cells[c.key])) {
      pdf.text(row.cells[column.key], PAGE.margin + column.x, y, { width: column.width, align: column.align });
      cellsBottom = Math.max(cellsBottom, pdf.y);
    }
    if (row.note && noteArea) {
      pdf
        .fontSize(NOTE_SIZE)
        .fillColor(MUTED)
        .text(row.note, PAGE.margin + noteArea.x, cellsBottom, { width: noteArea.width });
    }
    pdf.y = y + height - 5;
    rule(pdf);
  }
}
