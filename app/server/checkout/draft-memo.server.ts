/**
 * The draft each recent save of this process left behind, so the next autosave of the same draft
 * can skip reading it (decisions 029 and 071; draft-quick-save.server.ts). Only a hint: the save
 * that uses it still runs `… where version = expected`, which holds only while the row is exactly
 * as remembered (every write to a draft bumps its version), and falls back to reading the row when
 * it does not. So another process, a payment, an artwork upload or a stale tab can never be
 * overwritten from here; at worst one statement is wasted.
 */
import type { DraftData, DraftStatus } from "~/domain/checkout/draft";
import type { Database } from "../platform/db.server";

export type MemoDraft = {
  id: string;
  productId: string;
  lineId: string | null;
  status: DraftStatus;
  version: number;
  updatedAt: Date;
  data: DraftData;
};

/** Enough for every draft being edited at once on one process; the oldest is forgotten first. */
const MAX_DRAFTS = 5_000;

const memos = new WeakMap<Database, Map<string, { userId: string; draft: MemoDraft }>>();

function memoOf(db: Database) {
  let memo = memos.get(db);
  if (!memo) {
    memo = new Map();
    memos.set(db, memo);
  }
  return memo;
}

export function memoDraft(db: Database, { userId, draft }: { userId: string; draft: MemoDraft }): void {
  const memo = memoOf(db);
  memo.delete(draft.id);
  memo.set(draft.id, { userId, draft });
  if (memo.size > MAX_DRAFTS) {
    const oldest = memo.keys().next().value;
    if (oldest !== undefined) memo.delete(oldest);
  }
}

export function forgetDraft(db: Database, draftId: string): void {
  memoOf(db).delete(draftId);
}

/**
 * The draft as this process last saved it, with its owner, if that is the version the caller
 * expects. Whose request it is, the save's statement checks (by the session's user).
 */
export function rememberedDraft(
  db: Database,
  { draftId, expectedVersion }: { draftId: string; expectedVersion: number },
): { userId: string; draft: MemoDraft } | null {
  const entry = memoOf(db).get(draftId);
  return entry && entry.draft.version === expectedVersion ? entry : null;
}
