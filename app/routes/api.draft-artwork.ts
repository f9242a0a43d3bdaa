import type { Route } from "./+types/api.draft-artwork";
import { saveArtwork } from "~/server/artwork.server";
import { errorResponse } from "~/server/responses.server";
import { getSessionInfo } from "~/server/session.server";

/** Artwork upload: the raw file as the body, its name in X-File-Name (app/server/artwork.server.ts). */
export async function action({ request, params }: Route.ActionArgs) {
  const session = await getSessionInfo(request);
  if (!session) return errorResponse(401, "UNAUTHENTICATED", "Please sign in to upload artwork.");
  const result = await saveArtwork({ userId: session.user.id, draftId: params.id, request });
  if (!result.ok) return errorResponse(result.status, result.code, result.message);
  return Response.json({ file: result.file, version: result.version }, { status: 201 });
}
