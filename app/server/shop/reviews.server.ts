/**
 * Reviews (decision 023): a buyer reviews a delivered line of their order once; product cards
 * and pages show the average and count of the published ones; staff hide one with a reason, which
 * is kept with who hid it and when. The rules are app/domain/orders/reviews.ts.
 */
import { and, count, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { authUser, orderLines, orders, reviews } from "#db/schema";
import { isUuid } from "~/domain/core/ids";
import { isOrderId, type OrderStatus, toOrderStatus } from "~/domain/fulfilment/orders";
import {
  type LineReview,
  type Rating,
  type RatingSummary,
  containsLink,
  REVIEW_MESSAGES,
  type ReviewInput,
  reviewEligibility,
  summariseRatings,
} from "~/domain/orders/reviews";
import type { StaffMember } from "../accounts/admin-access.server";
import { visibleTo } from "../orders/buyer-orders.server";
import type { Database } from "../platform/db.server";
import { failure, type Failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import { cachedFor } from "./recent-purchases.server";
import { readShelf } from "../catalogue/catalogue-store.server";
import { recordAudit } from "../platform/audit-log.server";

/** Reviews one user may post in an hour: more than any buyer's deliveries, few enough to stop a flood. */
export const REVIEW_LIMIT = { hits: 20, windowSeconds: 3600 } as const;

/** Staff's budget on /admin/reviews: reading the list, and hiding (a spam wave is a few dozen). */
export const STAFF_REVIEW_LIMITS = {
  list: { hits: 120, windowSeconds: 60 },
  hide: { hits: 120, windowSeconds: 3600 },
} as const;

/**
 * How long the averages are served from memory: as long as an anonymous page stays fresh in the
 * HTML cache (server.ts), so a new review shows within that. A review written or hidden in this
 * process drops the cache at once.
 */
export const RATINGS_CACHE_MS = 10_000;

const asRating = (value: number) => Math.min(5, Math.max(1, Math.round(value))) as Rating;

// ---------------------------------------------------------------------------------------------
// The buyer's side

/**
 * Each line of an order this user may read (getOrder has checked that: the buyer or their
 * organisation) with its review, if any, and whether it may be reviewed now.
 */
export async function reviewsOfOrder(
  db: Database,
  order: {
    id: string;
    status: OrderStatus;
    lines: readonly { id: string; position: number; product: { title: string } }[];
  },
): Promise<LineReview[]> {
  const rows = await db
    .select({
      lineId: reviews.orderLineId,
      rating: reviews.rating,
      text: reviews.body,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      heldAt: reviews.heldAt,
    })
    .from(reviews)
    .where(eq(reviews.orderId, order.id));
  const byLine = new Map(rows.map((row) => [row.lineId, row]));
  return order.lines.map((line) => {
    const row = byLine.get(line.id);
    return {
      lineId: line.id,
      position: line.position,
      title: line.product.title,
      eligibility: reviewEligibility({ owner: true, orderStatus: order.status, reviewed: row !== undefined }),
      review: row
        ? {
            rating: asRating(row.rating),
            text: row.text,
            createdAt: row.createdAt,
            published: row.hiddenAt === null && row.heldAt === null,
            held: row.hiddenAt === null && row.heldAt !== null,
          }
        : null,
    };
  });
}

/**
 * Publishes a review of one line (checked by parseReviewForm): only by the order's buyer or their
 * organisation, only once the order is delivered, once per line (the unique key decides a race).
 * Counted against REVIEW_LIMIT before the order is read.
 */
export async function submitReview(
  db: Database,
  input: { userId: string; accountId: string; orderId: string; review: ReviewInput },
): Promise<{ ok: true; message: string } | Failure> {
  if (!input.userId || !isOrderId(input.orderId)) return failure(404, "ORDER_NOT_FOUND", REVIEW_MESSAGES.notFound);
  const limit = await hitRateLimit(db, {
    key: `review:${input.userId}`,
    limit: REVIEW_LIMIT.hits,
    windowSeconds: REVIEW_LIMIT.windowSeconds,
  });
  if (!limit.allowed)
    return failure(429, "RATE_LIMITED", REVIEW_MESSAGES.tooMany, { retryAfterSeconds: limit.retryAfterSeconds });
  // A link waits for staff instead of going out under the shop's name (containsLink).
  const held = containsLink(input.review.text);
  const result = await db.transaction(async (tx): Promise<{ ok: true; message: string } | Failure> => {
    // Locked, so a status change by staff cannot pass the delivered check midway.
    const [order] = await tx
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), visibleTo(input.userId, input.accountId || input.userId)))
      .for("update");
    if (!order) return failure(404, "ORDER_NOT_FOUND", REVIEW_MESSAGES.notFound);
    const [line] = await tx
      .select({ id: orderLines.id, productId: orderLines.productId, reviewId: reviews.id })
      .from(orderLines)
      .leftJoin(reviews, eq(reviews.orderLineId, orderLines.id))
      .where(and(eq(orderLines.orderId, order.id), eq(orderLines.id, input.review.lineId)));
    if (!line)
      return failure(400, "LINE_NOT_IN_ORDER", REVIEW_MESSAGES.line, { fieldErrors: { lineId: REVIEW_MESSAGES.line } });
    const eligibility = reviewEligibility({
      owner: true,
      orderStatus: toOrderStatus(order.status),
      reviewed: line.reviewId !== null,
    });
    if (eligibility === "not_delivered") return failure(409, "NOT_DELIVERED", REVIEW_MESSAGES.notDelivered);
    if (eligibility !== "eligible") return failure(409, "ALREADY_REVIEWED", REVIEW_MESSAGES.alreadyReviewed);
    const inserted = await tx
      .insert(reviews)
      .values({
        orderId: order.id,
        orderLineId: line.id,
        productId: line.productId,
        userId: input.userId,
        rating: input.review.rating,
        body: input.review.text,
        heldAt: held ? new Date() : null,
      })
      .onConflictDoNothing({ target: reviews.orderLineId })
      .returning({ id: reviews.id });
    if (inserted.length === 0) return failure(409, "ALREADY_REVIEWED", REVIEW_MESSAGES.alreadyReviewed);
    return { ok: true, message: held ? REVIEW_MESSAGES.held : REVIEW_MESSAGES.published };
  });
  if (result.ok && !held) forgetRatings(db);
  return result;
}

/** What the shop shows: reviews neither hidden by staff nor waiting for their approval. */
const published = and(isNull(reviews.hiddenAt), isNull(reviews.heldAt));

// ---------------------------------------------------------------------------------------------
// What every visitor sees

/** Every product's published reviews summed up, by product id; a product with none is absent. */
export async function computeProductRatings(db: Database): Promise<Record<string, RatingSummary>> {
  const rows = await db
    .select({
      productId: reviews.productId,
      count: count(),
      total: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
    })
    .from(reviews)
    .where(published)
    .groupBy(reviews.productId);
  const ratings: Record<string, RatingSummary> = {};
  for (const row of rows) {
    const summary = summariseRatings({ total: Number(row.total), count: Number(row.count) });
    if (summary) ratings[row.productId] = summary;
  }
  return ratings;
}

const ratingCaches = new WeakMap<Database, () => Promise<Record<string, RatingSummary>>>();

/** computeProductRatings, at most once per RATINGS_CACHE_MS per database. */
export function productRatings(db: Database): Promise<Record<string, RatingSummary>> {
  let cached = ratingCaches.get(db);
  if (!cached) {
    cached = cachedFor(RATINGS_CACHE_MS, () => computeProductRatings(db));
    ratingCaches.set(db, cached);
  }
  return cached();
}

/** After a review is written or hidden: the next page computes the averages afresh. */
function forgetRatings(db: Database) {
  ratingCaches.delete(db);
}

/** Every published review summed up: the home page's rating tile (decision 024). */
export async function reviewSummary(db: Database): Promise<RatingSummary | null> {
  const [row] = await db
    .select({ count: count(), total: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(published);
  return summariseRatings({ total: Number(row?.total ?? 0), count: Number(row?.count ?? 0) });
}

/** A published review as /customer-love quotes it: never the buyer's name, as on product pages. */
export type ReviewQuote = { id: string; rating: Rating; text: string; productTitle: string };

/** The newest published reviews that have words, newest first, at most `limit` (decision 024). */
export async function latestPublishedReviews(db: Database, input: { limit: number }): Promise<ReviewQuote[]> {
  const rows = await db
    .select({ id: reviews.id, rating: reviews.rating, text: reviews.body, productId: reviews.productId })
    .from(reviews)
    .where(and(published, sql`${reviews.body} <> ''`))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(input.limit);
  const { findAnyStatus } = await readShelf(db);
  return rows.map(({ productId, ...row }) => ({
    ...row,
    rating: asRating(row.rating),
    productTitle: findAnyStatus(productId)?.title ?? productId,
  }));
}

export type PublishedReview = { id: string; rating: Rating; text: string; createdAt: Date };

/** A product's newest published reviews, for its page. */
export async function listProductReviews(
  db: Database,
  input: { productId: string; limit?: number },
): Promise<PublishedReview[]> {
  const rows = await db
    .select({ id: reviews.id, rating: reviews.rating, text: reviews.body, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.productId, input.productId), published))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(input.limit ?? 10);
  return rows.map((row) => ({ ...row, rating: asRating(row.rating) }));
}

// ---------------------------------------------------------------------------------------------
// The back office

export type StaffReview = {
  id: string;
  orderId: string;
  orderNumber: string;
  product: string;
  rating: Rating;
  text: string;
  createdAt: Date;
  /** Waiting for staff to approve it: its text has a link (containsLink). */
  held: boolean;
  hidden: { at: Date; by: string; reason: string } | null;
};

/** The newest reviews, published and hidden, for staff (callers have checked requireStaff). */
export async function listReviewsForStaff(db: Database, input: { limit?: number } = {}): Promise<StaffReview[]> {
  const hider = alias(authUser, "hider");
  const rows = await db
    .select({
      id: reviews.id,
      orderId: reviews.orderId,
      orderNumber: orders.number,
      productId: reviews.productId,
      rating: reviews.rating,
      text: reviews.body,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      heldAt: reviews.heldAt,
      hiddenBy: reviews.hiddenBy,
      hiderEmail: hider.email,
      hiddenReason: reviews.hiddenReason,
    })
    .from(reviews)
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(hider, eq(hider.id, reviews.hiddenBy))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(input.limit ?? 200);
  const { findAnyStatus } = await readShelf(db);
  return rows.map((row) => ({
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    product: findAnyStatus(row.productId)?.title ?? `Product ${row.productId}`,
    rating: asRating(row.rating),
    text: row.text,
    createdAt: row.createdAt,
    held: row.hiddenAt === null && row.heldAt !== null,
    hidden:
      row.hiddenAt && row.hiddenReason
        ? { at: row.hiddenAt, by: row.hiderEmail ?? row.hiddenBy ?? "", reason: row.hiddenReason }
        : null,
  }));
}

/** Hides a published review: it stays, with who hid it, when and why; the averages drop it. */
export async function hideReview(
  db: Database,
  input: { staff: StaffMember; reviewId: string; reason: string; now?: Date },
): Promise<{ ok: true; message: string } | Failure> {
  const notFound = () => failure(404, "REVIEW_NOT_FOUND", REVIEW_MESSAGES.reviewNotFound);
  if (!isUuid(input.reviewId)) return notFound();
  const hidden = await db.transaction(async (tx) => {
    const rows = await tx
      .update(reviews)
      .set({ hiddenAt: input.now ?? new Date(), hiddenBy: input.staff.id, hiddenReason: input.reason })
      .where(and(eq(reviews.id, input.reviewId), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id, productId: reviews.productId });
    if (rows.length > 0)
      await recordAudit(tx, input.staff, {
        action: "review.hide",
        subject: { kind: "review", id: input.reviewId },
        summary: `Review of product ${rows[0]!.productId} hidden: ${input.reason}`,
        before: { hidden: false },
        after: { hidden: true, reason: input.reason },
      });
    return rows;
  });
  if (hidden.length === 0) {
    const [exists] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, input.reviewId));
    return exists ? failure(409, "ALREADY_HIDDEN", REVIEW_MESSAGES.alreadyHidden) : notFound();
  }
  forgetRatings(db);
  return { ok: true, message: REVIEW_MESSAGES.hidden };
}

/** Publishes a review that waited for staff because of a link in it (callers have checked requireStaff). */
export async function approveReview(
  db: Database,
  input: { staff: StaffMember; reviewId: string },
): Promise<{ ok: true; message: string } | Failure> {
  const notFound = () => failure(404, "REVIEW_NOT_FOUND", REVIEW_MESSAGES.reviewNotFound);
  if (!isUuid(input.reviewId)) return notFound();
  const approved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(reviews)
      .set({ heldAt: null })
      .where(and(eq(reviews.id, input.reviewId), isNotNull(reviews.heldAt), isNull(reviews.hiddenAt)))
      .returning({ id: reviews.id, productId: reviews.productId });
    if (rows.length > 0)
      await recordAudit(tx, input.staff, {
        action: "review.publish",
        subject: { kind: "review", id: input.reviewId },
        summary: `Review of product ${rows[0]!.productId} published after it was held`,
        before: { held: true },
        after: { held: false },
      });
    return rows;
  });
  if (approved.length === 0) {
    const [exists] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, input.reviewId));
    return exists ? failure(409, "NOT_HELD", REVIEW_MESSAGES.notHeld) : notFound();
  }
  forgetRatings(db);
  return { ok: true, message: REVIEW_MESSAGES.approved };
}
