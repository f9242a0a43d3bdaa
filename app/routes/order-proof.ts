import type { Route } from "./+types/order-proof";
import { sessionOf, dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { artworkDownloadHeaders, artworkPreviewHeaders } from "~/server/artwork/artwork.server";
import { openProofForBuyer } from "~/server/aftercare/order-proofs.server";
import { failure, toResponse } from "~/server/platform/http.server";
import { proofLineParam } from "~/domain/fulfilment/orders";

/**
 * A proof version of an order line (?line=N, the first by default), for the order's buyer only,
 * always as an attachment; `?preview=1` answers a PDF proof's page-one PNG instead, under the same
 * checks, as an image that is never sniffed (decision 038).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  const version = Number(params.version);
  const query = new URL(request.url).searchParams;
  const line = proofLineParam(query.get("line"));
  const preview = query.get("preview") === "1";
  if (!session || !Number.isSafeInteger(version) || line === null)
    return toResponse(failure(404, "NOT_FOUND", "No such proof."));
  const file = await openProofForBuyer(db, {
    storage: appContextOf(context).storage,
    userId: session.user.id,
    accountId: session.accountId,
    orderId: params.id,
    line,
    version,
    preview,
  });
  if (!file) return toResponse(failure(404, "NOT_FOUND", "No such proof."));
  return new Response(file.stream, { headers: preview ? previewHeaders() : artworkDownloadHeaders(file) });
}

/** A preview's headers, but never kept: whoever may read the order can change (a colleague leaves). */
function previewHeaders(): Headers {
  const headers = artworkPreviewHeaders();
  headers.set("Cache-Control", "private, no-store");
  return headers;
}
