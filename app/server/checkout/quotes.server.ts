/**
 * Quotes of one buyer (decision 021): "Download quote" from the cart or the shopping list makes
 * one, numbered in the transaction that stores it; the buyer and their organisation list, download
 * and convert them. Someone else's quote is a 404, as a missing one is. Staff's side is
 * admin-quotes.server.ts; custom requests, custom-quotes.server.ts.
 */
import { and, desc, eq, isNull, lt } from "drizzle-orm";
import { chargedAtQuote } from "~/domain/checkout/quoted-prices";
import { cartQuotes, quotes } from "#db/schema";
import { CHEAPEST_SHIPPING_METHOD, isShippingMethod, orderTotals } from "~/domain/pricing/checkout";
import { type DraftData, vatPlace } from "~/domain/checkout/draft";
import { londonToday } from "~/domain/core/dates";
import { draftDataSchema } from "~/domain/checkout/draft-schemas";
import { isUuid } from "~/domain/core/ids";
import {
  catalogueQuoteLines,
  NO_QUOTE_PRICING,
  type Quote,
  type QuotePricing,
  quoteDeliveryNote,
  quotePricedLines,
  quotePricing,
  type QuoteSource,
  quoteValidUntil,
} from "~/domain/checkout/quotes";
import { buyerBlock } from "~/domain/checkout/quote-records";
import {
  cartFingerprint,
  linesReplacedBy,
  linesToOrder,
  lostDiscountNotice,
  QUOTE_CONVERSION_MESSAGES,
  type ReplaceCartQuestion,
} from "~/domain/checkout/quote-conversion";
import { withCheckoutPrefill } from "./checkout-prefill.server";
import type { Database } from "../platform/db.server";
import { nextDocumentNumber } from "../platform/document-numbers.server";
import { firstOrderDiscountApplies } from "./first-order-discount.server";
import { type Failure, failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { mayRead, type Reader } from "~/domain/core/record-access";
import { readableBy } from "../platform/record-access.server";
import type { AppContext } from "../providers/app-context.server";
import type { SessionInfo } from "../accounts/session.server";
import { listShoppingList } from "./shopping-list.server";
import { changeCart, listCart } from "./shopping.server";
import { readShelf } from "../catalogue/catalogue-store.server";

/** A buyer may make 30 quotes an hour: enough to try every quantity, not enough to fill the table. */
export const QUOTE_LIMIT = { hits: 30, windowSeconds: 3600 } as const;

export const QUOTE_MESSAGES = {
  rateLimited: "You've made a lot of quotes in a short time. Please wait a while and try again.",
  convertLimited: "You've ordered from quotes a lot in a short time. Please wait a while and try again.",
  emptyCart: "Your cart is empty: add products to quote them.",
  emptyList: "Your shopping list is empty: add products to quote them.",
  notFound: "We couldn't find that quote.",
  sourcedOnly:
    "This quote is for products we source specially, so it can't go in the cart: reply to our e-mail and we'll arrange the order.",
  notActingFor:
    "The quote your cart was priced at belongs to an organisation you are not ordering for now, so your cart is priced at today's catalogue prices.",
} as const;

/** A stored quote, as its buyer and staff see it. */
export type StoredQuote = Quote & {
  id: string;
  source: QuoteSource;
  userId: string;
  requestId: string | null;
  buyerEmail: string;
};

type QuoteRow = typeof quotes.$inferSelect;

export function storedQuote(row: QuoteRow): StoredQuote {
  const { email, ...buyer } = row.buyer;
  return {
    id: row.id,
    number: row.number,
    source: row.source as QuoteSource,
    userId: row.userId,
    requestId: row.requestId,
    issuedAt: row.issuedAt,
    validUntil: row.validUntil,
    lines: row.lines,
    shippingMethod: row.shippingMethod && isShippingMethod(row.shippingMethod) ? row.shippingMethod : null,
    totals: row.totals,
    deliveryNote: row.deliveryNote,
    buyer,
    buyerEmail: email,
    orderedAt: row.orderedAt,
  };
}

/** Quotes this buyer can read, by the orders' rule (B-8, record-access.server.ts). */
const visibleTo = (person: Reader) => readableBy(quotes.accountId, person);

/**
 * "Download quote" (decision 021): the cart's or the list's lines at today's tier prices, the
 * checkout's shipping method (else the cheapest) and VAT country (else the UK), the first-order
 * discount as the server decides it, the delivery estimate and the buyer's details as the checkout
 * has them (else their account's and last order's). Numbered and stored in one transaction.
 */
export async function createQuote(
  ctx: AppContext,
  input: { session: SessionInfo; source: Exclude<QuoteSource, "staff">; checkout: DraftData | null; now: Date },
): Promise<{ ok: true; id: string; number: string } | Failure> {
  const { db } = ctx;
  const { user, accountId } = input.session;
  const limit = await hitRateLimit(db, {
    key: `quote:${user.id}`,
    limit: QUOTE_LIMIT.hits,
    windowSeconds: QUOTE_LIMIT.windowSeconds,
  });
  if (!limit.allowed)
    return failure(429, "RATE_LIMITED", QUOTE_MESSAGES.rateLimited, { retryAfterSeconds: limit.retryAfterSeconds });
  const rows =
    input.source === "cart"
      ? await listCart(db, { userId: user.id })
      : (await listShoppingList(db, { userId: user.id })).map((row) => ({ ...row, sizes: [] }));
  const shelf = await readShelf(db);
  const lines = catalogueQuoteLines(rows, shelf.find);
  const first = lines[0];
  if (!first?.productId)
    return failure(
      400,
      "NOTHING_TO_QUOTE",
      input.source === "cart" ? QUOTE_MESSAGES.emptyCart : QUOTE_MESSAGES.emptyList,
    );
  const base = input.checkout ?? draftDataSchema.parse({ product_id: first.productId, quantity: first.quantity });
  const data = await withCheckoutPrefill(db, { user, data: base });
  const shippingMethod = input.checkout?.shipping.method ?? CHEAPEST_SHIPPING_METHOD;
  const firstOrderDiscount = await firstOrderDiscountApplies(db, { userId: user.id, accountId });
  const place = vatPlace(data);
  const totals = orderTotals({ lines: quotePricedLines(lines), shippingMethod, ...place, firstOrderDiscount });
  const deliveryNote = quoteDeliveryNote({
    products: lines.flatMap((line) => (line.productId ? (shelf.find(line.productId) ?? []) : [])),
    shippingMethod,
    now: input.now,
  });
  return db.transaction(async (tx) => {
    const number = await nextDocumentNumber(tx, { kind: "quote", now: input.now });
    const [row] = await tx
      .insert(quotes)
      .values({
        number,
        userId: user.id,
        accountId,
        source: input.source,
        issuedAt: input.now,
        validUntil: quoteValidUntil(input.now),
        lines,
        shippingMethod,
        country: place.country,
        firstOrderDiscount,
        totals,
        deliveryNote,
        buyer: buyerBlock(data),
      })
      .returning({ id: quotes.id });
    if (!row) throw new Error("Storing a quote returned no row");
    return { ok: true as const, id: row.id, number };
  });
}

/** The buyer's quotes and their organisation's, newest first. */
export async function listQuotes(db: Database, person: { userId: string; accountId: string }): Promise<StoredQuote[]> {
  const rows = await db.select().from(quotes).where(visibleTo(person)).orderBy(desc(quotes.issuedAt)).limit(200);
  return rows.map(storedQuote);
}

/** One quote, or null when there is none with that id this buyer may read. */
export async function getQuote(
  db: Database,
  input: { userId: string; accountId: string; quoteId: string },
): Promise<StoredQuote | null> {
  if (!isUuid(input.quoteId)) return null;
  const [row] = await db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, input.quoteId), visibleTo(input)))
    .limit(1);
  return row ? storedQuote(row) : null;
}

/**
 * "Order at these prices": the quote's catalogue lines go into the cart with their quantities and
 * choices (replacing the cart's lines of the same products; other products leave the cart), and
 * the quote becomes the one that prices this buyer's cart. After expiry the lines still go in, and
 * the cart says they are priced from the catalogue (quotePricing). A conversion that would replace
 * anything in the cart is refused (409, with what it would replace) unless `replaceCart` is the
 * cart the buyer was asked about (decision 040): no client converts over a cart unasked.
 */
export async function convertQuote(
  ctx: AppContext,
  input: {
    userId: string;
    accountId: string;
    quoteId: string;
    replaceCart?: string;
    /** The quantity picked for each product the quote offers several of (decision 080). */
    picks: Readonly<Record<string, number>>;
    now: Date;
  },
): Promise<{ ok: true } | Failure<ReplaceCartQuestion>> {
  // Each conversion rewrites the cart: as many an hour as quotes may be made, no more.
  const limit = await hitRateLimit(ctx.db, {
    key: `quote-convert:${input.userId}`,
    limit: QUOTE_LIMIT.hits,
    windowSeconds: QUOTE_LIMIT.windowSeconds,
  });
  if (!limit.allowed)
    return failure(429, "RATE_LIMITED", QUOTE_MESSAGES.convertLimited, { retryAfterSeconds: limit.retryAfterSeconds });
  const quote = await getQuote(ctx.db, input);
  if (!quote) return failure(404, "NOT_FOUND", QUOTE_MESSAGES.notFound);
  const toOrder = linesToOrder(
    quote.lines.filter((line) => line.productId !== null && line.choices !== null),
    input.picks,
  );
  if (!toOrder.ok) return failure(400, "NOT_A_QUOTED_QUANTITY", toOrder.message);
  const catalogueLines = toOrder.lines;
  if (catalogueLines.length === 0) return failure(409, "SOURCED_ONLY", QUOTE_MESSAGES.sourcedOnly);
  const { userId } = input;
  const cart = await listCart(ctx.db, { userId });
  const replaced = linesReplacedBy(cart, catalogueLines, (await readShelf(ctx.db)).findAnyStatus);
  const seen = cartFingerprint(cart);
  if (replaced.length > 0 && input.replaceCart !== seen) {
    const message =
      input.replaceCart === undefined
        ? QUOTE_CONVERSION_MESSAGES.confirmReplace
        : QUOTE_CONVERSION_MESSAGES.cartChanged;
    return failure<ReplaceCartQuestion>(409, "CART_NOT_EMPTY", message, {
      current: { quoteId: quote.id, replaced, cart: seen, picks: { ...input.picks } },
    });
  }
  // A line the quote sets is replaced in place; every other line, another colour of a quoted product
  // included (decision 086), leaves the cart.
  const key = (productId: string | null, colour: string) => `${productId}:${colour.toLowerCase()}`;
  const keep = new Set(catalogueLines.map((line) => key(line.productId, line.choices?.selectedColor ?? "")));
  for (const line of cart) {
    if (!keep.has(key(line.productId, line.selectedColor)))
      await changeCart(ctx, { userId, change: { intent: "remove", id: line.id } });
  }
  for (const line of catalogueLines) {
    if (line.productId === null || line.choices === null) continue;
    await changeCart(ctx, {
      userId,
      change: {
        intent: "add",
        productId: line.productId,
        quantity: line.quantity,
        ...line.choices,
      },
    });
  }
  await ctx.db
    .insert(cartQuotes)
    .values({ userId, quoteId: quote.id, convertedAt: input.now })
    .onConflictDoUpdate({ target: cartQuotes.userId, set: { quoteId: quote.id, convertedAt: input.now } });
  return { ok: true };
}

/**
 * How the quote this buyer converted prices their cart's lines now (app/domain/checkout/quotes.ts): what
 * the cart shows, the checkout's summaries total and the payment charges. A quote converted while
 * acting for an organisation prices nothing once the buyer has left it or switched account
 * (docs/decisions/035-current-membership.md): the cart says so and falls back to the catalogue.
 * A quote priced with the first-order discount says so when the discount no longer applies
 * (decision 040): its unit prices hold, the discount is decided when the buyer pays.
 */
export async function cartQuotePricing(
  db: Database,
  input: Reader & { cart: readonly { productId: string; quantity: number }[]; now: Date },
): Promise<QuotePricing> {
  if (input.cart.length === 0) return NO_QUOTE_PRICING;
  const [row] = await db
    .select({ quote: quotes })
    .from(cartQuotes)
    .innerJoin(quotes, eq(quotes.id, cartQuotes.quoteId))
    .where(eq(cartQuotes.userId, input.userId))
    .limit(1);
  if (row && !mayRead(row.quote, input)) {
    const priced = quotePricing(storedQuote(row.quote), input.cart, input.now);
    return priced.quoted.length > 0 ? { quoted: [], notices: [QUOTE_MESSAGES.notActingFor] } : NO_QUOTE_PRICING;
  }
  if (!row) return NO_QUOTE_PRICING;
  const quote = storedQuote(row.quote);
  const priced = quotePricing(quote, input.cart, input.now);
  // The quote's discount was its buyer's then; the cart's totals ask again, and say so.
  if (priced.quoted.length === 0 || quote.totals.discount <= 0) return priced;
  const person = { userId: input.userId, accountId: input.accountId || input.userId };
  if (await firstOrderDiscountApplies(db, person)) return priced;
  return { quoted: priced.quoted, notices: [...priced.notices, lostDiscountNotice(quote)] };
}

/**
 * A quote prices one order (decision 021): when an order is placed, the quote this buyer converted
 * is marked ordered if a line was charged at its price (its product, quantity and unit price), in
 * the order's own transaction. From then on it prices nothing and the cart says why (quotePricing).
 */
export async function markQuoteOrdered(
  tx: Database,
  input: { userId: string; lines: readonly { productId: string; quantity: number; unitPence: number }[]; now: Date },
): Promise<void> {
  const [row] = await tx
    .select({ id: quotes.id, lines: quotes.lines })
    .from(cartQuotes)
    .innerJoin(quotes, eq(quotes.id, cartQuotes.quoteId))
    .where(and(eq(cartQuotes.userId, input.userId), isNull(quotes.orderedAt)))
    .limit(1);
  if (row && chargedAtQuote(row.lines, input.lines))
    await tx.update(quotes).set({ orderedAt: input.now }).where(eq(quotes.id, row.id));
}

/**
 * The quote-expiry job (job-handlers.server.ts): stamps `expired_at` on each quote whose last valid
 * London day is before `now`'s. Prices still follow isQuoteValid on read (decision 021), so a run
 * that is late or missed changes no price; no e-mail is due (SPEC and R-POL-01 promise none).
 */
export async function markExpiredQuotes(db: Database, now: Date = new Date()): Promise<number> {
  const marked = await db
    .update(quotes)
    .set({ expiredAt: now })
    .where(and(isNull(quotes.expiredAt), lt(quotes.validUntil, londonToday(now))))
    .returning({ id: quotes.id });
  return marked.length;
}
