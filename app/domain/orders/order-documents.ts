/**
 * An order's documents (decision 019): its VAT invoice, its credit note after a refund
 * and its pro-forma, built from what the order recorded (the snapshot's addresses and PO
 * reference, each line as charged, the ledger's amounts), so every copy prints the same figures
 * as the payment took. The confirmation e-mail names the parties and lines the same way.
 */
import { addressLines } from "../pricing/checkout";
import { documentLines, documentTotals, type BusinessDocument, type DocumentKind } from "../pricing/documents";
import { type OrderLineSnapshot, type OrderSnapshot, soldColourName } from "./order-snapshot";
import { formatDisplayDay } from "../core/dates";
import { paymentStatusText, toOrderStatus, type PaymentMethod } from "../fulfilment/orders";
import { describeSizes } from "../pricing/sizes";

/** A line as charged: its snapshot with the quantity and tier price the order was charged. */
export type ChargedLine = OrderLineSnapshot & { quantity: number; unitPence: number; subtotalPence: number };

/** What the order charged (pence; vatRate in percent), from the payment ledger. */
export type ChargedAmounts = {
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  vatRate: number;
};

/** A line's product and what was chosen for it: colour, sizes, decoration. */
export function lineParts({ product, customization }: OrderLineSnapshot): { title: string; extras: string[] } {
  const colour = customization.variant.color_hex ? soldColourName(product, customization.variant.color_hex) : undefined;
  const sizes = describeSizes(customization.sizes);
  const extras = [colour, sizes && `sizes ${sizes}`, ...customization.customization_selections].filter(
    (part): part is string => Boolean(part),
  );
  return { title: product.title, extras };
}

/** "Caps (Navy, Front embroidery)": a line in one line of text, for e-mails. */
export function lineDescription(line: OrderLineSnapshot): string {
  const { title, extras } = lineParts(line);
  return extras.length > 0 ? `${title} (${extras.join(", ")})` : title;
}

/** Who an order's documents are for, where it goes, and the buyer's purchase order reference. */
export function orderParties({ data }: OrderSnapshot) {
  const { details, shipping } = data;
  const billing = details.billing;
  const address = shipping.address;
  return {
    customer: {
      company: billing.company.trim() || details.company,
      name: billing.name.trim() || details.contact_name,
      addressLines: addressLines([billing.line1, billing.line2, billing.city, billing.postcode], billing.country),
      vatNumber: details.vat_number.trim(),
    },
    shipTo: {
      name: address.name || `${address.firstName} ${address.lastName}`.trim(),
      company: address.company,
      addressLines: addressLines([address.line1, address.line2, address.city, address.postcode], address.country),
    },
    poRef: details.po_ref.trim(),
  };
}

const nonBlank = (lines: string[]) => lines.filter((line) => line.trim() !== "");

/**
 * One of an order's documents. `facts` after the order number and PO reference: the payment for
 * an invoice, the invoice a credit note cancels, a pro-forma's due date.
 */
export function orderDocument(input: {
  kind: Exclude<DocumentKind, "quote">;
  number: string;
  issuedAt: Date;
  orderNumber: string;
  snapshot: OrderSnapshot;
  lines: readonly ChargedLine[];
  amounts: ChargedAmounts;
  facts: BusinessDocument["facts"];
  notes: string[];
}): BusinessDocument {
  const { customer, shipTo, poRef } = orderParties(input.snapshot);
  const { amounts } = input;
  const lines = documentLines({
    goods: input.lines.map((line) => {
      const { title, extras } = lineParts(line);
      return {
        description: title,
        details: extras,
        quantity: line.quantity,
        unitPence: line.unitPence,
        netPence: line.subtotalPence,
      };
    }),
    totals: {
      discount: amounts.discountPence,
      shipping: amounts.shippingPence,
      vat: amounts.vatPence,
      vatRate: amounts.vatRate,
    },
    shippingMethod: input.snapshot.data.shipping.method ?? "standard",
  });
  return {
    kind: input.kind,
    number: input.number,
    issuedAt: input.issuedAt,
    facts: [
      { label: "Order", value: input.orderNumber },
      ...(poRef ? [{ label: "PO reference", value: poRef }] : []),
      ...input.facts,
    ],
    buyer: {
      lines: nonBlank([customer.company, customer.name, ...customer.addressLines]),
      vatNumber: customer.vatNumber,
    },
    deliverTo: nonBlank([shipTo.name, shipTo.company, ...shipTo.addressLines]),
    lines,
    totals: documentTotals(lines),
    notes: input.notes,
    ...(input.kind === "proforma" ? { bankTransferReference: input.orderNumber } : {}),
  };
}

type OrderDocumentInput = Omit<Parameters<typeof orderDocument>[0], "kind" | "facts" | "notes">;

/** An order's VAT invoice: its payment's method and state among the facts. */
export function invoiceDocument(
  input: OrderDocumentInput & { order: { status: string; paidAt: Date; method: PaymentMethod } },
): BusinessDocument {
  const { order, ...rest } = input;
  const payment = paymentStatusText(toOrderStatus(order.status), {
    method: order.method,
    paidOn: formatDisplayDay(order.paidAt),
  });
  return orderDocument({ ...rest, kind: "invoice", facts: [{ label: "Payment", value: payment }], notes: [] });
}

/** What a refund goes back to, by how the order was paid. */
const REFUNDED_TO: Record<PaymentMethod, string> = { card: "card", bank_transfer: "bank account" };

/** The credit note that cancels an order's VAT invoice in full after a refund. */
export function creditNoteDocument(
  input: OrderDocumentInput & { invoice: { number: string; issuedAt: Date }; method: PaymentMethod },
): BusinessDocument {
  const { invoice, method, ...rest } = input;
  return orderDocument({
    ...rest,
    kind: "credit_note",
    facts: [{ label: "Credits invoice", value: invoice.number }],
    notes: [
      `This credit note cancels VAT invoice ${invoice.number} of ${formatDisplayDay(invoice.issuedAt)} in full. The amount including VAT is refunded to the ${REFUNDED_TO[method]} that paid for order ${input.orderNumber}.`,
    ],
  });
}
