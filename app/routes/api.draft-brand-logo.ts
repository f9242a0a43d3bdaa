import { z } from "zod";
import type { Route } from "./+types/api.draft-brand-logo";
import { takeBrandLogo } from "~/server/artwork/brand-kit.server";
import { onlyPost, readJson, signInRequired, toResponse } from "~/server/platform/http.server";
import { dbOf, sessionOf, appContextOf } from "~/server/accounts/request-context.server";

/**
 * POST /api/drafts/:id/brand-logo {logo_id}: step 2's "Use this logo" puts a copy
 * of a logo from the session's brand kit into the buyer's own draft, as an upload would. Signed in;
 * another account's logo or another buyer's draft is a 404; a few hundred bytes of JSON at most.
 */
const schema = z.object({ logo_id: z.string({ error: "Choose a logo from your brand kit." }).max(64) });

export function loader() {
  return onlyPost();
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const session = await sessionOf(context);
  if (!session) return toResponse(signInRequired("Please sign in to use your brand kit."));
  const parsed = await readJson(request, schema, { maxBytes: 1024 });
  if (!parsed.ok) return toResponse(parsed);
  const result = await takeBrandLogo(dbOf(context), {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    accountId: session.accountId,
    draftId: params.id,
    logoId: parsed.value.logo_id,
  });
  if (!result.ok) return toResponse(result);
  return Response.json(
    { files: result.files, version: result.version },
    { status: 201, headers: { "Cache-Control": "private, no-store" } },
  );
}
