/**
 * The autosave's usual save in one SQL statement (docs/decisions/071): a step saved on a draft that
 * this process saved last, at the version the page expects, with nothing to price. The plan is made
 * from the draft as it was remembered (draft-memo.server.ts), or, when another process saved it
 * last, as it is read with the session first (two statements); one named prepared statement,
 * `draft_save_in_session`, reads the session by its token and writes the draft in the same update
 * (the merge is the database's `draft_merge`, db/migrations/0041), so a signed-out or revoked
 * session writes nothing, and the draft must be the session's user's, at that version, with no
 * payment open.
 *
 * Anything else is not this module's: it answers null and touches nothing, and the caller saves the
 * usual way (saveCheckoutStep: the session looked up, the row read and the save planned from it).
 * So are a save that finds nothing to update (the session is gone, another process or an upload
 * wrote the draft since, it is another user's), a patch the step's schema refuses (its 400 comes
 * after the session's 401), a step-2 change its cart line follows (cartChoicesCte writes both), a
 * save with a shipping method to price, and a VAT number to check online (checkout-save.server.ts).
 */
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { authSession, orderDrafts } from "#db/schema";
import { isEditableStatus, isPayingStatus, type DraftStep } from "~/domain/checkout/draft";
import { readShelf } from "../catalogue/catalogue-store.server";
import type { Database } from "../platform/db.server";
import { forgetDraft, memoDraft, rememberedDraft } from "./draft-memo.server";
import { followsCart, parseStepPatch, planSave } from "./draft-plan.server";
import { type DraftSnapshot, readDraftInSession } from "./drafts.server";

/**
 * The one statement: the session's row joined by its token in the update that writes the draft, so
 * a signed-out, revoked or expired session writes nothing; the draft must be that session's user's,
 * at the version the page last saw, unpaid and without an open payment.
 */
function prepareSave(db: Database) {
  return db
    .update(orderDrafts)
    .set({
      data: sql`draft_merge(${orderDrafts.data}, ${sql.placeholder("patch")}::jsonb)`,
      status: sql`${sql.placeholder("status")}`,
      version: sql`${orderDrafts.version} + 1`,
      updatedAt: sql`now()`,
    })
    .from(authSession)
    .where(
      and(
        eq(authSession.token, sql.placeholder("token")),
        gt(authSession.expiresAt, sql`now()`),
        eq(authSession.userId, orderDrafts.userId),
        eq(orderDrafts.id, sql.placeholder("draftId")),
        eq(orderDrafts.version, sql.placeholder("expectedVersion")),
        isNull(orderDrafts.paidAt),
        isNull(orderDrafts.paymentIntentId),
      ),
    )
    .returning({
      version: orderDrafts.version,
      savedAt: orderDrafts.updatedAt,
      sessionExpiresAt: authSession.expiresAt,
    })
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

/**
 * A draft another process saved last (or this one forgot), read with the session as the save's
 * first statement: only when it is at the version the page expects and has no payment.
 */
async function readAsExpected(db: Database, input: { token: string; draftId: string; expectedVersion: number }) {
  const read = await readDraftInSession(db, input);
  return read && !read.paymentOpen && read.draft.version === input.expectedVersion ? read : null;
}

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
  const parsed = parseStepPatch(input.step, input.patch);
  if (!parsed.ok) return null;
  const step = parsed.value;
  if (step.step === "shipping" && step.patch.method) return null;
  if (step.step === "customisation" && followsCart(step.patch)) return null;
  const remembered = rememberedDraft(db, { draftId, expectedVersion }) ?? (await readAsExpected(db, input));
  if (!remembered) return null;
  const { userId, draft: known } = remembered;
  if (!isEditableStatus(known.status) || isPayingStatus(known.status) || known.data.shipping.method) return null;
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
  const draft = { ...known, status: plan.status, version: row.version, updatedAt: row.savedAt, data: plan.data };
  memoDraft(db, { userId, draft });
  return { draft, sessionExpiresAt: row.sessionExpiresAt };
}
