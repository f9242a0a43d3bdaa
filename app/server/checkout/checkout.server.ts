/**
 * What the checkout's pages load: the cart's lines with their drafts, the checkout's lead draft, the
 * stepper and the priced summary (SPEC.md §4; decision 016).
 */
import {
  checkoutLines,
  leadLineIndex,
  type CheckoutLineState,
  type SummaryLine,
} from "~/domain/checkout/cart-checkout";
import { checkoutCompletedSteps } from "~/domain/checkout/customisation-gate";
import type { DraftData, DraftStatus } from "~/domain/checkout/draft";
import type { StepNumber } from "~/domain/checkout/steps";
import type { IsoDate } from "~/domain/core/dates";
import { readIsoDate } from "~/domain/fulfilment/need-by";
import { buildInitialDraft } from "~/domain/checkout/draft-schemas";
import { savedAddressesFor, withCheckoutPrefill } from "./checkout-prefill.server";
import { getDraft, latestDraftsForLines, type DraftRecord } from "./drafts.server";
import type { Database } from "../platform/db.server";
import { firstOrderDiscountApplies } from "./first-order-discount.server";
import { type RequestArgs, sessionOf, dbOf } from "../accounts/request-context.server";
import { listCart, type CartLine } from "./shopping.server";
import { withQuotedPrices } from "~/domain/checkout/quoted-prices";
import { cartQuotePricing } from "./quotes.server";
import type { Reader } from "~/domain/core/record-access";
import type { ProductLookup } from "~/catalogue/lookup";
import type { Product } from "~/catalogue/types";
import { readShelf, type Shelf } from "../catalogue/catalogue-store.server";

export type CheckoutDraft = {
  id: string;
  lineId: string | null;
  version: number;
  status: DraftStatus;
  data: DraftData;
};

const view = (d: DraftRecord): CheckoutDraft => ({
  id: d.id,
  lineId: d.lineId,
  version: d.version,
  status: d.status,
  data: d.data,
});

/** A cart line and the draft customising it (its newest editable one), if step 2 has opened it. */
export type CheckoutLine = { cart: CartLine; draft: CheckoutDraft | null };

/** A line as the rules of app/domain/checkout/cart-checkout.ts read it, and as step 2's switcher gets it. */
const stateOf = ({ cart, draft }: CheckoutLine): CheckoutLineState => ({
  lineId: cart.id,
  productId: cart.productId,
  colour: cart.selectedColor,
  quantity: cart.quantity,
  draft: draft
    ? {
        id: draft.id,
        status: draft.status,
        data: {
          product_id: draft.data.product_id,
          confirm: draft.data.confirm,
          proof: draft.data.proof,
          artwork: draft.data.artwork,
          branding: draft.data.branding,
          customization_selections: draft.data.customization_selections,
          quantity: draft.data.quantity,
          sizes: draft.data.sizes,
        },
      }
    : null,
});

/** The buyer's cart lines, in cart order, each with its newest editable draft: two queries. */
export async function readCartLines(db: Database, userId: string): Promise<CheckoutLine[]> {
  const cart = await listCart(db, { userId });
  const drafts = await latestDraftsForLines(db, { userId, lineIds: cart.map((l) => l.id) });
  return cart.map((line) => {
    const found = drafts.get(line.id);
    return { cart: line, draft: found ? view(found) : null };
  });
}

/**
 * What every checkout step needs (SPEC.md §4; docs/decisions/016): the signed-in user,
 * the cart's lines with their drafts, and
 * - `line` and `draft`, what step 2 edits: the cart line in `line_id`, else the one the draft in
 *   `draft_id` customises, else the first of the product in `product_id`, else the first;
 *   and its draft: the one in `draft_id` if it is this user's and this line's (or, owned by no
 *   line, this product's), else the line's newest editable one (R-DET-14);
 * - `checkout`, the draft that carries Details, Shipping, Design proofing and Payment for the
 *   whole cart: the lead line's draft (leadLineIndex); with an empty cart, the draft of the link
 *   on its own, so a draft whose product left the cart still opens.
 */
export async function loadCheckout({ request, context }: RequestArgs) {
  const db = dbOf(context);
  const url = new URL(request.url);
  const session = await sessionOf(context);
  const shelf = await readShelf(db);
  if (!session) {
    return {
      session: null,
      shelf,
      cart: [] as CartLine[],
      lines: [] as CheckoutLine[],
      line: null,
      draft: null,
      checkout: null,
    };
  }
  const userId = session.user.id;
  const lines = await readCartLines(db, userId);
  const cart = lines.map((l) => l.cart);
  const wanted = url.searchParams.get("product_id");
  const draftIdParam = url.searchParams.get("draft_id");
  const inCart = lines.find((l) => draftIdParam && l.draft?.id === draftIdParam);
  const linked = draftIdParam && !inCart ? await getDraft(db, { userId, draftId: draftIdParam }) : null;
  const wantedLine = url.searchParams.get("line_id") ?? inCart?.cart.id ?? linked?.lineId;
  const line = cart.find((l) => l.id === wantedLine) ?? cart.find((l) => l.productId === wanted) ?? cart[0] ?? null;
  const productId = line?.productId ?? wanted;
  let draft = lines.find((l) => l.cart === line)?.draft ?? null;
  // An older draft of the line, or one no line owns (its product left the cart) opened by its link.
  const owned = (d: DraftRecord) =>
    line
      ? (d.lineId ?? line.id) === line.id && d.productId === line.productId
      : !productId || d.productId === productId;
  if (linked && owned(linked)) draft = view(linked);
  return { session, shelf, cart, lines, line, draft, checkout: lines.length > 0 ? leadDraft(lines) : draft };
}

/** The draft that carries the cart's checkout: the lead line's (leadLineIndex). */
const leadDraft = (lines: CheckoutLine[]) => lines[leadLineIndex(lines.map(stateOf))]?.draft ?? null;

/** The need-by date saved for the cart's checkout (on the cart or the Shipping step), or null. */
export async function savedNeedBy(db: Database, userId: string): Promise<IsoDate | null> {
  return readIsoDate(leadDraft(await readCartLines(db, userId))?.data.shipping.need_by ?? "");
}

/**
 * The products a checkout page's lines are of, as its components get them (without what only the
 * back office knows): those of the cart and of the draft on show, when on sale.
 */
export function lineProducts(shelf: Shelf, productIds: readonly (string | null | undefined)[]): Product[] {
  return [...new Set(productIds)].flatMap((id) => {
    const product = id ? shelf.find(id) : undefined;
    return product ? [product] : [];
  });
}

/** Step 2's starting point: the cart line merged into the draft (R-CUST-02, A-14). */
export function initialCustomisation({
  line,
  draft,
  products,
}: {
  line: CartLine;
  draft: CheckoutDraft | null;
  products: ProductLookup;
}): DraftData {
  return buildInitialDraft(
    {
      productId: line.productId,
      quantity: line.quantity,
      selectedColor: line.selectedColor,
      customizationSelections: line.customizationSelections,
      handwrittenNote: line.handwrittenNote,
      notes: line.notes,
      sizes: line.sizes,
    },
    products(line.productId),
    draft?.data,
  );
}

/** The stepper of a checkout: the checkout draft's steps, step 2 once every line is customised. */
export function stepperState({
  checkout,
  lines,
  products,
}: {
  checkout: CheckoutDraft | null;
  lines: readonly CheckoutLine[];
  products: ProductLookup;
}): StepNumber[] {
  return checkoutCompletedSteps(lines.map(stateOf), checkout, products);
}

/** Step 2's line switcher and Next: each line's product, draft and whether it is customised. */
export function lineStates(lines: readonly CheckoutLine[]): CheckoutLineState[] {
  return lines.map(stateOf);
}

/**
 * The lines the order summary lists and the totals price (checkoutLines): each cart line as its
 * draft customised it (the cart's quantity re-prices the draft at once, so the two agree).
 */
export function summaryLines(lines: readonly CheckoutLine[], checkout: CheckoutDraft): SummaryLine[] {
  const cart = lines.map(({ cart, draft }) =>
    draft
      ? summaryOf(draft)
      : {
          lineId: cart.id,
          productId: cart.productId,
          colour: cart.selectedColor,
          quantity: cart.quantity,
          selections: cart.customizationSelections,
        },
  );
  return checkoutLines(cart, summaryOf(checkout));
}

/**
 * The summary's lines priced as the payment will price them: a converted quote's unit prices where
 * they still hold (decision 040), the catalogue's elsewhere; and what the converted quote's pricing
 * tells the buyer (quotePricing).
 */
export async function pricedSummary(
  db: Database,
  { reader, lines, checkout }: { reader: Reader; lines: readonly CheckoutLine[]; checkout: CheckoutDraft },
): Promise<{ lines: SummaryLine[]; quoteNotices: string[] }> {
  const summary = summaryLines(lines, checkout);
  const { quoted, notices } = await cartQuotePricing(db, { ...reader, cart: summary, now: new Date() });
  return { lines: withQuotedPrices(summary, quoted), quoteNotices: notices };
}

/** What step 5 shows of each line: its proof choice, branding and artwork (decision 016). */
export type LineCustomisation = Pick<DraftData, "product_id" | "proof" | "branding" | "artwork"> & { draftId: string };

function customisations(lines: readonly CheckoutLine[], checkout: CheckoutDraft): LineCustomisation[] {
  type Item = { lineId: string | null; draft: CheckoutDraft | null };
  const cart: Item[] = lines.map((line) => ({ lineId: line.cart.id, draft: line.draft }));
  const drafts = checkoutLines(cart, { lineId: checkout.lineId, draft: checkout }).flatMap((item) => item.draft ?? []);
  return drafts.map(({ id, data }) => ({
    draftId: id,
    product_id: data.product_id,
    proof: data.proof,
    branding: data.branding,
    artwork: data.artwork,
  }));
}

const summaryOf = ({ lineId, data }: CheckoutDraft): SummaryLine => ({
  lineId,
  productId: data.product_id,
  colour: data.variant.color_hex,
  quantity: data.quantity,
  selections: data.customization_selections,
  method: data.branding.method,
  sizes: data.sizes,
});

/**
 * What the details, shipping and proofing steps (3 to 5) load: the checkout draft as the page
 * edits it, the cart's lines for the summary, with the first-order discount the summary prices
 * it at and what a converted quote's pricing tells the buyer (decision 021: every step says when
 * a quote's price stopped applying); not ready without a signed-in buyer and a draft (the page
 * then says so, R-ERR-16).
 */
export async function loadDraftStep(args: RequestArgs) {
  const db = dbOf(args.context);
  const { session, shelf, lines, checkout } = await loadCheckout(args);
  if (!session || !checkout) return { ready: false as const };
  const { user, accountId } = session;
  return {
    ready: true as const,
    userId: user.id,
    draft: { id: checkout.id, version: checkout.version },
    data: await withCheckoutPrefill(db, { user, data: checkout.data }),
    // Addresses used before, offered on Details and Shipping.
    savedAddresses: await savedAddressesFor(db, { userId: user.id, accountId }),
    ...(await pricedSummary(db, { reader: { userId: user.id, accountId }, lines, checkout })),
    customisations: customisations(lines, checkout),
    completed: stepperState({ checkout, lines, products: shelf.find }),
    products: lineProducts(shelf, [...lines.map((line) => line.cart.productId), checkout.data.product_id]),
    firstOrderDiscount: await firstOrderDiscountApplies(db, { userId: user.id, accountId }),
  };
}

/** A ready step's data, as its page component takes it. */
export type DraftStepData = Extract<Awaited<ReturnType<typeof loadDraftStep>>, { ready: true }>;
