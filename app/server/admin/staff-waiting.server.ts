/**
 * What waits for staff (decision 026): the back office's first page counts orders paid and
 * waiting for a proof, proofs with changes requested, bank transfers awaited, custom quote
 * requests unanswered, open On-time Guarantee claims, and credit accounts applied for (decision 085),
 * each linking to where it is handled.
 */
import { and, count, eq, inArray, isNotNull, isNull, notInArray } from "drizzle-orm";
import { bankTransfers, creditAccounts, guaranteeClaims, orders, quoteRequests, quotes } from "#db/schema";
import type { Database } from "../platform/db.server";

export type WaitingCounts = {
  awaitingProof: number;
  changesRequested: number;
  transfersAwaited: number;
  quoteRequests: number;
  openClaims: number;
  creditApplications: number;
};

const total = (rows: Array<{ n: number }>) => Number(rows[0]?.n ?? 0);

export async function waitingForStaff(db: Database): Promise<WaitingCounts> {
  const [awaitingProof, changesRequested, transfersAwaited, requests, claims, applications] = await Promise.all([
    db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.status, ["paid", "on_account"])),
    db.select({ n: count() }).from(orders).where(eq(orders.status, "changes_requested")),
    db
      .select({ n: count() })
      .from(bankTransfers)
      .innerJoin(orders, eq(orders.id, bankTransfers.orderId))
      .where(
        and(
          isNull(bankTransfers.receivedAt),
          isNull(bankTransfers.expiredAt),
          notInArray(orders.status, ["cancelled", "expired"]),
        ),
      ),
    db
      .select({ n: count() })
      .from(quoteRequests)
      .leftJoin(quotes, eq(quotes.requestId, quoteRequests.id))
      .where(and(isNotNull(quoteRequests.userId), isNull(quotes.id))),
    db.select({ n: count() }).from(guaranteeClaims).where(eq(guaranteeClaims.status, "open")),
    db.select({ n: count() }).from(creditAccounts).where(eq(creditAccounts.status, "pending")),
  ]);
  return {
    awaitingProof: total(awaitingProof),
    changesRequested: total(changesRequested),
    transfersAwaited: total(transfersAwaited),
    quoteRequests: total(requests),
    openClaims: total(claims),
    creditApplications: total(applications),
  };
}
