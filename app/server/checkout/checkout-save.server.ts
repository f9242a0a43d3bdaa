/**
 * A checkout step's save, as the routes and the cart call it (decision 006): the draft's save
 * (saveDraftStep) and the voiding of any payment it replaced; and a cart change's release of the
 * checkout's payment.
 */
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { orderDrafts } from "#db/schema";
import { DRAFT_MESSAGES } from "~/domain/checkout/draft";
import { parseVatNumber, VAT_NUMBER_MESSAGE, vatCheckUnavailableMessage } from "~/domain/pricing/vat-number";
import { type DraftResult, type DraftSnapshot, saveDraftStep } from "./drafts.server";
import { type QuickSave, saveDraftQuickly } from "./draft-quick-save.server";
import { failure } from "../platform/http.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { AppContext } from "../providers/app-context.server";
import type { VatCheckAnswer } from "../providers/vat-check.server";

/** Registry look-ups one buyer may cause in an hour; beyond, their numbers are checked offline only. */
export const VAT_CHECK_LIMIT = { hits: 30, windowSeconds: 3_600 } as const;

/**
 * A checkout step's save (saveDraftStep). When it replaced an open payment, that intent is voided
 * at the provider before the buyer sees a new total, so the old payment page cannot take money:
 * test mode refuses it as replaced, Stripe cancels it. A void that fails is logged; if that intent
 * is paid anyway, its event is held for staff (payment-events.server.ts), never fulfilled.
 *
 * A details save carrying a VAT number that passes the offline rules is first checked online when
 * a registry is configured (decision 018): one the registry does not know is refused (400, with
 * the number's message, nothing written); when the registry cannot be asked the save goes on with
 * a notice for the buyer.
 */
export async function saveCheckoutStep(
  ctx: AppContext,
  input: Parameters<typeof saveDraftStep>[1],
): Promise<DraftResult<DraftSnapshot> & { notice?: string }> {
  const vat = await onlineVatCheck(ctx, input);
  if (vat?.answer === "invalid") {
    return failure(400, "VALIDATION_FAILED", DRAFT_MESSAGES.invalid, {
      fieldErrors: { vat_number: VAT_NUMBER_MESSAGE },
    });
  }
  const result = await saveDraftStep(ctx.db, input);
  if (result.ok && result.releasedIntentId) await voidPayment(ctx, result.releasedIntentId);
  if (result.ok && vat?.answer === "unavailable") return { ...result, notice: vatCheckUnavailableMessage(vat) };
  return result;
}

/**
 * The autosave's usual save in one statement (draft-quick-save.server.ts), or null for
 * saveCheckoutStep to do it: among others, whenever the save carries a VAT number to check online.
 */
export async function saveCheckoutStepQuickly(
  ctx: AppContext,
  input: Parameters<typeof saveDraftQuickly>[1],
): Promise<QuickSave | null> {
  return vatNumberToCheck(ctx, input) ? null : saveDraftQuickly(ctx.db, input);
}

/** The VAT number a details save carries that the registry would be asked about, if any. */
function vatNumberToCheck({ vatCheck }: AppContext, input: { step: string; patch: unknown }) {
  if (!vatCheck || input.step !== "details" || typeof input.patch !== "object" || input.patch === null) return null;
  const typed = (input.patch as { vat_number?: unknown }).vat_number;
  return typeof typed === "string" ? parseVatNumber(typed) : null;
}

/** The registry's answer for the VAT number a details save carries; null when there is nothing to ask. */
async function onlineVatCheck(
  ctx: AppContext,
  input: { userId: string; step: string; patch: unknown },
): Promise<{ answer: VatCheckAnswer; uk: boolean } | null> {
  const number = vatNumberToCheck(ctx, input);
  const { db, vatCheck } = ctx;
  if (!number || !vatCheck) return null;
  const known = vatCheck.known(number);
  if (known) return { answer: known, uk: number.uk };
  // Only a signed-in buyer gets here; each may make the shop ask a registry so often, no more.
  const limit = await hitRateLimit(db, {
    key: `vat-check:${input.userId}`,
    limit: VAT_CHECK_LIMIT.hits,
    windowSeconds: VAT_CHECK_LIMIT.windowSeconds,
  });
  if (!limit.allowed) return { answer: "unavailable", uk: number.uk };
  return { answer: await vatCheck.check(number), uk: number.uk };
}

/**
 * A change to the cart (a line's quantity, a line added or removed) changes the whole cart's
 * order, so the open payment, which the checkout's draft holds, is replaced and voided (decision
 * 016). A payment a step-2 edit of another line leaves open is re-priced when the payment step
 * opens again, and held if the old one is paid (payment-events.server.ts).
 */
export async function releaseCheckoutPayments(ctx: AppContext, userId: string) {
  const open = await ctx.db
    .select({ id: orderDrafts.id, version: orderDrafts.version })
    .from(orderDrafts)
    .where(and(eq(orderDrafts.userId, userId), isNotNull(orderDrafts.paymentIntentId), isNull(orderDrafts.paidAt)));
  for (const draft of open) {
    const input = { userId, draftId: draft.id, step: "customisation" as const, patch: {}, releasePayment: true };
    const released = await saveCheckoutStep(ctx, { ...input, expectedVersion: draft.version });
    if (!released.ok) ctx.log.warn(`[cart] draft ${draft.id} kept its payment: ${released.code}`);
  }
}

async function voidPayment({ payments, log }: AppContext, intentId: string) {
  try {
    const intent = await payments?.cancelIntent(intentId);
    if (intent?.status === "succeeded" || intent?.status === "processing") {
      log.error(`[payments] replaced intent ${intentId} is ${intent.status}: its event will be held for staff`);
    }
  } catch (error) {
    log.error(`[payments] could not void replaced intent ${intentId}`, error);
  }
}
