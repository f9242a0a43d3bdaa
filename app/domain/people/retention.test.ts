import { describe, expect, it } from "vitest";
import { LONGEST_RATE_LIMIT_WINDOW_MS, purgePlan, purgeSummary } from "./retention";

const DAY = 86_400_000;
const now = new Date("2026-11-26T12:00:00.000Z");
const retention = {
  unpaidDraftDays: 90,
  pageViewDays: 365,
  rateLimitDays: 1,
  outboxDays: 30,
  smsDays: 60,
  problemPhotoDays: 365,
};

describe("purgePlan", () => {
  it("puts each kind's cutoff its own period before now", () => {
    const plan = purgePlan(retention, now);
    expect(plan.unpaidDraftsChangedBefore).toEqual(new Date(now.getTime() - 90 * DAY));
    expect(plan.pageViewsBefore).toEqual(new Date(now.getTime() - 365 * DAY));
    expect(plan.outboxBefore).toEqual(new Date(now.getTime() - 30 * DAY));
    expect(plan.smsOptedOutBefore).toEqual(new Date(now.getTime() - 60 * DAY));
    expect(plan.problemReportsResolvedBefore).toEqual(new Date(now.getTime() - 365 * DAY));
    expect(plan.sizeCollectionsEndedBefore).toEqual(new Date(now.getTime() - 90 * DAY));
    // Six years and a day, whatever the profile says.
    expect(plan.auditEventsBefore).toEqual(new Date("2020-11-25T12:00:00.000Z"));
  });

  it("counts the abuse counters' period from the end of the longest window, never from its start", () => {
    const plan = purgePlan(retention, now);
    expect(LONGEST_RATE_LIMIT_WINDOW_MS).toBe(DAY);
    expect(plan.rateLimitsStartedBefore).toEqual(new Date(now.getTime() - DAY - DAY));
  });

  it("follows the profile: a longer period moves only its own cutoff", () => {
    const base = purgePlan(retention, now);
    const longer = purgePlan({ ...retention, outboxDays: 31 }, now);
    expect(longer.outboxBefore.getTime()).toBe(base.outboxBefore.getTime() - DAY);
    expect({ ...longer, outboxBefore: null }).toEqual({ ...base, outboxBefore: null });
  });

  it("does not change the clock it is given", () => {
    const clock = new Date(now);
    purgePlan(retention, clock);
    expect(clock).toEqual(now);
  });
});

describe("purgeSummary", () => {
  it("names every count, zeros included", () => {
    expect(
      purgeSummary({
        unpaidDrafts: 2,
        artworkFiles: 3,
        pageViews: 0,
        rateLimits: 7,
        outbox: 1,
        smsSignups: 0,
        problemPhotos: 4,
        sizeCollections: 2,
        auditEvents: 0,
        dataExports: 1,
      }),
    ).toBe(
      "2 unpaid drafts, 3 artwork files, 0 page views, 7 rate-limit rows, 1 outbox messages, 0 opted-out or unconfirmed SMS sign-ups, 4 photos of resolved problem reports, 2 size collections, 0 audit log entries, 1 expired copies of people's data",
    );
  });
});
