import type { Route } from "./+types/api.draft-artwork";
import { sessionOf, dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { ARTWORK_MESSAGES } from "~/domain/artwork/artwork-rules";
import { saveArtwork } from "~/server/artwork/artwork.server";
import { failure, signInRequired, toResponse } from "~/server/platform/http.server";

/**
 * Artwork upload: the raw file as the body, its name in X-File-Name (app/server/artwork/artwork.server.ts).
 * Who may upload is settled before a byte of the body is read (docs/security.md, "bodies are
 * limited while they stream"): a signed-in buyer whose e-mail address is confirmed, so a throwaway
 * account cannot fill the disk.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to upload artwork."));
  if (!session.user.emailVerified) return toResponse(failure(403, "EMAIL_NOT_VERIFIED", ARTWORK_MESSAGES.unverified));
  const result = await saveArtwork(db, {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    draftId: params.id,
    request,
  });
  if (!result.ok) return toResponse(result);
  return Response.json({ file: result.file, files: result.files, version: result.version }, { status: 201 });
}
