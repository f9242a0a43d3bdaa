/**
 * What the shop puts on its VAT return for a quarter (docs/decisions/074-vat-summary.md): every VAT
 * invoice and credit note whose time of supply falls in it, summed by VAT rate with zero-rated
 * exports apart, credit notes taken off, and the two figures of the return that sales make: box 1
 * (VAT due on sales) and box 6 (sales excluding VAT). No I/O: the documents are read by
 * app/server/admin/vat-return.server.ts.
 */
import { type IsoDate, londonToday } from "../core/dates";
import { toCsv } from "../core/csv";

/** A calendar quarter: 1 is January to March. */
export type Quarter = { year: number; q: 1 | 2 | 3 | 4 };

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/** The quarter a London day falls in. */
export function quarterOf(day: IsoDate): Quarter {
  return { year: Number(day.slice(0, 4)), q: (Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1) as Quarter["q"] };
}

/** "2026-Q4", as the address and the file name write it. */
export const quarterKey = (quarter: Quarter) => `${quarter.year}-Q${quarter.q}`;

/** "Oct–Dec 2026". */
export const quarterLabel = (quarter: Quarter) =>
  `${MONTHS[(quarter.q - 1) * 3]}–${MONTHS[(quarter.q - 1) * 3 + 2]} ${quarter.year}`;

/** The first day of the quarter and the first day of the next, London days. */
export function quarterDays(quarter: Quarter): { from: IsoDate; until: IsoDate } {
  const month = (quarter.q - 1) * 3 + 1;
  const next = quarter.q === 4 ? { year: quarter.year + 1, month: 1 } : { year: quarter.year, month: month + 3 };
  const day = (year: number, m: number) => `${year}-${String(m).padStart(2, "0")}-01`;
  return { from: day(quarter.year, month), until: day(next.year, next.month) };
}

/** The quarter `text` names ("2026-Q4"), or the one `now` falls in when it names none the shop can have. */
export function parseQuarter(text: string | null, now: Date): Quarter {
  const current = quarterOf(londonToday(now));
  const match = /^(\d{4})-Q([1-4])$/.exec(text ?? "");
  if (!match) return current;
  const quarter = { year: Number(match[1]), q: Number(match[2]) as Quarter["q"] };
  const later = quarter.year > current.year || (quarter.year === current.year && quarter.q > current.q);
  return later || quarter.year < 2000 ? current : quarter;
}

/** The quarter `now` falls in and the seven before it, newest first: what the page offers. */
export function recentQuarters(now: Date, count = 8): Quarter[] {
  const quarters: Quarter[] = [];
  let quarter = quarterOf(londonToday(now));
  for (let i = 0; i < count; i += 1) {
    quarters.push(quarter);
    quarter =
      quarter.q === 1 ? { year: quarter.year - 1, q: 4 } : { year: quarter.year, q: (quarter.q - 1) as Quarter["q"] };
  }
  return quarters;
}

/** A document on the return: amounts as printed on it, positive for a credit note too. */
export type VatDocument = {
  kind: "invoice" | "credit_note";
  number: string;
  /** The London day of its time of supply (an invoice's payment, a credit note's issue). */
  issuedOn: IsoDate;
  orderNumber: string;
  customer: string;
  /** Where the goods went: GB, JE, FR… */
  country: string;
  vatRate: number;
  netPence: number;
  vatPence: number;
};

/** One VAT rate's sales, credits and what is left of them (credits taken off). */
export type VatRateLine = {
  vatRate: number;
  label: string;
  sales: { netPence: number; vatPence: number; count: number };
  credits: { netPence: number; vatPence: number; count: number };
  netPence: number;
  vatPence: number;
};

export type VatSummary = {
  lines: VatRateLine[];
  /** Box 1: VAT due on sales, after credit notes. */
  box1Pence: number;
  /** Box 6: sales and other outputs excluding VAT, after credit notes, zero-rated exports included. */
  box6Pence: number;
};

const rateLabel = (vatRate: number) => (vatRate === 0 ? "Zero-rated exports (0 %)" : `Standard rate (${vatRate} %)`);

/** The quarter's documents summed by rate, highest rate first. */
export function vatSummary(documents: readonly VatDocument[]): VatSummary {
  const byRate = new Map<number, VatRateLine>();
  for (const document of documents) {
    const line = byRate.get(document.vatRate) ?? {
      vatRate: document.vatRate,
      label: rateLabel(document.vatRate),
      sales: { netPence: 0, vatPence: 0, count: 0 },
      credits: { netPence: 0, vatPence: 0, count: 0 },
      netPence: 0,
      vatPence: 0,
    };
    const side = document.kind === "invoice" ? line.sales : line.credits;
    side.netPence += document.netPence;
    side.vatPence += document.vatPence;
    side.count += 1;
    const sign = document.kind === "invoice" ? 1 : -1;
    line.netPence += sign * document.netPence;
    line.vatPence += sign * document.vatPence;
    byRate.set(document.vatRate, line);
  }
  const lines = [...byRate.values()].sort((a, b) => b.vatRate - a.vatRate);
  return {
    lines,
    box1Pence: lines.reduce((sum, line) => sum + line.vatPence, 0),
    box6Pence: lines.reduce((sum, line) => sum + line.netPence, 0),
  };
}

export const VAT_RETURN_CSV_HEADER = [
  "Type",
  "Number",
  "Date",
  "Order",
  "Customer",
  "Country",
  "VAT rate %",
  "Net £",
  "VAT £",
  "Total £",
] as const;

/** Pence as a number of pounds: a spreadsheet reads it as a number, a negative one included. */
const pounds = (pence: number) => pence / 100;

/** The quarter's documents for the accountant, one row each, credit notes negative, oldest first. */
export function vatReturnCsv(documents: readonly VatDocument[]): string {
  const rows = [...documents]
    .sort((a, b) => a.issuedOn.localeCompare(b.issuedOn) || a.number.localeCompare(b.number))
    .map((document) => {
      const sign = document.kind === "invoice" ? 1 : -1;
      return [
        document.kind === "invoice" ? "VAT invoice" : "Credit note",
        document.number,
        document.issuedOn,
        document.orderNumber,
        document.customer,
        document.country,
        document.vatRate,
        pounds(sign * document.netPence),
        pounds(sign * document.vatPence),
        pounds(sign * (document.netPence + document.vatPence)),
      ];
    });
  return toCsv(VAT_RETURN_CSV_HEADER, rows);
}
