/**
 * Staff's side of quotes (decision 021): every quote issued, newest first, as a page and as a
 * CSV; the custom requests from signed-in buyers still waiting for an answer, with the day we
 * promised one; and the answer itself, a priced quote that the buyer finds in their account and
 * is told about by e-mail. Callers check requireStaff first.
 */
import { and, count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { quoteRequests, quotes } from "#db/schema";
import { orderTotals } from "~/domain/pricing/checkout";
import { clampQuantity, maxQuantity } from "~/domain/pricing/pricing";
import { toCsv } from "~/domain/core/csv";
import { formatDisplayDate } from "~/domain/core/dates";
import type { StaffQuote } from "~/domain/checkout/quote-forms";
import { quoteOptions, quotePricedLines, quoteValidUntil } from "~/domain/checkout/quotes";
import { isUuid } from "~/domain/core/ids";
import { customQuoteReplyBy, staffQuoteLines, staffQuoteRow } from "~/domain/checkout/quote-records";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import type { ProductLookup } from "~/catalogue/lookup";
import { readShelf } from "../catalogue/catalogue-store.server";
import type { AppContext } from "../providers/app-context.server";
import { nextDocumentNumber } from "../platform/document-numbers.server";
import { branded } from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { itemsText } from "./admin-inbox.server";
import { type StoredQuote, storedQuote } from "../checkout/quotes.server";
import { recordAudit } from "../platform/audit-log.server";

/** Each staff member's budget for the quotes pages: the list and the export read every quote. */
export const STAFF_QUOTE_LIMITS = {
  list: { hits: 120, windowSeconds: 60 },
  export: { hits: 10, windowSeconds: 60 },
  answer: { hits: 60, windowSeconds: 3600 },
} as const;

export const STAFF_QUOTES_PAGE_SIZE = 50;
const EXPORT_MAX_ROWS = 50_000;

/** A custom request staff can answer: from a signed-in buyer, not answered yet. */
export type WaitingRequest = {
  id: string;
  receivedAt: Date;
  replyBy: string;
  name: string;
  email: string;
  company: string;
  items: string;
  neededBy: string | null;
  notes: string;
};

const waitingColumns = {
  id: quoteRequests.id,
  createdAt: quoteRequests.createdAt,
  contactName: quoteRequests.contactName,
  email: quoteRequests.email,
  company: quoteRequests.company,
  items: quoteRequests.items,
  neededBy: quoteRequests.neededBy,
  notes: quoteRequests.notes,
};

function waiting(
  row: {
    id: string;
    createdAt: Date;
    contactName: string | null;
    email: string | null;
    company: string | null;
    items: unknown;
    neededBy: string | null;
    notes: string;
  },
  products: ProductLookup,
): WaitingRequest {
  return {
    id: row.id,
    receivedAt: row.createdAt,
    replyBy: customQuoteReplyBy(row.createdAt),
    name: row.contactName ?? "",
    email: row.email ?? "",
    company: row.company ?? "",
    items: itemsText(row.items, products),
    neededBy: row.neededBy,
    notes: row.notes,
  };
}

/** Custom requests of signed-in buyers with no quote yet, the oldest (most urgent) first. */
export async function listWaitingRequests(db: Database): Promise<WaitingRequest[]> {
  const rows = await db
    .select(waitingColumns)
    .from(quoteRequests)
    .leftJoin(quotes, eq(quotes.requestId, quoteRequests.id))
    .where(and(isNotNull(quoteRequests.userId), isNull(quotes.id)))
    .orderBy(quoteRequests.createdAt)
    .limit(100);
  const { findAnyStatus } = await readShelf(db);
  return rows.map((row) => waiting(row, findAnyStatus));
}

/** One request staff may answer, with the buyer it is for; null if unknown, anonymous or answered. */
export async function requestToAnswer(
  db: Database,
  requestId: string,
): Promise<(WaitingRequest & { userId: string }) | null> {
  if (!isUuid(requestId)) return null;
  const [row] = await db
    .select({ ...waitingColumns, userId: quoteRequests.userId })
    .from(quoteRequests)
    .leftJoin(quotes, eq(quotes.requestId, quoteRequests.id))
    .where(and(eq(quoteRequests.id, requestId), isNull(quotes.id)))
    .limit(1);
  if (!row?.userId) return null;
  return { ...waiting(row, (await readShelf(db)).findAnyStatus), userId: row.userId };
}

export const QUOTE_ANSWER_MESSAGES = {
  answered: "This request has been answered already, or is gone.",
  notSold: "Choose a product from the list.",
  /** A catalogue line goes into the cart, which sells each product only from its MOQ to its most. */
  outsideRange: (title: string, moq: number, max: number) =>
    `${title} is sold from ${moq.toLocaleString("en-GB")} to ${max.toLocaleString("en-GB")}. Quote another quantity as a sourced line, described in words.`,
  /** Decision 087: fewer than the MOQ only with the tick. */
  belowMoq: (title: string, moq: number) =>
    `${title}'s minimum order is ${moq.toLocaleString("en-GB")}. Tick "Below-MOQ price agreed" if the buyer agreed this price for fewer.`,
  repeatedQuantity:
    "This product is already quoted at this quantity: a second line of one product is another quantity to choose from.",
} as const;

/**
 * Answers a custom request with a priced quote, numbered in the transaction that stores it (one
 * quote per request: a second answer finds it answered, 409), and tells the buyer by e-mail. A
 * catalogue line must name a product on sale (400, on that line's product).
 */
export async function answerRequest(
  ctx: AppContext,
  input: { staffId: string; address?: string; answer: StaffQuote; now: Date },
): Promise<{ ok: true; id: string; number: string } | Failure> {
  const { db } = ctx;
  const request = await requestToAnswer(db, input.answer.requestId);
  if (!request) return failure(409, "ANSWERED", QUOTE_ANSWER_MESSAGES.answered);
  const { answer, now } = input;
  const products = (await readShelf(db)).find;
  const unsold = answer.lines.findIndex((line) => line.productId && !products(line.productId));
  if (unsold >= 0) {
    const message = QUOTE_ANSWER_MESSAGES.notSold;
    return failure(400, "VALIDATION_FAILED", message, { fieldErrors: { [`lines.${unsold}.productId`]: message } });
  }
  // A catalogue line is ordered through the cart, which would clamp a quantity outside the product's
  // range (decision 051) and never charge the quoted price: refused here instead. Fewer than the MOQ
  // only where staff tick that the price was agreed (decision 087).
  for (const [index, line] of answer.lines.entries()) {
    const product = line.productId ? products(line.productId) : undefined;
    if (!product) continue;
    const max = maxQuantity(product.tiers);
    const minimum = line.belowMoqAgreed ? 1 : product.moq;
    if (clampQuantity(line.quantity, minimum, max) === line.quantity) continue;
    const message =
      line.quantity < product.moq && line.quantity <= max
        ? QUOTE_ANSWER_MESSAGES.belowMoq(product.title, product.moq)
        : QUOTE_ANSWER_MESSAGES.outsideRange(product.title, product.moq, max);
    return failure(400, "VALIDATION_FAILED", message, { fieldErrors: { [`lines.${index}.quantity`]: message } });
  }
  // Two lines of one product are quantities to choose from (decision 080): each quantity once.
  const repeated = answer.lines.findIndex((line, index) =>
    answer.lines
      .slice(0, index)
      .some((before) => line.productId && before.productId === line.productId && before.quantity === line.quantity),
  );
  if (repeated >= 0) {
    const message = QUOTE_ANSWER_MESSAGES.repeatedQuantity;
    return failure(400, "VALIDATION_FAILED", message, { fieldErrors: { [`lines.${repeated}.quantity`]: message } });
  }
  const lines = staffQuoteLines(answer.lines, products);
  const shippingMethod = answer.shippingMethod === "none" ? null : answer.shippingMethod;
  const totals = orderTotals({
    lines: quotePricedLines(quoteOptions(lines).main),
    shippingMethod,
    country: answer.country,
    firstOrderDiscount: false,
  });
  const made = await db.transaction(async (tx) => {
    const number = await nextDocumentNumber(tx, { kind: "quote", now });
    const [row] = await tx
      .insert(quotes)
      .values({
        number,
        userId: request.userId,
        accountId: request.userId,
        source: "staff",
        requestId: request.id,
        issuedBy: input.staffId,
        issuedAt: now,
        validUntil: quoteValidUntil(now),
        lines,
        shippingMethod,
        country: answer.country,
        totals,
        deliveryNote: answer.deliveryNote,
        buyer: {
          lines: [request.company, request.name, request.email].filter((line) => line !== ""),
          vatNumber: "",
          email: request.email,
        },
      })
      .returning({ id: quotes.id });
    if (!row) throw new Error("Storing a quote returned no row");
    await recordAudit(
      tx,
      { id: input.staffId, address: input.address },
      {
        action: "quote.send",
        subject: { kind: "quote", id: row.id },
        summary: `Quote ${number} sent to ${request.email}`,
        after: { number, lines: lines.length, totalPence: totals.total },
      },
    );
    return { id: row.id, number };
  });
  const mail = branded(ctx, {
    to: request.email,
    subject: `Your quote ${made.number} is ready`,
    lines: [
      `Hello ${request.name},`,
      `Here is our quote ${made.number} for ${request.items}.`,
      `It is valid until ${formatDisplayDate(quoteValidUntil(now))}. Download it, or order at its prices, from Quotes in your account.`,
    ],
    link: { url: `${ctx.baseUrl}/quotes`, label: "See your quote" },
    meta: { kind: "quote-ready", quoteId: made.id },
  });
  await sendMail(db, mail).catch((error: unknown) => {
    ctx.log.error(`Quote ${made.number} stored, but the e-mail to the buyer failed`, error);
  });
  return { ok: true, ...made };
}

export const STAFF_QUOTE_COLUMNS = [
  "Number",
  "Issued",
  "Valid until",
  "Status",
  "From",
  "Buyer",
  "Buyer e-mail",
  "Lines",
  "Ex VAT (£)",
  "VAT (£)",
  "Total (£)",
] as const;

/** One page of quotes, newest first. */
export async function listStaffQuotes(
  db: Database,
  page: number,
): Promise<{ quotes: StoredQuote[]; total: number; page: number; pageCount: number }> {
  const [counted] = await db.select({ n: count() }).from(quotes);
  const total = counted?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / STAFF_QUOTES_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select()
    .from(quotes)
    .orderBy(desc(quotes.issuedAt), desc(quotes.number))
    .limit(STAFF_QUOTES_PAGE_SIZE)
    .offset((current - 1) * STAFF_QUOTES_PAGE_SIZE);
  return { quotes: rows.map(storedQuote), total, page: current, pageCount };
}

/** Every quote as CSV (app/domain/core/csv.ts: RFC 4180, formula cells neutralised), newest first. */
export async function quotesCsv(db: Database, now: Date): Promise<string> {
  const rows = await db.select().from(quotes).orderBy(desc(quotes.issuedAt)).limit(EXPORT_MAX_ROWS);
  return toCsv(
    [...STAFF_QUOTE_COLUMNS],
    rows.map((row) => staffQuoteRow(storedQuote(row), now)),
  );
}

/** Any quote, for staff. */
export async function staffQuote(db: Database, quoteId: string): Promise<StoredQuote | null> {
  if (!isUuid(quoteId)) return null;
  const [row] = await db.select().from(quotes).where(eq(quotes.id, quoteId)).limit(1);
  return row ? storedQuote(row) : null;
}
