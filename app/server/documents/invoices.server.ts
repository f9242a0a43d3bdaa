/**
 * VAT invoices and credit notes (decision 019; REQUIREMENTS B-9). An order's invoice is issued
 * in the transaction that records its payment, numbered without gaps; a refund issues a credit
 * note naming it. Either is rebuilt on demand from what the order recorded and rendered by the one
 * PDF module, for the order's buyer, their organisation and staff.
 */
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import { bankTransfers, creditNotes, invoices, orders, orderStatusHistory, refunds } from "#db/schema";
import { DOCUMENT_TITLES, documentFileName, documentPence, type BusinessDocument } from "~/domain/pricing/documents";
import { creditNoteDocument, invoiceDocument, refundCreditNoteDocument } from "~/domain/orders/order-documents";
import { readOrderSnapshot } from "~/domain/orders/order-snapshot";
import { isOrderId } from "~/domain/fulfilment/orders";
import { londonToday } from "~/domain/core/dates";
import type { BusinessProfile } from "~/domain/people/business-profile";
import { visibleTo } from "../orders/buyer-orders.server";
import type { Database } from "../platform/db.server";
import type { AppContext } from "../providers/app-context.server";
import { nextDocumentNumber } from "../platform/document-numbers.server";
import { renderDocumentPdf } from "./documents.server";
import { linesOfOrder } from "../orders/order-lines.server";
import { PRIVATE_CACHE_CONTROL } from "../platform/private-responses.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { failure, type Failure, toResponse } from "../platform/http.server";
import { branded, orderUrl } from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { defineJob } from "../messages/jobs.server";

/** The order's VAT invoice, numbered now; call it inside the transaction that records the payment. */
export async function issueInvoice(tx: Database, input: { orderId: string; now: Date }): Promise<string> {
  const number = await nextDocumentNumber(tx, { kind: "invoice", now: input.now });
  await tx.insert(invoices).values({ number, orderId: input.orderId, issuedAt: input.now });
  return number;
}

export type OrderDocumentKind = "invoice" | "credit_note";
/** Who asks: a signed-in buyer (their orders and their organisation's), or staff (any order). */
export type DocumentReader = { userId: string; accountId: string } | "staff";

/**
 * An order's invoice, or its credit note numbered `number`, as a document; null when the reader
 * may not read the order or it has no such document.
 */
export async function loadOrderDocument(
  db: Database,
  input: { orderId: string; kind: OrderDocumentKind; number?: string; reader: DocumentReader },
): Promise<BusinessDocument | null> {
  const { reader } = input;
  if (!isOrderId(input.orderId) || (reader !== "staff" && !reader.userId)) return null;
  const scope =
    reader === "staff"
      ? eq(orders.id, input.orderId)
      : and(eq(orders.id, input.orderId), visibleTo(reader.userId, reader.accountId || reader.userId));
  const [row] = await db
    .select({ order: orders, invoice: invoices, transfer: bankTransfers })
    .from(orders)
    .innerJoin(invoices, eq(invoices.orderId, orders.id))
    .leftJoin(bankTransfers, eq(bankTransfers.orderId, orders.id))
    .where(scope)
    .limit(1);
  if (!row) return null;
  const { order, invoice } = row;
  // An invoiced order is paid; a bank transfer's invoice is issued when the money arrives.
  const { transfer } = row;
  const paid = {
    status: order.status,
    paidAt: order.paidAt ?? invoice.issuedAt,
    method: order.onAccount ? "on_account" : transfer ? "bank_transfer" : "card",
  } as const;
  const common = {
    orderNumber: order.number,
    snapshot: readOrderSnapshot(order.number, order.snapshot),
    lines: await linesOfOrder(db, order),
    amounts: order,
  };
  if (input.kind === "invoice")
    return invoiceDocument({
      ...common,
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      order: paid,
      // An invoice on account is supplied when issued, and due within its terms (decision 085).
      ...(order.onAccount && transfer?.termsDays
        ? {
            account: {
              dueOn: transfer.dueOn,
              termsDays: transfer.termsDays,
              paidOn: order.paidAt ? (transfer.arrivedOn ?? londonToday(order.paidAt)) : null,
            },
          }
        : { suppliedOn: transfer?.arrivedOn ?? null }),
    });
  const [note] = await db
    .select({ creditNote: creditNotes, refund: refunds })
    .from(creditNotes)
    .leftJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(and(eq(creditNotes.orderId, order.id), eq(creditNotes.number, input.number ?? "")))
    .limit(1);
  if (!note) return null;
  const credit = { ...common, number: note.creditNote.number, issuedAt: note.creditNote.issuedAt, invoice };
  return note.refund
    ? refundCreditNoteDocument({ ...credit, refund: note.refund })
    : creditNoteDocument({ ...credit, method: paid.method });
}

/** Rendering a PDF costs the server a few tens of milliseconds: this many per reader per 10 minutes. */
export const DOCUMENT_DOWNLOAD_LIMIT = { limit: 30, windowSeconds: 600 };

/** Whether this reader may render another document now (per user; staff share one budget per person). */
export async function mayRenderDocument(db: Database, readerKey: string): Promise<boolean> {
  const { limit, windowSeconds } = DOCUMENT_DOWNLOAD_LIMIT;
  return (await hitRateLimit(db, { key: `documents:${readerKey}`, limit, windowSeconds })).allowed;
}

/** A document as a PDF download, never cached by anyone but the reader's browser, never sniffed. */
export async function documentResponse(document: BusinessDocument, business: BusinessProfile): Promise<Response> {
  return pdfDownload(await renderDocumentPdf(document, business), documentFileName(document));
}

/** PDF bytes as a download named `fileName`: private, never sniffed (every document and the statement). */
export function pdfDownload(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": PRIVATE_CACHE_CONTROL,
    },
  });
}

/** The refusal once a reader's document budget is spent. */
export const tooManyDocuments = () =>
  toResponse(failure(429, "TOO_MANY_DOCUMENTS", "Too many downloads: try again in a few minutes."));

/**
 * An order's invoice or credit note e-mailed to the address its buyer gave at checkout, with the
 * PDF attached: after a refund (the credit note) and when staff re-send the invoice. A mail fault
 * is the caller's to report.
 */
export async function mailOrderDocument(
  ctx: AppContext,
  input: { orderId: string; kind: OrderDocumentKind; number?: string; key?: string },
): Promise<{ to: string; number: string } | null> {
  const { db } = ctx;
  const document = await loadOrderDocument(db, { ...input, reader: "staff" });
  if (!document) return null;
  const [order] = await db
    .select({ number: orders.number, snapshot: orders.snapshot })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .limit(1);
  const to = order ? readOrderSnapshot(order.number, order.snapshot).data.details.email.trim() : "";
  if (!order || !to) return null;
  const title = DOCUMENT_TITLES[document.kind];
  const [refund] =
    document.kind === "credit_note"
      ? await db
          .select({ reason: refunds.reason, method: refunds.method })
          .from(creditNotes)
          .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
          .where(eq(creditNotes.number, document.number))
      : [];
  const lines =
    document.kind === "credit_note"
      ? [
          `${refund?.method === "account" ? "We have credited" : "We have refunded"} ${documentPence(document.totals.grossPence)} including VAT on order ${order.number}${refund?.method === "account" ? ": it is taken off what your organisation owes on its account" : ""}.${refund ? ` Reason: ${refund.reason}` : ""}`,
          `Credit note ${document.number} is attached; it credits the order's VAT invoice.`,
        ]
      : [`Here is the VAT invoice ${document.number} for order ${order.number}, as a PDF.`];
  const pdf = await renderDocumentPdf(document, ctx.business);
  await sendMail(db, {
    ...branded(ctx, {
      to,
      subject: `${title} ${document.number} for order ${order.number}`,
      lines,
      link: { url: orderUrl(ctx, input.orderId), label: "View your order" },
      meta: { kind: `order-${document.kind.replace("_", "-")}`, orderNumber: order.number, number: document.number },
    }),
    attachments: [{ filename: documentFileName(document), content: pdf, contentType: "application/pdf" }],
    ...(input.key ? { key: input.key } : {}),
  });
  return { to, number: document.number };
}

/**
 * An order's invoice or credit note e-mailed to its buyer, queued in the transaction that issues it
 * (a received transfer, a refund); the job renders the PDF, and its key sends it once however often
 * the job runs (decision 030).
 */
export const DOCUMENT_MAIL_JOB = defineJob(
  "document-mail",
  z.object({ orderId: z.uuid(), kind: z.enum(["invoice", "credit_note"]), number: z.string().max(40).optional() }),
);

export async function sendDocumentMail(
  ctx: AppContext,
  input: { orderId: string; kind: OrderDocumentKind; number?: string },
) {
  await mailOrderDocument(ctx, { ...input, key: `${input.kind}:${input.number ?? input.orderId}` });
}

/** Staff may re-send an order's invoice this many times an hour (each renders a PDF and sends a mail). */
export const INVOICE_RESEND_LIMIT = { limit: 5, windowSeconds: 3600 };

/**
 * Staff re-send an order's VAT invoice to the buyer's work e-mail (decision 019), recorded on
 * the order's history with who sent it and where.
 */
export async function resendInvoice(
  ctx: AppContext,
  input: { staffId: string; orderId: string },
): Promise<{ ok: true; message: string } | Failure> {
  const { db } = ctx;
  const notFound = failure(404, "NO_INVOICE", "This order has no VAT invoice to send.");
  if (!isOrderId(input.orderId)) return notFound;
  const { limit, windowSeconds } = INVOICE_RESEND_LIMIT;
  const allowed = await hitRateLimit(db, { key: `invoice-resend:${input.orderId}`, limit, windowSeconds });
  if (!allowed.allowed)
    return failure(429, "TOO_MANY_RESENDS", "This invoice was sent several times in the last hour: try again later.", {
      retryAfterSeconds: allowed.retryAfterSeconds,
    });
  let sent: Awaited<ReturnType<typeof mailOrderDocument>>;
  try {
    sent = await mailOrderDocument(ctx, { orderId: input.orderId, kind: "invoice" });
  } catch (error) {
    ctx.log.error(`[invoices] re-sending the invoice of order ${input.orderId} failed`, error);
    return failure(502, "MAIL_FAILED", "The e-mail could not be sent: try again in a few minutes.");
  }
  if (!sent) return notFound;
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, input.orderId));
  if (order)
    await db.insert(orderStatusHistory).values({
      orderId: input.orderId,
      fromStatus: order.status,
      toStatus: order.status,
      actor: "staff",
      actorUserId: input.staffId,
      note: `Invoice ${sent.number} re-sent to ${sent.to}`,
    });
  return { ok: true, message: `Invoice ${sent.number} sent to ${sent.to}.` };
}
