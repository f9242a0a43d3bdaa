import { z } from "zod";
import type { Route } from "./+types/api.draft-line-artwork";
import { takeLineArtwork } from "~/server/artwork/line-artwork.server";
import { onlyPost, readJson, signInRequired, toResponse } from "~/server/platform/http.server";
import { dbOf, sessionOf, appContextOf } from "~/server/accounts/request-context.server";

/**
 * POST /api/drafts/:id/line-artwork {from_draft_id, file_id} (docs/decisions/044-raster-and-svg-artwork.md): step 2's "Use this
 * logo" under "Logos on your other lines" copies a file from another of the buyer's own drafts into
 * this one. Signed in; another buyer's draft or file is a 404; a few hundred bytes of JSON at most.
 */
const schema = z.object({
  from_draft_id: z.string({ error: "Choose the line whose logo to use." }).max(64),
  file_id: z.string({ error: "Choose a logo." }).max(64),
});

export function loader() {
  return onlyPost();
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to use your logo."));
  const parsed = await readJson(request, schema, { maxBytes: 1024 });
  if (!parsed.ok) return toResponse(parsed);
  const result = await takeLineArtwork(dbOf(context), {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    draftId: params.id,
    fromDraftId: parsed.value.from_draft_id,
    fileId: parsed.value.file_id,
  });
  if (!result.ok) return toResponse(result);
  return Response.json(
    { files: result.files, version: result.version },
    { status: 201, headers: { "Cache-Control": "private, no-store" } },
  );
}
