import type { Route } from "./+types/order-proof";
import { sessionOf, dbOf } from "~/server/request-context.server";
import { artworkDownloadHeaders } from "~/server/artwork.server";
import { openProofForBuyer } from "~/server/order-proofs.server";
import { failure, toResponse } from "~/server/http.server";
import { proofLineParam } from "~/domain/orders";

/** A proof version of an order line (?line=N, the first by default), for the order's buyer only, always as an attachment. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const session = await sessionOf(context);
  const version = Number(params.version);
  const line = proofLineParam(new URL(request.url).searchParams.get("line"));
  if (!session || !Number.isSafeInteger(version) || line === null)
    return toResponse(failure(404, "NOT_FOUND", "No such proof."));
  const file = await openProofForBuyer(db, {
    userId: session.user.id,
    accountId: session.accountId,
    orderId: params.id,
    line,
    version,
  });
  if (!file) return toResponse(failure(404, "NOT_FOUND", "No such proof."));
  return new Response(file.stream, { headers: artworkDownloadHeaders(file) });
}
