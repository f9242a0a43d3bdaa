/**
 * The forms of quotes (decision 021), checked by the server's actions: the buyer's "Download
 * quote" and "Order at these prices", and staff's priced answer to a custom request. Sizes are
 * bounded before anything else reads them.
 */
import { z } from "zod";
import { COUNTRIES, SHIPPING_METHOD_IDS } from "../pricing/checkout";
import { poundsToPence } from "../core/money";

/** What a buyer posts to /quotes: make a quote of the cart or list, or convert one into the cart. */
export const quoteActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), source: z.enum(["cart", "list"], "Choose the cart or the shopping list.") }),
  z.object({
    intent: z.literal("convert"),
    quoteId: z.uuid("We couldn't find that quote."),
    // "Replace my cart": the cart the buyer was asked about (quote-conversion.ts cartFingerprint).
    replaceCart: z.string().max(20_000).optional(),
  }),
]);

/** The most lines staff put on one quote, and the longest description. */
export const STAFF_QUOTE_MAX_LINES = 10;
export const STAFF_LINE_DESCRIPTION_MAX = 200;
export const STAFF_DELIVERY_NOTE_MAX = 500;
/** A unit price staff may enter, in pounds: a typo of £1,000,000 a cap is refused, not quoted. */
export const STAFF_UNIT_PRICE_MAX_POUNDS = 10_000;

const money = z
  .string()
  .trim()
  .max(12, "Enter a price such as 4.25.")
  .regex(/^\d{1,5}(\.\d{1,2})?$/, "Enter a price in pounds, such as 4.25.")
  .transform((text) => poundsToPence(Number(text)))
  .refine((pence) => pence > 0 && pence <= STAFF_UNIT_PRICE_MAX_POUNDS * 100, {
    message: `Enter a price above £0 and up to £${STAFF_UNIT_PRICE_MAX_POUNDS.toLocaleString("en-GB")}.`,
  });

const quantity = z
  .string()
  .trim()
  .max(7, "Enter a whole number up to 1,000,000.")
  .regex(/^\d+$/, "Enter a whole number.")
  .transform(Number)
  .refine((n) => n >= 1 && n <= 1_000_000, "Enter a whole number from 1 to 1,000,000.");

/** One line staff price: a catalogue product, or something sourced, described in words. */
export const staffQuoteLineSchema = z
  .object({
    productId: z.string().trim().max(20).default(""),
    description: z
      .string()
      .trim()
      .max(STAFF_LINE_DESCRIPTION_MAX, `Keep a description under ${STAFF_LINE_DESCRIPTION_MAX} characters.`)
      .default(""),
    quantity,
    unitPrice: money,
    /** Staff agreed a price for fewer than the product's MOQ (decision 087). */
    belowMoqAgreed: z.boolean().default(false),
  })
  .superRefine((line, ctx) => {
    if (!line.productId && !line.description)
      ctx.addIssue({ code: "custom", path: ["description"], message: "Choose a product or describe what you quote." });
  });
export type StaffQuoteLine = z.infer<typeof staffQuoteLineSchema>;

/** Staff's answer: its lines, shipping, VAT country and the delivery estimate in words. */
export const staffQuoteSchema = z.object({
  requestId: z.uuid("That request no longer exists."),
  lines: z.array(staffQuoteLineSchema).min(1, "Price at least one line.").max(STAFF_QUOTE_MAX_LINES),
  shippingMethod: z.enum([...SHIPPING_METHOD_IDS, "none"], "Choose a shipping option."),
  country: z.enum(COUNTRIES, "Choose a country."),
  deliveryNote: z
    .string()
    .trim()
    .min(1, "Say when it can be delivered.")
    .max(STAFF_DELIVERY_NOTE_MAX, `Keep the delivery estimate under ${STAFF_DELIVERY_NOTE_MAX} characters.`),
});
export type StaffQuote = z.infer<typeof staffQuoteSchema>;

/**
 * The staff form's flat fields (line-0-quantity…) as the schema's shape; a line left wholly blank
 * is not a line. Only the first STAFF_QUOTE_MAX_LINES are read.
 */
export function staffQuoteInput(fields: Record<string, string>): unknown {
  const lines = [];
  for (let i = 0; i < STAFF_QUOTE_MAX_LINES; i++) {
    const line = {
      productId: fields[`line-${i}-productId`] ?? "",
      description: fields[`line-${i}-description`] ?? "",
      quantity: fields[`line-${i}-quantity`] ?? "",
      unitPrice: fields[`line-${i}-unitPrice`] ?? "",
    };
    // The tick alone does not make a line.
    if (Object.values(line).some((value) => value.trim() !== ""))
      lines.push({ ...line, belowMoqAgreed: fields[`line-${i}-belowMoqAgreed`] === "on" });
  }
  return {
    requestId: fields.requestId,
    lines,
    shippingMethod: fields.shippingMethod,
    country: fields.country,
    deliveryNote: fields.deliveryNote ?? "",
  };
}
