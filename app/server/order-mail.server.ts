/**
 * The order confirmation e-mail with its VAT invoice (issue 8 item 9; REQUIREMENTS B-9). It goes
 * to the "work email" of the Details step, where the buyer was told invoices and mock-ups go.
 *
 * The invoice carries what a full UK VAT invoice needs: a unique sequential number, the date, the
 * seller's name, address and VAT number, the customer's name and address (and VAT number when
 * given), each line with quantity and unit price, the VAT rate and amount, and the total. It is in
 * the body as text and HTML; sendMail (app/server/mail.server.ts) carries no attachments yet, so
 * the PDF copy B-9 proposes is left for later.
 */
import type { paymentIntents } from "#db/schema";
import { colourName } from "~/catalogue/colours";
import { addressLines, SHIPPING_METHODS } from "~/domain/checkout";
import type { OrderLineSnapshot, OrderSnapshot } from "~/domain/order-snapshot";
import type { Database } from "./db.server";
import { getEnv } from "./env.server";
import { mailButton, mailHtml, mailSignature } from "./mail-templates.server";
import { formatDisplayDate, type IsoDate } from "~/domain/dates";
import { proofPromise } from "~/domain/orders";
import { formatPence } from "~/domain/money";
import { sendMail, type Mail } from "./mail.server";
import { escapeHtml } from "~/domain/html";
import { describeSizes } from "~/domain/sizes";

export type OrderConfirmationView = {
  to: string;
  orderNumber: string;
  orderUrl: string;
  invoiceNumber: string;
  /** Invoice date and time of supply (payment), as a Europe/London calendar date. */
  issuedOn: IsoDate;
  customer: {
    company: string;
    name: string;
    addressLines: string[];
    vatNumber: string;
    poRef: string;
  };
  shipTo: { name: string; company: string; addressLines: string[] };
  lines: Array<{ description: string; quantity: number; unitPence: number; amountPence: number }>;
  /** The goods before discount: the lines' sum. */
  subtotalPence: number;
  discountPence: number;
  shipping: { label: string; pence: number };
  vatRate: number;
  vatPence: number;
  totalPence: number;
  /** What happens next: a proof within 2 working days, or the promised date of a repeat order. */
  nextSteps: string[];
};

/** What the payment ledger recorded as charged (payment_intents), which the invoice repeats. */
type ChargedAmounts = Pick<
  typeof paymentIntents.$inferSelect,
  "subtotalPence" | "discountPence" | "shippingPence" | "vatRate" | "vatPence" | "amountPence"
>;

/** A line as paid: its snapshot with the quantity and tier price the order was charged. */
export type ChargedLine = OrderLineSnapshot & { quantity: number; unitPence: number; subtotalPence: number };

function lineDescription({ product, customization }: OrderLineSnapshot): string {
  const colour = customization.variant.color_hex ? colourName(product.id, customization.variant.color_hex) : undefined;
  const sizes = describeSizes(customization.sizes);
  const extras = [colour, sizes && `sizes ${sizes}`, ...customization.customization_selections].filter(
    (part): part is string => Boolean(part),
  );
  return extras.length > 0 ? `${product.title} (${extras.join(", ")})` : product.title;
}

/** The e-mail's view of an order just paid: the snapshot's addresses, its lines, the ledger's amounts. */
export function orderConfirmationView(input: {
  orderId: string;
  number: string;
  invoiceNumber: string;
  issuedOn: IsoDate;
  snapshot: OrderSnapshot;
  lines: readonly ChargedLine[];
  ledger: ChargedAmounts;
  repeatOf: string | null;
  promised: IsoDate | null;
}): OrderConfirmationView {
  const { data } = input.snapshot;
  const { details, shipping } = data;
  const method = shipping.method ?? "standard";
  const nextSteps =
    input.repeatOf && input.promised
      ? [
          `This repeats order ${input.repeatOf}, so there is no new proof to approve: production starts now.`,
          `Promised delivery: ${formatDisplayDate(input.promised)}.`,
        ]
      : [proofPromise(input.issuedOn)];
  return {
    to: details.email.trim(),
    orderNumber: input.number,
    orderUrl: `${getEnv().BASE_URL}/orders/${input.orderId}`,
    invoiceNumber: input.invoiceNumber,
    issuedOn: input.issuedOn,
    customer: {
      company: details.billing.company.trim() || details.company,
      name: details.billing.name.trim() || details.contact_name,
      addressLines: addressLines(
        [details.billing.line1, details.billing.line2, details.billing.city, details.billing.postcode],
        details.billing.country,
      ),
      vatNumber: details.vat_number,
      poRef: details.po_ref,
    },
    shipTo: {
      name: shipping.address.name || `${shipping.address.firstName} ${shipping.address.lastName}`.trim(),
      company: shipping.address.company,
      addressLines: addressLines(
        [shipping.address.line1, shipping.address.line2, shipping.address.city, shipping.address.postcode],
        shipping.address.country,
      ),
    },
    lines: input.lines.map((line) => ({
      description: lineDescription(line),
      quantity: line.quantity,
      unitPence: line.unitPence,
      amountPence: line.subtotalPence,
    })),
    subtotalPence: input.ledger.subtotalPence,
    discountPence: input.ledger.discountPence,
    shipping: { label: SHIPPING_METHODS[method].label, pence: input.ledger.shippingPence },
    vatRate: input.ledger.vatRate,
    vatPence: input.ledger.vatPence,
    totalPence: input.ledger.amountPence,
    nextSteps,
  };
}

/** B-9: after the commit; a mail fault is logged, never undoes the payment (the order page has the invoice too). */
export async function sendOrderConfirmation(db: Database, view: OrderConfirmationView) {
  try {
    await sendMail(db, orderConfirmationMail(view));
  } catch (error) {
    console.error(`[orders] confirmation e-mail for ${view.orderNumber} to ${view.to} failed:`, error);
  }
}

type Row = { label: string; amount: string; strong?: boolean };

function invoiceRows(view: OrderConfirmationView): Row[] {
  const net = view.subtotalPence - view.discountPence + view.shipping.pence;
  const rows: Row[] = view.lines.map((line) => ({
    label: `${line.quantity} × ${line.description} @ ${formatPence(line.unitPence)}`,
    amount: formatPence(line.amountPence),
  }));
  // A-20: the first-order discount comes off the goods before VAT.
  if (view.discountPence > 0)
    rows.push({ label: "First order discount (10%)", amount: `−${formatPence(view.discountPence)}` });
  rows.push({ label: view.shipping.label, amount: formatPence(view.shipping.pence) });
  rows.push({ label: "Total excluding VAT", amount: formatPence(net) });
  rows.push({
    // DESIGN decision 5: 0% only when the goods leave the UK.
    label: view.vatRate > 0 ? `VAT at ${view.vatRate}%` : "VAT at 0% (goods exported outside the UK)",
    amount: formatPence(view.vatPence),
  });
  rows.push({ label: "Total paid", amount: formatPence(view.totalPence), strong: true });
  return rows;
}

export function orderConfirmationMail(view: OrderConfirmationView): Mail {
  const rows = invoiceRows(view);
  const date = formatDisplayDate(view.issuedOn);
  const business = getEnv().business;
  const seller = [
    business.legalName,
    ...business.registeredOffice,
    `VAT registration number: ${business.vatNumber}`,
    `Company number: ${business.companyNumber}`,
  ];
  const customer = [
    view.customer.company,
    view.customer.name,
    ...view.customer.addressLines,
    ...(view.customer.vatNumber.trim() ? [`VAT number: ${view.customer.vatNumber.trim()}`] : []),
    ...(view.customer.poRef.trim() ? [`Your PO reference: ${view.customer.poRef.trim()}`] : []),
  ].filter((line) => line.trim() !== "");
  const shipTo = [view.shipTo.name, view.shipTo.company, ...view.shipTo.addressLines].filter(
    (line) => line.trim() !== "",
  );

  const text = [
    `Thank you for your order ${view.orderNumber}. We have received your payment of ${formatPence(view.totalPence)}.`,
    ...view.nextSteps,
    "",
    `View your order: ${view.orderUrl}`,
    "",
    "VAT INVOICE",
    `Invoice number: ${view.invoiceNumber}`,
    `Invoice date: ${date}`,
    `Order: ${view.orderNumber}`,
    "",
    "From:",
    ...seller,
    "",
    "To:",
    ...customer,
    "",
    "Deliver to:",
    ...shipTo,
    "",
    ...rows.map((row) => `${row.label}: ${row.amount}`),
    "",
    "Paid in full by card.",
    ...mailSignature(),
  ].join("\n");

  const block = (title: string, lines: string[]) =>
    `<td valign="top" style="padding:0 12px 12px 0;font-size:13px;line-height:1.5"><strong>${escapeHtml(title)}</strong><br>${lines.map(escapeHtml).join("<br>")}</td>`;
  const html = mailHtml(
    `<p style="margin:0 0 12px">Thank you for your order <strong>${escapeHtml(view.orderNumber)}</strong>. We have received your payment of <strong>${escapeHtml(formatPence(view.totalPence))}</strong>.</p>
${view.nextSteps.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join("\n")}
${mailButton(view.orderUrl, "View your order")}
<h2 style="margin:28px 0 4px;font-size:18px">VAT invoice ${escapeHtml(view.invoiceNumber)}</h2>
<p style="margin:0 0 16px;font-size:13px;color:#4b4b63">Invoice date ${escapeHtml(date)} · Order ${escapeHtml(view.orderNumber)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr>${block("From", seller)}${block("To", customer)}${block("Deliver to", shipTo)}</tr></table>
<table width="100%" cellpadding="6" cellspacing="0" style="border-collapse:collapse;font-size:14px;margin-top:8px">
${rows
  .map(
    (row) =>
      `<tr style="border-top:1px solid #e5e5ef${row.strong ? ";font-weight:bold" : ""}"><td>${escapeHtml(row.label)}</td><td align="right" style="white-space:nowrap">${escapeHtml(row.amount)}</td></tr>`,
  )
  .join("\n")}
</table>
<p style="margin:16px 0 0;font-size:13px;color:#4b4b63">Paid in full by card.</p>`,
    600,
  );

  return {
    to: view.to,
    subject: `Order ${view.orderNumber} confirmed: VAT invoice ${view.invoiceNumber}`,
    text,
    html,
    meta: { kind: "order-confirmation", orderNumber: view.orderNumber, invoiceNumber: view.invoiceNumber },
  };
}
