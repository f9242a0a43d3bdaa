/**
 * The cart's "Save this date for checkout" (decision 017): the buyer's need-by date, planned on
 * the cart, saved as the Shipping step saves it (a shipping save of `need_by`), so the Shipping
 * step opens on it and payment copies it to the order.
 *
 * Every line's draft gets the date, and a line step 2 has not opened yet gets its draft now: the
 * checkout's draft is the lead line's (leadLineIndex), which may change while lines are being
 * customised, and whichever leads must carry the date.
 */
import { customisationPart } from "~/domain/checkout/draft";
import { parseNeedBy } from "~/domain/fulfilment/need-by";
import { initialCustomisation, readCartLines } from "./checkout.server";
import { saveCheckoutStep } from "./checkout-save.server";
import { createDraft, type DraftResult, type DraftSnapshot } from "./drafts.server";
import { failure, type Failure } from "../platform/http.server";
import type { AppContext } from "../providers/app-context.server";
import { readShelf } from "../catalogue/catalogue-store.server";

export const CART_NEED_BY_MESSAGES = {
  emptyCart: "Your cart is empty: add a product before saving a date.",
} as const;

type Outcome = { ok: true; needBy: string | null } | Failure;

/** Saves `text` (a date, or "" to remove it) on every draft of the buyer's cart. */
export async function saveCartNeedBy(
  ctx: AppContext,
  { buyer, text, now = ctx.clock() }: { buyer: { userId: string; accountId: string }; text: string; now?: Date },
): Promise<Outcome> {
  let needBy: string | null = null;
  if (text.trim() !== "") {
    const parsed = parseNeedBy(text, now);
    if (!parsed.ok)
      return failure(400, "VALIDATION_FAILED", parsed.message, { fieldErrors: { needBy: parsed.message } });
    needBy = parsed.needBy;
  }
  const { db } = ctx;
  const { userId } = buyer;
  const lines = await readCartLines(db, userId);
  const products = (await readShelf(db)).find;
  if (lines.length === 0) return failure(409, "CART_EMPTY", CART_NEED_BY_MESSAGES.emptyCart);

  for (const line of lines) {
    let draft: { id: string; version: number } | null = line.draft;
    if (!draft) {
      const created = await createDraft(db, {
        accountId: buyer.accountId || userId,
        userId,
        productId: line.cart.productId,
        lineId: line.cart.id,
        data: customisationPart(initialCustomisation({ line: line.cart, draft: null, products })),
      });
      if (!created.ok) return created;
      draft = created.draft;
    }
    const saved = await saveNeedBy(ctx, userId, draft, needBy, now);
    if (!saved.ok) return saved;
  }
  return { ok: true, needBy };
}

/** One draft's save; a save that lost a race with an autosave is made again on the version it lost to. */
async function saveNeedBy(
  ctx: AppContext,
  userId: string,
  draft: { id: string; version: number },
  needBy: string | null,
  now: Date,
): Promise<DraftResult<DraftSnapshot>> {
  const save = (expectedVersion: number) =>
    saveCheckoutStep(ctx, {
      userId,
      draftId: draft.id,
      step: "shipping",
      patch: { need_by: needBy },
      expectedVersion,
      now,
    });
  const first = await save(draft.version);
  if (first.ok || first.code !== "VERSION_CONFLICT" || !first.current) return first;
  return save(first.current.version);
}
