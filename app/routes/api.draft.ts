import type { Route } from "./+types/api.draft";
import { DRAFT_STEPS, type DraftStep } from "~/domain/draft";
import { getDraft, saveDraftStep } from "~/server/drafts.server";
import { readJsonBody } from "~/server/json-body.server";
import { errorResponse, fieldErrorLists } from "~/server/responses.server";
import { getSessionInfo } from "~/server/session.server";
import { syncCartWithDraftPatch } from "~/server/shopping.server";

/** One draft of the signed-in user; another user's id is simply not found (issue 7 item 9). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await getSessionInfo(request);
  if (!session) return errorResponse(401, "UNAUTHENTICATED", "Please sign in to continue.");
  const draft = await getDraft({ userId: session.user.id, draftId: params.id });
  if (!draft) return errorResponse(404, "DRAFT_NOT_FOUND", "No draft found.");
  return Response.json({ draft: { id: draft.id, version: draft.version, status: draft.status, data: draft.data } });
}

/** Saves one step: body {step, patch, expectedVersion}; 409 carries the newer draft. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await getSessionInfo(request);
  if (!session) return errorResponse(401, "MISSING_SAVE_DATA", "Missing required data for save");
  const body = await readJsonBody(request);
  if (!body.ok) return errorResponse(400, "BAD_JSON", body.message);
  const { step, patch, expectedVersion } = body.value as { step?: unknown; patch?: unknown; expectedVersion?: unknown };
  if (!isDraftStep(step)) return errorResponse(400, "VALIDATION_FAILED", "Unknown checkout step.");
  const result = await saveDraftStep({
    userId: session.user.id,
    draftId: params.id,
    step,
    patch,
    expectedVersion: typeof expectedVersion === "number" ? expectedVersion : 0,
  });
  if (!result.ok) {
    return Response.json(
      {
        error: {
          code: result.code,
          message: result.message,
          fieldErrors: fieldErrorLists(result.fieldErrors),
          current: result.current,
        },
      },
      { status: result.status },
    );
  }
  if (step === "customisation") await syncCartWithDraftPatch(session.user.id, result.draft.productId, patch);
  return Response.json({ draft: result.draft });
}

function isDraftStep(value: unknown): value is DraftStep {
  return typeof value === "string" && (DRAFT_STEPS as readonly string[]).includes(value);
}
