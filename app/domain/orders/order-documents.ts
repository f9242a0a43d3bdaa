/**
 * An order's documents (decision 019): its VAT invoice, its credit note after a refund
 * and its pro-forma, built from what the order recorded (the snapshot's addresses and PO
 * reference, each line as charged, the ledger's amounts), so every copy prints the same figures
 * as the payment took. The confirmation e-mail names the parties and lines the same way.
 */
import { onAccountPaymentText } from "./credit-accounts";
import { addressLines } from "../pricing/checkout";
import {
  documentLines,
  documentPence,
  goodsWithCharges,
  documentTotals,
  type BusinessDocument,
  type DocumentKind,
  type DocumentLine,
} from "../pricing/documents";
import type { ChargedAmounts, OrderLineSnapshot, OrderSnapshot } from "./order-snapshot";
import { soldColourName } from "./sold-colours";
import { formatDisplayDate, formatDisplayDay, type IsoDate } from "../core/dates";
import { paidOnText, paymentStatusText, toOrderStatus, type PaymentMethod } from "../fulfilment/orders";
import { describeSizes } from "../pricing/sizes";
import type { CreditedGoods } from "./refunds";

/** A line as charged: its snapshot with the quantity and tier price the order was charged. */
export type ChargedLine = OrderLineSnapshot & { quantity: number; unitPence: number; subtotalPence: number };

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
  /** The document's lines when they are not the order's as charged (a credit note for part of it). */
  documentLines?: DocumentLine[];
}): BusinessDocument {
  const { customer, shipTo, poRef } = orderParties(input.snapshot);
  const { amounts } = input;
  const lines =
    input.documentLines ??
    documentLines({
      goods: input.lines.flatMap((line) => {
        const { title, extras } = lineParts(line);
        return goodsWithCharges({
          description: title,
          details: extras,
          quantity: line.quantity,
          unitPence: line.unitPence,
          charges: line.charges,
        });
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

/**
 * An order's VAT invoice: its payment's method and state among the facts. A bank transfer's invoice
 * is supplied on the day the money arrived (`suppliedOn`), which is the payment's day too.
 */
export function invoiceDocument(
  input: OrderDocumentInput & {
    order: { status: string; paidAt: Date; method: PaymentMethod };
    suppliedOn?: IsoDate | null;
    /**
     * An invoice on account (decision 085): supplied when issued, due within the terms, with the
     * bank details to pay it until it is paid.
     */
    account?: { dueOn: IsoDate; termsDays: number; paidOn: IsoDate | null } | null;
  },
): BusinessDocument {
  const { order, suppliedOn, account, ...rest } = input;
  if (account) {
    const paidOn = account.paidOn ? formatDisplayDate(account.paidOn) : null;
    const document = orderDocument({
      ...rest,
      kind: "invoice",
      facts: [{ label: "Payment", value: onAccountPaymentText({ ...account, paidOn }) }],
      notes: paidOn
        ? []
        : [
            `Payment terms: ${account.termsDays} days from the invoice date. Please pay by bank transfer by ${formatDisplayDate(account.dueOn)}, quoting ${input.orderNumber}.`,
          ],
    });
    return paidOn ? document : { ...document, bankTransferReference: input.orderNumber };
  }
  const payment = paymentStatusText(toOrderStatus(order.status), {
    method: order.method,
    paidOn: paidOnText(order.paidAt, suppliedOn),
  });
  const document = orderDocument({
    ...rest,
    kind: "invoice",
    facts: [{ label: "Payment", value: payment }],
    notes: [],
  });
  return suppliedOn ? { ...document, suppliedOn } : document;
}

/** What a refund goes back to, by how the order was paid. */
const REFUNDED_TO: Record<PaymentMethod, string> = {
  card: "card",
  bank_transfer: "bank account",
  on_account: "bank account",
};

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

/** A refund as its credit note prints it (app/domain/orders/refunds.ts worked it out). */
export type RefundOnNote = {
  method: string;
  goods: readonly CreditedGoods[];
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  netPence: number;
  grossPence: number;
  reason: string;
  paidBackOn: string | null;
  reference: string | null;
};

/**
 * The credit note of one refund: the goods it gave back at the prices charged, with their share of
 * the first-order discount and shipping when refunded, or one line for an amount; VAT at the order's
 * rate as the refund worked it out, so the note totals exactly what went back. It cites the invoice.
 */
export function refundCreditNoteDocument(
  input: OrderDocumentInput & { invoice: { number: string; issuedAt: Date }; refund: RefundOnNote },
): BusinessDocument {
  const { invoice, refund, ...rest } = input;
  const goods =
    refund.goods.length > 0 || refund.shippingPence > 0
      ? refund.goods.map((item) => {
          const line = input.lines[item.index];
          const parts = line ? lineParts(line) : { title: `Line ${item.index + 1}`, extras: [] };
          return {
            description: parts.title,
            details: parts.extras,
            quantity: item.quantity,
            unitPence: item.unitPence,
            netPence: item.netPence,
          };
        })
      : [{ description: "Refund", details: [], quantity: 1, unitPence: refund.netPence, netPence: refund.netPence }];
  const creditLines = documentLines({
    goods,
    totals: {
      discount: refund.discountPence,
      shipping: refund.shippingPence,
      vat: refund.vatPence,
      vatRate: input.amounts.vatRate,
    },
    shippingMethod: refund.shippingPence > 0 ? (input.snapshot.data.shipping.method ?? "standard") : null,
  });
  return orderDocument({
    ...rest,
    kind: "credit_note",
    documentLines: creditLines,
    facts: [{ label: "Credits invoice", value: invoice.number }],
    notes: [
      `This credit note credits ${documentPence(refund.grossPence)} including VAT of VAT invoice ${invoice.number} of ${formatDisplayDay(invoice.issuedAt)}. Reason: ${refund.reason}`,
      refund.method === "account"
        ? `The amount is taken off what your organisation owes on its account for order ${input.orderNumber}: nothing is paid back.`
        : refund.paidBackOn
          ? `The amount was paid back by bank transfer on ${formatDisplayDate(refund.paidBackOn)}, reference ${refund.reference ?? ""}.`
          : `The amount is refunded to the ${REFUNDED_TO.card} that paid for order ${input.orderNumber}.`,
    ],
  });
}
