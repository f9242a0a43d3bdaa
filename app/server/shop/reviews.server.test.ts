import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { reviews } from "#db/schema";
import { statusChangeSchema } from "~/domain/orders/admin-orders";
import { REVIEW_MESSAGES, REVIEW_TEXT_MAX, type ReviewInput } from "~/domain/orders/reviews";
import { action as orderAction, loader as orderLoader } from "~/routes/order";
import { insertPaidOrder } from "../../../tests/setup/paid-orders";
import { answerOf } from "../../../tests/setup/route-answer";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { testFileDatabase, testContext } from "../../../tests/setup/test-db";
import { createSignedInUser, siteRequest } from "../../../tests/setup/users";
import type { StaffMember } from "../accounts/admin-access.server";
import { changeOrderStatus } from "../admin/admin-orders.server";
import { linesOfOrder } from "../orders/order-lines.server";
import {
  approveReview,
  computeProductRatings,
  hideReview,
  latestPublishedReviews,
  listProductReviews,
  listReviewsForStaff,
  productRatings,
  REVIEW_LIMIT,
  reviewSummary,
  reviewsOfOrder,
  submitReview,
} from "./reviews.server";
import { getOrder } from "../orders/buyer-orders.server";
import { runDueJobs } from "../edge/job-worker.server";
import type { AccountsContext } from "../accounts/auth.server";

// Decision 023 on the real test database: reviews only from the order's buyer or organisation,
// only of delivered lines, once each; averages from published reviews only; hiding is kept.

vi.setConfig({ testTimeout: 20_000, hookTimeout: 30_000 });

const handle = testFileDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
/** The test shop, with a mail server on loopback. */
let ctx: AccountsContext;

beforeAll(async () => {
  smtp = await startSmtpServer({ deliver: () => runDueJobs(ctx) });
  ctx = { ...testContext(handle), mailer: smtp.mailer };
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await smtp.clear();
});

const staff: StaffMember = { id: "staff-user-1", name: "Olive Ops", email: "ops@swag.example" };
const BUYER = "buyer-user-1";
const shorts = { id: "15", title: "Custom Shorts", leadTime: "9 days", deliveryTime: "10 days" };

const order = (extra: Partial<Parameters<typeof insertPaidOrder>[1]> = {}) =>
  insertPaidOrder(handle.db, { userId: BUYER, email: "jane@acme.example", company: "Acme Events", ...extra });

const lineIds = async (row: { id: string; number: string }) => (await linesOfOrder(handle.db, row)).map((l) => l.id);

const review = (
  orderRow: { id: string },
  lineId: string,
  rest: Partial<ReviewInput> = {},
  who: { userId: string; accountId: string } = { userId: BUYER, accountId: BUYER },
) =>
  submitReview(handle.db, {
    ...who,
    orderId: orderRow.id,
    review: { lineId, rating: 5, text: "", ...rest },
  });

const deliver = async (row: { id: string; version: number }) =>
  changeOrderStatus(ctx, {
    staff,
    orderId: row.id,
    change: statusChangeSchema.parse({
      intent: "status",
      to: "delivered",
      version: String(row.version),
      note: "",
      carrier: "",
      trackingNumber: "",
    }),
  });

describe("the delivered e-mail", () => {
  it("is sent when staff mark an order delivered, with a link to review it", async () => {
    const shipped = await order({ status: "shipped" });
    expect(await deliver(shipped)).toMatchObject({ ok: true, status: "delivered" });
    const [mail, ...more] = await smtp.delivered();
    expect(more).toHaveLength(0);
    expect(mail?.to).toEqual(["jane@acme.example"]);
    expect(mail?.subject).toBe(`Order ${shipped.number} has been delivered`);
    expect(mail?.text).toContain(`Review your order: http://127.0.0.1:3999/orders/${shipped.id}#reviews`);
  });
});

describe("submitReview", () => {
  it("publishes the buyer's review of a delivered line, once", async () => {
    const delivered = await order({ status: "delivered" });
    const [line] = await lineIds(delivered);
    expect(await review(delivered, line!, { rating: 4, text: "Sharp embroidery." })).toEqual({
      ok: true,
      message: REVIEW_MESSAGES.published,
    });
    expect(await review(delivered, line!, { rating: 1 })).toMatchObject({
      ok: false,
      status: 409,
      code: "ALREADY_REVIEWED",
      message: REVIEW_MESSAGES.alreadyReviewed,
    });
    const rows = await handle.db.select().from(reviews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      productId: "8",
      userId: BUYER,
      rating: 4,
      body: "Sharp embroidery.",
      hiddenAt: null,
    });
  });

  it("lets a colleague of the buyer's organisation review, and nobody else", async () => {
    const delivered = await order({ status: "delivered" });
    const [line] = await lineIds(delivered);
    expect(await review(delivered, line!, {}, { userId: "stranger", accountId: "stranger" })).toMatchObject({
      status: 404,
      message: REVIEW_MESSAGES.notFound,
    });
    // The order's account is its organisation; a member reads it with that account active.
    expect(await review(delivered, line!, {}, { userId: "colleague", accountId: BUYER })).toMatchObject({ ok: true });
    expect((await handle.db.select().from(reviews))[0]?.userId).toBe("colleague");
  });

  it.each(["paid", "proof_approved", "in_production", "shipped", "cancelled", "refunded"] as const)(
    "refuses a line of an order that is %s",
    async (status) => {
      const row = await order({ status });
      const [line] = await lineIds(row);
      expect(await review(row, line!)).toMatchObject({
        status: 409,
        code: "NOT_DELIVERED",
        message: REVIEW_MESSAGES.notDelivered,
      });
      expect(await handle.db.select().from(reviews)).toEqual([]);
    },
  );

  it("refuses a line of another order and an id that is no order", async () => {
    const mine = await order({ status: "delivered" });
    const other = await order({ status: "delivered" });
    const [otherLine] = await lineIds(other);
    expect(await review(mine, otherLine!)).toMatchObject({ status: 400, code: "LINE_NOT_IN_ORDER" });
    expect(
      await submitReview(handle.db, {
        userId: BUYER,
        accountId: BUYER,
        orderId: "not-an-order",
        review: { lineId: otherLine!, rating: 5, text: "" },
      }),
    ).toMatchObject({ status: 404 });
    expect(await handle.db.select().from(reviews)).toEqual([]);
  });

  it("reviews each line of a whole-cart order separately", async () => {
    const row = await order({ status: "delivered", more: [{ product: shorts, quantity: 60, unitPence: 900 }] });
    const [cap, shortsLine] = await lineIds(row);
    expect(await review(row, cap!, { rating: 5 })).toMatchObject({ ok: true });
    expect(await review(row, shortsLine!, { rating: 3 })).toMatchObject({ ok: true });
    const detail = await getOrder(handle.db, { userId: BUYER, accountId: BUYER, orderId: row.id });
    const lines = await reviewsOfOrder(handle.db, detail!);
    expect(lines.map((l) => [l.title, l.eligibility, l.review?.rating])).toEqual([
      ["Custom Embroidered Cap", "already_reviewed", 5],
      ["Custom Shorts", "already_reviewed", 3],
    ]);
  });

  it(`allows ${REVIEW_LIMIT.hits} attempts an hour per user, then 429 with Retry-After`, async () => {
    const delivered = await order({ status: "delivered" });
    const [line] = await lineIds(delivered);
    const nobody = { id: "00000000-0000-4000-8000-000000000000" };
    for (let i = 0; i < REVIEW_LIMIT.hits; i++) expect(await review(nobody, line!)).toMatchObject({ status: 404 });
    expect(await review(delivered, line!)).toMatchObject({
      status: 429,
      code: "RATE_LIMITED",
      message: REVIEW_MESSAGES.tooMany,
      retryAfterSeconds: expect.any(Number),
    });
    // Another user is counted apart.
    expect(await review(delivered, line!, {}, { userId: "colleague", accountId: BUYER })).toMatchObject({ ok: true });
  });

  it("is held to one review per line by the database itself", async () => {
    const delivered = await order({ status: "delivered" });
    const [line] = await lineIds(delivered);
    const row = { orderId: delivered.id, orderLineId: line!, productId: "8", userId: BUYER, rating: 5 };
    await handle.db.insert(reviews).values(row);
    await expect(handle.db.insert(reviews).values({ ...row, rating: 1 })).rejects.toThrow();
    await expect(
      handle.db.insert(reviews).values({ ...row, orderLineId: (await lineIds(await order()))[0]!, rating: 6 }),
    ).rejects.toThrow();
  });
});

describe("averages", () => {
  it("are absent in a fresh shop", async () => {
    expect(await computeProductRatings(handle.db)).toEqual({});
    expect(await reviewSummary(handle.db)).toBeNull();
    expect(await latestPublishedReviews(handle.db, { limit: 6 })).toEqual([]);
  });

  it("count published reviews only, per product, rounded to one decimal place", async () => {
    const ratings = [5, 5, 4] as const;
    for (const rating of ratings) {
      const row = await order({ status: "delivered" });
      await review(row, (await lineIds(row))[0]!, { rating, text: `Rated ${rating}` });
    }
    const both = await order({ status: "delivered", more: [{ product: shorts, quantity: 60, unitPence: 900 }] });
    const [, shortsLine] = await lineIds(both);
    await review(both, shortsLine!, { rating: 2 });
    expect(await computeProductRatings(handle.db)).toEqual({
      "8": { average: 4.7, count: 3 },
      "15": { average: 2, count: 1 },
    });
    expect(await reviewSummary(handle.db)).toEqual({ average: 4, count: 4 });

    const [hidden] = await handle.db.select().from(reviews).where(eq(reviews.rating, 4));
    expect(await hideReview(handle.db, { staff, reviewId: hidden!.id, reason: "Off topic" })).toMatchObject({
      ok: true,
    });
    expect(await computeProductRatings(handle.db)).toEqual({
      "8": { average: 5, count: 2 },
      "15": { average: 2, count: 1 },
    });
    expect((await listProductReviews(handle.db, { productId: "8" })).map((r) => r.text)).toEqual([
      "Rated 5",
      "Rated 5",
    ]);
    // The whole shop's tile, and /customer-love's quotes: published reviews with words, no names.
    expect(await reviewSummary(handle.db)).toEqual({ average: 4, count: 3 });
    const quotes = await latestPublishedReviews(handle.db, { limit: 6 });
    expect(quotes.map(({ id: _id, ...quote }) => quote)).toEqual([
      { rating: 5, text: "Rated 5", productTitle: expect.any(String) },
      { rating: 5, text: "Rated 5", productTitle: expect.any(String) },
    ]);
    expect(await latestPublishedReviews(handle.db, { limit: 1 })).toHaveLength(1);
  });

  it("are served from a cache that a new review or a hidden one refreshes at once", async () => {
    expect(await productRatings(handle.db)).toEqual({});
    const row = await order({ status: "delivered" });
    const [line] = await lineIds(row);
    // Written behind the cache's back: not seen until the cache expires.
    await handle.db
      .insert(reviews)
      .values({ orderId: row.id, orderLineId: line!, productId: "8", userId: BUYER, rating: 3 });
    expect(await productRatings(handle.db)).toEqual({});
    const other = await order({ status: "delivered" });
    await review(other, (await lineIds(other))[0]!, { rating: 5 });
    expect(await productRatings(handle.db)).toEqual({ "8": { average: 4, count: 2 } });
    const [five] = await handle.db.select().from(reviews).where(eq(reviews.rating, 5));
    await hideReview(handle.db, { staff, reviewId: five!.id, reason: "Test" });
    expect(await productRatings(handle.db)).toEqual({ "8": { average: 3, count: 1 } });
  });
});

describe("a review with a link waits for staff", () => {
  it("is kept out of the shop and the averages until staff approve it, then published", async () => {
    const delivered = await order({ status: "delivered" });
    const [line] = await lineIds(delivered);
    const spam = "Great caps! Cheaper at www.cheap-caps.example/deal";
    expect(await review(delivered, line!, { rating: 5, text: spam })).toEqual({
      ok: true,
      message: "Thank you: your review has a link in it, so it will be published once our staff have checked it.",
    });
    expect(await listProductReviews(handle.db, { productId: "8" })).toEqual([]);
    expect(await latestPublishedReviews(handle.db, { limit: 10 })).toEqual([]);
    expect(await computeProductRatings(handle.db)).toEqual({});
    expect(await reviewSummary(handle.db)).toBeNull();
    const [held] = await listReviewsForStaff(handle.db);
    expect(held).toMatchObject({ text: spam, held: true, hidden: null });
    const detail = await getOrder(handle.db, { userId: BUYER, accountId: BUYER, orderId: delivered.id });
    expect((await reviewsOfOrder(handle.db, detail!))[0]?.review).toMatchObject({ published: false, held: true });

    expect(await approveReview(handle.db, { staff, reviewId: held!.id })).toEqual({
      ok: true,
      message: "Review approved. It is published and counts in the product's rating.",
    });
    expect((await listProductReviews(handle.db, { productId: "8" })).map((r) => r.text)).toEqual([spam]);
    expect(await computeProductRatings(handle.db)).toEqual({ "8": { average: 5, count: 1 } });
    expect(await approveReview(handle.db, { staff, reviewId: held!.id })).toMatchObject({
      status: 409,
      code: "NOT_HELD",
    });
    expect(await approveReview(handle.db, { staff, reviewId: "0f8fad5b-d9cb-469f-a165-70867728950e" })).toMatchObject({
      status: 404,
    });
  });

  it("publishes a review without a link at once", async () => {
    const delivered = await order({ status: "delivered" });
    const [line] = await lineIds(delivered);
    const text = "Lovely caps, e.g. the navy ones. 4.5 stars from the team; delivery was quick.";
    expect(await review(delivered, line!, { rating: 4, text })).toEqual({
      ok: true,
      message: REVIEW_MESSAGES.published,
    });
    expect((await listProductReviews(handle.db, { productId: "8" })).map((r) => r.text)).toEqual([text]);
  });

  it("a hidden held review stays hidden: approving it is refused", async () => {
    const delivered = await order({ status: "delivered" });
    const [line] = await lineIds(delivered);
    await review(delivered, line!, { text: "see https://evil.example" });
    const [held] = await listReviewsForStaff(handle.db);
    expect((await hideReview(handle.db, { staff, reviewId: held!.id, reason: "Spam link" })).ok).toBe(true);
    expect(await approveReview(handle.db, { staff, reviewId: held!.id })).toMatchObject({ status: 409 });
    expect(await listProductReviews(handle.db, { productId: "8" })).toEqual([]);
  });
});

describe("hideReview", () => {
  it("keeps the review with who hid it, when and why; a second hide and an unknown id are refused", async () => {
    const row = await order({ status: "delivered" });
    await review(row, (await lineIds(row))[0]!, { rating: 1, text: "Call me on 07700 900123" });
    const [written] = await handle.db.select().from(reviews);
    const at = new Date("2026-11-25T10:00:00Z");
    expect(await hideReview(handle.db, { staff, reviewId: written!.id, reason: "Personal data", now: at })).toEqual({
      ok: true,
      message: REVIEW_MESSAGES.hidden,
    });
    const [kept] = await handle.db.select().from(reviews);
    expect(kept).toMatchObject({
      body: "Call me on 07700 900123",
      hiddenAt: at,
      hiddenBy: staff.id,
      hiddenReason: "Personal data",
    });
    expect(await hideReview(handle.db, { staff, reviewId: written!.id, reason: "Again" })).toMatchObject({
      status: 409,
      code: "ALREADY_HIDDEN",
    });
    for (const reviewId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(await hideReview(handle.db, { staff, reviewId, reason: "x" })).toMatchObject({ status: 404 });
    }
    const [listed] = await listReviewsForStaff(handle.db);
    expect(listed).toMatchObject({
      orderNumber: row.number,
      product: "Custom Embroidered Cap",
      rating: 1,
      hidden: { at, by: staff.id, reason: "Personal data" },
    });
    const detail = await getOrder(handle.db, { userId: BUYER, accountId: BUYER, orderId: row.id });
    expect((await reviewsOfOrder(handle.db, detail!))[0]?.review).toMatchObject({ rating: 1, published: false });
  });
});

describe("the order page", () => {
  it("shows a delivered line's form, refuses bad input with 400 keeping what was typed, and publishes a good review", async () => {
    const buyer = await createSignedInUser(handle, "reviewer@acme.example");
    const row = await order({ userId: buyer.userId, status: "delivered" });
    const [line] = await lineIds(row);
    const page = await answerOf(orderLoader, {
      request: siteRequest(`/orders/${row.id}`, { cookie: buyer.cookie }),
      params: { id: row.id },
      ctx,
    });
    expect((page.body as { reviews: { eligibility: string }[] }).reviews.map((r) => r.eligibility)).toEqual([
      "eligible",
    ]);

    const post = (form: Record<string, string>, cookie = buyer.cookie) =>
      answerOf(orderAction, {
        request: siteRequest(`/orders/${row.id}`, { cookie, form }),
        params: { id: row.id },
        ctx,
      });
    const long = "a".repeat(REVIEW_TEXT_MAX + 1);
    expect(await post({ intent: "review", lineId: line!, rating: "7", text: long })).toMatchObject({
      status: 400,
      body: {
        intent: "review",
        lineId: line,
        values: { lineId: line, rating: "7", text: long },
        error: {
          message: REVIEW_MESSAGES.rating,
          fieldErrors: { rating: REVIEW_MESSAGES.rating, text: REVIEW_MESSAGES.textTooLong },
        },
      },
    });
    expect(await post({ intent: "review", lineId: line!, rating: "5", text: "Kept" }, "")).toMatchObject({
      status: 401,
      body: { values: { text: "Kept" } },
    });
    expect(
      await post({ intent: "review", lineId: line!, rating: "5", text: "  Loved by the whole team.  " }),
    ).toMatchObject({
      status: 200,
      body: { intent: "review", lineId: line, message: REVIEW_MESSAGES.published },
    });
    expect(await post({ intent: "review", lineId: line!, rating: "4", text: "Again" })).toMatchObject({
      status: 409,
      body: { values: { text: "Again" }, error: { message: REVIEW_MESSAGES.alreadyReviewed } },
    });
    expect((await listProductReviews(handle.db, { productId: "8" })).map((r) => [r.rating, r.text])).toEqual([
      [5, "Loved by the whole team."],
    ]);
  });
});
