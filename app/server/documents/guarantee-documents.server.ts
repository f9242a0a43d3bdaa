/**
 * The credit note an accepted On-time Guarantee claim issued (decision 026), as a document to
 * download from the order page and the back office, built from what is stored as the decision's
 * e-mail built it (acceptedClaimCreditNote). The same reader scope as the order's other documents
 * (loadOrderDocument): the buyer and their organisation, or staff; anyone else finds nothing.
 */
import { and, eq } from "drizzle-orm";
import { guaranteeClaims, invoices, orders } from "#db/schema";
import type { BusinessDocument } from "~/domain/pricing/documents";
import { acceptedClaimCreditNote } from "~/domain/orders/guarantee-credit-note";
import { isOrderId } from "~/domain/fulfilment/orders";
import { visibleTo } from "../orders/buyer-orders.server";
import type { Database } from "../platform/db.server";
import type { DocumentReader } from "./invoices.server";

export async function loadGuaranteeCreditNote(
  db: Database,
  input: { orderId: string; reader: DocumentReader },
): Promise<BusinessDocument | null> {
  const { reader } = input;
  if (!isOrderId(input.orderId) || (reader !== "staff" && !reader.userId)) return null;
  const scope =
    reader === "staff"
      ? eq(orders.id, input.orderId)
      : and(eq(orders.id, input.orderId), visibleTo(reader.userId, reader.accountId || reader.userId));
  const [row] = await db
    .select({ order: orders, claim: guaranteeClaims, invoiceNumber: invoices.number })
    .from(orders)
    .innerJoin(guaranteeClaims, eq(guaranteeClaims.orderId, orders.id))
    .innerJoin(invoices, eq(invoices.orderId, orders.id))
    .where(scope)
    .limit(1);
  return row ? acceptedClaimCreditNote(row) : null;
}
