/**
 * Decisions 019 and 060: one model for every document the shop issues (quotes, VAT
 * invoices, pro-formas and credit notes). Each kind is built from the domain's totals by a pure
 * builder, and one renderer (app/server/documents/documents.server.ts) turns any of them into a PDF with the
 * business profile, so the seller's details and the arithmetic are printed the same way on all.
 */
import { FIRST_ORDER_DISCOUNT_LABEL, SHIPPING_METHODS, type OrderTotals, type ShippingMethod } from "./checkout";
import { formatPence } from "../core/money";
import { chargeCondition, chargeTotalPence, type ProductCharge } from "./charges";
import { lineTotalPence } from "./pricing";
import type { IsoDate } from "../core/dates";

export type DocumentKind = "quote" | "invoice" | "proforma" | "credit_note";

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  quote: "Quote",
  invoice: "VAT invoice",
  proforma: "Pro-forma invoice",
  credit_note: "Credit note",
};

/** What HMRC asks a zero-rated line to say (decision 052: 0% only when the goods leave the UK). */
export const ZERO_RATED_EXPORT = "Zero-rated export";

/** One row of a document's table: goods, a discount (negative) or shipping, ex VAT with its VAT. */
export type DocumentLine = {
  description: string;
  /** Extra lines under the description: colour, sizes, print method. */
  details: string[];
  quantity: number;
  /** Unit price excluding VAT, in pence. */
  unitPence: number;
  /** The line excluding VAT, in pence (quantity × unit for goods). */
  netPence: number;
  /** Percent; 0 for a zero-rated export. */
  vatRate: number;
  vatPence: number;
};

export type DocumentTotals = { netPence: number; vatPence: number; grossPence: number };

export type BusinessDocument = {
  kind: DocumentKind;
  /** Q-2026-000123, INV-2026-000123, PF-…, CN-2026-000123. */
  number: string;
  /** Its date; for an invoice also the time of supply, unless `suppliedOn` says otherwise. */
  issuedAt: Date;
  /** An invoice's time of supply when it is not its date: the day a bank transfer arrived. */
  suppliedOn?: IsoDate;
  /** Labelled facts printed under the title, in order: order number, PO reference, valid until, due date, payment… */
  facts: Array<{ label: string; value: string }>;
  /** The buyer as printed: company, name, address lines; their VAT number apart. */
  buyer: { lines: string[]; vatNumber: string };
  /** The delivery address, when it differs from the buyer block or is known. */
  deliverTo: string[];
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Paragraphs under the totals: delivery estimate, payment terms, why a credit note was issued. */
  notes: string[];
  /** A pro-forma's bank transfer instructions: the payment reference to quote. */
  bankTransferReference?: string;
};

/** A line of goods as the domain prices it: description, quantity, tier unit price, their product. */
export type PricedGoods = {
  description: string;
  details: string[];
  quantity: number;
  unitPence: number;
  netPence: number;
};

/**
 * A line's goods as a document prints them: its units at the unit price, then each set-up fee and
 * surcharge it carries as a line of its own, naming the product and when it applies (decision 088).
 */
export function goodsWithCharges(line: {
  description: string;
  details: string[];
  quantity: number;
  unitPence: number;
  charges: readonly ProductCharge[];
}): PricedGoods[] {
  const { charges, ...goods } = line;
  return [
    { ...goods, netPence: lineTotalPence(goods.unitPence, goods.quantity) },
    ...charges.map((charge) => ({
      description: charge.name,
      details: [`For ${goods.description}`, chargeCondition(charge)].filter(Boolean),
      quantity: charge.per === "unit" ? goods.quantity : 1,
      unitPence: charge.pence,
      netPence: chargeTotalPence(charge, goods.quantity),
    })),
  ];
}

/**
 * The lines of a document from an order's goods and totals: the goods, the first-order discount as
 * a negative line, shipping, each with its share of the order's VAT. VAT is charged once on the
 * order's net (app/domain/pricing/checkout.ts orderTotals), so the shares are apportioned by largest
 * remainder: they add up to the charged VAT exactly, and no line is off by more than a penny.
 */
export function documentLines(input: {
  goods: readonly PricedGoods[];
  totals: Pick<OrderTotals, "discount" | "shipping" | "vat" | "vatRate">;
  shippingMethod: ShippingMethod | null;
}): DocumentLine[] {
  const { totals } = input;
  const exportNote = totals.vatRate === 0 ? [ZERO_RATED_EXPORT] : [];
  const rows: Array<Omit<DocumentLine, "vatPence">> = input.goods.map((goods) => ({
    ...goods,
    details: [...goods.details, ...exportNote],
    vatRate: totals.vatRate,
  }));
  if (totals.discount > 0)
    rows.push({
      description: FIRST_ORDER_DISCOUNT_LABEL,
      details: [],
      quantity: 1,
      unitPence: -totals.discount,
      netPence: -totals.discount,
      vatRate: totals.vatRate,
    });
  if (input.shippingMethod)
    rows.push({
      description: SHIPPING_METHODS[input.shippingMethod].label,
      details: exportNote,
      quantity: 1,
      unitPence: totals.shipping,
      netPence: totals.shipping,
      vatRate: totals.vatRate,
    });
  const shares = apportion(
    rows.map((row) => row.netPence),
    totals.vat,
  );
  return rows.map((row, index) => ({ ...row, vatPence: shares[index] ?? 0 }));
}

/**
 * Splits `total` pence across parts in proportion to their weights, by largest remainder, so the
 * shares are whole pence that add up to `total` exactly. Weights may be negative (a discount).
 */
export function apportion(weights: readonly number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (weight * total) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) }));
  byRemainder.sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

/** A document's totals: the sum of its lines, ex VAT, VAT and inc VAT. */
export function documentTotals(lines: readonly DocumentLine[]): DocumentTotals {
  const netPence = lines.reduce((sum, line) => sum + line.netPence, 0);
  const vatPence = lines.reduce((sum, line) => sum + line.vatPence, 0);
  return { netPence, vatPence, grossPence: netPence + vatPence };
}

/** A document's file name: "VAT invoice INV-2026-000123.pdf". */
export const documentFileName = (document: Pick<BusinessDocument, "kind" | "number">) =>
  `${DOCUMENT_TITLES[document.kind]} ${document.number}.pdf`;

/** Pence as printed on a document: negative amounts with a minus sign. */
export const documentPence = (pence: number) => (pence < 0 ? `-${formatPence(-pence)}` : formatPence(pence));

/**
 * Document numbers: a prefix, the year and a six-digit count from one per-kind counter that runs
 * without gaps (app/server/platform/document-numbers.server.ts), e.g. INV-2026-000123.
 */
export const DOCUMENT_PREFIXES: Record<DocumentKind, string> = {
  quote: "Q",
  invoice: "INV",
  proforma: "PF",
  credit_note: "CN",
};

export function documentNumber(kind: DocumentKind, year: number, count: number): string {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`A document count starts at 1: ${count}`);
  return `${DOCUMENT_PREFIXES[kind]}-${year}-${String(count).padStart(6, "0")}`;
}
