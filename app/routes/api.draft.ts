import type { Route } from "./+types/api.draft";
import { sessionOf, dbOf } from "~/server/accounts/request-context.server";
import { getDraft } from "~/server/checkout/drafts.server";
import { failure, jsonAnswer, signInRequired, toResponse } from "~/server/platform/http.server";

/**
 * One draft of the signed-in user; another user's id is simply not found (R-DRAFT-12). A step's
 * save, `POST /api/drafts/:id`, is answered ahead of React Router (app/server/edge/draft-saves.server.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired());
  const draft = await getDraft(db, { userId: session.user.id, draftId: params.id });
  if (!draft) return toResponse(failure(404, "DRAFT_NOT_FOUND", "No draft found."));
  return jsonAnswer({ draft: { id: draft.id, version: draft.version, status: draft.status, data: draft.data } });
}
