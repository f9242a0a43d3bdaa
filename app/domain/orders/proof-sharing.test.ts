import { describe, expect, it } from "vitest";
import { emptyValues } from "../core/form-rules";
import { PROOF_ANSWER_MESSAGES } from "../fulfilment/orders";
import {
  answeredByText,
  answerRecordOf,
  answerRouteForStaff,
  GUEST_ANSWER_FIELDS,
  GUEST_MESSAGES,
  looksLikeShareToken,
  parseGuestAnswer,
  SHARE_LINK_TTL_MS,
  shareLinkExpiry,
  shareLinkState,
} from "./proof-sharing";

const created = new Date("2026-11-26T10:00:00Z");
const live = {
  revokedAt: null,
  expiresAt: shareLinkExpiry(created),
  now: created,
  version: 1,
  latestVersion: 1,
  decided: false,
  orderWaitsForProof: true,
};

describe("shareLinkState", () => {
  it("is live until a millisecond before 7 days, expired at exactly 7 days and after", () => {
    expect(shareLinkExpiry(created).toISOString()).toBe("2026-12-03T10:00:00.000Z");
    expect(SHARE_LINK_TTL_MS).toBe(604_800_000);
    expect(shareLinkState({ ...live, now: new Date(created.getTime() + SHARE_LINK_TTL_MS - 1) })).toEqual({ ok: true });
    expect(shareLinkState({ ...live, now: new Date(created.getTime() + SHARE_LINK_TTL_MS) })).toEqual({
      ok: false,
      reason: "expired",
    });
    expect(shareLinkState({ ...live, now: new Date("2027-01-01T00:00:00Z") })).toMatchObject({ reason: "expired" });
  });

  it("gives the first reason that applies: revoked, expired, stale, answered, then a closed order", () => {
    const late = new Date(created.getTime() + SHARE_LINK_TTL_MS);
    const all = { revokedAt: created, now: late, latestVersion: 2, decided: true, orderWaitsForProof: false };
    expect(shareLinkState({ ...live, ...all })).toEqual({ ok: false, reason: "revoked" });
    expect(shareLinkState({ ...live, ...all, revokedAt: null })).toEqual({ ok: false, reason: "expired" });
    expect(shareLinkState({ ...live, ...all, revokedAt: null, now: created })).toEqual({ ok: false, reason: "stale" });
    expect(shareLinkState({ ...live, decided: true, orderWaitsForProof: false })).toEqual({
      ok: false,
      reason: "answered",
    });
    expect(shareLinkState({ ...live, orderWaitsForProof: false })).toEqual({ ok: false, reason: "closed" });
  });
});

describe("looksLikeShareToken", () => {
  it("takes 43 base64url characters only", () => {
    expect(looksLikeShareToken("A".repeat(43))).toBe(true);
    expect(looksLikeShareToken("aZ09-_".repeat(7).concat("x"))).toBe(true);
    for (const bad of [
      "",
      "A".repeat(42),
      "A".repeat(44),
      `${"A".repeat(42)}=`,
      `${"A".repeat(42)}/`,
      "../../etc/passwd",
    ]) {
      expect(looksLikeShareToken(bad), bad).toBe(false);
    }
  });
});

describe("parseGuestAnswer", () => {
  const values = (extra: Partial<Record<(typeof GUEST_ANSWER_FIELDS)[number], string>>) => ({
    ...emptyValues(GUEST_ANSWER_FIELDS),
    ...extra,
  });

  it("takes a name, an e-mail address and an approval, trimmed", () => {
    expect(parseGuestAnswer(values({ name: " Jane Doe ", email: " jane@x.co ", decision: "approve" }))).toEqual({
      ok: true,
      data: { name: "Jane Doe", email: "jane@x.co", decision: "approve", comment: "" },
    });
  });

  it("needs a comment to request changes, as the buyer's form does", () => {
    const refused = parseGuestAnswer(values({ name: "Jane", email: "jane@x.co", decision: "changes" }));
    expect(refused).toMatchObject({ ok: false, errors: { comment: PROOF_ANSWER_MESSAGES.commentRequired } });
    const taken = parseGuestAnswer(
      values({ name: "Jane", email: "jane@x.co", decision: "changes", comment: "Bigger" }),
    );
    expect(taken).toMatchObject({ ok: true, data: { comment: "Bigger" } });
  });

  it("refuses a missing or long name, a bad address, no decision and a long comment, keeping what was typed cut short", () => {
    const refused = parseGuestAnswer(
      values({ name: "x".repeat(101), email: `${"a".repeat(250)}@x.co`, decision: "maybe", comment: "c".repeat(5000) }),
    );
    expect(refused).toMatchObject({
      ok: false,
      errors: {
        name: GUEST_MESSAGES.nameTooLong,
        email: GUEST_MESSAGES.email,
        decision: PROOF_ANSWER_MESSAGES.choose,
        comment: PROOF_ANSWER_MESSAGES.commentTooLong,
      },
    });
    if (!refused.ok) expect(refused.values.comment).toHaveLength(2001);
    expect(parseGuestAnswer(values({ email: "not-an-address", decision: "approve" }))).toMatchObject({
      errors: { name: GUEST_MESSAGES.name, email: GUEST_MESSAGES.email },
    });
  });
});

describe("answeredByText", () => {
  const at = "Tue, Dec 1, 2026, 10:04";
  it("names who answered, their address, the route and when", () => {
    const guest = { via: "share_link" as const, userId: null, name: "Jane Doe", email: "jane@x.co" };
    expect(answeredByText({ decision: "approved", record: guest, at })).toBe(
      "Approved by Jane Doe (jane@x.co) via a share link, Tue, Dec 1, 2026, 10:04",
    );
    const approver = { via: "approver_account" as const, userId: "u1", name: "Sam", email: null };
    expect(answeredByText({ decision: "changes_requested", record: approver, at })).toBe(
      "Changes requested by Sam via an approver's account, Tue, Dec 1, 2026, 10:04",
    );
    const buyer = { via: "order_page" as const, userId: "u2", name: null, email: "pat@x.co" };
    expect(answeredByText({ decision: "approved", record: buyer, at })).toBe(
      "Approved by pat@x.co via the order page, Tue, Dec 1, 2026, 10:04",
    );
    expect(answeredByText({ decision: "approved", record: null, at })).toBe("Approved Tue, Dec 1, 2026, 10:04");
  });

  it("reads the record kept on the proof, or none for an answer from before", () => {
    const row = { decidedVia: "share_link", decidedByUserId: null, decidedByName: "Jane", decidedByEmail: "j@x.co" };
    expect(answerRecordOf(row)).toEqual({
      via: "share_link",
      userId: null,
      name: "Jane",
      email: "j@x.co",
      recordedBy: null,
    });
    expect(answerRecordOf({ ...row, decidedVia: null })).toBeNull();
    expect(answerRecordOf({ ...row, decidedVia: "telepathy" })).toBeNull();
  });

  it("says how a proof was answered, for the staff proof table (decision 039)", () => {
    const record = { userId: null, name: "Jo", email: null };
    expect(answerRouteForStaff({ ...record, via: "order_page" })).toBe("Buyer online");
    expect(answerRouteForStaff({ ...record, via: "approver_account" })).toBe("Buyer online");
    expect(answerRouteForStaff({ ...record, via: "share_link" })).toBe("By share link");
    expect(answerRouteForStaff({ ...record, via: "staff_phone", recordedBy: "Olive Ops" })).toBe(
      "Recorded by staff Olive Ops from a phone call",
    );
    expect(answerRouteForStaff({ ...record, via: "staff_email", recordedBy: "Olive Ops" })).toBe(
      "Recorded by staff Olive Ops from an e-mail",
    );
    expect(
      answeredByText({
        decision: "approved",
        record: { ...record, via: "staff_phone" },
        at: "Tue, Dec 1, 2026, 10:04",
      }),
    ).toBe("Approved by Jo via a phone call recorded by our staff, Tue, Dec 1, 2026, 10:04");
    expect(answerRouteForStaff(null)).toBeNull();
  });
});
