/**
 * The order confirmation e-mail with its VAT invoice (decision 019;
 * REQUIREMENTS B-9). It goes to the "work email" of the Details step, where the buyer was told
 * invoices and mock-ups go.
 *
 * The invoice is attached as a PDF (the one PDF module) and summarised in the body: a unique
 * sequential number, the date, the seller's name, address and VAT number, the customer's name and
 * address (and VAT number when given), each line with quantity and unit price, the VAT rate and
 * amount, and the total.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { invoices, orders, type paymentIntents } from "#db/schema";
import { FIRST_ORDER_DISCOUNT_LABEL, SHIPPING_METHODS } from "~/domain/pricing/checkout";
import { documentFileName, goodsWithCharges, type BusinessDocument } from "~/domain/pricing/documents";
import { lineDescription, orderParties, type ChargedLine } from "~/domain/orders/order-documents";
import { readOrderSnapshot, type OrderSnapshot } from "~/domain/orders/order-snapshot";
import { renderDocumentPdf } from "../documents/documents.server";
import type { AppContext } from "../providers/app-context.server";
import { mailButton, mailHtml, type MailShop, mailSignature, orderUrl } from "../messages/mail-templates.server";
import { formatDisplayDate, londonToday, type IsoDate } from "~/domain/core/dates";
import { proofPromise } from "~/domain/fulfilment/orders";
import { formatPence } from "~/domain/core/money";
import { sendMail, type Mail } from "../messages/mail.server";
import { defineJob } from "../messages/jobs.server";
import { loadOrderDocument } from "../documents/invoices.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { queueStaffAlert, type StaffAlert } from "./staff-alerts.server";
import { escapeHtml } from "~/domain/core/html";

export type OrderConfirmationView = {
  /** The shop that sold: the seller on the invoice, the origin of the order's link. */
  shop: MailShop;
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
  /** The VAT invoice, attached as a PDF. */
  invoice: BusinessDocument;
};

/** What the payment ledger recorded as charged (payment_intents), which the invoice repeats. */
type ChargedAmounts = Pick<
  typeof paymentIntents.$inferSelect,
  "subtotalPence" | "discountPence" | "shippingPence" | "vatRate" | "vatPence" | "amountPence"
>;

/** The e-mail's view of an order just paid: the snapshot's addresses, its lines, the ledger's amounts. */
export function orderConfirmationView(input: {
  shop: MailShop;
  orderId: string;
  number: string;
  invoiceNumber: string;
  issuedOn: IsoDate;
  snapshot: OrderSnapshot;
  lines: readonly ChargedLine[];
  ledger: ChargedAmounts;
  repeatOf: string | null;
  promised: IsoDate | null;
  invoice: BusinessDocument;
}): OrderConfirmationView {
  const { customer, shipTo, poRef } = orderParties(input.snapshot);
  const method = input.snapshot.data.shipping.method ?? "standard";
  const nextSteps =
    input.repeatOf && input.promised
      ? [
          `This repeats order ${input.repeatOf}, so there is no new proof to approve: production starts now.`,
          `Promised delivery: ${formatDisplayDate(input.promised)}.`,
        ]
      : [proofPromise(input.issuedOn)];
  return {
    shop: input.shop,
    to: input.snapshot.data.details.email.trim(),
    orderNumber: input.number,
    orderUrl: orderUrl(input.shop, input.orderId),
    invoiceNumber: input.invoiceNumber,
    issuedOn: input.issuedOn,
    customer: { ...customer, poRef },
    shipTo,
    // A line's set-up fees and surcharges are rows of their own, as on the invoice (decision 088).
    lines: input.lines.flatMap((line) =>
      goodsWithCharges({
        description: lineDescription(line),
        details: [],
        quantity: line.quantity,
        unitPence: line.unitPence,
        charges: line.charges,
      }).map((goods) => ({
        description:
          goods.details.length > 0 ? `${goods.description} (${goods.details.join(", ")})` : goods.description,
        quantity: goods.quantity,
        unitPence: goods.unitPence,
        amountPence: goods.netPence,
      })),
    ),
    subtotalPence: input.ledger.subtotalPence,
    discountPence: input.ledger.discountPence,
    shipping: { label: SHIPPING_METHODS[method].label, pence: input.ledger.shippingPence },
    vatRate: input.ledger.vatRate,
    vatPence: input.ledger.vatPence,
    totalPence: input.ledger.amountPence,
    nextSteps,
    invoice: input.invoice,
  };
}

/**
 * What a paid order sends, queued in the transaction that records the payment (decision 030): the
 * buyer's confirmation with the VAT invoice and the staff alert. The job loads the order and renders
 * the invoice itself, so the payment's request never waits on a PDF, and a process killed after the
 * commit leaves the job for the next worker. `repeatOf` is the order this one repeats, which the
 * transaction decided and the order does not keep.
 */
export const ORDER_PAID_JOB = defineJob(
  "order-paid",
  z.object({ orderId: z.uuid(), repeatOf: z.string().max(40).nullable() }),
);

/**
 * The order-paid job's work (B-9). Each message has a key, so a job that runs again after a send
 * (its worker died before completing it) sends nothing twice.
 */
export async function sendPaidOrderMessages(ctx: AppContext, input: { orderId: string; repeatOf: string | null }) {
  const { db } = ctx;
  const view = await loadOrderConfirmation(ctx, input);
  // An order erased since it was paid has nobody left to tell.
  if (!view) return;
  const pdf = await renderDocumentPdf(view.invoice, ctx.business);
  await sendMail(db, {
    ...orderConfirmationMail(view),
    attachments: [{ filename: documentFileName(view.invoice), content: pdf, contentType: "application/pdf" }],
    key: `order-confirmation:${input.orderId}`,
  });
  await queueStaffAlert(ctx, { alert: paidOrderAlert(input.orderId, view), key: `order-paid:${input.orderId}` });
}

/** The confirmation's view of a paid order, from what the order and its invoice recorded. */
export async function loadOrderConfirmation(
  ctx: AppContext,
  input: { orderId: string; repeatOf: string | null },
): Promise<OrderConfirmationView | null> {
  const { db } = ctx;
  const [row] = await db
    .select({ order: orders, invoice: invoices })
    .from(orders)
    .innerJoin(invoices, eq(invoices.orderId, orders.id))
    .where(eq(orders.id, input.orderId))
    .limit(1);
  const document = await loadOrderDocument(db, { orderId: input.orderId, kind: "invoice", reader: "staff" });
  if (!row || !document) return null;
  const { order, invoice } = row;
  return orderConfirmationView({
    shop: ctx,
    orderId: order.id,
    number: order.number,
    invoiceNumber: invoice.number,
    issuedOn: londonToday(invoice.issuedAt),
    snapshot: readOrderSnapshot(order.number, order.snapshot),
    lines: await linesOfOrder(db, order),
    ledger: { ...order, amountPence: order.totalPence },
    repeatOf: input.repeatOf,
    promised: order.promisedDeliveryDate,
    invoice: document,
  });
}

/** The alert for an order just paid by card, from its confirmation e-mail's view. */
export function paidOrderAlert(orderId: string, view: OrderConfirmationView): StaffAlert {
  return {
    kind: "order-paid",
    orderId,
    orderNumber: view.orderNumber,
    totalPence: view.totalPence,
    company: view.customer.company,
    lines: view.lines.map((line) => `${line.quantity.toLocaleString("en-GB")} × ${line.description}`).join(", "),
  };
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
    rows.push({ label: FIRST_ORDER_DISCOUNT_LABEL, amount: `−${formatPence(view.discountPence)}` });
  rows.push({ label: view.shipping.label, amount: formatPence(view.shipping.pence) });
  rows.push({ label: "Total excluding VAT", amount: formatPence(net) });
  rows.push({
    // Decision 052: 0% only when the goods leave the UK.
    label: view.vatRate > 0 ? `VAT at ${view.vatRate}%` : "VAT at 0% (goods exported outside the UK)",
    amount: formatPence(view.vatPence),
  });
  rows.push({ label: "Total paid", amount: formatPence(view.totalPence), strong: true });
  return rows;
}

export function orderConfirmationMail(view: OrderConfirmationView): Mail {
  const rows = invoiceRows(view);
  const date = formatDisplayDate(view.issuedOn);
  const { business } = view.shop;
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
    `Your VAT invoice ${view.invoiceNumber} is attached as a PDF; your order page keeps a copy.`,
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
    ...mailSignature(view.shop),
  ].join("\n");

  const block = (title: string, lines: string[]) =>
    `<td valign="top" style="padding:0 12px 12px 0;font-size:13px;line-height:1.5"><strong>${escapeHtml(title)}</strong><br>${lines.map(escapeHtml).join("<br>")}</td>`;
  const html = mailHtml(view.shop, {
    body: `<p style="margin:0 0 12px">Thank you for your order <strong>${escapeHtml(view.orderNumber)}</strong>. We have received your payment of <strong>${escapeHtml(formatPence(view.totalPence))}</strong>.</p>
${view.nextSteps.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join("\n")}
${mailButton(view.orderUrl, "View your order")}
<p style="margin:0 0 12px">Your VAT invoice ${escapeHtml(view.invoiceNumber)} is attached as a PDF; your order page keeps a copy.</p>
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
    width: 600,
  });

  return {
    to: view.to,
    subject: `Order ${view.orderNumber} confirmed: VAT invoice ${view.invoiceNumber}`,
    text,
    html,
    meta: { kind: "order-confirmation", orderNumber: view.orderNumber, invoiceNumber: view.invoiceNumber },
  };
}
