import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "../fulfilment/orders";
import {
  containsLink,
  filledStars,
  formatRatingSummary,
  HIDE_REASON_MAX,
  parseHideReason,
  parseRating,
  parseReviewForm,
  ratingSummaryLabel,
  REVIEW_MESSAGES,
  REVIEW_TEXT_MAX,
  reviewEligibility,
  summariseRatings,
} from "./reviews";

const LINE = "3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b";

describe("reviewEligibility", () => {
  it("lets the owner review a delivered line not yet reviewed", () => {
    expect(reviewEligibility({ owner: true, orderStatus: "delivered", reviewed: false })).toBe("eligible");
  });

  it.each(ORDER_STATUSES.filter((status) => status !== "delivered"))("refuses a line of an order %s", (status) => {
    expect(reviewEligibility({ owner: true, orderStatus: status, reviewed: false })).toBe("not_delivered");
  });

  it("refuses a line already reviewed", () => {
    expect(reviewEligibility({ owner: true, orderStatus: "delivered", reviewed: true })).toBe("already_reviewed");
  });

  it("refuses anyone but the buyer or their organisation, whatever the order's state", () => {
    for (const status of ORDER_STATUSES) {
      for (const reviewed of [true, false]) {
        expect(reviewEligibility({ owner: false, orderStatus: status, reviewed })).toBe("not_owner");
      }
    }
  });
});

describe("parseRating", () => {
  it.each([
    ["1", 1],
    ["2", 2],
    ["3", 3],
    ["4", 4],
    ["5", 5],
  ])("takes %s", (text, rating) => {
    expect(parseRating(text)).toBe(rating);
  });

  it.each(["", "0", "6", "9", "4.5", "05", "+5", "-1", "five", "1e0", " 5", "5".repeat(100_000), "٥"])(
    "refuses %j",
    (text) => {
      expect(parseRating(text)).toBeNull();
    },
  );
});

describe("parseReviewForm", () => {
  const form = (values: Partial<Record<"lineId" | "rating" | "text", string>>) =>
    parseReviewForm({ lineId: LINE, rating: "4", text: "", ...values });

  it("takes a rating alone, and a rating with text (trimmed)", () => {
    expect(form({})).toEqual({ ok: true, data: { lineId: LINE, rating: 4, text: "" } });
    expect(form({ rating: "5", text: "  Lovely caps, the team wore them all week.  " })).toEqual({
      ok: true,
      data: { lineId: LINE, rating: 5, text: "Lovely caps, the team wore them all week." },
    });
  });

  it("takes text of exactly the limit and refuses one character more, keeping what was typed", () => {
    expect(form({ text: "a".repeat(REVIEW_TEXT_MAX) }).ok).toBe(true);
    const refused = form({ text: "a".repeat(REVIEW_TEXT_MAX + 1) });
    expect(refused).toEqual({
      ok: false,
      errors: { text: REVIEW_MESSAGES.textTooLong },
      values: { lineId: LINE, rating: "4", text: "a".repeat(REVIEW_TEXT_MAX + 1) },
    });
  });

  it("cuts a megabyte of text to one character over the limit in what it sends back", () => {
    const refused = form({ text: "x".repeat(1024 * 1024) });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.values.text).toHaveLength(REVIEW_TEXT_MAX + 1);
  });

  it("refuses a missing or odd rating with the rating's message, keeping the text", () => {
    for (const rating of ["", "0", "6", "4.5", "five"]) {
      expect(form({ rating, text: "Good" })).toEqual({
        ok: false,
        errors: { rating: REVIEW_MESSAGES.rating },
        // A rating is one character: what comes back is cut to two, enough to show it was wrong.
        values: { lineId: LINE, rating: rating.slice(0, 2), text: "Good" },
      });
    }
  });

  it("refuses a line that is not an id", () => {
    for (const lineId of ["", "1", "not-a-line", `${LINE}0`, "' or 1=1 --"]) {
      const refused = form({ lineId });
      expect(refused.ok).toBe(false);
      if (!refused.ok) expect(refused.errors).toEqual({ lineId: REVIEW_MESSAGES.line });
    }
  });

  it("gives every field's message at once", () => {
    const refused = parseReviewForm({ lineId: "", rating: "", text: "a".repeat(REVIEW_TEXT_MAX + 1) });
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors).toEqual({
        lineId: REVIEW_MESSAGES.line,
        rating: REVIEW_MESSAGES.rating,
        text: REVIEW_MESSAGES.textTooLong,
      });
    }
  });
});

describe("parseHideReason", () => {
  it("takes a reason, trimmed", () => {
    expect(parseHideReason("  Names a colleague in full  ")).toEqual({ ok: true, reason: "Names a colleague in full" });
    expect(parseHideReason("r".repeat(HIDE_REASON_MAX))).toEqual({ ok: true, reason: "r".repeat(HIDE_REASON_MAX) });
  });

  it("refuses no reason and a reason over the limit", () => {
    for (const blank of ["", "   ", "\n\t"]) {
      expect(parseHideReason(blank)).toEqual({ ok: false, message: REVIEW_MESSAGES.reasonRequired });
    }
    expect(parseHideReason("r".repeat(HIDE_REASON_MAX + 1))).toEqual({
      ok: false,
      message: REVIEW_MESSAGES.reasonTooLong,
    });
  });
});

describe("summariseRatings", () => {
  it("is null with no reviews", () => {
    expect(summariseRatings({ total: 0, count: 0 })).toBeNull();
    expect(summariseRatings({ total: 5, count: -1 })).toBeNull();
    expect(summariseRatings({ total: 5, count: 1.5 })).toBeNull();
  });

  it("averages to one decimal place, half up", () => {
    expect(summariseRatings({ total: 5, count: 1 })).toEqual({ average: 5, count: 1 });
    expect(summariseRatings({ total: 9, count: 2 })).toEqual({ average: 4.5, count: 2 });
    expect(summariseRatings({ total: 14, count: 3 })).toEqual({ average: 4.7, count: 3 });
    expect(summariseRatings({ total: 13, count: 3 })).toEqual({ average: 4.3, count: 3 });
    // 4.65 exactly: up, not down by a float's error.
    expect(summariseRatings({ total: 93, count: 20 })).toEqual({ average: 4.7, count: 20 });
    expect(summariseRatings({ total: 1, count: 1 })).toEqual({ average: 1, count: 1 });
    expect(summariseRatings({ total: 57, count: 12 })).toEqual({ average: 4.8, count: 12 });
  });
});

describe("formatRatingSummary and ratingSummaryLabel", () => {
  it("says there are none", () => {
    expect(formatRatingSummary(null)).toBe("No reviews yet");
    expect(formatRatingSummary(undefined)).toBe("No reviews yet");
  });

  it("shows one decimal place and the count, singular for one", () => {
    expect(formatRatingSummary({ average: 4.7, count: 12 })).toBe("4.7 (12 reviews)");
    expect(formatRatingSummary({ average: 5, count: 1 })).toBe("5.0 (1 review)");
    expect(formatRatingSummary({ average: 3, count: 2 })).toBe("3.0 (2 reviews)");
    expect(ratingSummaryLabel({ average: 4.7, count: 12 })).toBe("Rated 4.7 out of 5 from 12 reviews");
    expect(ratingSummaryLabel({ average: 5, count: 1 })).toBe("Rated 5.0 out of 5 from 1 review");
  });
});

describe("filledStars", () => {
  it.each([
    [1, 1],
    [1.7, 1],
    [1.8, 2],
    [3.74, 3],
    [3.75, 4],
    [4.7, 4],
    [4.8, 5],
    [5, 5],
  ])("%s draws %s filled stars", (average, filled) => {
    expect(filledStars(average)).toBe(filled);
  });
});

describe("containsLink", () => {
  it.each([
    "Buy at http://cheap.example",
    "HTTPS://EVIL.EXAMPLE/login",
    "see www.cheap-caps",
    "cheap-caps.com",
    "ask me: jane@acme.co.uk",
    "bit.ly/3xYz",
    "visit acme.shop today",
    "acme.co.uk.",
  ])("holds %j for staff", (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    "",
    "Sharp embroidery.",
    "Lovely caps, e.g. the navy ones.",
    "4.5 stars, i.e. nearly perfect",
    "Delivered on 12.05.2026 as promised",
    "Sizes S. M. L. all fit",
    "Worth £12.50 each",
  ])("publishes %j", (text) => {
    expect(containsLink(text)).toBe(false);
  });
});
