/**
 * Who may see and change a record kept for an account (docs/decisions/035-current-membership.md):
 * the one rule the order, quote, document, proof, share-link, reorder, guarantee and brand-kit
 * modules ask, so "I placed it" never opens anything.
 *
 * - A personal record (its account is its owner's user id) is its owner's, whichever account
 *   they act for at the moment, as the shop has always shown it.
 * - An organisation's record is read only by a session whose active account is that organisation.
 *   The session's account is the organisation only while the user is still a member of it
 *   (session-lookup.server.ts joins the membership, session.server.ts checks it on better-auth's
 *   path), so leaving, being removed or switching to the personal account ends the access on the
 *   next request. Who placed the record plays no part.
 * - What a member may do beyond reading depends on their current role, read again here.
 */
import type { SQL } from "drizzle-orm";
import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { authMember, authOrganization } from "#db/schema";
import { readableAccounts, type Reader } from "~/domain/core/record-access";
import type { Database } from "./db.server";

/** The SQL condition for "this row's account is one the reader may see", on the row's account column. */
export function readableBy(accountColumn: PgColumn, reader: Reader): SQL {
  const accounts = readableAccounts(reader);
  // An empty list would render as "in ()"; no signed-in user sees nothing.
  return inArray(accountColumn, accounts.length > 0 ? accounts : [""]);
}

/** The user's current role in the organisation ("admin,approver" when several), or null when not a member. */
export async function currentRole(
  db: Database,
  { organisationId, userId }: { organisationId: string; userId: string },
): Promise<string | null> {
  if (!organisationId || !userId) return null;
  const [member] = await db
    .select({ role: authMember.role })
    .from(authMember)
    .where(and(eq(authMember.organizationId, organisationId), eq(authMember.userId, userId)))
    .limit(1);
  return member?.role ?? null;
}

/** Whether the account is an organisation this user does not belong to (any more). */
export async function outsideOrganisation(
  db: Database,
  { accountId, userId }: { accountId: string; userId: string },
): Promise<boolean> {
  if (!accountId || accountId === userId) return false;
  const [row] = await db
    .select({ member: authMember.id })
    .from(authOrganization)
    .leftJoin(authMember, and(eq(authMember.organizationId, authOrganization.id), eq(authMember.userId, userId)))
    .where(eq(authOrganization.id, accountId))
    .limit(1);
  return row !== undefined && row.member === null;
}
