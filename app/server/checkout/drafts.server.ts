/**
 * Order drafts in the database (SPEC.md §3 "Order draft", §7; R-DRAFT-01..13, decisions
 * 052, 054 and 055). Every function takes one options object and is scoped by the signed-in user's id:
 * another user's draft id behaves exactly like an id that does not exist (B-1, R-DRAFT-12).
 *
 * Failures are values, not throws: the request edge's `Failure` (http.server.ts) with B-11's codes
 * and, on a 409, the draft as it is now, so a route can answer with `status` and show `message` (A-43).
 *
 * A save (saveDraftStep) is at most two SQL statements (the autosave's usual save, of a draft this
 * process saved last, is one: draft-quick-save.server.ts):
 *   1. read the row (by id and user), with "has this person had the first-order discount?" and
 *      the cart's lines (a checkout prices the whole cart, decision 016): answers 404, and 409 for a
 *      locked draft or a stale version, on its own;
 *   2. one conditional `update … where id and user_id and version = expected` that merges only
 *      the step's keys into `data` with jsonb `||` (R-DRAFT-13), bumps version and updated_at, and
 *      in the same statement returns the current row if the version moved since statement 1.
 * The read is needed because the server prices the draft itself, in TypeScript from the
 * catalogue (the client never sends totals, decision 052), and refuses a quantity outside
 * the product's [MOQ, max].
 */
import { and, desc, eq, gt, inArray, type SQL, sql } from "drizzle-orm";
import { authSession, orderDrafts } from "#db/schema";
import { readShelf } from "../catalogue/catalogue-store.server";
import {
  DRAFT_MESSAGES,
  DRAFT_STEPS,
  EDITABLE_STATUSES,
  MISSING_SAVE_DATA_MESSAGE,
  NO_DRAFT_MESSAGE,
  customisationProductErrors,
  isDraftId,
  isDraftStatus,
  isEditableStatus,
  isPayingStatus,
  type DraftData,
  type DraftStatus,
  type DraftStep,
} from "~/domain/checkout/draft";
import { customisationPatchSchema, draftDataSchema, parseDraftRow } from "~/domain/checkout/draft-schemas";
import { type FieldErrors, fieldErrorsFrom } from "~/domain/core/field-errors";
import { queryRows, sqlList, type Database } from "../platform/db.server";
import { memoDraft } from "./draft-memo.server";
import {
  cartChoicesCte,
  mergeJson,
  releasedIntentCte,
  mergeSql,
  parseStepPatch,
  planSave,
  type StepPatch,
  type CartLineQuantity,
} from "./draft-plan.server";
import { type Failure, failure } from "../platform/http.server";
import { firstOrderClaimedSql } from "./first-order-discount.server";

export type DraftRecord = {
  id: string;
  accountId: string;
  userId: string;
  productId: string;
  /** The cart line it customises (decision 086); null when no line owns it. */
  lineId: string | null;
  status: DraftStatus;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  data: DraftData;
};

/** What a save returns, and what a 409 carries as `current` so the page can reload it. */
export type DraftSnapshot = Pick<
  DraftRecord,
  "id" | "productId" | "lineId" | "status" | "version" | "updatedAt" | "data"
>;

/** A refusal; a 409 carries the draft as it is now. */
export type DraftResult<T> =
  | {
      ok: true;
      draft: T;
      /** The intent this save detached, for the caller to void at the provider. */
      releasedIntentId?: string;
    }
  | Failure<DraftSnapshot>;

const invalid = (fieldErrors: FieldErrors) =>
  failure<DraftSnapshot>(400, "VALIDATION_FAILED", DRAFT_MESSAGES.invalid, { fieldErrors });
const notFound = () => failure<DraftSnapshot>(404, "DRAFT_NOT_FOUND", NO_DRAFT_MESSAGE);
const refused = (current: DraftSnapshot) =>
  isEditableStatus(current.status)
    ? failure(409, "VERSION_CONFLICT", DRAFT_MESSAGES.conflict, { current })
    : failure(409, "DRAFT_LOCKED", DRAFT_MESSAGES.locked, { current });

// ---------------------------------------------------------------------------------------------
// Reading rows

function toStatus(value: string): DraftStatus {
  if (!isDraftStatus(value)) throw new Error(`order_drafts holds an unknown status "${value}"`);
  return value;
}

/** The columns every reader of a draft row selects; each adds what its job needs. */
export const draftRowColumns = {
  id: orderDrafts.id,
  accountId: orderDrafts.accountId,
  userId: orderDrafts.userId,
  productId: orderDrafts.productId,
  lineId: orderDrafts.cartItemId,
  status: orderDrafts.status,
  version: orderDrafts.version,
  data: orderDrafts.data,
};

/** A draft's data for its owner's pages: data that no longer fits the schema is a bug to see, so it throws. */
function toDraftData(raw: unknown, row: { id: string; productId: string; status: DraftStatus }): DraftData {
  const parsed = parseDraftRow({ data: raw, productId: row.productId, status: row.status });
  if (!parsed.success) {
    throw new Error(
      `Draft ${row.id} holds data outside the draft schema: ${JSON.stringify(fieldErrorsFrom(parsed.error))}`,
    );
  }
  return parsed.data;
}

/** The columns the payment path reads: the row, and the intent and amount it was last priced at. */
export const paymentDraftColumns = {
  ...draftRowColumns,
  paymentIntentId: orderDrafts.paymentIntentId,
  amountPence: orderDrafts.amountPence,
  paidAt: orderDrafts.paidAt,
};

const recordColumns = { ...draftRowColumns, createdAt: orderDrafts.createdAt, updatedAt: orderDrafts.updatedAt };

type RecordRow = {
  [K in keyof typeof recordColumns]: K extends "data" ? unknown : K extends "status" ? string : DraftRecord[K];
};

function toRecord(row: RecordRow): DraftRecord {
  const { id, accountId, userId, productId, lineId, version, createdAt, updatedAt } = row;
  const status = toStatus(row.status);
  const data = toDraftData(row.data, { id, productId, status });
  return { id, accountId, userId, productId, lineId, status, version, createdAt, updatedAt, data };
}

function toSnapshot(record: DraftRecord): DraftSnapshot {
  const { id, productId, lineId, status, version, updatedAt, data } = record;
  return { id, productId, lineId, status, version, updatedAt, data };
}

/** One draft of this user's, or null (unknown id, malformed id, or another user's draft). */
export async function getDraft(
  db: Database,
  { userId, draftId }: { userId: string; draftId: string },
): Promise<DraftRecord | null> {
  if (!userId || !isDraftId(draftId)) return null;
  const [row] = await db
    .select(recordColumns)
    .from(orderDrafts)
    .where(and(eq(orderDrafts.id, draftId), eq(orderDrafts.userId, userId)))
    .limit(1);
  return row ? toRecord(row) : null;
}

function prepareReadInSession(db: Database) {
  return db
    .select({ ...recordColumns, paymentIntentId: orderDrafts.paymentIntentId, paidAt: orderDrafts.paidAt })
    .from(orderDrafts)
    .innerJoin(
      authSession,
      and(
        eq(authSession.userId, orderDrafts.userId),
        eq(authSession.token, sql.placeholder("token")),
        gt(authSession.expiresAt, sql`now()`),
      ),
    )
    .where(eq(orderDrafts.id, sql.placeholder("draftId")))
    .limit(1)
    .prepare("draft_read_in_session");
}
const readsInSession = new WeakMap<Database, ReturnType<typeof prepareReadInSession>>();

/**
 * A draft read by the token of a session of its owner (draft-quick-save.server.ts), in one
 * statement; null for an unknown or malformed id, a draft of someone else's, or a session that
 * is gone or expired. `paymentOpen` when it is paid or has a payment open.
 */
export async function readDraftInSession(
  db: Database,
  { token, draftId }: { token: string; draftId: string },
): Promise<{ userId: string; draft: DraftSnapshot; paymentOpen: boolean } | null> {
  if (!isDraftId(draftId)) return null;
  const statement = readsInSession.get(db) ?? readsInSession.set(db, prepareReadInSession(db)).get(db)!;
  const [row] = await statement.execute({ token, draftId });
  if (!row) return null;
  const record = toRecord(row);
  return {
    userId: record.userId,
    draft: toSnapshot(record),
    paymentOpen: row.paymentIntentId !== null || row.paidAt !== null,
  };
}

/**
 * The user's newest editable draft of each cart line in `lineIds`, keyed by line id: the drafts of
 * a cart's lines, read in one query (decision 016). Editable includes a payment still open, so going
 * back through the cart reopens it; paid drafts are orders now and never come back (R-DRAFT-12;
 * decision 086: one draft per line).
 */
export async function latestDraftsForLines(
  db: Database,
  { userId, lineIds }: { userId: string; lineIds: readonly string[] },
): Promise<Map<string, DraftRecord>> {
  if (!userId || lineIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([orderDrafts.cartItemId], recordColumns)
    .from(orderDrafts)
    .where(
      and(
        eq(orderDrafts.userId, userId),
        inArray(orderDrafts.cartItemId, [...lineIds]),
        inArray(orderDrafts.status, [...EDITABLE_STATUSES]),
      ),
    )
    .orderBy(orderDrafts.cartItemId, desc(orderDrafts.updatedAt));
  return new Map(rows.flatMap((row) => (row.lineId ? [[row.lineId, toRecord(row)] as const] : [])));
}

type SavedRow = {
  saved: boolean;
  id: string;
  product_id: string;
  cart_item_id: string | null;
  status: string;
  version: number;
  updated_at: Date | string;
  data: unknown;
};

function snapshotFromRaw(row: SavedRow): DraftSnapshot {
  const status = toStatus(row.status);
  return {
    id: row.id,
    productId: row.product_id,
    lineId: row.cart_item_id,
    status,
    version: row.version,
    updatedAt: new Date(row.updated_at),
    data: toDraftData(row.data, { id: row.id, productId: row.product_id, status }),
  };
}

const editableList = sqlList(EDITABLE_STATUSES);

/** A save's first statement: the row, and what pricing it needs besides (see the header). */
function prepareSaveRead(db: Database) {
  return db
    .select({
      ...recordColumns,
      // B-15: the person's first paid order gets 10% off goods (first-order-discount.server.ts).
      // Spelled out: Drizzle renders ${orderDrafts.accountId} here as a bare "account_id", which the
      // subquery would read as its own table's column.
      firstOrderClaimed: firstOrderClaimedSql({
        userId: sql`order_drafts.user_id`,
        accountId: sql`order_drafts.account_id`,
      }),
      // The cart a priced checkout prices (decision 016), in the same statement.
      cart: sql<
        CartLineQuantity[] | null
      >`(select json_agg(json_build_object('lineId', c.id, 'productId', c.product_id, 'colour', c.selected_color,
          'quantity', c.quantity, 'selections', c.customization_selections,
          'method', (select d.data->'branding'->>'method' from order_drafts d
                      where d.user_id = c.user_id and d.cart_item_id = c.id and d.paid_at is null
                      order by d.updated_at desc limit 1)) order by c.created_at)
          from cart_items c where c.user_id = order_drafts.user_id)`,
      paymentIntentId: orderDrafts.paymentIntentId,
      paymentStatus: sql<
        string | null
      >`(select status from payment_intents where intent_id = order_drafts.payment_intent_id)`,
    })
    .from(orderDrafts)
    .where(and(eq(orderDrafts.id, sql.placeholder("draftId")), eq(orderDrafts.userId, sql.placeholder("userId"))))
    .limit(1)
    .prepare("draft_save_read");
}

// Built once per database, not per save (decision 029): Drizzle's query building showed in the
// autosave profile, and PostgreSQL keeps a named statement parsed per connection.
const saveReads = new WeakMap<Database, ReturnType<typeof prepareSaveRead>>();
const saveReadFor = (db: Database) => saveReads.get(db) ?? saveReads.set(db, prepareSaveRead(db)).get(db)!;

/**
 * Saves one step of a draft (SPEC.md §4; R-CUST, R-DET-15, R-SHIP-04/10, R-PROOF-03).
 *
 * - `patch` is validated with the step's schema (app/domain/checkout/draft.ts); a bad one is a 400 with
 *   fieldErrors and touches nothing. Customisation: top-level fields of data; details: a partial
 *   of data.details; shipping: a partial of data.shipping; proofing: {proof_acknowledged}.
 * - `expectedVersion` is the version the page last read; if the draft moved on, 409
 *   VERSION_CONFLICT with `current`, nothing written.
 * - Paid: 409 DRAFT_LOCKED. A payment the provider is taking (processing, or succeeded before its
 *   event is applied): 409 PAYMENT_IN_FLIGHT. Unknown id or another user's: 404.
 * - A draft with an open payment stays editable (decisions 055 and 006): the save
 *   detaches the intent and cancels its ledger row in the same statement, the status goes back to
 *   what the steps earn from shipping_done, and `releasedIntentId` names the intent for the caller
 *   to void at the provider (saveCheckoutStep). The next payment step prices the draft afresh.
 * - On success the returned draft carries the new version for the next save.
 */
export async function saveDraftStep(
  db: Database,
  input: {
    userId: string;
    draftId: string;
    step: DraftStep;
    patch: unknown;
    expectedVersion: number;
    /** The clock for the delivery estimate; tests pass one. */
    now?: Date;
    /** Replace an open payment even if the draft's data stays the same (its cart line went). */
    releasePayment?: boolean;
  },
): Promise<DraftResult<DraftSnapshot>> {
  const { userId, draftId, expectedVersion } = input;
  if (!Number.isSafeInteger(expectedVersion) || expectedVersion < 1) {
    return invalid({ expectedVersion: "Reload the page and try again" });
  }
  // Routes pass the step from the request; a typo there must be a 400, not a crash.
  if (!(DRAFT_STEPS as readonly string[]).includes(input.step)) return invalid({ step: "Unknown checkout step" });
  const parsed = parseStepPatch(input.step, input.patch);
  if (!parsed.ok) return invalid(parsed.fieldErrors);
  if (!userId || !isDraftId(draftId)) return notFound();
  const step = parsed.value;
  const now = input.now ?? new Date();
  const products = (await readShelf(db)).find;

  const [row] = await saveReadFor(db).execute({ draftId, userId });
  if (!row) return notFound();
  const current = toSnapshot(toRecord(row));
  if (!isEditableStatus(current.status) || current.version !== expectedVersion) return refused(current);
  if (row.paymentStatus === "processing" || row.paymentStatus === "succeeded") {
    return failure(409, "PAYMENT_IN_FLIGHT", DRAFT_MESSAGES.paymentInFlight, { current });
  }
  // A paying draft is edited from where the payment step found it.
  const base = isPayingStatus(current.status) ? { ...current, status: "shipping_done" as const } : current;
  const plan = planSave(step, base, {
    firstOrderDiscount: !row.firstOrderClaimed,
    now,
    cart: row.cart ?? [],
    products,
  });
  if (!plan.ok) return invalid(plan.fieldErrors);
  // Reopening a step and saving what it already holds keeps the open payment: only a change to
  // the draft, or to the cart outside it, replaces it.
  const keepsPayment = isPayingStatus(current.status) && !input.releasePayment;
  if (row.paymentIntentId && keepsPayment && !plan.changesOrder) return { ok: true, draft: current };

  const [result] = await writeSave(db, { ...input, step, plan, releasedIntentId: row.paymentIntentId });
  if (!result) return notFound();
  const snapshot = snapshotFromRaw(result);
  if (!result.saved) return refused(snapshot);
  const saved = savedDraft(db, userId, snapshot);
  return row.paymentIntentId ? { ...saved, releasedIntentId: row.paymentIntentId } : saved;
}

function savedDraft(db: Database, userId: string, draft: DraftSnapshot) {
  memoDraft(db, { userId, draft });
  return { ok: true as const, draft };
}

type Write = { userId: string; draftId: string; expectedVersion: number; step: StepPatch };
type Planned = { plan: { patch: Record<string, unknown>; status: DraftStatus }; releasedIntentId: string | null };
/** The conditional update (see the header): a refused update answers with the row as it is now (saved false). */
function writeSave(db: Database, input: Write & Planned) {
  const { userId, draftId, expectedVersion, step, plan, releasedIntentId } = input;
  const followingCart =
    step.step === "customisation"
      ? cartChoicesCte({ userId, lineId: sql`(select cart_item_id from updated)`, patch: step.patch })
      : sql``;
  const asItIs = sql`
        union all
        select false as saved, id, product_id, cart_item_id, status, version, updated_at, data from order_drafts
         where id = ${draftId} and user_id = ${userId} and not exists (select 1 from updated)`;
  return queryRows<SavedRow>(
    db,
    sql`with updated as (
          update order_drafts
             set data = ${mergeSql(sql`data`, plan.patch)},
                 status = ${plan.status},
                 version = version + 1,
                 updated_at = now(),
                 payment_intent_id = null,
                 amount_pence = null
           where id = ${draftId} and user_id = ${userId} and version = ${expectedVersion}
             and status in (${editableList}) and paid_at is null
          returning id, product_id, cart_item_id, status, version, updated_at, data
        )${followingCart}${releasedIntentId ? releasedIntentCte(releasedIntentId) : sql``}
        select true as saved, id, product_id, cart_item_id, status, version, updated_at, data from updated${asItIs}`,
  );
}

/**
 * Inserts a draft at step 2 (R-DRAFT-03): status customisation_draft, data = the defaults plus
 * the step-2 fields in `data` (a CustomisationPatch; customisationPart(buildInitialDraft(…))
 * gives one). Needs an account, a user and a product (R-DRAFT-01).
 */
export async function createDraft(
  db: Database,
  input: {
    accountId: string;
    userId: string;
    productId: string;
    /** The cart line it customises; without one (or another's), the product's first line in the cart. */
    lineId?: string | null;
    data: unknown;
  },
): Promise<DraftResult<DraftSnapshot>> {
  const { accountId, userId, productId } = input;
  if (!accountId || !userId || !productId) {
    return failure<DraftSnapshot>(400, "MISSING_SAVE_DATA", MISSING_SAVE_DATA_MESSAGE);
  }
  const product = (await readShelf(db)).find(productId);
  if (!product) return invalid({ product_id: DRAFT_MESSAGES.unknownProduct });
  const parsed = customisationPatchSchema.safeParse(input.data);
  if (!parsed.success) return invalid(fieldErrorsFrom(parsed.error));
  if (parsed.data.quantity === undefined) return invalid({ quantity: "Enter a quantity" });
  // The line it customises: the one named if it is this user's and this product's, else the product's first.
  const line = input.lineId ?? "";
  const lineColumn = (column: SQL) =>
    sql`(select ${column} from cart_items where user_id = ${userId} and product_id = ${productId}
          order by (id::text = ${line}) desc, created_at limit 1)`;
  // Below the MOQ, the line's quantity is the one a quote agreed (decision 087).
  const agreed =
    parsed.data.quantity < product.moq
      ? ((await queryRows<{ quantity: number | null }>(db, sql`select ${lineColumn(sql`quantity`)} as quantity`))[0]
          ?.quantity ?? undefined)
      : undefined;
  const errors = customisationProductErrors(product, parsed.data, agreed);
  if (Object.keys(errors).length > 0) return invalid(errors);

  const status: DraftStatus = "customisation_draft";
  const data = draftDataSchema.parse(mergeJson({ product_id: productId, status }, parsed.data));
  const [row] = await queryRows<{
    id: string;
    cart_item_id: string | null;
    version: number;
    updated_at: Date | string;
  }>(
    db,
    sql`with inserted as (
          insert into order_drafts (account_id, user_id, product_id, cart_item_id, status, data)
          values (${accountId}, ${userId}, ${productId}, ${lineColumn(sql`id`)},
                  ${status}, ${JSON.stringify(data)}::jsonb)
          returning id, cart_item_id, version, updated_at
        )${cartChoicesCte({ userId, lineId: sql`(select cart_item_id from inserted)`, patch: parsed.data })}
        select id, cart_item_id, version, updated_at from inserted`,
  );
  if (!row) throw new Error("Inserting a draft returned no row");
  return savedDraft(db, userId, {
    id: row.id,
    productId,
    lineId: row.cart_item_id,
    status,
    version: row.version,
    updatedAt: new Date(row.updated_at),
    data,
  });
}
