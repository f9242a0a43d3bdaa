/**
 * The credit note an accepted On-time Guarantee claim issues (decision 026): one line, the
 * remedy's amount ex VAT with its VAT at the order's rate, naming the invoice it credits in part.
 * Built on the one document model (decision 019), so the one PDF module renders it.
 */
import { formatDisplayDate, type IsoDate } from "../core/dates";
import { documentLines, documentTotals, type BusinessDocument } from "../pricing/documents";
import { type RemedyCredit, remedyCredit } from "../fulfilment/guarantee";
import { orderParties } from "./order-documents";
import { type OrderSnapshot, readOrderSnapshot } from "./order-snapshot";

export function guaranteeCreditNote(input: {
  number: string;
  issuedAt: Date;
  orderNumber: string;
  snapshot: OrderSnapshot;
  invoiceNumber: string;
  credit: Extract<RemedyCredit, { kind: "credit" }>;
  vatRate: number;
  promised: IsoDate;
  daysLate: number;
}): BusinessDocument {
  const { customer, shipTo, poRef } = orderParties(input.snapshot);
  const lines = documentLines({
    goods: [
      {
        description: "On-time Guarantee remedy",
        details: [`${input.credit.basis} of order ${input.orderNumber}`],
        quantity: 1,
        unitPence: input.credit.netPence,
        netPence: input.credit.netPence,
      },
    ],
    totals: { discount: 0, shipping: 0, vat: input.credit.vatPence, vatRate: input.vatRate },
    shippingMethod: null,
  });
  return {
    kind: "credit_note",
    number: input.number,
    issuedAt: input.issuedAt,
    facts: [
      { label: "Order", value: input.orderNumber },
      ...(poRef ? [{ label: "PO reference", value: poRef }] : []),
      { label: "Credits invoice", value: input.invoiceNumber },
    ],
    buyer: {
      lines: [customer.company, customer.name, ...customer.addressLines].filter((line) => line.trim() !== ""),
      vatNumber: customer.vatNumber,
    },
    deliverTo: [shipTo.name, shipTo.company, ...shipTo.addressLines].filter((line) => line.trim() !== ""),
    lines,
    totals: documentTotals(lines),
    notes: [
      `Order ${input.orderNumber} was promised for ${formatDisplayDate(input.promised)} and arrived ${input.daysLate} days late. Under our On-time Guarantee this credit note credits part of VAT invoice ${input.invoiceNumber}.`,
    ],
  };
}

/**
 * The credit note of an accepted claim, from what is stored: the claim's number, decision time
 * and remedy's words (as they were when staff accepted), the order's amounts and promised date,
 * and the invoice it credits. Null unless the claim is accepted with a credit. The decision's
 * e-mail attaches it and the order pages download it, so both are the same document.
 */
export function acceptedClaimCreditNote(input: {
  order: {
    number: string;
    snapshot: unknown;
    vatRate: number;
    promisedDeliveryDate: string | null;
    subtotalPence: number;
    discountPence: number;
    totalPence: number;
  };
  claim: {
    status: string;
    remedy: string | null;
    daysLate: number;
    creditNoteNumber: string | null;
    decidedAt: Date | null;
  };
  invoiceNumber: string | null;
}): BusinessDocument | null {
  const { order, claim } = input;
  if (claim.status !== "accepted" || !claim.creditNoteNumber || !input.invoiceNumber || !order.promisedDeliveryDate)
    return null;
  const credit = remedyCredit(claim.remedy ?? "", order);
  if (credit.kind !== "credit") return null;
  return guaranteeCreditNote({
    number: claim.creditNoteNumber,
    issuedAt: claim.decidedAt ?? new Date(),
    orderNumber: order.number,
    snapshot: readOrderSnapshot(order.number, order.snapshot),
    invoiceNumber: input.invoiceNumber,
    credit,
    vatRate: order.vatRate,
    promised: order.promisedDeliveryDate,
    daysLate: claim.daysLate,
  });
}
