import { z } from "zod";
import type { Route } from "./+types/api.artwork-file";
import { sessionOf, dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { artworkDownloadHeaders, openArtwork, removeArtwork } from "~/server/artwork/artwork.server";
import { failure, readJson, signInRequired, toResponse } from "~/server/platform/http.server";

const removeSchema = z.object({ draft_id: z.string("Send JSON {draft_id}.").max(64, "Send JSON {draft_id}.") });
const noSuchFile = () => toResponse(failure(404, "NOT_FOUND", "No such file."));

/** Downloads one's own artwork, always as an attachment; anyone else gets 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return noSuchFile();
  const file = await openArtwork(db, {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    fileId: params.fileId,
  });
  if (!file) return noSuchFile();
  return new Response(file.stream, { headers: artworkDownloadHeaders(file) });
}

/** Removes a file from its draft: body {draft_id}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in."));
  const body = await readJson(request, removeSchema, { maxBytes: 2048 });
  if (!body.ok) return toResponse(body);
  const result = await removeArtwork(db, {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    draftId: body.value.draft_id,
    fileId: params.fileId,
  });
  if (!result.ok) return toResponse(result);
  return Response.json({ version: result.version });
}
