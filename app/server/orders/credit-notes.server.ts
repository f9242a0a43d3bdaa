/**
 * The credit notes of an order's invoice (decisions 019 and 072), as the order pages and the
 * back office list them: one per refund, and one whole-invoice note from before refunds could be
 * partial. The documents themselves are loadOrderDocument's (invoices.server.ts).
 */
import { asc, eq } from "drizzle-orm";
import { creditNotes, refunds } from "#db/schema";
import type { Database } from "../platform/db.server";

export type CreditNoteListing = { number: string; grossPence: number; issuedAt: Date };

/** An order's credit notes, oldest first, with what each gave back including VAT. */
export async function creditNotesOfOrder(
  db: Database,
  order: { id: string; totalPence: number },
): Promise<CreditNoteListing[]> {
  const notes = await db
    .select({ number: creditNotes.number, issuedAt: creditNotes.issuedAt, grossPence: refunds.grossPence })
    .from(creditNotes)
    .leftJoin(refunds, eq(refunds.id, creditNotes.refundId))
    .where(eq(creditNotes.orderId, order.id))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.number));
  // A note from before refunds could be partial credited the whole invoice.
  return notes.map((note) => ({ ...note, grossPence: note.grossPence ?? order.totalPence }));
}
