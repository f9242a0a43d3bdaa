/**
 * Where staff may move a product (docs/decisions/066-catalogue-is-data.md): a draft is published
 * when it is ready; a published product is taken back to draft to be reworked, or archived when it
 * is no longer sold; an archived one comes back as a draft, to be checked before it is sold again.
 */
import { z } from "zod";
import { PRODUCT_STATUSES, type ProductStatus } from "~/catalogue/types";

/** A status as the back office names it. */
export const STATUS_LABELS: Record<ProductStatus, string> = {
  draft: "Draft",
  published: "Published",
  archived: "Archived",
};

/** A move from one status to another, and what its button says. */
export type StatusAction = { to: ProductStatus; label: string };

const ACTIONS: Record<ProductStatus, readonly StatusAction[]> = {
  draft: [
    { to: "published", label: "Publish" },
    { to: "archived", label: "Archive" },
  ],
  published: [
    { to: "draft", label: "Unpublish" },
    { to: "archived", label: "Archive" },
  ],
  archived: [{ to: "draft", label: "Restore as draft" }],
};

/** The moves open to a product of this status, in the order its buttons are shown. */
export function statusActions(status: ProductStatus): readonly StatusAction[] {
  return ACTIONS[status];
}

/** Whether a product of status `from` may be moved to `to`. */
export function canMoveStatus(from: ProductStatus, to: ProductStatus): boolean {
  return ACTIONS[from].some((action) => action.to === to);
}

export const STATUS_MESSAGES = {
  notFound: "That product doesn't exist.",
  changed: "Someone changed this product since you opened the list. Reload it to see the change.",
  notAllowed: "That change isn't possible from the product's current status.",
} as const;

/** A status change as the products list posts it: the product, the status wanted and the version seen. */
export const statusChangeSchema = z.object({
  intent: z.literal("status"),
  productId: z.string().trim().min(1, STATUS_MESSAGES.notFound).max(100, STATUS_MESSAGES.notFound),
  to: z.enum(PRODUCT_STATUSES, { error: STATUS_MESSAGES.notAllowed }),
  version: z
    .string()
    .regex(/^\d{1,9}$/, STATUS_MESSAGES.changed)
    .transform(Number),
});
