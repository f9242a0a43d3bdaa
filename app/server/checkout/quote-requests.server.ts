/**
 * "Request this product" from a category without products or an empty search: stored in the back
 * office's quote inbox, with the sales inbox told.
 */
import { quoteRequests } from "#db/schema";
import type { ProductRequest } from "~/domain/people/product-request";
import type { AppContext } from "../providers/app-context.server";
import { receiveSalesMessage, type SalesMessageOutcome } from "../messages/sales-inbox.server";

/** Requests one address may send per hour before being asked to wait (B-22, as the contact form). */
export const PRODUCT_REQUEST_LIMIT_PER_HOUR = 10;

/**
 * Stores a "Request this product" in the back office's quote inbox and tells the sales inbox.
 * Anyone may send one: it is limited per client address, a filled honeypot is
 * a bot (it is told the same as a person, and nothing is kept), and the account is recorded only
 * for a signed-in buyer.
 */
export async function submitProductRequest(
  ctx: Pick<AppContext, "db" | "business" | "log">,
  input: {
    data: ProductRequest;
    honeypot: string;
    ip: string;
    userId: string | null;
    /** Where the request was sent from: a category page or a search (path and query). */
    sourcePage: string;
  },
): Promise<SalesMessageOutcome> {
  const { data } = input;
  return receiveSalesMessage(ctx, {
    honeypot: input.honeypot,
    ip: input.ip,
    limit: { bucket: "quote", perHour: PRODUCT_REQUEST_LIMIT_PER_HOUR },
    kind: "Product request",
    notification: (id) => productRequestNotification({ id, data, sourcePage: input.sourcePage }),
    store: async () => {
      const [row] = await ctx.db
        .insert(quoteRequests)
        .values(productRequestRow(data, { userId: input.userId, sourcePage: input.sourcePage }))
        .returning({ id: quoteRequests.id });
      if (!row) throw new Error("Storing the product request returned no row");
      return row.id;
    },
  });
}

/** A product request's row in the quote inbox: what was asked for, by whom, from which page. */
export function productRequestRow(
  data: ProductRequest,
  input: { userId: string | null; sourcePage: string; createdAt?: Date },
): typeof quoteRequests.$inferInsert {
  return {
    userId: input.userId,
    contactName: data.name,
    email: data.email,
    company: data.company ?? null,
    neededBy: data.needed_by ?? null,
    sourcePage: input.sourcePage.slice(0, 500),
    items: [{ wanted: data.product, quantity: data.quantity }],
    notes: data.notes ?? "",
    createdAt: input.createdAt,
  };
}

/** The e-mail to the sales inbox (its address is the caller's): every field, labelled, in plain text. */
export function productRequestNotification({
  id,
  data,
  sourcePage,
}: {
  id: string;
  data: ProductRequest;
  sourcePage: string;
}) {
  const lines: [string, string | undefined][] = [
    ["Product", data.product],
    ["Quantity", data.quantity.toLocaleString("en-GB")],
    ["Needed by", data.needed_by],
    ["Notes", data.notes],
    ["Name", data.name],
    ["E-mail", data.email],
    ["Company", data.company],
    ["Asked on", sourcePage],
  ];
  const text = [
    `New product request (${id}). It is in the back office's quote inbox.`,
    "",
    ...lines.map(([label, value]) => `${label}: ${value ?? "(not given)"}`),
    "",
    `Reply to ${data.email}.`,
  ].join("\n");
  return {
    // One line, whatever was posted: a header never takes a line break from a form.
    subject: `Product request: ${data.quantity.toLocaleString("en-GB")} × ${data.product.replace(/\s+/g, " ")}`,
    text,
    meta: { kind: "product-request", quoteRequestId: id },
  };
}
