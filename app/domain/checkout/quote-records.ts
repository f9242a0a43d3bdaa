/**
 * What a quote records besides its prices (decision 021): the buyer block it prints, the lines
 * staff write in answer to a custom request, the day that answer is due, and the row the staff list
 * and the export show. Pure rules; the server stores and reads them.
 */
import type { ProductLookup } from "~/catalogue/lookup";
import { POLICY_NUMBERS } from "~/domain/core/policy-numbers";
import { addressLines } from "../pricing/checkout";
import { type IsoDate, londonToday } from "../core/dates";
import type { DraftData } from "./draft";
import type { StaffQuote } from "./quote-forms";
import { isQuoteValid, type Quote, type QuoteBuyer, type QuoteLine, type QuoteSource } from "./quotes";
import { addWorkingDays } from "../core/working-days";

/** The day a custom request received at `at` is answered by: 2 working days on (R-POL-07). */
export function customQuoteReplyBy(at: Date): IsoDate {
  return addWorkingDays(londonToday(at), POLICY_NUMBERS.customQuoteWorkingDays);
}

/** The buyer block a quote prints: company, name, billing address and e-mail, and the VAT number. */
export function buyerBlock(data: DraftData): QuoteBuyer & { email: string } {
  const { details } = data;
  const { billing } = details;
  const lines = [
    details.company,
    details.contact_name,
    ...addressLines([billing.line1, billing.line2, billing.city, billing.postcode], billing.country),
    details.email,
  ].filter((line) => line.trim() !== "");
  const poRef = details.po_ref.trim();
  return { lines, vatNumber: details.vat_number, email: details.email, ...(poRef ? { poRef } : {}) };
}

/**
 * Staff's lines as quote lines: a catalogue product goes to the cart on conversion, a sourced one does
 * not. A quantity below the product's MOQ, agreed (decision 087), says so under the line.
 */
export function staffQuoteLines(lines: StaffQuote["lines"], products: ProductLookup): QuoteLine[] {
  return lines.map((line) => {
    const product = line.productId ? products(line.productId) : undefined;
    const belowMoq =
      product && line.quantity < product.moq
        ? [`Below our minimum order of ${product.moq.toLocaleString("en-GB")}, at the price agreed`]
        : [];
    return {
      productId: product?.id ?? null,
      description: product?.title ?? line.description,
      details: [...(product && line.description ? [line.description] : []), ...belowMoq],
      quantity: line.quantity,
      unitPence: line.unitPrice,
      choices: product
        ? { selectedColor: "", customizationSelections: [], handwrittenNote: false, notes: "", sizes: [] }
        : null,
    };
  });
}

const pounds = (pence: number) => (pence / 100).toFixed(2);

/** A quote as a row of the staff list and the export: the same columns in both. */
export function staffQuoteRow(quote: Quote & { source: QuoteSource; buyerEmail: string }, now: Date): string[] {
  const { totals } = quote;
  return [
    quote.number,
    quote.issuedAt.toISOString(),
    quote.validUntil,
    isQuoteValid(quote, now) ? "Valid" : "Expired",
    quote.source === "staff" ? "Custom request" : quote.source === "cart" ? "Cart" : "Shopping list",
    quote.buyer.lines[0] ?? "",
    quote.buyerEmail,
    quote.lines.map((line) => `${line.quantity} × ${line.description}`).join("; "),
    pounds(totals.total - totals.vat),
    pounds(totals.vat),
    pounds(totals.total),
  ];
}
