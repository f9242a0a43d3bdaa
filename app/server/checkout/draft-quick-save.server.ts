/**
 * The autosave's usual save in one SQL statement (docs/decisions/071): a step saved on a draft that
 * this process saved last, at the version the page expects, with nothing to price. The plan is made
 * from the draft as it was remembered (draft-memo.server.ts); one prepared statement,
 * `draft_save_in_session` (db/migrations/0041), reads the session by its token and writes the draft
 * in the same update, so a signed-out or revoked session writes nothing, and the draft must be the
 * session's user's, at that version, with no payment open.
 *
 * Anything else is not this module's: it answers null and touches nothing, and the caller saves the
 * usual way (saveCheckoutStep: the session looked up, the row read and the save planned from it).
 * So are a save that finds nothing to update (the session is gone, another process or an upload
 * wrote the draft since, it is another user's), a patch the step's schema refuses (its 400 comes
 * after the session's 401), a step-2 change its cart line follows (cartChoicesCte writes both), a
 * save with a shipping method to price, and a VAT number to check online (checkout-save.server.ts).
 */
import { sql } from "drizzle-orm";
import { isEditableStatus, isPayingStatus, type DraftStep } from "~/domain/checkout/draft";
import { readShelf } from "../catalogue/catalogue-store.server";
import type { Database } from "../platform/db.server";
import { forgetDraft, memoDraft, rememberedDraft } from "./draft-memo.server";
import { followsCart, parseStepPatch, planSave } from "./draft-plan.server";
import type { DraftSnapshot } from "./drafts.server";

function prepareSave(db: Database) {
  return db
    .select({
      version: sql<number>`saved_version`,
      savedAt: sql<Date | string>`saved_at`,
      sessionExpiresAt: sql<Date | string>`session_expires_at`,
    })
    .from(
      sql`draft_save_in_session(${sql.placeholder("token")}, ${sql.placeholder("draftId")}, ${sql.placeholder("expectedVersion")}, ${sql.placeholder("patch")}::jsonb, ${sql.placeholder("status")})`,
    )
    .prepare("draft_save_in_session");
}

// Built once per database: PostgreSQL keeps a named statement parsed per connection (decision 029).
const statements = new WeakMap<Database, ReturnType<typeof prepareSave>>();
const statementFor = (db: Database) => statements.get(db) ?? statements.set(db, prepareSave(db)).get(db)!;

export type QuickSave = {
  draft: DraftSnapshot;
  /** When the session that saved expires: better-auth extends it once it is older than its updateAge. */
  sessionExpiresAt: Date;
};

/** Saves one step in one statement, or answers null for the usual save to do it (see the header). */
export async function saveDraftQuickly(
  db: Database,
  input: {
    /** The verified session token of the request (session-lookup.server.ts `sessionTokenOf`). */
    token: string;
    draftId: string;
    step: DraftStep;
    patch: unknown;
    expectedVersion: number;
    now?: Date;
  },
): Promise<QuickSave | null> {
  const { token, draftId, expectedVersion } = input;
  const remembered = rememberedDraft(db, { draftId, expectedVersion });
  if (!remembered) return null;
  const { userId, draft: known } = remembered;
  if (!isEditableStatus(known.status) || isPayingStatus(known.status) || known.data.shipping.method) return null;
  const parsed = parseStepPatch(input.step, input.patch);
  if (!parsed.ok) return null;
  const step = parsed.value;
  if (step.step === "shipping" && step.patch.method) return null;
  if (step.step === "customisation" && followsCart(step.patch)) return null;
  const products = (await readShelf(db)).find;
  const now = input.now ?? new Date();
  const plan = planSave(step, known, { firstOrderDiscount: false, now, cart: [], products });
  if (!plan.ok) return null;

  const [row] = await statementFor(db).execute({
    token,
    draftId,
    expectedVersion,
    patch: JSON.stringify(plan.patch),
    status: plan.status,
  });
  if (!row) {
    forgetDraft(db, draftId);
    return null;
  }
  const draft = {
    ...known,
    status: plan.status,
    version: row.version,
    updatedAt: new Date(row.savedAt),
    data: plan.data,
  };
  memoDraft(db, { userId, draft });
  return { draft, sessionExpiresAt: new Date(row.sessionExpiresAt) };
}
