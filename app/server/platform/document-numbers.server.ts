/**
 * Document numbers without gaps or repeats (decision 019; db/tables/documents.ts): the per-kind,
 * per-year counter row is incremented inside the caller's transaction, so concurrent issuers wait
 * on its lock in turn and a rolled-back transaction returns its number with it.
 */
import { sql } from "drizzle-orm";
import { londonToday } from "~/domain/core/dates";
import { documentNumber, type DocumentKind } from "~/domain/pricing/documents";
import { queryRows, type Database } from "./db.server";

/** The next number of `kind` for the London year of `now`. Call it inside the transaction that stores the document. */
export async function nextDocumentNumber(
  tx: Database,
  { kind, now }: { kind: DocumentKind; now: Date },
): Promise<string> {
  const year = Number(londonToday(now).slice(0, 4));
  const [row] = await queryRows<{ last: number }>(
    tx,
    sql`insert into document_counters (kind, year, last) values (${kind}, ${year}, 1)
        on conflict (kind, year) do update set last = document_counters.last + 1
        returning last`,
  );
  if (!row) throw new Error(`Counting ${kind} numbers returned no row`);
  return documentNumber(kind, year, Number(row.last));
}
