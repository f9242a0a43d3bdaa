/**
 * An order's life after payment (REQUIREMENTS.md B-4): who may move it where.
 * Staff run production; the buyer only answers a proof; the system records payment.
 *
 * An order placed by bank transfer (decision 022; REQUIREMENTS B-10) starts "awaiting_transfer"
 * and is unpaid until staff mark the transfer received: its proofing runs meanwhile, production
 * waits for the money, and an unpaid order the system finds past its due date ends "expired".
 *
 * An order on account (docs/decisions/085-accounts-on-credit-terms.md) starts "on_account": it is
 * invoiced when placed and runs like a paid order, production included, while its invoice waits to be
 * paid; crediting it gives nothing back but lowers what the organisation owes.
 */
import { isUuid } from "../core/ids";
import { formatDisplayDate, formatDisplayDay, type IsoDate } from "../core/dates";
import { addWorkingDays } from "../core/working-days";
import { oneOf } from "../core/one-of";

export const ORDER_STATUSES = [
  "awaiting_transfer",
  "on_account",
  "paid",
  "proof_sent",
  "changes_requested",
  "proof_approved",
  "in_production",
  "quality_check",
  "shipped",
  "delivered",
  "cancelled",
  "refunded",
  "expired",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_transfer: "Awaiting transfer",
  on_account: "Ordered on account",
  paid: "Paid",
  proof_sent: "Proof ready for you",
  changes_requested: "Changes requested",
  proof_approved: "Proof approved",
  in_production: "In production",
  quality_check: "Quality check",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
  expired: "Expired",
};

/** Staff send a proof within this many working days of payment (B-3). */
export const PROOF_WORKING_DAYS = 2;

/** The day a proof is due for an order paid on `paidOn` (its London date), on the one date engine. */
export function proofDueDate(paidOn: IsoDate): IsoDate {
  return addWorkingDays(paidOn, PROOF_WORKING_DAYS);
}

/**
 * When the proof's working days start counting: when the order was paid by card, or placed to
 * pay by bank transfer (proofing runs while the transfer is awaited), whichever is earlier.
 */
export function proofClockStart(order: { paidAt: Date | string | null; createdAt: Date | string }): Date {
  const created = new Date(order.createdAt);
  if (!order.paidAt) return created;
  const paid = new Date(order.paidAt);
  return paid < created ? paid : created;
}

/** What a buyer is promised after paying for an order that needs a proof (B-3), with its date. */
export function proofPromise(paidOn: IsoDate): string {
  return `We'll send your proof by ${formatDisplayDate(proofDueDate(paidOn))} (within ${PROOF_WORKING_DAYS} working days of payment); production starts when you approve it.`;
}

/**
 * Whether the order's money is in: always for a card order, once staff mark the transfer received
 * for a bank transfer; an order on account not yet paid is made on the credit its account was given.
 */
export type OrderPayment = "paid" | "unpaid" | "on_account";

/** An order's payment from its paid_at (null while a transfer or its invoice on account is awaited). */
export const orderPayment = (paidAt: Date | string | null, onAccount = false): OrderPayment =>
  paidAt ? "paid" : onAccount ? "on_account" : "unpaid";

/**
 * The delivery date is promised (B-19) once production can start: the proof approved and the
 * money in. An unpaid order approved early gets its promise when the transfer arrives.
 */
export const promisesDelivery = (status: OrderStatus, payment: OrderPayment) =>
  status === "proof_approved" && payment !== "unpaid";

/**
 * How the buyer pays: by card (paid at once), by bank transfer against a pro-forma invoice, or on
 * account (invoiced at once, paid within the account's terms).
 */
export type PaymentMethod = "card" | "bank_transfer" | "on_account";

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  card: "card",
  bank_transfer: "bank transfer",
  on_account: "bank transfer on account",
};

/**
 * The payment in words for the buyer: never the provider's id, which only staff
 * need (the back office shows it as the payment reference). `paidOn` is null while a transfer is
 * awaited; `dueOn` is when it is due.
 */
/**
 * The day an order was paid, printed: a bank transfer's is the day the money arrived (which staff may
 * record later), a card's the London day of the payment; null while unpaid.
 */
export function paidOnText(paidAt: Date | string | null, arrivedOn: IsoDate | null | undefined): string | null {
  if (arrivedOn) return formatDisplayDate(arrivedOn);
  return paidAt ? formatDisplayDay(paidAt) : null;
}

export function paymentStatusText(
  status: OrderStatus,
  payment: { method: PaymentMethod; paidOn: string | null; dueOn?: string | null },
): string {
  const by = PAYMENT_METHOD_LABELS[payment.method];
  if (!payment.paidOn) {
    if (payment.method === "on_account")
      return status === "cancelled"
        ? "Not paid: cancelled and credited"
        : `On account: invoice due by ${payment.dueOn}`;
    if (status === "expired") return `Not paid: the bank transfer was due by ${payment.dueOn}`;
    if (status === "cancelled") return "Not paid: cancelled";
    return `Awaiting your bank transfer, due by ${payment.dueOn}`;
  }
  if (status === "refunded") return `Paid by ${by} on ${payment.paidOn}; refunded`;
  return `Paid by ${by} on ${payment.paidOn}`;
}

export type Actor = "staff" | "buyer" | "system";

type Moves = Partial<Record<OrderStatus, readonly OrderStatus[]>>;

/**
 * Staff cancel an order at every stage before dispatch (docs/decisions/073-orders-that-stop.md);
 * after dispatch, what comes back is refunded instead. Refunds are staff decisions: an order whose
 * invoice is credited in full ends "Refunded" from the stages listed here.
 */
const STAFF_MOVES: Moves = {
  on_account: ["proof_sent", "cancelled", "refunded"],
  paid: ["proof_sent", "cancelled", "refunded"],
  proof_sent: ["proof_sent", "cancelled", "refunded"],
  changes_requested: ["proof_sent", "cancelled", "refunded"],
  proof_approved: ["in_production", "cancelled", "refunded"],
  in_production: ["quality_check", "cancelled"],
  quality_check: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["refunded"],
  cancelled: ["refunded"],
};

/**
 * An unpaid order (a bank transfer not yet received): staff may run its proofing or cancel it,
 * never start production (that needs the money) and never refund (nothing was paid).
 */
const UNPAID_STAFF_MOVES: Moves = {
  awaiting_transfer: ["proof_sent", "cancelled"],
  proof_sent: ["proof_sent", "cancelled"],
  changes_requested: ["proof_sent", "cancelled"],
  proof_approved: ["cancelled"],
};

const BUYER_MOVES: Moves = {
  proof_sent: ["proof_approved", "changes_requested"],
};

const SYSTEM_MOVES: Moves = {
  // A repeat order (skip_proof with a previous order reference) is approved on payment, or when placed on account.
  paid: ["proof_approved"],
  on_account: ["proof_approved"],
};

/** The system approves a repeat order when placed, and expires an unpaid one past its due date. */
const UNPAID_SYSTEM_MOVES: Moves = {
  awaiting_transfer: ["proof_approved", "expired"],
  proof_sent: ["expired"],
  changes_requested: ["expired"],
  proof_approved: ["expired"],
};

/** An order on account moves as a paid one: a refund of it credits what its organisation owes. */
export function allowedMoves(from: OrderStatus, actor: Actor, payment: OrderPayment): readonly OrderStatus[] {
  const paid = payment !== "unpaid";
  const table =
    actor === "staff"
      ? paid
        ? STAFF_MOVES
        : UNPAID_STAFF_MOVES
      : actor === "buyer"
        ? BUYER_MOVES
        : paid
          ? SYSTEM_MOVES
          : UNPAID_SYSTEM_MOVES;
  return table[from] ?? [];
}

export function canTransition(from: OrderStatus, to: OrderStatus, actor: Actor, payment: OrderPayment): boolean {
  return allowedMoves(from, actor, payment).includes(to);
}

/**
 * The order's status once staff mark its transfer received, or null when it cannot be marked: an
 * order awaiting the transfer becomes paid; one whose proofing has begun keeps its status (its
 * production may now start); an expired order the money arrives for late is revived as paid
 * (docs/decisions/022); a cancelled one is closed, and its money is refunded.
 */
export function statusAfterTransferReceived(status: OrderStatus, onAccount = false): OrderStatus | null {
  // An order on account is made meanwhile (decision 085): paying its invoice leaves it where it is.
  if (onAccount) return status === "cancelled" || status === "refunded" || status === "expired" ? null : status;
  if (status === "awaiting_transfer" || status === "expired") return "paid";
  if (status === "proof_sent" || status === "changes_requested" || status === "proof_approved") return status;
  return null;
}

/** The statuses staff may choose from a status menu (proof uploads, cancelling and refunds have their own forms). */
export function staffStatusChoices(from: OrderStatus, payment: OrderPayment): OrderStatus[] {
  return allowedMoves(from, "staff", payment).filter(
    (s) => s !== "proof_sent" && s !== "cancelled" && s !== "refunded",
  );
}

/** Shipping needs the carrier and tracking number the buyer is e-mailed (B-9). */
export function shippingDetailsProblem(input: {
  carrier?: string | null;
  trackingNumber?: string | null;
}): string | null {
  if (!input.carrier?.trim() || !input.trackingNumber?.trim()) return "Enter the carrier and the tracking number.";
  return null;
}

/** Human order numbers from a database sequence: SS-000123. */
export function formatOrderNumber(sequence: number): string {
  return `SS-${String(sequence).padStart(6, "0")}`;
}

export const isOrderStatus = oneOf(ORDER_STATUSES);

/** A status read back from the database; one outside the list is a fault in our own data. */
export function toOrderStatus(value: string): OrderStatus {
  if (!isOrderStatus(value)) throw new Error(`orders holds an unknown status "${value}"`);
  return value;
}

export const isOrderId = isUuid;

/** More lines than a cart can hold; bounds a line number read from a form or a link. */
export const MAX_ORDER_LINES = 100;

/** The line a proof link names (?line=2); the first when absent, null when not a line number. */
export function proofLineParam(value: string | null): number | null {
  if (value === null || value === "") return 1;
  if (!/^[1-9][0-9]{0,2}$/.test(value)) return null;
  const line = Number(value);
  return line <= MAX_ORDER_LINES ? line : null;
}

/**
 * An order line's product title where it tells the lines apart, so only when the order has
 * several; null for an order of one product, whose pages and messages read as they always have.
 */
export function lineTitle(lines: readonly unknown[], line: { product: { title: string } }): string | null {
  return lines.length > 1 ? line.product.title : null;
}

/** "Proof version 2", or "Proof version 2 of Shorts" with a lineTitle (history notes, messages). */
export function proofName(version: number, title: string | null): string {
  return title ? `Proof version ${version} of ${title}` : `Proof version ${version}`;
}

export type ProofDecision = "approved" | "changes_requested";

/** A proof's stored decision read back: one of the two answers, or none yet. */
export function proofDecision(value: string | null): ProofDecision | null {
  return value === "approved" || value === "changes_requested" ? value : null;
}

/** Where one order line stands on its proof (decision 015), from its latest version. */
export type LineProofState = "waiting_for_proof" | "awaiting_answer" | "approved" | "changes_requested";

export function lineProofState(latest: { decision: string | null } | undefined): LineProofState {
  if (!latest) return "waiting_for_proof";
  return proofDecision(latest.decision) ?? "awaiting_answer";
}

/**
 * The order's status after the buyer answers one line's proof (statuses stay per order): changes
 * asked on any line win, since production waits for them; every line approved approves the order;
 * otherwise it still waits on a proof.
 */
export function statusFromLineProofs(
  states: readonly LineProofState[],
): "proof_sent" | "changes_requested" | "proof_approved" {
  if (states.includes("changes_requested")) return "changes_requested";
  if (states.length > 0 && states.every((state) => state === "approved")) return "proof_approved";
  return "proof_sent";
}

/** How long a buyer's comment on a proof may be. */
export const PROOF_COMMENT_MAX = 2000;

export const PROOF_ANSWER_MESSAGES = {
  choose: "Choose approve or request changes.",
  commentRequired: "Tell us what to change.",
  commentTooLong: "Keep your comment under 2000 characters.",
} as const;

/** What an order charged, from the payment ledger (pence; vatRate in percent). */
export type OrderAmounts = {
  subtotalPence: number;
  discountPence: number;
  shippingPence: number;
  vatPence: number;
  vatRate: number;
};

/** An order's delivery date as the buyer sees it: promised once the proof is approved, else an estimate. */
export type DeliveryView =
  | { kind: "promised"; date: string }
  /**
   * Before proof approval: the window if the proof were approved today; an order awaiting
   * its bank transfer also needs the money in (decision 022).
   */
  | { kind: "estimate"; start: string; end: string; awaitingPayment: boolean }
  | { kind: "none" };

/** One product of an order, as lists show it. */
export type OrderLineSummary = { productId: string; title: string; quantity: number };

/** "250 × Embroidered Cap, 100 × Shorts": an order's lines in one line of text. */
export function describeLines(lines: readonly Pick<OrderLineSummary, "title" | "quantity">[]): string {
  return lines.map((line) => `${line.quantity.toLocaleString("en-GB")} × ${line.title}`).join(", ");
}
