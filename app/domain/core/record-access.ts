/**
 * Which accounts' records a reader may see (docs/decisions/035-current-membership.md): their own,
 * and the organisation their session acts for, never a record because they placed it. The session
 * names an organisation only while its user is a member (session-lookup.server.ts), and
 * record-access.server.ts turns this rule into SQL.
 */

/** Who asks: the signed-in user and the account their session acts for (SessionInfo.accountId). */
export type Reader = { userId: string; accountId?: string | null };

/** The accounts whose records this reader may see: their own, and their active organisation. */
export function readableAccounts(reader: Reader): string[] {
  if (!reader.userId) return [];
  const acting = reader.accountId || reader.userId;
  return acting === reader.userId ? [reader.userId] : [reader.userId, acting];
}

/** The same rule for a record already read: may this reader see it? */
export function mayRead(record: { accountId: string }, reader: Reader): boolean {
  return record.accountId !== "" && readableAccounts(reader).includes(record.accountId);
}

/** Whether the record belongs to an organisation rather than to one person. */
export function isOrganisationRecord(record: { accountId: string; userId: string }): boolean {
  return record.accountId !== record.userId;
}
