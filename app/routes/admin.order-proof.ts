import type { Route } from "./+types/admin.order-proof";
import { adminNotFound, requireStaff } from "~/server/accounts/admin-access.server";
import { openOrderProof } from "~/server/aftercare/order-proofs.server";
import { artworkDownloadHeaders } from "~/server/artwork/artwork.server";
import { dbOf, appContextOf } from "~/server/accounts/request-context.server";
import { proofLineParam } from "~/domain/fulfilment/orders";

/** One proof version of an order line (?line=N, the first by default), for staff (B-7); always a download, never shown inline. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  await requireStaff({ request, context });
  const line = proofLineParam(new URL(request.url).searchParams.get("line"));
  if (line === null) throw adminNotFound();
  const file = await openOrderProof(db, {
    storage: appContextOf(context).storage,
    orderId: params.id,
    line,
    version: Number(params.version),
  });
  if (!file) throw adminNotFound();
  return new Response(file.stream, { headers: artworkDownloadHeaders(file) });
}
