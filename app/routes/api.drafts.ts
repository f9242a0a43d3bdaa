import type { Route } from "./+types/api.drafts";
import { createDraft, listLatestDrafts } from "~/server/drafts.server";
import { syncCartWithDraftPatch } from "~/server/shopping.server";
import { readJsonBody } from "~/server/json-body.server";
import { errorResponse, fieldErrorLists, signInRequired } from "~/server/responses.server";
import { getSessionInfo } from "~/server/session.server";

/** The signed-in user's latest 20 drafts, for the /debug/drafts watcher (R-DIAG-04). */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await getSessionInfo(request);
  if (!session) return signInRequired("Please sign in to view your drafts.");
  const drafts = await listLatestDrafts({ userId: session.user.id, limit: 20 });
  return Response.json({ drafts }, { headers: { "Cache-Control": "no-store" } });
}

/** Step 2's first save: inserts the draft (R-DRAFT-03). Body: {product_id, patch}. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return errorResponse(405, "METHOD_NOT_ALLOWED", "Use POST.");
  const session = await getSessionInfo(request);
  if (!session) return errorResponse(401, "MISSING_SAVE_DATA", "Missing required data for save");
  const body = await readJsonBody(request);
  if (!body.ok) return errorResponse(400, "BAD_JSON", body.message);
  const { product_id: productId, patch } = body.value as { product_id?: unknown; patch?: unknown };
  const result = await createDraft({
    accountId: session.accountId,
    userId: session.user.id,
    productId: typeof productId === "string" ? productId : "",
    data: patch,
  });
  if (!result.ok)
    return errorResponse(result.status, result.code, result.message, {
      fieldErrors: fieldErrorLists(result.fieldErrors),
    });
  await syncCartWithDraftPatch(session.user.id, result.draft.productId, patch);
  return Response.json({ draft: result.draft }, { status: 201 });
}
