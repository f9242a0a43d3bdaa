import type { Route } from "./+types/proof-approval-file";
import { sharedProofFileHeaders } from "~/server/artwork/artwork.server";
import { toResponse } from "~/server/platform/http.server";
import { countShareLinkHit, openSharedProofFile } from "~/server/aftercare/proof-share-links.server";
import { clientIp } from "~/server/platform/rate-limit.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";

/**
 * GET /proof-approval/:token/file (decision 025): the one proof version a live share link names,
 * and never another file. An image is shown in the approval page; a PDF is downloaded, and
 * `?preview=1` answers its page-one PNG, shown inline (decision 038). nosniff and
 * `private, no-store` as every download; a sandbox in case the file is opened on its own.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const limited = await countShareLinkHit(db, clientIp(request));
  if (limited) return toResponse(limited);
  const preview = new URL(request.url).searchParams.get("preview") === "1";
  const opened = await openSharedProofFile(db, {
    storage: appContextOf(context).storage,
    token: params.token,
    preview,
  });
  if (!opened.ok) return toResponse(opened);
  return new Response(opened.file.stream, { headers: sharedProofFileHeaders(opened.file) });
}
