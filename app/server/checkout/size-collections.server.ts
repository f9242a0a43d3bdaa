/**
 * Sizes collected by link (docs/decisions/090-sizes-collected-by-link.md). A buyer starts a
 * collection from a sized product's cart line; its link opens, without an account, a form where a
 * person gives their size (and name, when asked) and gets a private link to change it until the
 * collection closes. The buyer reads the tally, adds spares, removes an answer, makes a new link (the
 * old one stops working) and closes it: the split and its total go on the cart line, and from there
 * into the line's checkout. Links carry 32 random bytes; only their SHA-256 is kept.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { cartItems, sizeCollectionAnswers, sizeCollections } from "#db/schema";
import { colourOf } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";
import { type IsoDate, londonToday } from "~/domain/core/dates";
import { toCsv } from "~/domain/core/csv";
import { isUuid } from "~/domain/core/ids";
import type { AddressAsk, AnswerDelivery } from "~/domain/teams/collection-delivery";
import { type FormValues, valuesFrom } from "~/domain/core/form-rules";
import {
  ANSWER_FIELDS,
  awaitedPeople,
  type AnswerField,
  ANSWERS_PER_LINK_PER_HOUR,
  COLLECT_HITS_PER_ADDRESS,
  COLLECTION_LIMITS,
  COLLECTION_PAGE_HITS_PER_MINUTE,
  COLLECTION_MESSAGES,
  COLLECTIONS_PER_HOUR,
  type CollectionAnswer,
  type CollectionSettings,
  closeRefusal,
  linkRefusal,
  parseAnswer,
  splitWithSpares,
  tallyBySize,
} from "~/domain/teams/size-collections";
import { looksLikeShareToken } from "~/domain/orders/proof-sharing";
import { COUNTRY_NAMES } from "~/domain/pricing/checkout";
import { maxQuantity } from "~/domain/pricing/pricing";
import { offeredSizes, type SizeCount } from "~/domain/pricing/sizes";
import { readShelf } from "../catalogue/catalogue-store.server";
import { type Database, queryRows } from "../platform/db.server";
import { type Failure, failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { hashToken } from "../platform/token-hash.server";
import type { AppContext } from "../providers/app-context.server";
import { fillLineSizes } from "./shopping.server";

export const collectUrl = (baseUrl: string, token: string) => `${baseUrl}/collect/${token}`;
export const answerUrl = (baseUrl: string, token: string, answerToken: string) =>
  `${baseUrl}/collect/${token}/answer/${answerToken}`;

const newToken = () => randomBytes(32).toString("base64url");

/** An answer's delivery as the insert's jsonb parameter: SQL null when the collection does not ask. */
const deliveryJson = (delivery: AnswerDelivery | null) => (delivery === null ? null : JSON.stringify(delivery));

const collectionNotFound = () => failure(404, "COLLECTION_NOT_FOUND", COLLECTION_MESSAGES.collectionNotFound);
const linkNotFound = () => failure(404, "LINK_NOT_FOUND", COLLECTION_MESSAGES.notFound);

type Collection = typeof sizeCollections.$inferSelect;

/** Counts one more collection or link against the buyer's hour. */
async function countNewLink(db: Database, userId: string): Promise<Failure | null> {
  const limit = await hitRateLimit(db, {
    key: `size-collections:${userId}`,
    limit: COLLECTIONS_PER_HOUR,
    windowSeconds: 3600,
  });
  if (limit.allowed) return null;
  return failure(429, "RATE_LIMITED", COLLECTION_MESSAGES.tooMany, { retryAfterSeconds: limit.retryAfterSeconds });
}

/** Counts one load of, or post to, the buyer's collections' pages against their minute. */
export async function countCollectionPageHit(db: Database, userId: string): Promise<Failure | null> {
  const limit = await hitRateLimit(db, {
    key: `collection-pages:${userId}`,
    limit: COLLECTION_PAGE_HITS_PER_MINUTE,
    windowSeconds: 60,
  });
  if (limit.allowed) return null;
  return failure(429, "RATE_LIMITED", COLLECTION_MESSAGES.tooManyPages, { retryAfterSeconds: limit.retryAfterSeconds });
}

/**
 * A person's answer from the link's form, checked against what the link asks; a refusal names each
 * wrong field and carries back what was typed.
 */
export function answerFromForm(
  form: Record<string, string>,
  view: Pick<CollectView, "askNames" | "askAddress"> & { product: Pick<CollectView["product"], "sizes"> },
): { ok: true; answer: CollectionAnswer } | (Failure & { values: FormValues<AnswerField> }) {
  const parsed = parseAnswer(valuesFrom(ANSWER_FIELDS, new Map(Object.entries(form))), {
    sizes: view.product.sizes,
    names: view.askNames,
    address: view.askAddress,
  });
  if (parsed.ok) return { ok: true, answer: parsed.data };
  const message = Object.values(parsed.errors)[0] ?? "";
  return { ...failure(400, "VALIDATION_FAILED", message, { fieldErrors: parsed.errors }), values: parsed.values };
}

/** Counts one opening or answer of a link against the client address's quarter of an hour. */
export async function countCollectHit(db: Database, ip: string): Promise<Failure | null> {
  const limit = await hitRateLimit(db, {
    key: `collect-link:${ip}`,
    limit: COLLECT_HITS_PER_ADDRESS,
    windowSeconds: 900,
  });
  if (limit.allowed) return null;
  return failure(429, "RATE_LIMITED", COLLECTION_MESSAGES.tooManyHits, { retryAfterSeconds: limit.retryAfterSeconds });
}

/** The sized product on sale that a line or collection is for, or null. */
async function sizedProduct(db: Database, productId: string): Promise<Product | null> {
  const product = (await readShelf(db)).find(productId);
  return product && offeredSizes(product).length > 0 ? product : null;
}

/** The buyer's line a collection may start from: theirs, in the cart, of a sized product on sale. */
export async function collectableLine(db: Database, { userId, lineId }: { userId: string; lineId: string }) {
  if (!isUuid(lineId)) return failure(404, "LINE_NOT_FOUND", COLLECTION_MESSAGES.lineGone);
  const [line] = await db
    .select({ id: cartItems.id, productId: cartItems.productId, colour: cartItems.selectedColor })
    .from(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .limit(1);
  if (!line) return failure(404, "LINE_NOT_FOUND", COLLECTION_MESSAGES.lineGone);
  const product = (await readShelf(db)).find(line.productId);
  if (!product) return failure(404, "LINE_NOT_FOUND", COLLECTION_MESSAGES.lineGone);
  if (offeredSizes(product).length === 0) return failure(409, "NOT_SIZED", COLLECTION_MESSAGES.notSized(product.title));
  const [open] = await db
    .select({ id: sizeCollections.id })
    .from(sizeCollections)
    .where(and(eq(sizeCollections.cartItemId, line.id), isNull(sizeCollections.closedAt)))
    .limit(1);
  return { ok: true as const, line, product, openCollectionId: open?.id ?? null };
}

/** A new collection for the buyer's line; its link is answered once, here, and never stored. */
export async function startCollection(
  ctx: AppContext,
  input: { userId: string; lineId: string; settings: CollectionSettings },
): Promise<{ ok: true; id: string; url: string } | Failure> {
  const { db } = ctx;
  const found = await collectableLine(db, input);
  if (!found.ok) return found;
  if (found.openCollectionId) return failure(409, "COLLECTION_OPEN", COLLECTION_MESSAGES.alreadyOpen);
  const limited = await countNewLink(db, input.userId);
  if (limited) return limited;
  const token = newToken();
  const { title, message, askNames, askAddress, closesOn, maxAnswers, people } = input.settings;
  // Two tabs starting one at once: the open line's unique index lets one in.
  const [row] = await db
    .insert(sizeCollections)
    .values({
      userId: input.userId,
      cartItemId: found.line.id,
      productId: found.line.productId,
      title,
      message,
      askNames,
      askAddress,
      closesOn,
      maxAnswers,
      people,
      tokenHash: hashToken(token),
    })
    .onConflictDoNothing()
    .returning({ id: sizeCollections.id });
  if (!row) return failure(409, "COLLECTION_OPEN", COLLECTION_MESSAGES.alreadyOpen);
  return { ok: true, id: row.id, url: collectUrl(ctx.baseUrl, token) };
}

/** The collection if it is this buyer's. */
async function ownCollection(db: Database, { userId, id }: { userId: string; id: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(sizeCollections)
    .where(and(eq(sizeCollections.id, id), eq(sizeCollections.userId, userId)))
    .limit(1);
  return row ?? null;
}

export type TallyView = {
  collection: Pick<
    Collection,
    "id" | "title" | "message" | "askNames" | "askAddress" | "closesOn" | "maxAnswers" | "closedAt" | "people"
  > & {
    cartItemId: string;
  };
  product: Product | null;
  /** The line is still in the cart: closing can put the split on it. */
  lineInCart: boolean;
  answers: { id: string; size: string; name: string; delivery: AnswerDelivery | null; at: Date }[];
  /** Who on the buyer's list has not answered yet. */
  awaited: string[];
  tally: SizeCount[];
  spares: SizeCount[];
  split: SizeCount[];
  /** Why the link takes no more answers today, or null. */
  linkClosed: string | null;
  /** Why it cannot close now, or null. */
  closeRefused: string | null;
};

/** The buyer's tally: who answered what, counted by size, with the spares and what closing would do. */
export async function collectionTally(
  db: Database,
  input: { userId: string; id: string; today: IsoDate },
): Promise<{ ok: true; value: TallyView } | Failure> {
  const collection = await ownCollection(db, input);
  if (!collection) return collectionNotFound();
  const answers = await db
    .select({
      id: sizeCollectionAnswers.id,
      size: sizeCollectionAnswers.size,
      name: sizeCollectionAnswers.name,
      delivery: sizeCollectionAnswers.delivery,
      at: sizeCollectionAnswers.createdAt,
    })
    .from(sizeCollectionAnswers)
    .where(eq(sizeCollectionAnswers.collectionId, collection.id))
    .orderBy(asc(sizeCollectionAnswers.createdAt), asc(sizeCollectionAnswers.id));
  const [line] = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.id, collection.cartItemId), eq(cartItems.userId, input.userId)))
    .limit(1);
  const product = await sizedProduct(db, collection.productId);
  const sizes = product ? offeredSizes(product) : [];
  const tally = tallyBySize(sizes, answers);
  const split = splitWithSpares(tally, collection.spares);
  const refusal = linkRefusal(collection, input.today, { count: answers.length, change: false });
  return {
    ok: true,
    value: {
      collection,
      product,
      lineInCart: line !== undefined,
      answers,
      awaited: awaitedPeople(collection.people, answers),
      tally,
      spares: collection.spares,
      split,
      linkClosed: refusal?.message ?? null,
      closeRefused:
        collection.closedAt !== null
          ? COLLECTION_MESSAGES.closedAlready
          : !line || !product
            ? COLLECTION_MESSAGES.lineGone
            : closeRefusal(split, { moq: product.moq, maxQuantity: maxQuantity(product.tiers) }),
    },
  };
}

/** The columns of a collection's answers as CSV, in order. */
const ANSWERS_CSV_COLUMNS = [
  "Name",
  "Size",
  "Delivery",
  "Address line 1",
  "Address line 2",
  "Town or city",
  "Postcode",
  "Country",
  "Answered at",
] as const;

/**
 * The answers of a collection as the tally lists them, one record each (decision 092): the buyer's
 * own copy of who answered what and where each one goes, to pass on or to send parcels from. An
 * answer without a name is "Answer 1", … as on the tally.
 */
export function answersCsv(tally: Pick<TallyView, "collection" | "answers">): string {
  return toCsv(
    ANSWERS_CSV_COLUMNS,
    tally.answers.map((answer, index) => {
      const { delivery } = answer;
      const address = delivery?.kind === "address" ? delivery : null;
      return [
        tally.collection.askNames ? answer.name : `Answer ${index + 1}`,
        answer.size,
        delivery === null ? "" : delivery.kind === "pickup" ? "Office pickup" : "Delivery",
        address?.line1,
        address?.line2,
        address?.city,
        address?.postcode,
        address ? COUNTRY_NAMES[address.country] : "",
        answer.at,
      ];
    }),
  );
}

/** The buyer's open collection for each of these lines: its id and how many have answered. */
export async function openCollectionsOfLines(
  db: Database,
  { userId }: { userId: string },
): Promise<Map<string, { id: string; answers: number }>> {
  const rows = await db
    .select({
      id: sizeCollections.id,
      lineId: sizeCollections.cartItemId,
      answers: sql<number>`(select count(*)::int from size_collection_answers a where a.collection_id = size_collections.id)`,
    })
    .from(sizeCollections)
    .where(and(eq(sizeCollections.userId, userId), isNull(sizeCollections.closedAt)));
  return new Map(rows.map((row) => [row.lineId, { id: row.id, answers: row.answers }]));
}

/** Changes an open collection of the buyer's; not found once it is closed, or when it is someone else's. */
async function updateOpenCollection(
  db: Database,
  input: { userId: string; id: string },
  set: Partial<Pick<typeof sizeCollections.$inferInsert, "spares" | "people">>,
): Promise<{ ok: true } | Failure> {
  if (!isUuid(input.id)) return collectionNotFound();
  const [row] = await db
    .update(sizeCollections)
    .set(set)
    .where(
      and(eq(sizeCollections.id, input.id), eq(sizeCollections.userId, input.userId), isNull(sizeCollections.closedAt)),
    )
    .returning({ id: sizeCollections.id });
  return row ? { ok: true } : collectionNotFound();
}

/** The buyer's spares, saved as typed (already checked against the product's sizes). */
export const saveSpares = (db: Database, input: { userId: string; id: string; spares: SizeCount[] }) =>
  updateOpenCollection(db, input, { spares: input.spares });

/** Who should answer, as the buyer listed them (already parsed: parsePeople). */
export const savePeople = (db: Database, input: { userId: string; id: string; people: string[] }) =>
  updateOpenCollection(db, input, { people: input.people });

/** Takes an answer out of the tally (its link to change it stops working with it). */
export async function removeAnswer(
  db: Database,
  input: { userId: string; id: string; answerId: string },
): Promise<{ ok: true } | Failure> {
  const collection = await ownCollection(db, input);
  if (!collection || collection.closedAt) return collectionNotFound();
  if (!isUuid(input.answerId)) return failure(404, "ANSWER_NOT_FOUND", COLLECTION_MESSAGES.answerGone);
  const removed = await db
    .delete(sizeCollectionAnswers)
    .where(and(eq(sizeCollectionAnswers.id, input.answerId), eq(sizeCollectionAnswers.collectionId, collection.id)))
    .returning({ id: sizeCollectionAnswers.id });
  return removed.length > 0 ? { ok: true } : failure(404, "ANSWER_NOT_FOUND", COLLECTION_MESSAGES.answerGone);
}

/** A new link for an open collection: the old one stops working at once; the answers stay. */
export async function replaceLink(
  ctx: AppContext,
  input: { userId: string; id: string },
): Promise<{ ok: true; url: string } | Failure> {
  const { db } = ctx;
  const collection = await ownCollection(db, input);
  if (!collection || collection.closedAt) return collectionNotFound();
  const limited = await countNewLink(db, input.userId);
  if (limited) return limited;
  const token = newToken();
  await db
    .update(sizeCollections)
    .set({ tokenHash: hashToken(token) })
    .where(eq(sizeCollections.id, collection.id));
  return { ok: true, url: collectUrl(ctx.baseUrl, token) };
}

/**
 * Closes the collection: the answers and spares become the cart line's split and quantity, and
 * the line's checkout follows. Refused below the minimum order or above the most the cart sells,
 * and once the line has left the cart. Answers the line, for its step 2.
 */
export async function closeCollection(
  ctx: AppContext,
  input: { userId: string; id: string; now: Date },
): Promise<{ ok: true; lineId: string; productId: string } | Failure> {
  const tallied = await collectionTally(ctx.db, { userId: input.userId, id: input.id, today: londonToday(input.now) });
  if (!tallied.ok) return tallied;
  const { collection, closeRefused, split, product } = tallied.value;
  if (collection.closedAt !== null) return failure(409, "COLLECTION_CLOSED", COLLECTION_MESSAGES.closedAlready);
  if (closeRefused || !product) return failure(409, "CANNOT_CLOSE", closeRefused ?? COLLECTION_MESSAGES.lineGone);
  const [closed] = await ctx.db
    .update(sizeCollections)
    .set({ closedAt: input.now })
    .where(and(eq(sizeCollections.id, collection.id), isNull(sizeCollections.closedAt)))
    .returning({ id: sizeCollections.id });
  if (!closed) return failure(409, "COLLECTION_CLOSED", COLLECTION_MESSAGES.closedAlready);
  const filled = await fillLineSizes(ctx, { userId: input.userId, lineId: collection.cartItemId, sizes: split });
  if (!filled) return failure(404, "LINE_NOT_FOUND", COLLECTION_MESSAGES.lineGone);
  return { ok: true, lineId: collection.cartItemId, productId: product.id };
}

// ---------------------------------------------------------------------------------------------
// The link's side: no account, the token decides

export type CollectView = {
  title: string;
  message: string;
  askNames: boolean;
  askAddress: AddressAsk;
  closesOn: IsoDate;
  product: Pick<Product, "id" | "title" | "images" | "sizingTable"> & { sizes: string[]; colourName: string | null };
};

/** The collection a live token opens, with its product; 404 for a token that opens nothing. */
async function byToken(db: Database, token: string) {
  if (!looksLikeShareToken(token)) return null;
  const [collection] = await db
    .select()
    .from(sizeCollections)
    .where(eq(sizeCollections.tokenHash, hashToken(token)))
    .limit(1);
  if (!collection) return null;
  const product = await sizedProduct(db, collection.productId);
  if (!product) return null;
  const [line] = await db
    .select({ colour: cartItems.selectedColor })
    .from(cartItems)
    .where(eq(cartItems.id, collection.cartItemId))
    .limit(1);
  const colourName = line ? (colourOf(product, line.colour)?.name ?? null) : null;
  return { collection, product, colourName };
}

const answerCount = async (db: Database, collectionId: string) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sizeCollectionAnswers)
      .where(eq(sizeCollectionAnswers.collectionId, collectionId))
  )[0]?.n ?? 0;

function viewOf(found: NonNullable<Awaited<ReturnType<typeof byToken>>>): CollectView {
  const { collection, product, colourName } = found;
  return {
    title: collection.title,
    message: collection.message,
    askNames: collection.askNames,
    askAddress: collection.askAddress,
    closesOn: collection.closesOn,
    product: {
      id: product.id,
      title: product.title,
      images: product.images,
      sizingTable: product.sizingTable,
      sizes: offeredSizes(product),
      colourName,
    },
  };
}

/** What a link shows: the product, its size guide and the buyer's message; 404 or 410 with why not. */
export async function openCollectLink(
  db: Database,
  input: { token: string; today: IsoDate },
): Promise<{ ok: true; value: CollectView } | Failure> {
  const found = await byToken(db, input.token);
  if (!found) return linkNotFound();
  const refused = linkRefusal(found.collection, input.today, {
    count: await answerCount(db, found.collection.id),
    change: false,
  });
  if (refused) return failure(refused.status, "COLLECTION_CLOSED", refused.message);
  return { ok: true, value: viewOf(found) };
}

/** Counts an answer or change against the link's hour, from every address together. */
async function countLinkAnswer(db: Database, collectionId: string): Promise<Failure | null> {
  const limit = await hitRateLimit(db, {
    key: `collect-answers:${collectionId}`,
    limit: ANSWERS_PER_LINK_PER_HOUR,
    windowSeconds: 3600,
  });
  if (limit.allowed) return null;
  return failure(429, "RATE_LIMITED", COLLECTION_MESSAGES.linkBusy, { retryAfterSeconds: limit.retryAfterSeconds });
}

/**
 * A person's answer through the link; answers their private link to change it. The most answers
 * are held in the statement itself, so two people answering the last place at once cannot both get in.
 */
export async function answerCollection(
  ctx: AppContext,
  input: { token: string; answer: CollectionAnswer; today: IsoDate },
): Promise<{ ok: true; editUrl: string } | Failure> {
  const { db } = ctx;
  const found = await byToken(db, input.token);
  if (!found) return linkNotFound();
  const { collection } = found;
  const busy = await countLinkAnswer(db, collection.id);
  if (busy) return busy;
  const refused = linkRefusal(collection, input.today, { count: await answerCount(db, collection.id), change: false });
  if (refused) return failure(refused.status, "COLLECTION_CLOSED", refused.message);
  const answerToken = newToken();
  const most = collection.maxAnswers ?? COLLECTION_LIMITS.answers;
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`
    insert into size_collection_answers (collection_id, size, name, delivery, edit_token_hash)
    select ${collection.id}, ${input.answer.size}, ${input.answer.name}, ${deliveryJson(input.answer.delivery)}::jsonb,
      ${hashToken(answerToken)}
    where (select count(*) from size_collection_answers where collection_id = ${collection.id}) < ${most}
      and exists (select 1 from size_collections where id = ${collection.id} and closed_at is null)
    returning id`,
  );
  if (inserted.length === 0) {
    const now = linkRefusal(collection, input.today, { count: most, change: false });
    return failure(410, "COLLECTION_CLOSED", now?.message ?? COLLECTION_MESSAGES.notFound);
  }
  return { ok: true, editUrl: answerUrl(ctx.baseUrl, input.token, answerToken) };
}

/** The answer a private link opens, with its collection as the link shows it. */
async function byAnswerToken(db: Database, token: string, answerToken: string) {
  const found = await byToken(db, token);
  if (!found || !looksLikeShareToken(answerToken)) return null;
  const [answer] = await db
    .select({
      id: sizeCollectionAnswers.id,
      size: sizeCollectionAnswers.size,
      name: sizeCollectionAnswers.name,
      delivery: sizeCollectionAnswers.delivery,
    })
    .from(sizeCollectionAnswers)
    .where(
      and(
        eq(sizeCollectionAnswers.editTokenHash, hashToken(answerToken)),
        eq(sizeCollectionAnswers.collectionId, found.collection.id),
      ),
    )
    .limit(1);
  return answer ? { ...found, answer } : null;
}

/** A person's own answer, to change it; 404 for a link that opens none, 410 once it is closed. */
export async function openAnswer(
  db: Database,
  input: { token: string; answerToken: string; today: IsoDate },
): Promise<{ ok: true; value: CollectView & { answer: CollectionAnswer } } | Failure> {
  const found = await byAnswerToken(db, input.token, input.answerToken);
  if (!found) return failure(404, "ANSWER_NOT_FOUND", COLLECTION_MESSAGES.answerNotFound);
  const refused = linkRefusal(found.collection, input.today, { count: 0, change: true });
  if (refused) return failure(refused.status, "COLLECTION_CLOSED", refused.message);
  const { size, name, delivery } = found.answer;
  return { ok: true, value: { ...viewOf(found), answer: { size, name, delivery } } };
}

/** A person changes their answer through its private link, until the collection closes. */
export async function changeAnswer(
  ctx: AppContext,
  input: { token: string; answerToken: string; answer: CollectionAnswer; today: IsoDate },
): Promise<{ ok: true } | Failure> {
  const { db } = ctx;
  const found = await byAnswerToken(db, input.token, input.answerToken);
  if (!found) return failure(404, "ANSWER_NOT_FOUND", COLLECTION_MESSAGES.answerNotFound);
  const busy = await countLinkAnswer(db, found.collection.id);
  if (busy) return busy;
  const refused = linkRefusal(found.collection, input.today, { count: 0, change: true });
  if (refused) return failure(refused.status, "COLLECTION_CLOSED", refused.message);
  // Not once the collection has closed meanwhile: its split is on the line by then.
  const changed = await db
    .update(sizeCollectionAnswers)
    .set({ size: input.answer.size, name: input.answer.name, delivery: input.answer.delivery, updatedAt: sql`now()` })
    .where(
      and(
        eq(sizeCollectionAnswers.id, found.answer.id),
        sql`exists (select 1 from size_collections c where c.id = ${found.collection.id} and c.closed_at is null)`,
      ),
    )
    .returning({ id: sizeCollectionAnswers.id });
  if (changed.length === 0) {
    const closed = linkRefusal({ ...found.collection, closedAt: new Date() }, input.today, { count: 0, change: true });
    return failure(410, "COLLECTION_CLOSED", closed?.message ?? COLLECTION_MESSAGES.answerNotFound);
  }
  return { ok: true };
}
