import type { Route } from "./+types/api.artwork-file";
import { artworkDownloadHeaders, openArtwork, removeArtwork } from "~/server/artwork.server";
import { readJsonBody } from "~/server/json-body.server";
import { errorResponse } from "~/server/responses.server";
import { getSessionInfo } from "~/server/session.server";

/** Downloads one's own artwork, always as an attachment; anyone else gets 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const session = await getSessionInfo(request);
  if (!session) return errorResponse(404, "NOT_FOUND", "No such file.");
  const file = await openArtwork({ userId: session.user.id, fileId: params.fileId });
  if (!file) return errorResponse(404, "NOT_FOUND", "No such file.");
  return new Response(file.stream, { headers: artworkDownloadHeaders(file) });
}

/** Removes a file from its draft: body {draft_id}. */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await getSessionInfo(request);
  if (!session) return errorResponse(401, "UNAUTHENTICATED", "Please sign in.");
  const body = await readJsonBody(request);
  if (!body.ok) return errorResponse(400, "BAD_JSON", body.message);
  const draftId = (body.value as { draft_id?: unknown }).draft_id;
  const result = await removeArtwork({
    userId: session.user.id,
    draftId: typeof draftId === "string" ? draftId : "",
    fileId: params.fileId,
  });
  if (!result.ok) return errorResponse(result.status, result.code, result.message);
  return Response.json({ version: result.version });
}
