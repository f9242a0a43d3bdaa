/**
 * The order page's and the back office's On-time Guarantee forms (decision 026), kept out of
 * the shared routes: the buyer's claim (signed in, their order or their organisation's, 10 an
 * hour, a note of at most CLAIM_NOTE_MAX) and staff's decision (staff only, a reason required).
 */
import { data } from "react-router";
import { CLAIM_NOTE_MAX } from "~/domain/fulfilment/guarantee";
import { claimDecisionSchema, claimFormSchema } from "~/domain/fulfilment/guarantee-forms";
import { ADMIN_NO_STORE, type StaffMember } from "../accounts/admin-access.server";
import type { AppContext } from "../providers/app-context.server";
import { claimGuarantee, decideClaim } from "./guarantee-claims.server";
import { signInRequired, toResponse, validate } from "../platform/http.server";

type Session = { user: { id: string }; accountId: string } | null;

export async function guaranteeAction(
  ctx: AppContext,
  { session, orderId, fields }: { session: Session; orderId: string; fields: Record<string, string> },
) {
  const intent = "guarantee" as const;
  // What was typed goes back with a refusal, cut to just over the limit.
  const note = (fields.note ?? "").slice(0, CLAIM_NOTE_MAX + 1);
  if (!session) return toResponse(signInRequired("Please sign in to claim the On-time Guarantee."), { intent, note });
  const form = validate(claimFormSchema, fields);
  if (!form.ok) return toResponse(form, { intent, note });
  const result = await claimGuarantee(ctx, {
    userId: session.user.id,
    accountId: session.accountId,
    orderId,
    note: form.value.note,
  });
  if (!result.ok) return toResponse(result, { intent, note });
  return data({ intent, message: result.message }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function claimDecisionAction(
  ctx: AppContext,
  { staff, orderId, fields }: { staff: StaffMember; orderId: string; fields: Record<string, string> },
) {
  const intent = "claim" as const;
  const decision = validate(claimDecisionSchema, fields);
  if (!decision.ok) return toResponse(decision, { intent });
  const result = await decideClaim(ctx, { staff, orderId, decision: decision.value });
  if (!result.ok) return toResponse(result, { intent });
  return data({ intent, message: result.message }, { headers: ADMIN_NO_STORE });
}
