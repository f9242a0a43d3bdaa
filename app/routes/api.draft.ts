import { z } from "zod";
import type { Route } from "./+types/api.draft";
import { sessionOf, dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { DRAFT_STEPS } from "~/domain/checkout/draft";
import { getDraft } from "~/server/checkout/drafts.server";
import { saveCheckoutStep } from "~/server/checkout/checkout-save.server";
import { failure, jsonAnswer, readJson, signInRequired, toResponse } from "~/server/platform/http.server";

/** The step is checked here; the patch by the step's own schema in saveDraftStep. */
const saveSchema = z.object({
  step: z.enum(DRAFT_STEPS, "Unknown checkout step."),
  patch: z.unknown(),
  expectedVersion: z.number().catch(0),
});

/** One draft of the signed-in user; another user's id is simply not found (R-DRAFT-12). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired());
  const draft = await getDraft(db, { userId: session.user.id, draftId: params.id });
  if (!draft) return toResponse(failure(404, "DRAFT_NOT_FOUND", "No draft found."));
  return jsonAnswer({ draft: { id: draft.id, version: draft.version, status: draft.status, data: draft.data } });
}

/** Saves one step: body {step, patch, expectedVersion}; 409 carries the newer draft. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(failure(401, "MISSING_SAVE_DATA", "Missing required data for save"));
  const body = await readJson(request, saveSchema);
  if (!body.ok) return toResponse(body);
  const { step, patch, expectedVersion } = body.value;
  const result = await saveCheckoutStep(appContextOf(context), {
    userId: session.user.id,
    draftId: params.id,
    step,
    patch,
    expectedVersion,
  });
  if (!result.ok) return toResponse(result);
  return jsonAnswer({ draft: result.draft, ...(result.notice ? { notice: result.notice } : {}) });
}
