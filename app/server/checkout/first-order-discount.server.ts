/**
 * The first-order discount (B-15, A-20), once per person. A person is the user
 * who orders together with the organisations they belong to and, for an organisation's order, its
 * members: a new organisation, or an organisation with a member who already had the discount, is
 * not a new customer.
 *
 * Pricing asks firstOrderDiscountApplies (the checkout pages, the draft's totals, the payment
 * intent's amount), which claims nothing: an intent can be abandoned, and two can be priced at
 * once. The discount is taken by claimFirstOrderDiscount inside the transaction that marks the
 * order paid; the payment that comes second finds the claim and its order records the shortfall.
 */
import { sql, type SQL } from "drizzle-orm";
import { firstOrderClaims } from "#db/schema";
import { formatPence } from "~/domain/core/money";
import { queryRows, type Database } from "../platform/db.server";

/**
 * True when a claim exists for anyone in the person of `userId` ordering for `accountId` (the
 * user's own id, or an organisation's). Takes SQL so the draft save can ask it about its own row.
 */
export function firstOrderClaimedSql(person: { userId: SQL | string; accountId: SQL | string }): SQL<boolean> {
  const { userId, accountId } = person;
  return sql<boolean>`exists (
    select 1 from first_order_claims claim
     where claim.user_id = ${userId}
        or claim.organization_id = ${accountId}
        or claim.organization_id in (select m.organization_id from member m where m.user_id = ${userId})
        or claim.user_id in (select m.user_id from member m where m.organization_id = ${accountId})
  )`;
}

async function claimed(db: Database, person: { userId: string; accountId: string }): Promise<boolean> {
  const [row] = await queryRows<{ claimed: boolean }>(db, sql`select ${firstOrderClaimedSql(person)} as claimed`);
  return row?.claimed === true;
}

/** Whether an order by `userId` for `accountId` would be priced with the first-order discount now. */
export async function firstOrderDiscountApplies(
  db: Database,
  person: { userId: string; accountId: string },
): Promise<boolean> {
  return !(await claimed(db, person));
}

/**
 * Whether the "first order" banner speaks to this visitor: always when signed
 * out, and for a signed-in person only while their next order would be priced with the discount,
 * by the very rule the price uses, so the banner never promises what the payment would not give.
 */
export async function firstOrderOfferShown(
  db: Database,
  person: { userId: string; accountId: string } | null,
): Promise<boolean> {
  return person === null || firstOrderDiscountApplies(db, person);
}

// Any fixed number: the one advisory lock every claim takes (see claimFirstOrderDiscount).
const CLAIM_LOCK = 0x5f0c1a17;

/**
 * Claims the discount for a paid order, in the caller's transaction; false when the person had it
 * already. Two people's claims can collide through a shared organisation as well as through their
 * own ids, which no unique key can see, so claims take turns under one transaction-scoped lock:
 * only discounted first orders take it, and only for the rest of their payment's transaction.
 */
export async function claimFirstOrderDiscount(
  tx: Database,
  claim: { orderId: string; userId: string; accountId: string; discountPence: number },
): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
  if (await claimed(tx, claim)) return false;
  const inserted = await tx
    .insert(firstOrderClaims)
    .values({
      orderId: claim.orderId,
      userId: claim.userId,
      organizationId: claim.accountId === claim.userId ? null : claim.accountId,
      discountPence: claim.discountPence,
    })
    .onConflictDoNothing()
    .returning({ orderId: firstOrderClaims.orderId });
  return inserted.length === 1;
}

/** The history note of an order paid with a first-order discount that another order had claimed. */
export const firstOrderShortfallNote = (discountPence: number) =>
  `Needs attention: the first-order discount of ${formatPence(discountPence)} was already used by this customer's earlier order, so this order was charged ${formatPence(discountPence)} too little`;
