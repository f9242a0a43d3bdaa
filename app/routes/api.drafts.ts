import type { Route } from "./+types/api.drafts";
import { sessionOf, dbOf } from "~/server/accounts/request-context.server";
import { listLatestDrafts } from "~/server/checkout/debug-drafts.server";
import { signInRequired, toResponse } from "~/server/platform/http.server";

/**
 * The signed-in user's latest 20 drafts, for the /debug/drafts watcher (R-DIAG-04). Step 2's first
 * save, `POST /api/drafts`, is answered ahead of React Router (app/server/edge/draft-saves.server.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to view your drafts."));
  const drafts = await listLatestDrafts(db, { userId: session.user.id, limit: 20 });
  return Response.json({ drafts }, { headers: { "Cache-Control": "no-store" } });
}
