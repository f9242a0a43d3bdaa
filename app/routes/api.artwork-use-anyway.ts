import { z } from "zod";
import type { Route } from "./+types/api.artwork-use-anyway";
import { dbOf, sessionOf } from "~/server/accounts/request-context.server";
import { acceptArtworkWarnings, preflightLimited } from "~/server/artwork/artwork.server";
import { readJson, signInRequired, toResponse } from "~/server/platform/http.server";

const WRONG = "Send JSON {draft_id, codes}.";
const consentSchema = z.object({
  draft_id: z.string(WRONG).max(64, WRONG),
  codes: z
    .array(z.string(WRONG).regex(/^[a-z_]{1,40}$/, WRONG), WRONG)
    .min(1, WRONG)
    .max(20, WRONG),
});

/** "Use it anyway" on a file of one's own draft (decision 027): body {draft_id, codes}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in."));
  const limited = await preflightLimited(dbOf(context), { limit: "answers", who: session.user.id });
  if (limited) return toResponse(limited);
  const body = await readJson(request, consentSchema, { maxBytes: 2048 });
  if (!body.ok) return toResponse(body);
  const result = await acceptArtworkWarnings(dbOf(context), {
    userId: session.user.id,
    draftId: body.value.draft_id,
    fileId: params.fileId,
    codes: [...new Set(body.value.codes)],
  });
  if (!result.ok) return toResponse(result);
  return Response.json({ files: result.files, version: result.version });
}
