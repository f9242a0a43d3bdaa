/**
 * The one PDF module (decisions 019 and 060): any BusinessDocument (quote, VAT invoice,
 * pro-forma, credit note) as an A4 PDF, from the business profile and the document's own lines and
 * totals, which app/domain/pricing/documents.ts builds from the domain's totals. Nothing here computes a
 * price: it prints what it is given, in pdfkit's built-in Helvetica (no font files to ship). Its page,
 * letterhead, bank box and footers are exported so the statement of account (statement-pdf.server.ts)
 * looks the same without a second copy.
 */
import type { BusinessProfile } from "~/domain/people/business-profile";
import { registeredIn } from "~/domain/people/business-profile";
import { formatDisplayDate, formatLondonDateTime, formatDisplayDay } from "~/domain/core/dates";
import { DOCUMENT_TITLES, documentPence, type BusinessDocument } from "~/domain/pricing/documents";

export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const INK = "#1d1d2b";
export const MUTED = "#55556a";
export const RULE = "#d9d9e3";
export const CONTENT_WIDTH = PAGE.width - PAGE.margin * 2;
/** Bottom of the writable area: below it the footer with the company's registration. */
export const BOTTOM = PAGE.height - PAGE.margin - 40;

/** The table's columns: x offset from the margin, width, alignment. */
const COLUMNS = [
  { key: "description", title: "Description", x: 0, width: 195, align: "left" },
  { key: "quantity", title: "Qty", x: 195, width: 40, align: "right" },
  { key: "unit", title: "Unit ex VAT", x: 240, width: 70, align: "right" },
  { key: "rate", title: "VAT rate", x: 315, width: 45, align: "right" },
  { key: "vat", title: "VAT", x: 365, width: 55, align: "right" },
  { key: "net", title: "Amount ex VAT", x: 420, width: CONTENT_WIDTH - 420, align: "right" },
] as const;

export type Pdf = PDFKit.PDFDocument;

/** A labelled fact printed under a document's title. */
export type DocumentFact = { label: string; value: string };

/**
 * An empty A4 document in the house layout, and its bytes once `pdf.end()` is called. pdfkit (with
 * its fonts) loads with the first document, not at every start.
 */
export async function openPdf(info: PDFKit.DocumentInfo): Promise<{ pdf: Pdf; done: Promise<Buffer> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({ size: "A4", margin: PAGE.margin, bufferPages: true, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, done };
}

/** The document as PDF bytes. */
export async function renderDocumentPdf(document: BusinessDocument, business: BusinessProfile): Promise<Buffer> {
  const { pdf, done } = await openPdf({
    Title: `${DOCUMENT_TITLES[document.kind]} ${document.number}`,
    Author: business.legalName,
    CreationDate: document.issuedAt,
  });
  header(pdf, document, business);
  parties(pdf, document);
  table(pdf, document);
  totals(pdf, document);
  // A pro-forma, and an invoice on account until it is paid, say where to pay.
  if (document.kind === "proforma" || document.bankTransferReference)
    bankTransferBox(pdf, business, document.bankTransferReference ?? document.number);
  notes(pdf, document);
  footers(pdf, business);
  pdf.end();
  return done;
}

function header(pdf: Pdf, document: BusinessDocument, business: BusinessProfile) {
  letterhead(pdf, business, DOCUMENT_TITLES[document.kind], [
    { label: "Number", value: document.number },
    { label: "Date", value: formatDisplayDay(document.issuedAt) },
    ...(document.kind === "invoice"
      ? [
          {
            label: "Time of supply",
            value: document.suppliedOn
              ? formatDisplayDate(document.suppliedOn)
              : formatLondonDateTime(document.issuedAt),
          },
        ]
      : []),
    ...document.facts,
  ]);
}

/** The seller top left, the title and its labelled facts top right; leaves pdf.y below both. */
export function letterhead(pdf: Pdf, business: BusinessProfile, title: string, facts: readonly DocumentFact[]) {
  const top = PAGE.margin;
  pdf.fillColor(INK).font("Helvetica-Bold").fontSize(15).text(business.legalName, PAGE.margin, top, { width: 260 });
  pdf.font("Helvetica").fontSize(9).fillColor(MUTED);
  for (const line of [
    ...business.registeredOffice,
    `VAT registration number: ${business.vatNumber}`,
    `Company number: ${business.companyNumber}`,
    business.supportEmail,
    business.phone,
  ])
    pdf.text(line, { width: 260 });
  const sellerBottom = pdf.y;

  const right = PAGE.margin + 280;
  const width = CONTENT_WIDTH - 280;
  pdf.fillColor(INK).font("Helvetica-Bold").fontSize(20).text(title, right, top, { width, align: "right" });
  pdf.moveDown(0.3);
  for (const fact of facts) {
    const y = pdf.y;
    pdf.font("Helvetica").fontSize(9).fillColor(MUTED).text(fact.label, right, y, { width: 90, align: "right" });
    const labelBottom = pdf.y;
    pdf
      .font("Helvetica-Bold")
      .fillColor(INK)
      .text(fact.value, right + 96, y, { width: width - 96, align: "right" });
    pdf.y = Math.max(labelBottom, pdf.y) + 1;
  }
  pdf.y = Math.max(sellerBottom, pdf.y) + 18;
}

function parties(pdf: Pdf, document: BusinessDocument) {
  const top = pdf.y;
  const block = (title: string, lines: string[], x: number) => {
    pdf.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text(title.toUpperCase(), x, top, { width: 240 });
    pdf.font("Helvetica").fontSize(10).fillColor(INK);
    for (const line of lines) pdf.text(line, x, pdf.y, { width: 240 });
    return pdf.y;
  };
  const buyer = [
    ...document.buyer.lines,
    ...(document.buyer.vatNumber ? [`VAT number: ${document.buyer.vatNumber}`] : []),
  ];
  const bottoms = [block(document.kind === "quote" ? "Prepared for" : "Bill to", buyer, PAGE.margin)];
  if (document.deliverTo.length > 0) bottoms.push(block("Deliver to", document.deliverTo, PAGE.margin + 280));
  pdf.y = Math.max(...bottoms) + 18;
}

function table(pdf: Pdf, document: BusinessDocument) {
  const head = () => {
    const y = pdf.y;
    pdf.font("Helvetica-Bold").fontSize(8.5).fillColor(MUTED);
    for (const column of COLUMNS)
      pdf.text(column.title, PAGE.margin + column.x, y, { width: column.width, align: column.align });
    pdf.y = y + 14;
    rule(pdf);
  };
  head();
  for (const line of document.lines) {
    const cells: Record<(typeof COLUMNS)[number]["key"], string> = {
      description: line.description,
      quantity: String(line.quantity),
      unit: documentPence(line.unitPence),
      rate: `${line.vatRate}%`,
      vat: documentPence(line.vatPence),
      net: documentPence(line.netPence),
    };
    const details = line.details.join("\n");
    pdf.font("Helvetica").fontSize(9.5);
    const height =
      pdf.heightOfString(line.description, { width: COLUMNS[0].width }) +
      (details ? pdf.fontSize(8).heightOfString(details, { width: COLUMNS[0].width }) : 0) +
      10;
    if (pdf.y + height > BOTTOM) {
      pdf.addPage();
      head();
    }
    const y = pdf.y + 5;
    pdf.font("Helvetica").fontSize(9.5).fillColor(INK);
    pdf.text(cells.description, PAGE.margin, y, { width: COLUMNS[0].width });
    if (details) pdf.fontSize(8).fillColor(MUTED).text(details, PAGE.margin, pdf.y, { width: COLUMNS[0].width });
    pdf.font("Helvetica").fontSize(9.5).fillColor(INK);
    for (const column of COLUMNS.slice(1))
      pdf.text(cells[column.key], PAGE.margin + column.x, y, { width: column.width, align: column.align });
    pdf.y = y + height - 5;
    rule(pdf);
  }
}

function totals(pdf: Pdf, document: BusinessDocument) {
  const rows = [
    { label: "Total excluding VAT", value: document.totals.netPence },
    { label: "VAT", value: document.totals.vatPence },
    { label: "Total including VAT", value: document.totals.grossPence, strong: true },
  ];
  if (pdf.y + rows.length * 16 + 10 > BOTTOM) pdf.addPage();
  pdf.y += 8;
  const x = PAGE.margin + 260;
  for (const row of rows) {
    const y = pdf.y;
    pdf
      .font(row.strong ? "Helvetica-Bold" : "Helvetica")
      .fontSize(row.strong ? 11 : 10)
      .fillColor(INK);
    pdf.text(row.label, x, y, { width: 150 });
    pdf.text(documentPence(row.value), x + 150, y, { width: CONTENT_WIDTH - 410, align: "right" });
    pdf.y = y + 16;
  }
  pdf.y += 10;
}

/** The box with the seller's bank account and what to quote as the payment's reference. */
export function bankTransferBox(pdf: Pdf, business: BusinessProfile, reference: string) {
  const { bank } = business;
  const lines = [
    `Account name: ${bank.accountName}`,
    `Sort code: ${bank.sortCode}`,
    `Account number: ${bank.accountNumber}`,
    `IBAN: ${bank.iban}`,
    `Payment reference: ${reference}`,
  ];
  if (pdf.y + 20 + lines.length * 13 > BOTTOM) pdf.addPage();
  const top = pdf.y;
  pdf
    .rect(PAGE.margin, top, CONTENT_WIDTH, 24 + lines.length * 13)
    .strokeColor(RULE)
    .stroke();
  pdf
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(INK)
    .text("Pay by bank transfer", PAGE.margin + 10, top + 8);
  pdf.font("Helvetica").fontSize(10);
  for (const line of lines) pdf.text(line, PAGE.margin + 10, pdf.y);
  pdf.y = top + 24 + lines.length * 13 + 12;
}

function notes(pdf: Pdf, document: BusinessDocument) {
  pdf.font("Helvetica").fontSize(9.5).fillColor(INK);
  for (const note of document.notes) {
    if (pdf.y + pdf.heightOfString(note, { width: CONTENT_WIDTH }) > BOTTOM) pdf.addPage();
    pdf.text(note, PAGE.margin, pdf.y, { width: CONTENT_WIDTH });
    pdf.moveDown(0.5);
  }
}

/** Every page: the company's registration (Companies Act 2006 s82) and the page count. */
export function footers(pdf: Pdf, business: BusinessProfile) {
  const range = pdf.bufferedPageRange();
  const registration = `${business.legalName} · Registered in ${registeredIn(business.companyNumber)}, company number ${business.companyNumber} · Registered office: ${business.registeredOffice.join(", ")}`;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    // The footer sits in the bottom margin, where pdfkit would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin - 24;
    pdf.font("Helvetica").fontSize(7.5).fillColor(MUTED);
    pdf.text(registration, PAGE.margin, y, { width: CONTENT_WIDTH - 60, lineBreak: true, height: 30 });
    pdf.text(`Page ${index + 1} of ${range.count}`, PAGE.width - PAGE.margin - 60, y, { width: 60, align: "right" });
  }
}

/** A hairline across the page at pdf.y. */
export function rule(pdf: Pdf) {
  pdf
    .moveTo(PAGE.margin, pdf.y)
    .lineTo(PAGE.width - PAGE.margin, pdf.y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}
