import { describe, expect, it } from "vitest";
import type { BoardColumn } from "./production-board";
import { digestDue, staffDigest } from "./staff-digest";

describe("when the digest is due", () => {
  it("from 8:00 London time, in winter (GMT) and in summer (BST)", () => {
    expect(digestDue(new Date("2026-11-30T07:59:00Z"), "2026-11-30")).toBe(false);
    expect(digestDue(new Date("2026-11-30T08:00:00Z"), "2026-11-30")).toBe(true);
    // 8:00 BST is 7:00 UTC.
    expect(digestDue(new Date("2026-06-15T06:59:00Z"), "2026-06-15")).toBe(false);
    expect(digestDue(new Date("2026-06-15T07:00:00Z"), "2026-06-15")).toBe(true);
  });
});

const order = (number: string, flag: "late" | "at_risk" | null, shipBy: string | null) => ({
  id: number,
  number,
  status: "in_production" as const,
  company: "Acme",
  lines: [],
  promised: null,
  shipBy,
  needBy: null,
  flag,
});

describe("the digest", () => {
  const board: BoardColumn[] = [
    {
      stage: "in_production",
      label: "In production",
      orders: [
        order("SS-000001", "late", "2026-11-27"),
        order("SS-000002", "at_risk", "2026-12-01"),
        order("SS-000003", null, "2026-12-09"),
      ],
    },
  ];
  const waiting = {
    awaitingProof: 2,
    changesRequested: 0,
    transfersAwaited: 1,
    quoteRequests: 0,
    openClaims: 1,
    creditApplications: 1,
  };

  it("says what is late, what must ship soon, what waits and what went wrong, with links", () => {
    const digest = staffDigest(
      {
        today: "2026-11-30",
        board,
        waiting,
        attention: { deadJobs: 1, stuckRefunds: 0, payments: 0, overdueOnAccount: 2 },
      },
      "https://shop.example",
    );
    expect(digest.subject).toBe("Today, Mon, Nov 30, 2026: 1 late order, 1 at risk");
    expect(digest.lines).toEqual([
      "Late (past their ship-by day):",
      "- SS-000001, Acme: ship by Fri, Nov 27, 2026 (In production)",
      "",
      "Must ship within two working days:",
      "- SS-000002, Acme: ship by Tue, Dec 1, 2026 (In production)",
      "",
      "Waiting for you:",
      "- 2 paid orders wait for a proof",
      "- 0 proofs have changes requested",
      "- 1 bank transfer is awaited",
      "- 0 quote requests wait for an answer",
      "- 1 On-time Guarantee claim is open",
      "- 1 credit account application waits for an answer",
      "",
      "Needs attention: 1 job gave up, 0 card refunds are unanswered, 0 payments made no order, 2 invoices on account are overdue: https://shop.example/admin/attention",
      "",
      "The production board: https://shop.example/admin/board",
    ]);
  });

  it("says so when nothing is late, due or wrong", () => {
    const digest = staffDigest(
      {
        today: "2026-11-30",
        board: [],
        waiting,
        attention: { deadJobs: 0, stuckRefunds: 0, payments: 0, overdueOnAccount: 0 },
      },
      "https://shop.example",
    );
    expect(digest.subject).toBe("Today, Mon, Nov 30, 2026: 0 late orders, 0 at risk");
    expect(digest.lines).toContain("Nothing is late.");
    expect(digest.lines).toContain("Nothing must ship within two working days.");
    expect(digest.lines).toContain("Nothing needs attention.");
  });
});
