import { z } from "zod";
import type { Route } from "./+types/api.drafts";
import { sessionOf, dbOf } from "~/server/accounts/request-context.server";
import { listLatestDrafts } from "~/server/checkout/debug-drafts.server";
import { createDraft } from "~/server/checkout/drafts.server";
import { failure, readJson, signInRequired, toResponse, onlyPost } from "~/server/platform/http.server";

/** createDraft checks both: an empty product id is "Missing required data for save". */
const createSchema = z.object({ product_id: z.string().catch(""), patch: z.unknown() });

/** The signed-in user's latest 20 drafts, for the /debug/drafts watcher (R-DIAG-04). */
export async function loader({ context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to view your drafts."));
  const drafts = await listLatestDrafts(db, { userId: session.user.id, limit: 20 });
  return Response.json({ drafts }, { headers: { "Cache-Control": "no-store" } });
}

/** Step 2's first save: inserts the draft (R-DRAFT-03). Body: {product_id, patch}. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = dbOf(context);
  if (request.method !== "POST") return onlyPost();
  const session = await sessionOf(context);
  if (!session) return toResponse(failure(401, "MISSING_SAVE_DATA", "Missing required data for save"));
  const body = await readJson(request, createSchema);
  if (!body.ok) return toResponse(body);
  const { product_id: productId, patch } = body.value;
  const result = await createDraft(db, {
    accountId: session.accountId,
    userId: session.user.id,
    productId,
    data: patch,
  });
  if (!result.ok) return toResponse(result);
  return Response.json({ draft: result.draft }, { status: 201 });
}
