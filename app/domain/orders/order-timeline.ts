/**
 * The order page's timeline: paid (or awaiting transfer) → proof sent →
 * approved → in production → shipped → delivered, each with the time it was reached, built from
 * what the order already records (its status, paid_at, the status history and the proofs of each
 * line). Pure: the order in, the steps out.
 */
import { type IsoDate, londonToday } from "../core/dates";
import { calendarDaysAfter } from "../fulfilment/guarantee";
import type { OrderStatus, PaymentMethod } from "../fulfilment/orders";
import { trackingLink } from "../fulfilment/tracking";

export type TimelineStepKey = "paid" | "proof_sent" | "approved" | "in_production" | "shipped" | "delivered";

/** done: reached (with its time); current: what the order waits on now; skipped: not needed. */
export type TimelineStepState = "done" | "current" | "upcoming" | "skipped";

export type TimelineStep = {
  key: TimelineStepKey;
  label: string;
  state: TimelineStepState;
  /** When the step was reached; null when not yet, or for an old order without the record. */
  at: Date | null;
  /** A line of detail: a partial proof, the carrier, a skipped proof's reason. */
  detail: string | null;
  /** Shipped: the carrier's tracking page, when the carrier is one we know. */
  trackingUrl?: string | null;
};

export type TimelineInput = {
  status: OrderStatus;
  createdAt: Date;
  /** Null while a bank transfer is awaited. */
  paidAt: Date | null;
  paymentMethod: PaymentMethod;
  /** Every status change, oldest first. */
  history: ReadonlyArray<{ to: OrderStatus; at: Date }>;
  /** Each line with its proofs (any order) and whether it repeats an approved design (skip_proof). */
  lines: ReadonlyArray<{
    skipProof: boolean;
    proofs: ReadonlyArray<{ version: number; createdAt: Date; decision: string | null; decidedAt: Date | null }>;
  }>;
  promised: IsoDate | null;
  carrier: string | null;
  trackingNumber: string | null;
};

export type OrderTimeline = {
  steps: TimelineStep[];
  /** How the order ended early or was undone: cancelled, refunded or expired, with when. */
  ended: { status: "cancelled" | "refunded" | "expired"; at: Date | null } | null;
  /** The promised delivery date beside the actual one (London dates), and how many calendar days late. */
  delivery: { promised: IsoDate | null; actual: IsoDate | null; daysLate: number | null };
};

/** How far along the happy path each status is (0 paid … 5 delivered); null for an ending. */
const RANK: Partial<Record<OrderStatus, number>> = {
  awaiting_transfer: 0,
  paid: 0,
  proof_sent: 1,
  changes_requested: 1,
  proof_approved: 2,
  in_production: 3,
  quality_check: 3,
  shipped: 4,
  delivered: 5,
};

const ENDINGS = ["cancelled", "refunded", "expired"] as const;
type Ending = (typeof ENDINGS)[number];
const isEnding = (status: OrderStatus): status is Ending => (ENDINGS as readonly string[]).includes(status);

const latest = (dates: ReadonlyArray<Date | null>): Date | null =>
  dates.reduce<Date | null>((max, d) => (d && (!max || d > max) ? d : max), null);

/** The first time the history reached one of `statuses`. */
function firstReached(history: TimelineInput["history"], statuses: readonly OrderStatus[]): Date | null {
  return history.find((entry) => statuses.includes(entry.to))?.at ?? null;
}

/** The furthest rank the order ever reached: its status now, or a step before it was cancelled or refunded. */
function reachedRank(input: TimelineInput): number {
  const ranks = [input.status, ...input.history.map((entry) => entry.to)].map((status) => RANK[status] ?? 0);
  return Math.max(...ranks);
}

const plural = (count: number, total: number, what: string) => `${count} of ${total} products ${what}`;

/** The first step: an order on account starts when it is placed, its invoice paid later (decision 085). */
const TIMELINE_PAID_LABELS: Record<PaymentMethod, string> = {
  card: "Paid",
  bank_transfer: "Paid by bank transfer",
  on_account: "Ordered on account",
};

export function orderTimeline(input: TimelineInput): OrderTimeline {
  const rank = reachedRank(input);
  const ended = isEnding(input.status)
    ? { status: input.status, at: [...input.history].reverse().find((entry) => entry.to === input.status)?.at ?? null }
    : null;
  const proofed = input.lines.filter((line) => !line.skipProof || line.proofs.length > 0);
  const noProofNeeded = proofed.length === 0 && input.lines.length > 0;
  const firstProofs = proofed.map((line) =>
    line.proofs.reduce<Date | null>((min, proof) => (!min || proof.createdAt < min ? proof.createdAt : min), null),
  );
  const sentCount = firstProofs.filter(Boolean).length;
  const newest = (line: TimelineInput["lines"][number]) =>
    line.proofs.reduce<TimelineInput["lines"][number]["proofs"][number] | null>(
      (max, proof) => (!max || proof.version > max.version ? proof : max),
      null,
    );
  const approvedLines = proofed.map(newest).filter((proof) => proof?.decision === "approved");

  const steps: Array<Omit<TimelineStep, "state"> & { reached: boolean; skipped?: boolean }> = [
    input.paidAt || input.paymentMethod !== "bank_transfer"
      ? {
          key: "paid",
          label: TIMELINE_PAID_LABELS[input.paymentMethod],
          reached: true,
          at: input.paymentMethod === "on_account" ? input.createdAt : (input.paidAt ?? input.createdAt),
          detail: null,
        }
      : {
          key: "paid",
          label: "Awaiting bank transfer",
          reached: false,
          at: null,
          detail: "Proofing goes ahead meanwhile; production starts when the money arrives.",
        },
    {
      key: "proof_sent",
      label: "Proof sent",
      reached: noProofNeeded || (proofed.length > 0 && sentCount === proofed.length) || rank >= 1,
      skipped: noProofNeeded,
      at: noProofNeeded ? null : (latest(firstProofs) ?? firstReached(input.history, ["proof_sent"])),
      detail: noProofNeeded
        ? "Not needed: this order repeats an approved design."
        : proofed.length > 1 && sentCount < proofed.length
          ? plural(sentCount, proofed.length, "have a proof")
          : null,
    },
    {
      key: "approved",
      label: "Proof approved",
      reached: rank >= 2,
      at:
        firstReached(input.history, ["proof_approved"]) ??
        (rank >= 2 ? latest(approvedLines.map((proof) => proof?.decidedAt ?? null)) : null),
      detail:
        rank >= 2
          ? null
          : input.status === "changes_requested"
            ? "Changes requested: we'll send a new proof."
            : proofed.length > 1 && approvedLines.length > 0
              ? plural(approvedLines.length, proofed.length, "approved")
              : null,
    },
    {
      key: "in_production",
      label: "In production",
      reached: rank >= 3,
      at: firstReached(input.history, ["in_production", "quality_check"]),
      detail: null,
    },
    {
      key: "shipped",
      label: "Shipped",
      reached: rank >= 4,
      at: firstReached(input.history, ["shipped"]),
      detail: rank >= 4 && input.carrier ? `${input.carrier}, tracking number ${input.trackingNumber ?? ""}` : null,
      trackingUrl: rank >= 4 ? trackingLink(input.carrier, input.trackingNumber) : null,
    },
    {
      key: "delivered",
      label: "Delivered",
      reached: rank >= 5,
      at: firstReached(input.history, ["delivered"]),
      detail: null,
    },
  ];

  // The step the order waits on is the first one not reached, unless the order has ended.
  const currentIndex = ended ? -1 : steps.findIndex((step) => !step.reached);
  const built: TimelineStep[] = steps.map(({ reached, skipped, ...step }, index) => ({
    ...step,
    state: skipped ? "skipped" : reached ? "done" : index === currentIndex ? "current" : "upcoming",
  }));

  const deliveredAt = built[5]?.state === "done" ? built[5].at : null;
  const actual = deliveredAt ? londonToday(deliveredAt) : null;
  return {
    steps: built,
    ended,
    delivery: {
      promised: input.promised,
      actual,
      daysLate: actual && input.promised ? Math.max(0, calendarDaysAfter(input.promised, actual)) : null,
    },
  };
}
