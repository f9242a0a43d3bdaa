import type { Route } from "./+types/api.artwork-preview";
import { dbOf, sessionOf, appContextOf } from "~/server/accounts/request-context.server";
import { artworkPreviewHeaders, openArtwork, preflightLimited } from "~/server/artwork/artwork.server";
import { failure, toResponse } from "~/server/platform/http.server";

/** The PNG of page one of one's own artwork (decision 027); anyone else, or no preview, gets 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  const limited = session ? await preflightLimited(dbOf(context), { limit: "previews", who: session.user.id }) : null;
  if (limited) return toResponse(limited);
  const file = session
    ? await openArtwork(dbOf(context), {
        storage: appContextOf(context).storage,
        userId: session.user.id,
        fileId: params.fileId,
        preview: true,
      })
    : null;
  if (!file) return toResponse(failure(404, "NOT_FOUND", "No such preview."));
  return new Response(file.stream, { headers: artworkPreviewHeaders() });
}
