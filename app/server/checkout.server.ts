import { completedSteps, type DraftData, type DraftStatus, type StepNumber } from "~/domain/draft";
import { buildInitialDraft } from "~/domain/draft-schemas";
import { findLatestDraftForProduct, getDraft, type DraftRecord } from "./drafts.server";
import { firstOrderDiscountApplies } from "./first-order-discount.server";
import { type RequestArgs, sessionOf, dbOf } from "./request-context.server";
import { listCart, type CartLine } from "./shopping.server";

export type CheckoutDraft = { id: string; version: number; status: DraftStatus; data: DraftData };

const view = (d: DraftRecord): CheckoutDraft => ({ id: d.id, version: d.version, status: d.status, data: d.data });

/**
 * What every checkout step needs (SPEC.md §4): the signed-in user, the cart line of the product
 * in `product_id` (else the first in the cart, A-36) and its draft: the one in `draft_id` if it is
 * this user's and this product's, else the newest editable one (R-DET-14).
 */
export async function loadCheckout({ request, context }: RequestArgs) {
  const db = dbOf(context);
  const url = new URL(request.url);
  const session = await sessionOf(context);
  if (!session) return { session: null, cart: [] as CartLine[], line: null, draft: null };
  const cart = await listCart(db, { userId: session.user.id });
  const wanted = url.searchParams.get("product_id");
  const line = cart.find((l) => l.productId === wanted) ?? cart[0] ?? null;
  const productId = line?.productId ?? wanted;
  const draftIdParam = url.searchParams.get("draft_id");
  let draft: DraftRecord | null = null;
  if (draftIdParam) {
    const found = await getDraft(db, { userId: session.user.id, draftId: draftIdParam });
    if (found && (!productId || found.productId === productId)) draft = found;
  }
  if (!draft && productId) draft = await findLatestDraftForProduct(db, { userId: session.user.id, productId });
  return { session, cart, line, draft: draft ? view(draft) : null };
}

/** Step 2's starting point: the cart line merged into the draft (R-CUST-02, A-14). */
export function initialCustomisation(line: CartLine, draft: CheckoutDraft | null): DraftData {
  return buildInitialDraft(
    {
      productId: line.productId,
      quantity: line.quantity,
      selectedColor: line.selectedColor,
      customizationSelections: line.customizationSelections,
      handwrittenNote: line.handwrittenNote,
      notes: line.notes,
    },
    draft?.data,
  );
}

export function stepperState(draft: CheckoutDraft | null, cartNonEmpty: boolean): StepNumber[] {
  return completedSteps(
    draft
      ? {
          status: draft.status,
          data: { confirm: draft.data.confirm, proof_acknowledged: draft.data.proof_acknowledged },
        }
      : null,
    cartNonEmpty,
  );
}

/**
 * What the details, shipping and proofing steps (3 to 5) load: the buyer's draft as the page edits
 * it, with the first-order discount the summary prices it at; not ready without a signed-in buyer
 * and a draft (the page then says so, R-ERR-16).
 */
export async function loadDraftStep(args: RequestArgs) {
  const db = dbOf(args.context);
  const { session, cart, draft } = await loadCheckout(args);
  if (!session || !draft) return { ready: false as const };
  const { user, accountId } = session;
  return {
    ready: true as const,
    userId: user.id,
    draft: { id: draft.id, version: draft.version },
    data: draft.data,
    completed: stepperState(draft, cart.length > 0),
    firstOrderDiscount: await firstOrderDiscountApplies(db, { userId: user.id, accountId }),
  };
}

/** A ready step's data, as its page component takes it. */
export type DraftStepData = Extract<Awaited<ReturnType<typeof loadDraftStep>>, { ready: true }>;
