import { describe, expect, it } from "vitest";
import { orderTimeline, type TimelineInput } from "./order-timeline";

const at = (iso: string) => new Date(iso);
const proof = (createdAt: string, decision: string | null = null, decidedAt: string | null = null, version = 1) => ({
  version,
  createdAt: at(createdAt),
  decision,
  decidedAt: decidedAt ? at(decidedAt) : null,
});

const card = (overrides: Partial<TimelineInput> = {}): TimelineInput => ({
  status: "paid",
  createdAt: at("2026-11-02T10:00:00Z"),
  paidAt: at("2026-11-02T10:00:00Z"),
  paymentMethod: "card",
  history: [{ to: "paid", at: at("2026-11-02T10:00:00Z") }],
  lines: [{ skipProof: false, proofs: [] }],
  promised: null,
  carrier: null,
  trackingNumber: null,
  ...overrides,
});

const states = (input: TimelineInput) => orderTimeline(input).steps.map((step) => [step.key, step.state]);

const DELIVERED_HISTORY: TimelineInput["history"] = [
  { to: "paid", at: at("2026-11-02T10:00:00Z") },
  { to: "proof_sent", at: at("2026-11-03T09:00:00Z") },
  { to: "proof_approved", at: at("2026-11-03T15:00:00Z") },
  { to: "in_production", at: at("2026-11-04T08:00:00Z") },
  { to: "quality_check", at: at("2026-11-10T08:00:00Z") },
  { to: "shipped", at: at("2026-11-11T08:00:00Z") },
  { to: "delivered", at: at("2026-11-20T23:30:00Z") },
];

describe("orderTimeline", () => {
  it("a card order just paid: paid done, the proof is what it waits on", () => {
    const timeline = orderTimeline(card());
    expect(timeline.steps.map((step) => step.label)).toEqual([
      "Paid",
      "Proof sent",
      "Proof approved",
      "In production",
      "Shipped",
      "Delivered",
    ]);
    expect(states(card())).toEqual([
      ["paid", "done"],
      ["proof_sent", "current"],
      ["approved", "upcoming"],
      ["in_production", "upcoming"],
      ["shipped", "upcoming"],
      ["delivered", "upcoming"],
    ]);
    expect(timeline.steps[0]?.at).toEqual(at("2026-11-02T10:00:00Z"));
    expect(timeline.ended).toBeNull();
    expect(timeline.delivery).toEqual({ promised: null, actual: null, daysLate: null });
  });

  it("a bank transfer awaited: the first step waits, with no time, while the proof runs", () => {
    const input = card({
      status: "proof_sent",
      paidAt: null,
      paymentMethod: "bank_transfer",
      history: [
        { to: "awaiting_transfer", at: at("2026-11-02T10:00:00Z") },
        { to: "proof_sent", at: at("2026-11-03T09:00:00Z") },
      ],
      lines: [{ skipProof: false, proofs: [proof("2026-11-03T09:00:00Z")] }],
    });
    const { steps } = orderTimeline(input);
    expect(steps[0]).toMatchObject({ label: "Awaiting bank transfer", state: "current", at: null });
    expect(steps[1]).toMatchObject({ state: "done", at: at("2026-11-03T09:00:00Z") });
    expect(steps[2]?.state).toBe("upcoming");
  });

  it("a bank transfer received: paid by bank transfer at the time it arrived", () => {
    const input = card({ paidAt: at("2026-11-05T12:00:00Z"), paymentMethod: "bank_transfer" });
    expect(orderTimeline(input).steps[0]).toMatchObject({
      label: "Paid by bank transfer",
      state: "done",
      at: at("2026-11-05T12:00:00Z"),
    });
  });

  it("a repeat order that skipped its proof: the proof step is skipped, approval is the system's", () => {
    const input = card({
      status: "proof_approved",
      history: [
        { to: "paid", at: at("2026-11-02T10:00:00Z") },
        { to: "proof_approved", at: at("2026-11-02T10:00:01Z") },
      ],
      lines: [{ skipProof: true, proofs: [] }],
      promised: "2026-11-20",
    });
    const { steps } = orderTimeline(input);
    expect(steps[1]).toMatchObject({
      state: "skipped",
      at: null,
      detail: "Not needed: this order repeats an approved design.",
    });
    expect(steps[2]).toMatchObject({ state: "done", at: at("2026-11-02T10:00:01Z") });
    expect(steps[3]?.state).toBe("current");
  });

  it("lines whose proofs differ: sent when every line has one, approved when the order is", () => {
    const partlySent = card({
      status: "proof_sent",
      history: [
        { to: "paid", at: at("2026-11-02T10:00:00Z") },
        { to: "proof_sent", at: at("2026-11-03T09:00:00Z") },
      ],
      lines: [
        { skipProof: false, proofs: [proof("2026-11-03T09:00:00Z", "approved", "2026-11-03T12:00:00Z")] },
        { skipProof: false, proofs: [] },
      ],
    });
    const first = orderTimeline(partlySent).steps;
    // The order's status says a proof went out, so the step is reached; it says which products have one.
    expect(first[1]).toMatchObject({ state: "done", detail: "1 of 2 products have a proof" });
    expect(first[2]).toMatchObject({ state: "current", detail: "1 of 2 products approved", at: null });

    const allSent = card({
      ...partlySent,
      lines: [
        { skipProof: false, proofs: [proof("2026-11-03T09:00:00Z", "approved", "2026-11-03T12:00:00Z")] },
        {
          skipProof: false,
          proofs: [
            proof("2026-11-04T09:00:00Z", "changes_requested", "2026-11-04T10:00:00Z"),
            proof("2026-11-05T09:00:00Z", null, null, 2),
          ],
        },
      ],
    });
    // Sent when the last line got its first proof.
    expect(orderTimeline(allSent).steps[1]).toMatchObject({
      state: "done",
      at: at("2026-11-04T09:00:00Z"),
      detail: null,
    });
    expect(orderTimeline(allSent).steps[2]?.detail).toBe("1 of 2 products approved");

    const changes = card({ ...allSent, status: "changes_requested" });
    expect(orderTimeline(changes).steps[2]?.detail).toBe("Changes requested: we'll send a new proof.");
  });

  it("a line repeating a design beside a line needing a proof counts only the latter", () => {
    const input = card({
      status: "proof_sent",
      lines: [
        { skipProof: true, proofs: [] },
        { skipProof: false, proofs: [proof("2026-11-03T09:00:00Z")] },
      ],
    });
    expect(orderTimeline(input).steps[1]).toMatchObject({ state: "done", detail: null });
  });

  it("a delivered order: every step with its time, the carrier's link, the promised date beside the actual", () => {
    const input = card({
      status: "delivered",
      history: DELIVERED_HISTORY,
      lines: [{ skipProof: false, proofs: [proof("2026-11-03T09:00:00Z", "approved", "2026-11-03T15:00:00Z")] }],
      promised: "2026-11-16",
      carrier: "DPD",
      trackingNumber: "15501234567890",
    });
    const timeline = orderTimeline(input);
    expect(timeline.steps.every((step) => step.state === "done")).toBe(true);
    expect(timeline.steps.map((step) => step.at?.toISOString())).toEqual([
      "2026-11-02T10:00:00.000Z",
      "2026-11-03T09:00:00.000Z",
      "2026-11-03T15:00:00.000Z",
      "2026-11-04T08:00:00.000Z",
      "2026-11-11T08:00:00.000Z",
      "2026-11-20T23:30:00.000Z",
    ]);
    expect(timeline.steps[4]).toMatchObject({
      detail: "DPD, tracking number 15501234567890",
      trackingUrl: "https://www.dpd.co.uk/apps/tracking/?reference=15501234567890",
    });
    // 23:30 UTC on Nov 20 is still Nov 20 in London (GMT in November).
    expect(timeline.delivery).toEqual({ promised: "2026-11-16", actual: "2026-11-20", daysLate: 4 });
  });

  it("delivered early or on time is 0 days late", () => {
    const input = card({ status: "delivered", history: DELIVERED_HISTORY, promised: "2026-11-25" });
    expect(orderTimeline(input).delivery.daysLate).toBe(0);
  });

  it("an unknown carrier gets its name and number but no link", () => {
    const input = card({
      status: "shipped",
      history: DELIVERED_HISTORY.slice(0, 6),
      carrier: "Our van",
      trackingNumber: "VAN12345",
    });
    expect(orderTimeline(input).steps[4]).toMatchObject({
      state: "done",
      detail: "Our van, tracking number VAN12345",
      trackingUrl: null,
    });
    expect(orderTimeline(input).steps[5]?.state).toBe("current");
  });

  it("a cancelled order ends: no step is current, and the ending has its time", () => {
    const input = card({
      status: "cancelled",
      history: [
        { to: "paid", at: at("2026-11-02T10:00:00Z") },
        { to: "cancelled", at: at("2026-11-02T11:00:00Z") },
      ],
    });
    const timeline = orderTimeline(input);
    expect(timeline.ended).toEqual({ status: "cancelled", at: at("2026-11-02T11:00:00Z") });
    expect(timeline.steps.some((step) => step.state === "current")).toBe(false);
    expect(timeline.steps[0]?.state).toBe("done");
  });

  it("a refund after delivery keeps the steps the order reached", () => {
    const input = card({
      status: "refunded",
      history: [...DELIVERED_HISTORY, { to: "refunded", at: at("2026-11-25T10:00:00Z") }],
      promised: "2026-11-16",
    });
    const timeline = orderTimeline(input);
    expect(timeline.steps.every((step) => step.state === "done")).toBe(true);
    expect(timeline.ended).toEqual({ status: "refunded", at: at("2026-11-25T10:00:00Z") });
    expect(timeline.delivery.actual).toBe("2026-11-20");
  });

  it("an unpaid transfer that expired ends with its first step never reached", () => {
    const input = card({
      status: "expired",
      paidAt: null,
      paymentMethod: "bank_transfer",
      history: [
        { to: "awaiting_transfer", at: at("2026-11-02T10:00:00Z") },
        { to: "expired", at: at("2026-11-20T10:00:00Z") },
      ],
    });
    const timeline = orderTimeline(input);
    expect(timeline.steps[0]).toMatchObject({ label: "Awaiting bank transfer", state: "upcoming" });
    expect(timeline.ended?.status).toBe("expired");
  });

  it("an old order without history rows is placed by its status, times unknown", () => {
    const input = card({ status: "in_production", history: [], lines: [{ skipProof: false, proofs: [] }] });
    expect(states(input).map(([, state]) => state)).toEqual(["done", "done", "done", "done", "current", "upcoming"]);
    expect(orderTimeline(input).steps[3]?.at).toBeNull();
  });
});
