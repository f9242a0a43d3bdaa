/**
 * What one draft save writes, worked out before the database is touched (drafts.server.ts runs
 * it; decision 054, docs/decisions/005): the step's patch checked by its schema, the keys it
 * may write, what the server derives from the merged result (status, totals, delivery estimate),
 * and the jsonb merge itself, in TypeScript and as the SQL the update runs.
 */
import { isDeepStrictEqual } from "node:util";
import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { colourOf, type ProductLookup } from "~/catalogue/lookup";
import type { BrandingMethod } from "~/domain/pricing/checkout";
import { checkoutLines, colourOnAnotherLine } from "~/domain/checkout/cart-checkout";
import { estimateDelivery } from "~/domain/fulfilment/delivery";
import { parseNeedBy } from "~/domain/fulfilment/need-by";
import { canProceedDetails } from "~/domain/checkout/details-rules";
import {
  advanceStatus,
  applyBillingAsShipping,
  canProceedShipping,
  customisationProductErrors,
  DRAFT_MESSAGES,
  checkoutTotals,
  type CheckoutLineQuantity,
  leavesBillingCopy,
  storedTotals,
  vatPlace,
  type CustomisationPatch,
  type DetailsPatch,
  type DraftData,
  type DraftStatus,
  type DraftStep,
  type ProofingPatch,
  type ShippingPatch,
} from "~/domain/checkout/draft";
import { joinName } from "~/domain/people/person-names";
import {
  customisationPatchSchema,
  detailsPatchSchema,
  draftDataSchema,
  proofingPatchSchema,
  shippingPatchSchema,
} from "~/domain/checkout/draft-schemas";
import { type FieldErrors, fieldErrorsFrom } from "~/domain/core/field-errors";

// ---------------------------------------------------------------------------------------------
// Merging: objects merge key by key, everything else (strings, arrays, null) replaces

export type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The merge the SQL below performs, in TypeScript, to compute what depends on the result. */
export function mergeJson(base: unknown, patch: PlainObject): PlainObject {
  const result: PlainObject = isPlainObject(base) ? { ...base } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    result[key] = isPlainObject(value) ? mergeJson(result[key], value) : value;
  }
  return result;
}

/**
 * The same merge in SQL: the database's `draft_merge` (db/migrations/0041), so keys the patch does
 * not name are never rewritten, whatever another request wrote meanwhile (R-DRAFT-13, A-14).
 */
export function mergeSql(target: SQL, patch: PlainObject): SQL {
  return sql`draft_merge(${target}, ${JSON.stringify(patch)}::jsonb)`;
}

// ---------------------------------------------------------------------------------------------
// Saving a step

export type StepPatch =
  | { step: "customisation"; patch: CustomisationPatch }
  | { step: "details"; patch: DetailsPatch }
  | { step: "shipping"; patch: ShippingPatch }
  | { step: "proofing"; patch: ProofingPatch };

type Parsed = { ok: true; value: StepPatch } | { ok: false; fieldErrors: FieldErrors };

/** The step's own schema (app/domain/checkout/draft.ts), before anything touches the database. */
export function parseStepPatch(step: DraftStep, raw: unknown): Parsed {
  const failed = (error: z.ZodError): Parsed => ({ ok: false, fieldErrors: fieldErrorsFrom(error) });
  switch (step) {
    case "customisation": {
      const result = customisationPatchSchema.safeParse(raw);
      return result.success ? { ok: true, value: { step, patch: result.data } } : failed(result.error);
    }
    case "details": {
      const result = detailsPatchSchema.safeParse(raw);
      return result.success ? { ok: true, value: { step, patch: result.data } } : failed(result.error);
    }
    case "shipping": {
      const result = shippingPatchSchema.safeParse(raw);
      return result.success ? { ok: true, value: { step, patch: result.data } } : failed(result.error);
    }
    case "proofing": {
      const result = proofingPatchSchema.safeParse(raw);
      return result.success ? { ok: true, value: { step, patch: result.data } } : failed(result.error);
    }
  }
}

/**
 * A cart line as a save reads it with the draft: what prices the checkout (its customisations, and
 * its draft's method, null before it has one), and the colour it holds.
 */
export type CartLineQuantity = Omit<CheckoutLineQuantity, "method"> & {
  lineId: string;
  colour: string;
  method?: BrandingMethod | null;
};

type Plan =
  | {
      ok: true;
      patch: PlainObject;
      status: DraftStatus;
      /** The draft's data once the patch is merged in. */
      data: DraftData;
      /** Whether the save changes what would be bought (the estimate and status aside). */
      changesOrder: boolean;
    }
  | { ok: false; fieldErrors: FieldErrors };

/**
 * What one step writes: only its own keys (decision 054), plus what the server derives —
 * the status (forward only, and only once the step's Next rule holds, so a completed step in the
 * stepper means a complete step), shipping.address.name, the billing-as-shipping copy (and the
 * tick's coming off when step 4 changes the copied address), and totals and eta whenever a
 * shipping method is chosen.
 */
export function planSave(
  input: StepPatch,
  current: { status: DraftStatus; productId: string; lineId: string | null; data: DraftData },
  context: {
    firstOrderDiscount: boolean;
    now: Date;
    /** The buyer's cart lines: a checkout draft prices the whole cart (decision 016). */
    cart: readonly CartLineQuantity[];
    /** The products on sale (readShelf): what the lines are checked and priced against. */
    products: ProductLookup;
  },
): Plan {
  let patch: PlainObject;
  let status = current.status;
  const mergedWith = (p: PlainObject): DraftData => draftDataSchema.parse(mergeJson(current.data, p));
  const product = context.products(current.productId);

  switch (input.step) {
    case "customisation": {
      if (!product) return { ok: false, fieldErrors: { product_id: DRAFT_MESSAGES.unknownProduct } };
      // The cart line's quantity is the one agreed when it is below the MOQ (decision 087).
      const own = context.cart.find((line) => line.lineId === current.lineId);
      const errors = customisationProductErrors(product, input.patch, own?.quantity);
      const colour = input.patch.variant?.color_hex;
      if (colour && colourOnAnotherLine(context.cart, current, colour)) {
        errors["variant.color_hex"] = DRAFT_MESSAGES.colourOnAnotherLine(colourOf(product, colour)?.name ?? colour);
      }
      if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors };
      patch = { ...input.patch };
      break;
    }
    case "details": {
      patch = { details: input.patch };
      const merged = mergedWith(patch);
      // R-DET-06: the copy is written with the details, so the shipping step opens on it.
      if (merged.details.use_billing_as_shipping) {
        const address = applyBillingAsShipping(merged.details, merged.shipping, current.data.details).address;
        patch.shipping = { address };
      }
      if (canProceedDetails(merged.details)) status = advanceStatus(status, "details_done");
      break;
    }
    case "shipping": {
      // A changed need-by date must be one we can plan for today; an unchanged one is kept as is.
      const needBy = input.patch.need_by;
      if (needBy && needBy !== current.data.shipping.need_by) {
        const parsed = parseNeedBy(needBy, context.now);
        if (!parsed.ok) return { ok: false, fieldErrors: { need_by: parsed.message } };
      }
      const address = mergedWith({ shipping: input.patch }).shipping.address;
      patch = {
        shipping: {
          ...input.patch,
          address: { ...input.patch.address, name: joinName(address.firstName, address.lastName) },
        },
      };
      const { details, shipping } = current.data;
      if (leavesBillingCopy(details, shipping, input.patch.address)) patch.details = { use_billing_as_shipping: false };
      if (canProceedShipping(mergedWith(patch).shipping)) status = advanceStatus(status, "shipping_done");
      break;
    }
    case "proofing":
      patch = { ...input.patch };
      break;
  }

  const merged = mergedWith(patch);
  const method = merged.shipping.method;
  // Re-priced on every save once a method exists, so data.totals always matches the summary
  // even after step 2 changes the quantity or step 3 the billing country (R-SHIP-11).
  if (method && product) {
    const cart = context.cart.map(({ method, ...line }) => (method ? { ...line, method } : line));
    const lines = checkoutLines<CheckoutLineQuantity>(cart, {
      lineId: current.lineId,
      productId: product.id,
      quantity: merged.quantity,
      method: merged.branding.method,
      selections: merged.customization_selections,
    });
    const totals = checkoutTotals({
      lines,
      products: context.products,
      ...vatPlace(merged),
      method,
      firstOrderDiscount: context.firstOrderDiscount,
    });
    if (totals) patch.totals = storedTotals(totals);
    const products = lines.flatMap((line) => context.products(line.productId) ?? []);
    patch.eta = estimateDelivery({ products, method, now: context.now });
  }
  patch.status = status;
  const { eta: _eta, status: _status, ...before } = current.data;
  const data = mergedWith(patch);
  const { eta: _newEta, status: _newStatus, ...after } = data;
  return { ok: true, patch, status, data, changesOrder: !isDeepStrictEqual(before, after) };
}

/**
 * Step 2's colour, parts and sizes follow the cart line (R-CUST-03, R-CUST-08) in the statement that
 * saves the draft, as one more CTE: the draft and its cart line change together or not at all.
 * `lineId` is the cart line of the row the statement wrote; nothing written, nothing followed. A
 * colour another line of the product already has is refused by planSave; should one race in, the
 * line keeps its colour rather than the statement failing on the cart's one line per colour.
 */
export function cartChoicesCte({
  userId,
  lineId,
  patch,
}: {
  userId: string;
  lineId: SQL;
  patch: CustomisationPatch;
}): SQL {
  const { colour, parts, sizes } = cartChoicesOf(patch);
  if (colour === null && parts === null && sizes === null) return sql``;
  return sql`, cart as (
      update cart_items
         set selected_color = coalesce(${colour}, selected_color),
             customization_selections = coalesce(${parts}::jsonb, customization_selections),
             sizes = coalesce(${sizes}::jsonb, sizes),
             updated_at = now()
       where user_id = ${userId} and id = ${lineId}
         and not exists (
           select 1 from cart_items other
            where other.user_id = cart_items.user_id and other.product_id = cart_items.product_id
              and other.selected_color = coalesce(${colour}, cart_items.selected_color) and other.id <> cart_items.id)
    )`;
}

function cartChoicesOf(patch: CustomisationPatch) {
  return {
    colour: patch.variant?.color_hex?.toLowerCase() ?? null,
    parts: patch.customization_selections ? JSON.stringify(patch.customization_selections) : null,
    sizes: patch.sizes ? JSON.stringify(patch.sizes) : null,
  };
}

/** Whether a step-2 patch changes what its cart line holds too (cartChoicesCte writes it). */
export function followsCart(patch: CustomisationPatch): boolean {
  return Object.values(cartChoicesOf(patch)).some((value) => value !== null);
}

/** The replaced payment's ledger row, cancelled with the save that replaced it (unless it was paid). */
export function releasedIntentCte(intentId: string): SQL {
  return sql`, released as (
      update payment_intents set status = 'canceled', updated_at = now()
       where intent_id = ${intentId} and status in ('created', 'failed') and exists (select 1 from updated)
    )`;
}
