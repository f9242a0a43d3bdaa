/**
 * The operator back office's forms and filters (REQUIREMENTS B-7). One schema per form,
 * used by the route actions and the server tests alike. Which status may follow which lives only
 * in ./orders (canTransition); this module only reads and words it. Pure: no I/O.
 */
import type { RefundMethod } from "./refunds";
import { typedPence } from "../core/money";
import { oneOf } from "../core/one-of";
import type { Finding, PreflightReport } from "../artwork/preflight";
import { z } from "zod";
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  type ProofDecision,
  shippingDetailsProblem,
  type Actor,
  type OrderAmounts,
  type OrderStatus,
} from "../fulfilment/orders";
import { orderLineField } from "./order-forms";
import { londonWallTimeToInstant } from "../core/dates";
import { RECORDED_APPROVAL_METHODS } from "./proof-sharing";
import { shipToEditSchema, type ShipToEdit } from "./order-edits";
import type { SizeCount } from "../pricing/sizes";

export const ORDER_LIST_PAGE_SIZE = 25;
export const ADMIN_NOTE_MAX = 1000;
export const ADMIN_SEARCH_MAX = 200;

/** The orders list's sortable columns: placed, need-by, approve-by, promised delivery. */
export const ORDER_LIST_SORTS = ["placed", "need_by", "approve_by", "promised"] as const;
export type OrderListSort = (typeof ORDER_LIST_SORTS)[number];

/**
 * The order list's query string. A hand-edited or stale link (?status=bogus, ?page=-1) falls back
 * to the default instead of failing: a filter is a view, not an instruction.
 */
export const orderListQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES).optional().catch(undefined),
  q: z.string().trim().max(ADMIN_SEARCH_MAX).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  sort: z.enum(ORDER_LIST_SORTS).catch("placed"),
  dir: z.enum(["asc", "desc"]).optional().catch(undefined),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

export function parseOrderListQuery(params: URLSearchParams): OrderListQuery {
  return orderListQuerySchema.parse({
    status: params.get("status") || undefined,
    q: params.get("q") ?? undefined,
    page: params.get("page") ?? undefined,
    sort: params.get("sort") ?? undefined,
    dir: params.get("dir") ?? undefined,
  });
}

/** The direction a list is sorted in: newest placed first, the soonest date first, unless asked. */
export function orderListDirection(query: Pick<OrderListQuery, "sort" | "dir">): "asc" | "desc" {
  return query.dir ?? (query.sort === "placed" ? "desc" : "asc");
}

/** The list's query string for these choices; the defaults are left out. */
export function orderListSearch(query: Partial<OrderListQuery>): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.sort && query.sort !== "placed") params.set("sort", query.sort);
  if (query.sort && query.dir && query.dir !== orderListDirection({ sort: query.sort })) params.set("dir", query.dir);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  return params.toString();
}

/** The version of the order the page showed; a different one now is a 409 (the page is stale). */
const version = z.coerce
  .number({ error: "Reload the page and try again." })
  .int()
  .min(1, "Reload the page and try again.");
const note = z.string().trim().max(ADMIN_NOTE_MAX, `Keep the note under ${ADMIN_NOTE_MAX} characters.`).default("");
const shortText = (label: string) => z.string().trim().max(100, `Keep the ${label} under 100 characters.`).default("");

export const statusChangeSchema = z
  .object({
    intent: z.literal("status"),
    to: z.enum(ORDER_STATUSES, { error: "Choose the new status." }),
    version,
    note,
    carrier: shortText("carrier"),
    trackingNumber: shortText("tracking number"),
  })
  .superRefine((value, ctx) => {
    if (value.to !== "shipped") return;
    const problem = shippingDetailsProblem(value);
    if (!problem) return;
    if (!value.carrier) ctx.addIssue({ code: "custom", path: ["carrier"], message: problem });
    if (!value.trackingNumber) ctx.addIssue({ code: "custom", path: ["trackingNumber"], message: problem });
  });
export type StatusChange = z.output<typeof statusChangeSchema>;

export const CANCEL_REASON_MESSAGE = "Say why the order is cancelled: the buyer reads it in their e-mail.";

/** "Cancel this order": why (the buyer is told), and whether to refund what is left to the card in the same step. */
export const cancelOrderSchema = z.object({
  intent: z.literal("cancel"),
  version,
  reason: z
    .string(CANCEL_REASON_MESSAGE)
    .trim()
    .min(1, CANCEL_REASON_MESSAGE)
    .max(ADMIN_NOTE_MAX, `Keep the reason under ${ADMIN_NOTE_MAX} characters.`),
  refund: z
    .string()
    .optional()
    .transform((value) => value === "on"),
});
export type CancelOrderFields = z.output<typeof cancelOrderSchema>;

/** The text fields of the proof upload form; the file itself is checked by app/server/admin/admin-proofs.server.ts. */
export const proofUploadSchema = z.object({
  intent: z.literal("proof"),
  version,
  note,
  /** The order line the proof is for, by position (proofs are per line, decision 015). */
  line: orderLineField("Choose the product."),
});
export type ProofUploadFields = z.output<typeof proofUploadSchema>;

export const RECORDED_APPROVAL_MESSAGES = {
  when: "Enter the date and time the buyer approved, e.g. 2026-12-01 14:30.",
  future: "The approval cannot be later than now.",
  beforeProof: "The approval cannot be earlier than the proof was sent.",
} as const;

/** The longest approver name a recorded approval keeps. */
export const APPROVER_NAME_MAX = 100;

/** A little slack for a clock a minute apart between staff's watch and the server. */
const FUTURE_SLACK_MS = 60_000;
const MINUTE_MS = 60_000;

/**
 * When a recorded approval was given (docs/decisions/039-staff-recorded-approval.md): the form's
 * Europe/London wall time as an instant, not more than a minute ahead of `now` and not before the
 * minute the proof was sent (the form has no seconds, so that minute counts).
 */
export function recordedApprovalInstant(
  approvedAt: string,
  now: Date,
  proofSentAt: Date | null,
): { ok: true; at: Date } | { ok: false; message: string } {
  const [date = "", time = ""] = approvedAt.split(/[T ]/);
  const at = londonWallTimeToInstant(date, time);
  if (!at) return { ok: false, message: RECORDED_APPROVAL_MESSAGES.when };
  if (at.getTime() > now.getTime() + FUTURE_SLACK_MS) return { ok: false, message: RECORDED_APPROVAL_MESSAGES.future };
  if (proofSentAt && at.getTime() < Math.floor(proofSentAt.getTime() / MINUTE_MS) * MINUTE_MS)
    return { ok: false, message: RECORDED_APPROVAL_MESSAGES.beforeProof };
  return { ok: true, at };
}

/**
 * "Record an approval given by phone or e-mail" (docs/decisions/039-staff-recorded-approval.md):
 * the proof version the page showed, who approved, how, when (Europe/London wall time from a
 * datetime-local input) and a note. The instant itself is checked by recordedApprovalInstant.
 */
export const recordedApprovalSchema = z.object({
  intent: z.literal("record-approval"),
  line: orderLineField("Choose the product."),
  proofVersion: z.coerce
    .number({ error: "Reload the page and try again." })
    .int()
    .min(1, "Reload the page and try again."),
  method: z.enum(RECORDED_APPROVAL_METHODS, { error: "Choose how the buyer approved: phone or e-mail." }),
  approverName: z
    .string({ error: "Enter the name of the person who approved." })
    .trim()
    .min(1, "Enter the name of the person who approved.")
    .max(APPROVER_NAME_MAX, `Keep the name under ${APPROVER_NAME_MAX} characters.`),
  approvedAt: z
    .string({ error: RECORDED_APPROVAL_MESSAGES.when })
    .max(20, RECORDED_APPROVAL_MESSAGES.when)
    .regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}$/, RECORDED_APPROVAL_MESSAGES.when),
  note,
});
export type RecordedApprovalFields = z.output<typeof recordedApprovalSchema>;

const RECEIVED_AMOUNT_MESSAGE = "Enter the amount received in pounds and pence, e.g. 318.60.";

/**
 * The back office's "Record the payment" (docs/decisions/022-bank-transfer.md): the order version the page showed,
 * the amount that arrived in pounds (stored as pence, decision 036) and whether staff accept a
 * shortfall. The amount is checked by length before any pattern, and a penny to £10 million.
 */
/** "Change the delivery address" (decision 046): the typed fields at the version the page showed. */
export const shipToFormSchema = shipToEditSchema.extend({ intent: z.literal("ship-to"), version });

const SIZE_FIELD = /^size-([A-Z0-9]{1,8})$/;
const WHOLE_COUNT = /^\d{1,7}$/;

/**
 * "Change sizes" (decision 046): one `size-M` field per size, a blank one meaning none; the line
 * is its id. Whether the sizes are the product's and add up is the rule's (editSizes), not the form's.
 */
export const sizesFormSchema = z
  .object({ intent: z.literal("sizes"), version, line: z.uuid("Reload the page and try again.") })
  .catchall(z.string().max(16))
  .transform((form, ctx) => {
    const sizes: SizeCount[] = [];
    for (const [field, value] of Object.entries(form)) {
      const size = SIZE_FIELD.exec(field)?.[1];
      if (!size || typeof value !== "string") continue;
      const count = value.trim();
      if (count === "") continue;
      if (!WHOLE_COUNT.test(count)) {
        ctx.addIssue({ code: "custom", path: [field], message: `Enter a whole number of ${size} (0 or more).` });
        return z.NEVER;
      }
      sizes.push({ size, count: Number(count) });
    }
    return { version: form.version, line: form.line, sizes };
  });

export const transferReceivedSchema = z.object({
  intent: z.literal("transfer"),
  version,
  amount: z
    .string(RECEIVED_AMOUNT_MESSAGE)
    .max(20, RECEIVED_AMOUNT_MESSAGE)
    .transform((raw, ctx) => {
      // Left empty only to accept the shortfall of part payments already in (decision 079).
      if (raw.trim() === "") return 0;
      const pence = typedPence(raw);
      if (pence === null) {
        ctx.addIssue({ code: "custom", message: RECEIVED_AMOUNT_MESSAGE });
        return z.NEVER;
      }
      return pence;
    }),
  accept_shortfall: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
  /** The day the money arrived (checked against the order by arrivalDay); today when not given. */
  arrived_on: z.string().max(20).optional(),
});
export type TransferReceivedFields = z.output<typeof transferReceivedSchema>;

export const ADMIN_MESSAGES = {
  notFound: "Order not found.",
  stale: (status: OrderStatus) =>
    `This order changed since you opened it: it is now "${ORDER_STATUS_LABELS[status]}". Nothing was changed; the page below shows its current state.`,
  invalidTransition: (from: OrderStatus, to: OrderStatus) =>
    `An order that is "${ORDER_STATUS_LABELS[from]}" cannot be moved to "${ORDER_STATUS_LABELS[to]}". Nothing was changed.`,
  proofNotAllowed: (status: OrderStatus) =>
    `A proof cannot be sent for an order that is "${ORDER_STATUS_LABELS[status]}". Nothing was changed.`,
  useProofForm: "Send a proof with the proof upload form.",
  useRefundForm: "Refund with the refund form: it gives the money back and issues the credit note.",
  useCancelForm: 'Cancel with "Cancel this order": it asks why, tells the buyer and offers the refund.',
  noSuchLine: "This order has no such product. Reload the page and try again.",
  lineApproved: (title: string) => `The buyer has approved the proof for ${title} already. Nothing was changed.`,
} as const;

/** The history's default note when staff give none, so every row says what happened. */
export function defaultStatusNote(change: { to: OrderStatus; carrier?: string; trackingNumber?: string }): string {
  if (change.to === "shipped") return `Shipped with ${change.carrier} (tracking ${change.trackingNumber})`;
  return `Moved to ${ORDER_STATUS_LABELS[change.to]}`;
}

// ---------------------------------------------------------------------------------------------
// Inbox

export const INBOX_KINDS = ["inquiries", "quotes", "sms", "feedback"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

export const INBOX_LABELS: Readonly<Record<InboxKind, string>> = {
  inquiries: "Contact inquiries",
  quotes: "Quote requests",
  sms: "SMS sign-ups",
  feedback: "Cart feedback",
};

export const isInboxKind = oneOf(INBOX_KINDS);

export const INBOX_PAGE_SIZE = 50;

/** One order as the back office sees it (admin-order-detail.server.ts builds it; the order page shows it). */
export type StaffProof = {
  version: number;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  createdAt: Date;
  uploadedBy: string;
  decision: ProofDecision | null;
  comment: string | null;
  decidedAt: Date | null;
  /** Who answered and how: "Jane Doe (jane@x.co)", "Recorded by staff Sam Lee from a phone call". */
  answeredBy: string | null;
  answeredHow: string | null;
};

export type StaffOrderDetail = {
  id: string;
  number: string;
  /** The customer account (organisation, or person) the order belongs to: /admin/customers/:accountId. */
  accountId: string;
  status: OrderStatus;
  statusLabel: string;
  version: number;
  createdAt: Date;
  /** Null while a bank transfer is awaited. */
  paidAt: Date | null;
  updatedAt: Date;
  /** One per product, as the cart listed them. */
  lines: Array<{
    id: string;
    position: number;
    product: { id: string; title: string };
    quantity: number;
    unitPence: number;
    subtotalPence: number;
    /** Its set-up fees and surcharges in words, "" for none (decision 088). */
    charges: string;
    choices: {
      colour: string | null;
      customisations: string[];
      /** "S 20, M 40, L 40"; "" for a product without sizes. */
      sizes: string;
      handwrittenNote: boolean;
      branding: string;
      placement: string;
      placementDetails: string;
      proofPreference: string;
      previousOrderRef: string;
      notes: string;
    };
    artwork: {
      emailLater: boolean;
      files: Array<{
        id: string;
        name: string;
        sizeBytes: number;
        uploadedAt: Date;
        available: boolean;
        /** Preflight (decision 027): page one's picture, the report read at upload, its findings here, the warnings accepted. */
        hasPreview: boolean;
        report: PreflightReport | null;
        findings: Finding[];
        usedAnyway: string[];
      }>;
    };
    /** The split as stored (empty without sizes), and the sizes the product is made in, for staff to change it. */
    sizeSplit: SizeCount[];
    sizeOptions: string[];
    /** This line's proof versions, newest first. */
    proofs: StaffProof[];
    /** A proof can be sent for this line now: the order allows it and this line's is not approved. */
    canSendProof: boolean;
  }>;
  contact: { name: string; email: string; company: string; phone: string; poRef: string };
  account: { userId: string; email: string | null; name: string | null };
  vatNumber: string;
  billing: { company: string; name: string; lines: string[] };
  shipping: {
    name: string;
    company: string;
    lines: string[];
    phone: string;
    method: string;
    notes: string;
    /** The address as typed, for staff to correct before production (decision 046); the country stays. */
    fields: ShipToEdit;
    country: string;
  };
  /** Address and sizes may still be changed: not yet in production (decision 046). */
  editable: boolean;
  amounts: OrderAmounts & { totalPence: number; currency: string };
  payment: { intentId: string; provider: string | null };
  /** An order placed to pay by bank transfer (docs/decisions/022-bank-transfer.md): its pro-forma and what became of it. */
  transfer: {
    proformaNumber: string | null;
    /** An order on account (decision 085): its invoice's days of credit; null for a transfer before production. */
    termsDays: number | null;
    dueOn: string;
    remindedAt: Date | null;
    receivedAt: Date | null;
    /** Who marked it received: "Name (email)". */
    receivedBy: string | null;
    /** The amount due, and what staff recorded as arrived (null before decision 036 or until received). */
    duePence: number;
    receivedPence: number | null;
    expiredAt: Date | null;
    canMarkReceived: boolean;
    /** The day staff said the money arrived: the invoice's time of supply. */
    arrivedOn: string | null;
    /** Part payments received while the order waits for the rest (decision 079). */
    partPaidPence: number;
    /** Part payments sent back, once the order will not be paid in full. */
    returned: { pence: number; on: string; reference: string } | null;
    /** A cancelled order holds part payments not yet sent back. */
    canRecordReturn: boolean;
  } | null;
  invoiceNumber: string | null;
  /** The credit notes of the invoice, one per refund, oldest first (docs/decisions/072). */
  creditNotes: Array<{ number: string; grossPence: number; issuedAt: Date }>;
  /** What the refund form offers: null until the order is paid and invoiced. */
  refund: RefundState | null;
  /**
   * "Cancel this order", while the state machine allows it (before dispatch): with what is left to
   * refund to the card in the same step, or null when nothing can be (unpaid, or paid by transfer).
   */
  cancel: { cardRefundPence: number | null } | null;
  carrier: string | null;
  trackingNumber: string | null;
  promisedDeliveryDate: string | null;
  history: Array<{
    id: number;
    at: Date;
    from: OrderStatus | null;
    to: OrderStatus;
    actor: Actor;
    actorName: string | null;
    note: string | null;
  }>;
  /** What the status form offers now (proof uploads have their own form). */
  statusChoices: OrderStatus[];
  canSendProof: boolean;
};

/** What is left to refund of an order's invoice, line by line, and the card refunds still waiting for the provider. */
export type RefundState = {
  /** How the money goes back: to the card, by transfer, or (an order on account not yet paid) credited to the account. */
  method: RefundMethod;
  byTransfer: boolean;
  /** The day the order was paid: a transfer refund cannot be dated before it. */
  paidOn: string;
  left: { netPence: number; vatPence: number; grossPence: number };
  lines: Array<{ title: string; quantity: number; left: number; unitPence: number }>;
  /** Shipping, when the order charged it and no refund has given it back yet. */
  shippingPence: number;
  shippingLeft: boolean;
  pending: Array<{ id: string; grossPence: number; createdAt: Date }>;
};

/** A payment the provider took that made no order, with why (payments-attention.server.ts lists them). */
export type PaymentNeedingAttention = {
  intentId: string;
  provider: string;
  amountPence: number;
  email: string | null;
  reason: string;
  at: Date;
};
