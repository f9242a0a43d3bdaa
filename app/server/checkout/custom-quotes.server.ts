/**
 * "Request a custom quote" (decision 021): a signed-in buyer asks for something the catalogue
 * lacks. The request goes to the back office's quote inbox with the buyer's notes, their needed-by
 * date and the date we promised to answer by (R-POL-07: 2 working days); sales are told, and the
 * buyer gets an acknowledgement e-mail at their confirmed address. Staff answer it with a priced quote (admin-quotes.server.ts).
 */
import { quoteRequests } from "#db/schema";
import { formatDisplayDate, type IsoDate } from "~/domain/core/dates";
import type { ProductRequest } from "~/domain/people/product-request";
import type { AppContext } from "../providers/app-context.server";
import { type Failure, failure } from "../platform/http.server";
import { branded, type MailShop } from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { buyerMailRecipient } from "../messages/mail-recipient.server";
import { productRequestNotification, productRequestRow } from "./quote-requests.server";
import { customQuoteReplyBy } from "~/domain/checkout/quote-records";
import { hitRateLimit } from "../platform/rate-limit.server";

/** Custom requests one buyer may send an hour. */
export const CUSTOM_QUOTE_LIMIT = { hits: 5, windowSeconds: 3600 } as const;

/** Where the inbox says a custom request came from. */
export const CUSTOM_QUOTE_SOURCE = "Request a custom quote";

/**
 * The buyer's acknowledgement: what they asked for and when they will hear from us, to `to` (their
 * confirmed address, buyerMailRecipient). What they typed (the product, the notes) is quoted under
 * labels after the shop's words, never in the subject or a sentence of ours (decision 036); their
 * typed name is left out, as the greeting would put it in the shop's mouth.
 */
export function customQuoteAcknowledgement(
  shop: MailShop,
  { to, data, replyBy }: { to: string; data: ProductRequest; replyBy: IsoDate },
) {
  return branded(shop, {
    to,
    subject: "We've got your quote request",
    lines: [
      "Hello,",
      `Thanks for your quote request for ${data.quantity.toLocaleString("en-GB")} items.`,
      `We'll send you a priced quote by ${formatDisplayDate(replyBy)}; it will be listed under Quotes in your account.`,
      ...(data.needed_by ? [`You need it by ${formatDisplayDate(data.needed_by)}: we'll plan for that date.`] : []),
    ],
    quotes: [
      { label: "What you asked us to quote, as you typed it:", text: data.product },
      { label: "Your notes, as you typed them:", text: data.notes ?? "" },
    ],
    meta: { kind: "custom-quote-acknowledgement" },
  });
}

/**
 * Stores a custom request from a signed-in buyer, limited per buyer; the e-mails follow it, and a
 * mail failure is logged for the team rather than told to the buyer, who would send it twice.
 */
export async function requestCustomQuote(
  ctx: AppContext,
  input: { userId: string; accountId: string; data: ProductRequest; now: Date },
): Promise<{ ok: true; id: string; replyBy: IsoDate } | Failure> {
  const { db } = ctx;
  const limit = await hitRateLimit(db, {
    key: `custom-quote:${input.userId}`,
    limit: CUSTOM_QUOTE_LIMIT.hits,
    windowSeconds: CUSTOM_QUOTE_LIMIT.windowSeconds,
  });
  if (!limit.allowed) {
    return failure(429, "RATE_LIMITED", "You've sent several requests in a short time. Please wait a while.", {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  const { data } = input;
  const [row] = await db
    .insert(quoteRequests)
    .values(productRequestRow(data, { userId: input.userId, sourcePage: CUSTOM_QUOTE_SOURCE, createdAt: input.now }))
    .returning({ id: quoteRequests.id });
  if (!row) throw new Error("Storing a custom quote request returned no row");
  const replyBy = customQuoteReplyBy(input.now);
  // The acknowledgement only to a confirmed address of the buyer's (decision 036): the form's
  // e-mail is where sales reply by hand, never enough for the shop to write to it by itself.
  const to = await buyerMailRecipient(db, { userId: input.userId, accountId: input.accountId, contact: data.email });
  const mails = [
    {
      to: ctx.business.salesEmail,
      ...productRequestNotification({ id: row.id, data, sourcePage: CUSTOM_QUOTE_SOURCE }),
      subject: `Custom quote request: ${data.quantity.toLocaleString("en-GB")} × ${data.product.replace(/\s+/g, " ")}`,
    },
    ...(to ? [customQuoteAcknowledgement(ctx, { to, data, replyBy })] : []),
  ];
  for (const mail of mails) {
    await sendMail(db, mail).catch((error: unknown) => {
      ctx.log.error(`Custom quote request ${row.id} stored, but an e-mail failed`, error);
    });
  }
  return { ok: true, id: row.id, replyBy };
}
