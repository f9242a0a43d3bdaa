/**
 * What the draft's rules (draft.ts) and its schemas (draft-schemas.ts) both build on: the statuses,
 * the field limits and the cart line a draft is made from. Kept apart so neither of those two
 * imports the other's module back.
 */
import { isUuid } from "./ids";
import { oneOf } from "./one-of";

// ---------------------------------------------------------------------------------------------
// Statuses (R-DRAFT-10, A-12, B-4)

/** Every status a draft row can hold; db/tables/core.ts builds its check constraint from this list. */
export const DRAFT_STATUSES = [
  "customisation_draft",
  "details_done",
  "shipping_done",
  "awaiting_payment",
  "paid",
  "payment_failed",
] as const;
export type DraftStatus = (typeof DRAFT_STATUSES)[number];

/**
 * customisation_draft < details_done < shipping_done < awaiting_payment < paid. payment_failed is
 * a side state beside awaiting_payment (B-4): the payment module moves between those two itself.
 */
const STATUS_RANK: Readonly<Record<DraftStatus, number>> = {
  customisation_draft: 0,
  details_done: 1,
  shipping_done: 2,
  awaiting_payment: 3,
  payment_failed: 3,
  paid: 4,
};

/** No payment opened yet: Clear Cart deletes only these (R-CART-12, A-12: never a paying draft). */
export const PRE_PAYMENT_STATUSES = ["customisation_draft", "details_done", "shipping_done"] as const;
/** A payment is open, or its last attempt failed. */
export const PAYING_STATUSES = ["awaiting_payment", "payment_failed"] as const;
/**
 * The statuses a buyer may still edit: everything but paid (decision 055:
 * nothing is locked before payment succeeds). A change to a paying draft replaces its payment.
 */
export const EDITABLE_STATUSES = [...PRE_PAYMENT_STATUSES, ...PAYING_STATUSES] as const;
export type EditableStatus = (typeof EDITABLE_STATUSES)[number];
export const isPayingStatus = oneOf(PAYING_STATUSES);

export const isDraftStatus = oneOf(DRAFT_STATUSES);

/** Draft and file ids are UUIDs; anything else in ?draft_id= can be answered 'No draft found.' without a query. */
export const isDraftId = isUuid;

export function isEditableStatus(status: DraftStatus): status is EditableStatus {
  return (EDITABLE_STATUSES as readonly string[]).includes(status);
}

/** How far along the order above a status is (0 for customisation_draft). */
export function statusRank(status: DraftStatus): number {
  return STATUS_RANK[status];
}

/** True when `status` is `min` or later in the order above. */
export function statusAtLeast(status: DraftStatus, min: DraftStatus): boolean {
  return STATUS_RANK[status] >= STATUS_RANK[min];
}

/** A status never goes backwards: revisiting step 2 after step 4 keeps shipping_done. */
export function advanceStatus(current: DraftStatus, next: DraftStatus): DraftStatus {
  return STATUS_RANK[next] > STATUS_RANK[current] ? next : current;
}

// ---------------------------------------------------------------------------------------------
// Field limits

/** Character limits of the draft's text fields (REQUIREMENTS B-22: the server validates the JSON). */
export const DRAFT_LIMITS = {
  /** Names, company, address lines, city. */
  shortText: 200,
  /** RFC 5321's longest deliverable address. */
  email: 254,
  /** Room for '+44 (0)20 7946 0958 ext. 1234'; the phone rule decides validity. */
  phone: 40,
  postcode: 16,
  vatNumber: 32,
  /** PO reference, previous-order reference, branding placement. */
  reference: 100,
  placementDetails: 1000,
  notes: 1000,
  /** Customisation titles ticked on one draft. */
  selections: 20,
  selectionTitle: 120,
  /** Artwork files on one draft (ARTWORK_MAX_FILES in artwork-rules.ts is this). */
  files: 10,
  fileName: 255,
  /** Sizes in one breakdown; the longest sizing table has six. */
  sizes: 20,
  sizeName: 8,
  /** The largest quantity any catalogue table allows is 25 × 1000 (R-CALC-01). */
  quantity: 1_000_000,
} as const;

/** The parts of a cart line the draft is built from (SPEC.md §3 "Cart item"). */
export type DraftCartLine = {
  productId: string;
  quantity: number;
  selectedColor: string;
  customizationSelections: readonly string[];
  handwrittenNote: boolean;
  notes?: string;
  /** The line's size split; the draft keeps its own when the line has none. */
  sizes?: readonly { size: string; count: number }[];
};
